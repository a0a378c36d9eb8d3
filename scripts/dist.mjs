// Writes dist/: exactly the files the site serves, each with precompressed .gz (gzip -9) and
// .br (Brotli 11) twins for servers that send them as they are. Run after scripts/build.sh
// (npm run dist does both). The service worker versions everything it keeps by content
// (www/pkg/precache.js); the icons, which it leaves to the browser, get names with their hash.
// Usage: node scripts/dist.mjs [output folder, default dist/]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { siteFiles } from './precache.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = process.argv[2] || join(ROOT, 'dist');
const ICONS = ['www/icons/khun-32.png', 'www/icons/khun-192.png', 'www/icons/khun-512.png', 'www/icons/khun-maskable-512.png', 'www/icons/apple-touch-icon.png'];
const COMPRESS = /\.(html|js|css|json|txt|webmanifest|wasm|nnue)$/;

rmSync(DIST, { recursive: true, force: true });
const renamed = new Map();
for (const icon of ICONS) {
  const hash = createHash('sha256').update(readFileSync(join(ROOT, icon))).digest('hex').slice(0, 10);
  renamed.set(icon, icon.replace(/\.png$/, `.${hash}.png`));
}
const files = [...siteFiles(), 'sw.js', 'www/pkg/precache.js'];
let bytes = 0;
for (const file of new Set(files)) {
  let body = readFileSync(join(ROOT, file));
  if (file.endsWith('.html') || file === 'manifest.webmanifest') {
    let text = String(body);
    for (const [from, to] of renamed) text = text.replaceAll(from, to);
    body = Buffer.from(text);
  }
  write(file, body);
}
for (const [from, to] of renamed) write(to, readFileSync(join(ROOT, from)));
console.log(`[dist] ${DIST}: ${files.length + ICONS.length} files, ${bytes} bytes`);

function write(file, body) {
  const out = join(DIST, file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, body);
  bytes += body.length;
  if (!COMPRESS.test(file)) return;
  writeFileSync(`${out}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${out}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
