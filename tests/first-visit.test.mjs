// The first visit's download: every file the game page and its engine worker load until the
// engine's first move, each measured as gzip -9 (as README's table measures it), listed and
// summed, of the site as deployed: a dist/ build (scripts/dist.mjs: bundled, minified) made
// here in a folder of its own. The budget is issue 25's: 150,000 bytes (docs/size.md).
// The service worker is blocked: its background copy of the site for offline use is not
// part of what the first board and move wait for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser } from './helpers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUDGET = 150_000;

let dist;
let server;
let browser;
before(async () => {
  dist = mkdtempSync(join(tmpdir(), 'makruk-first-visit-')) + sep;
  execFileSync(process.execPath, [join(ROOT, 'scripts/dist.mjs'), dist]);
  server = await startServer(dist);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

test(`first visit: the files until the engine's first move stay within ${BUDGET} bytes gzip`, { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const files = new Set();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === new URL(server.url).origin) files.add(url.pathname);
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 30_000 });
  await context.close();
  let total = 0;
  const rows = [...files].sort().map((path) => {
    const body = readFileSync(dist + decodeURIComponent(path.slice(1)) + (path.endsWith('/') ? 'index.html' : ''));
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    return `${path.padEnd(40)} ${String(body.length).padStart(8)} ${String(gz).padStart(7)}`;
  });
  console.log(`# ${rows.join('\n# ')}\n# total ${total} bytes gzip -9 (${files.size} files)`);
  assert.deepEqual(errors, []);
  assert.ok(files.has('/www/pkg/eval.nnue') && [...files].some((f) => f.endsWith('.wasm')), 'the engine is counted');
  assert.ok(total <= BUDGET, `${total} bytes gzip on the first visit, over the budget of ${BUDGET}`);
});
