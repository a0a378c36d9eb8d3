// The site offline: after one visit the service worker (sw.js) has every file, so that with
// the network off the page opens, a game against the engine is played and links open; a new
// version is found in the background and offered, and taken only when the person reloads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBrowser, startServer, distBuild } from './helpers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json', '.png': 'image/png' };

// a server of the repository whose precache list can be changed, as a new build would
let override = null;
let server;
let base;
const env = useBrowser({ server: false });
before(async () => {
  server = http.createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    try {
      let body = await readFile(join(ROOT, normalize(path)));
      if (path === '/www/pkg/precache.js' && override) body = override(String(body));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(async () => {
  server?.close();
});

async function controlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
}

/** Without the network: the page reloads, a move is played and the engine answers it. */
async function playOffline(context, page) {
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=engine]');
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 30_000 });
}

test('offline: after one visit the page opens without the network, the engine plays and links open', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  await controlled(page);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys[0]);
    return { keys, files: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  assert.equal(cached.keys.length, 1, 'one cache, of this version');
  for (const f of ['/index.html', '/embed.html', '/www/pages/game/main.js', '/www/engine-worker.js', '/www/pkg/eval.nnue', '/www/pages/game/share.js',
    '/www/vendor/lean-qr.js', '/puzzles.html', '/www/pages/puzzles/main.js', '/www/pages/puzzles/puzzles.txt', '/www/icons/khun-32.png']) {
    assert.ok(cached.files.includes(f), `${f} is kept`);
  }
  const wasm = cached.files.filter((f) => f.endsWith('.wasm')).sort();
  // the game's module in the build this browser runs, and the full one (PGN, the trainer)
  assert.deepEqual(wasm, ['/www/pkg/makruk_wasm_full_bg.wasm', '/www/pkg/makruk_wasm_simd_bg.wasm'], 'only the game build this browser runs');

  await playOffline(context, page);
  // the favicon, which the browser asks for on every load, comes from the cache
  assert.equal(await page.evaluate(async () => (await fetch(document.querySelector('link[rel=icon]').href)).status), 200, 'the favicon offline');
  // a shared link opens offline too
  await page.goto(`${base}/index.html#fen=rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR%20b%20-%20-%200%201`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => document.querySelector('[data-square=e4]')?.dataset.piece === 'P');
  // and its QR code is drawn (the encoder, loaded only by the Share dialog, was kept)
  await page.click('#btn-share');
  await page.waitForFunction(() => document.getElementById('share-qr').dataset.text?.includes('#fen='));
  // and the puzzle page, with its puzzles
  await page.goto(`${base}/puzzles.html`);
  await page.waitForSelector('body[data-ready=puzzles][data-puzzle]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline: every page of the site keeps it for offline use, the side pages through their one start-up', { timeout: 120_000 }, async () => {
  for (const path of ['learn.html#stage=ruea', 'puzzles.html#puzzle=18g0kq', 'trainer.html#trainer=R']) {
    const context = await env.browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${base}/${path}`);
    await page.waitForSelector('body[data-ready]', { timeout: 60_000 });
    // (polled: the registration follows the page's start by a moment)
    const registered = await page.evaluate(async () => {
      for (let k = 0; k < 300; k++) {
        if (await navigator.serviceWorker.getRegistration()) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    });
    assert.ok(registered, path);
    await context.close();
  }
});

test('offline: a new version is found, offered, and taken when the person reloads', { timeout: 120_000 }, async () => {
  override = null;
  const context = await env.browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${base}/index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  await controlled(page);
  const first = await page.evaluate(() => caches.keys());
  assert.equal(await page.isHidden('#update'), true, 'nothing to offer on the first visit');
  // a new build: the precache list has another version
  override = (text) => text.replace(/"version": "(\w+)"/, '"version": "$1new"');
  // the page's clock held from before the reload, and moved on in steps as the real time goes
  // until the engine is ready: share.js, loaded 3 s after that, is still to come when the person
  // chooses the new version. (A pause after the reload could come before the page's first frame,
  // which its start waits for, and the page then never started.)
  await context.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1000);
  await page.reload();
  for (let step = 0; !await page.$('body[data-ready=engine]'); step++) {
    assert.ok(step < 1500, 'the engine is ready within 30 s');
    await page.clock.runFor(20);
    await new Promise((r) => setTimeout(r, 20));
  }
  await page.waitForSelector('#update:not([hidden])', { timeout: 30_000 });
  assert.deepEqual(await page.evaluate(() => caches.keys()).then((k) => k.includes(first[0])), true, 'the running version stays until the reload');
  // chosen while share.js loads: a file asked of the old version's worker as it stops starts it
  // again, and Chromium then keeps the new version waiting until the old one has been idle for
  // 30 s. The page switches once its own loads are done (fails without: the load does not come)
  assert.equal(await page.$('link[href*="share.css"]'), null, 'share.js is still to come');
  await Promise.all([page.waitForEvent('load'), page.evaluate(() => {
    window.makrukGame.share();
    document.querySelector('#btn-update').click();
  })]);
  await page.clock.resume();
  await page.waitForSelector('body[data-ready=engine]');
  const keys = await page.evaluate(() => caches.keys());
  assert.deepEqual(keys, [`${first[0]}new`], 'the new version only');
  assert.equal(await page.isHidden('#update'), true);
  override = null;
  await context.close();
});

test('dist: exactly the files the service worker keeps, the worker and the icons, each with its .gz and .br', () => {
  const dist = distBuild();
  const out = dist.dir;
  try {
    // dist's own list: its bundles, versioned by their content
    const list = String(readFileSync(join(out, 'www/pkg/precache.js')));
    const { files, simd, plain } = JSON.parse(list.slice(list.indexOf('{'), list.lastIndexOf('}') + 1));
    const kept = new Set([...files, simd, plain, 'sw.js', 'www/pkg/precache.js']);
    const served = execFileSync('find', ['.', '-type', 'f', '!', '-name', '*.gz', '!', '-name', '*.br'], { cwd: out, encoding: 'utf8' })
      .split('\n').filter(Boolean).map((f) => f.slice(2));
    // the icons the browser fetches when it installs the app aside, not the favicon of every load
    const favicon = files.filter((f) => /^www\/icons\/khun-32\.[0-9a-f]{10}\.png$/.test(f));
    assert.equal(favicon.length, 1, 'the favicon is kept, under its hashed name');
    assert.deepEqual(served.filter((f) => !f.endsWith('.png') || kept.has(f)).sort(), [...kept].sort(), 'the service worker keeps every file dist serves (the app\'s icons aside)');
    for (const page of ['www/pages/game/main.js', 'www/engine-worker.js', 'www/pages/embed/main.js', 'www/pages/trainer/main.js', 'www/pages/trainer/tables-worker.js', 'www/common/style.css']) {
      assert.ok(files.includes(page), `${page} is bundled and kept`);
    }
    assert.ok(!existsSync(join(out, 'www/common/dom.js')) && !existsSync(join(out, 'www/pkg/makruk_wasm.js')), 'modules are bundled');
    // the game page's modules loaded later are each one file, with what they import
    assert.doesNotMatch(String(readFileSync(join(out, 'www/pages/game/share.js'))), /from\s*"[^"]*\/dom\.js"/, 'share.js holds dom.js');
    for (const file of kept) {
      assert.ok(existsSync(join(out, file)), `${file} in dist`);
      if (file.endsWith('.png')) continue; // compressed already
      const body = readFileSync(join(out, file));
      assert.deepEqual(gunzipSync(readFileSync(join(out, `${file}.gz`))), body, `${file}.gz`);
      assert.deepEqual(brotliDecompressSync(readFileSync(join(out, `${file}.br`))), body, `${file}.br`);
    }
    // the icons get hashed names, and the pages that name them follow
    const index = String(readFileSync(join(out, 'index.html')));
    const icon = /href="(www\/icons\/khun-32\.[0-9a-f]{10}\.png)"/.exec(index);
    assert.ok(icon && existsSync(join(out, icon[1])), 'hashed favicon');
    assert.ok(!existsSync(join(out, 'tests')) && !existsSync(join(out, 'crate')), 'nothing but the site');
  } finally {
    dist.done();
  }
});

test('dist offline: the bundled site, after one visit, opens without the network and the engine plays', { timeout: 120_000 }, async () => {
  const dist = distBuild();
  const site = await startServer(dist.dir);
  const context = await env.browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}index.html`);
    await page.waitForSelector('body[data-ready=engine]');
    await controlled(page);
    await playOffline(context, page);
    assert.equal(await page.evaluate(async () => (await fetch(document.querySelector('link[rel=icon]').href)).status), 200, 'the favicon offline');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await site.close();
    dist.done();
  }
});
