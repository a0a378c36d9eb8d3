// The first visit's download: every file the game page and its engine worker load until the
// engine's first move, each measured as gzip -9 (as README's table measures it), listed and
// summed. The budget guards against growth; the target of issue 25 is 150,000 bytes.
// The service worker is blocked: its background copy of the site for offline use is not
// part of what the first board and move wait for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser } from './helpers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// 225,000 until issue 26 (the levels' labels and descriptions, the person's pace: 226,167 measured)
const BUDGET = 227_000;

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test(`first visit: the files until the engine's first move stay within ${BUDGET} bytes gzip`, { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const files = new Set();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === new URL(server.url).origin) files.add(url.pathname);
  });
  const page = await context.newPage();
  await page.goto(`${server.url}index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 30_000 });
  await context.close();
  let total = 0;
  const rows = [...files].sort().map((path) => {
    const body = readFileSync(ROOT + decodeURIComponent(path.slice(1)) + (path.endsWith('/') ? 'index.html' : ''));
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    return `${path.padEnd(40)} ${String(body.length).padStart(8)} ${String(gz).padStart(7)}`;
  });
  console.log(`# ${rows.join('\n# ')}\n# total ${total} bytes gzip -9 (${files.size} files)`);
  assert.ok(files.has('/www/pkg/eval.nnue') && [...files].some((f) => f.endsWith('.wasm')), 'the engine is counted');
  assert.ok(total <= BUDGET, `${total} bytes gzip on the first visit, over the budget of ${BUDGET}`);
});
