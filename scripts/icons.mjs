// Draws the app's icons from the board's own traditional Khun (www/common/board/pieces.js) on the
// board's wood colour, in Chromium, and writes them to www/icons/ (committed: they change only
// when the pieces do). "maskable" icons keep the piece inside the safe circle (80%). The
// favicon, which every first visit loads, is a 32-colour palette PNG (498 bytes, not 1,494).
// Usage: node scripts/icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/helpers.mjs';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ICONS = [
  { name: 'khun-192.png', size: 192, piece: 0.82 },
  { name: 'khun-512.png', size: 512, piece: 0.82 },
  { name: 'khun-maskable-512.png', size: 512, piece: 0.62 },
  { name: 'apple-touch-icon.png', size: 180, piece: 0.78 },
  { name: 'khun-32.png', size: 32, piece: 0.9, colours: 32 }, // the page's favicon
];

/** An opaque RGBA image as a palette PNG of `k` colours (k-means from evenly spaced seeds). */
function palettePng(rgba, size, k) {
  const px = [];
  for (let i = 0; i < rgba.length; i += 4) px.push([rgba[i], rgba[i + 1], rgba[i + 2]]);
  const dist = (a, b) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
  const unique = [...new Set(px.map((p) => p.join()))].sort().map((s) => s.split(',').map(Number));
  let centres = Array.from({ length: k }, (_, i) => unique[Math.floor((i * unique.length) / k)]);
  const nearest = (p) => centres.reduce((best, c, i) => (dist(p, c) < dist(p, centres[best]) ? i : best), 0);
  for (let round = 0; round < 30; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const p of px) {
      const s = sums[nearest(p)];
      for (let c = 0; c < 3; c++) s[c] += p[c];
      s[3]++;
    }
    centres = centres.map((c, i) => (sums[i][3] ? sums[i].slice(0, 3).map((v) => Math.round(v / sums[i][3])) : c));
  }
  const rows = [];
  for (let y = 0; y < size; y++) rows.push(0, ...px.slice(y * size, (y + 1) * size).map(nearest));
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits an index, palette colour
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header),
    chunk('PLTE', Buffer.from(centres.flat())), chunk('IDAT', deflateSync(Buffer.from(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0))]);
}

const server = await serve(0);
const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto(`${server.url}embed.html`);
for (const icon of ICONS) {
  const data = await page.evaluate(async ({ size, piece, colours }) => {
    const { drawPieceUnit } = await import('/www/common/board/pieces.js');
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#d09a5c'; // the board's wood, flat: a gradient would make the file 6x larger
    ctx.fillRect(0, 0, size, size);
    ctx.translate(size / 2, size / 2);
    ctx.scale(size * piece, size * piece);
    drawPieceUnit(ctx, 'K');
    return colours ? Array.from(ctx.getImageData(0, 0, size, size).data) : canvas.toDataURL('image/png').split(',')[1];
  }, icon);
  const png = icon.colours ? palettePng(data, icon.size, icon.colours) : Buffer.from(data, 'base64');
  writeFileSync(`${ROOT}www/icons/${icon.name}`, png);
  console.log(`www/icons/${icon.name}`);
}
await browser.close();
server.close();
