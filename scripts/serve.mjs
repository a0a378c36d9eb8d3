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

async function handle(req, res, root) {
  let file = resolvePath(req.url, root);
  if (!file) return send(res, 400, 'bad path');
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
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
