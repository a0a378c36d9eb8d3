// A small static file server for the repository root: the right MIME types, no caching.
// Usage: node scripts/serve.mjs [port]   (PORT overrides; 0 picks a free port)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.nnue': 'application/octet-stream',
};

/** Maps a URL path to a file under `root`, or null when it would leave it. */
function resolvePath(urlPath, root) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = normalize(join(root, path));
  return file.startsWith(root) || file + sep === root ? file : null;
}

/**
 * The files read so far, path -> {mtimeMs, size, body}: a file is read again only once its
 * stat differs. The test suite's pages fetch the same modules and wasm some 20,000 times; a
 * read costs four calls to the file system (open, fstat, read, close) beside the stat.
 */
const bodies = new Map();

/** The body of `file` (stat `st`), from `bodies` while the file has not changed. */
async function body(file, st) {
  const known = bodies.get(file);
  if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.body;
  const read = await readFile(file);
  bodies.set(file, { mtimeMs: st.mtimeMs, size: st.size, body: read });
  return read;
}

async function handle(req, res, root) {
  let file = resolvePath(req.url, root);
  if (!file) return send(res, 400, 'bad path');
  try {
    let st = await stat(file);
    if (st.isDirectory()) {
      file = join(file, 'index.html');
      st = await stat(file);
    }
    const data = await body(file, st);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : data);
  } catch {
    send(res, 404, 'not found');
  }
}

function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(text);
}

/** Starts the server of `root` (a folder path ending in a separator: the repository, or a
 * dist/ folder); resolves to {url, close()}. */
export function serve(port = 0, host = '127.0.0.1', root = ROOT) {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => handle(req, res, root));
    server.once('error', reject);
    server.listen(port, host, () => {
      const url = `http://${host}:${server.address().port}/`;
      resolve({ url, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? process.argv[2] ?? 8080);
  const { url } = await serve(port);
  console.log(`Makruk is served at ${url}`);
}
