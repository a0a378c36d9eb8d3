// Draws the app's icons from the board's own traditional Khun (www/board/pieces.js) on the
// board's wood colour, in Chromium, and writes them to www/icons/ (committed: they change only
// when the pieces do). "maskable" icons keep the piece inside the safe circle (80%).
// Usage: node scripts/icons.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/helpers.mjs';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ICONS = [
  { name: 'khun-192.png', size: 192, piece: 0.82 },
  { name: 'khun-512.png', size: 512, piece: 0.82 },
  { name: 'khun-maskable-512.png', size: 512, piece: 0.62 },
  { name: 'apple-touch-icon.png', size: 180, piece: 0.78 },
  { name: 'khun-32.png', size: 32, piece: 0.9 }, // the page's favicon
];

const server = await serve(0);
const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto(`${server.url}embed.html`);
for (const icon of ICONS) {
  const data = await page.evaluate(async ({ size, piece }) => {
    const { drawPieceUnit } = await import('/www/board/pieces.js');
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#d09a5c'; // the board's wood, flat: a gradient would make the file 6x larger
    ctx.fillRect(0, 0, size, size);
    ctx.translate(size / 2, size / 2);
    ctx.scale(size * piece, size * piece);
    drawPieceUnit(ctx, 'K');
    return canvas.toDataURL('image/png').split(',')[1];
  }, icon);
  writeFileSync(`${ROOT}www/icons/${icon.name}`, Buffer.from(data, 'base64'));
  console.log(`www/icons/${icon.name}`);
}
await browser.close();
server.close();
