// The times that tests do not judge (a test asserts what the code guarantees; how long it takes
// depends on the machine): measured here, in headless Chromium and with the native binary.
// Usage: npm run build && cargo build --release -p makruk-uci && node scripts/timing-bench.mjs [part...]
// Parts (all by default): paint, analysis, pace, trainer, stop, review, clock.
// Wall times: on a shared machine run it when the machine is quiet, and read medians.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/helpers.mjs';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const parts = process.argv.slice(2);
const want = (part) => !parts.length || parts.includes(part);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;

const server = await serve(0);
const browser = await launchBrowser({ full: true });

/** In a page before its scripts: every main-thread task over 50 ms in window.longTasks. */
function watchLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => ({
    start: e.startTime, duration: e.duration,
  })))).observe({ type: 'longtask', buffered: true });
}

/** A fresh page of `url`, with `saved` as the saved game and `init` before its scripts. */
async function open(url, { saved = null, init = null, context: options = {} } = {}) {
  const context = await browser.newContext(options);
  if (saved) await context.addInitScript((s) => localStorage.setItem('makruk.game', s), JSON.stringify(saved));
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(url);
  page.done = () => context.close();
  return page;
}

// The first paint of the deployed build (dist/), after navigation: the board drawn (the
// board-drawn mark, in the frame of its first drawing) and its squares labelled for screen
// readers (board-labelled); fresh contexts, service worker blocked.
if (want('paint')) {
  const dist = mkdtempSync(join(tmpdir(), 'makruk-bench-')) + sep;
  execFileSync(process.execPath, [join(ROOT, 'scripts/dist.mjs'), dist]);
  const site = await serve(0, '127.0.0.1', dist);
  const drawn = [];
  const labelled = [];
  for (let k = 0; k < 6; k++) {
    const page = await open(`${site.url}index.html`);
    await page.waitForSelector('[data-square=e3][aria-label]');
    await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length);
    const t = await page.evaluate(() => ({
      drawn: performance.getEntriesByName('board-drawn')[0]?.startTime,
      labelled: performance.getEntriesByName('board-labelled')[0]?.startTime,
    }));
    if (k > 0) { // the first load warms the browser up
      drawn.push(t.drawn);
      labelled.push(t.labelled ?? NaN);
    }
    await page.done();
  }
  console.log(`paint (dist): board drawn ${drawn.map(Math.round).join(', ')} ms after navigation, median ${ms(median(drawn))}; `
    + `squares labelled ${labelled.map(Math.round).join(', ')}, median ${ms(median(labelled))}; load average ${loadavg()[0].toFixed(1)}`);
  await site.close();
  rmSync(dist, { recursive: true, force: true });
}

// The longest main-thread task while the engine analyses for 3 s on the game page, and during
// the first move and the engine's reply (sound included).
if (want('analysis')) {
  const page = await open(`${server.url}index.html`, {
    saved: { startFen: START, moves: ['e3e4', 'd6d5'], ply: 2, mode: 'two', analysing: true },
    init: watchLongTasks,
  });
  await page.waitForSelector('#lines li', { timeout: 60_000 });
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForTimeout(3000);
  const tasks = await page.evaluate((from) => window.longTasks.filter((t) => t.start + t.duration >= from), t0);
  console.log(`analysis: ${tasks.length} main-thread tasks over 50 ms in 3 s of analysis, longest ${ms(Math.max(0, ...tasks.map((t) => t.duration)))}`);
  await page.done();
  const game = await open(`${server.url}index.html`, { init: watchLongTasks });
  await game.waitForSelector('body[data-ready=engine]');
  const t1 = await game.evaluate(() => performance.now());
  await game.click('[data-square=e3]');
  await game.click('[data-square=e4]');
  await game.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 60_000 });
  await game.waitForTimeout(300);
  const first = await game.evaluate((from) => window.longTasks.filter((t) => t.start + t.duration >= from), t1);
  console.log(`first move: ${first.length} main-thread tasks over 50 ms from the first move to the engine's reply, longest ${ms(Math.max(0, ...first.map((t) => t.duration)))}`);
  await game.done();
}

// The engine's reply at level 1: at a person's pace and with fast replies.
if (want('pace')) {
  for (const fastReplies of [false, true]) {
    const times = [];
    for (let k = 0; k < 3; k++) {
      const page = await open(`${server.url}index.html`, {
        saved: { startFen: START, moves: [], ply: 0, mode: 'engine', human: 'white', level: 1 },
        init: (fast) => localStorage.setItem('makruk.settings', JSON.stringify({ fastReplies: fast })),
        context: { pace: !fastReplies },
      });
      await page.evaluate((fast) => localStorage.setItem('makruk.settings', JSON.stringify({ fastReplies: fast })), fastReplies);
      await page.waitForSelector('body[data-ready=engine]');
      const t0 = Date.now();
      await page.click('[data-square=e3]');
      await page.click('[data-square=e4]');
      await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 60_000 });
      times.push(Date.now() - t0);
      await page.done();
    }
    console.log(`pace: level 1 replies ${fastReplies ? 'fast' : 'at a person\'s pace'} after ${times.join(', ')} ms`);
  }
}

// The counting-mates trainer: the Khon + Met table built in its worker, a round trip to the page
// meanwhile, and the second start of the ending (the table kept).
if (want('trainer')) {
  const page = await open(`${server.url}trainer.html#trainer=R`);
  await page.waitForSelector('body[data-ready=trainer]');
  await page.evaluate(() => { location.hash = '#trainer=SM'; });
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Preparing the table…');
  const t0 = Date.now();
  await page.evaluate(() => document.body.dataset.ply);
  const roundTrip = Date.now() - t0;
  await page.waitForFunction(() => /at 4 of 44/.test(document.getElementById('count').textContent), null, { timeout: 120_000 });
  const first = Number(await page.getAttribute('body', 'data-prepare-ms'));
  await page.click('#btn-new');
  await page.waitForFunction((f) => Number(document.body.dataset.prepareMs) !== f, first);
  const second = Number(await page.getAttribute('body', 'data-prepare-ms'));
  console.log(`trainer: Khon + Met prepared in ${ms(first)} (table built), again in ${ms(second)}; a round trip to the page meanwhile ${ms(roundTrip)}`);
  await page.done();
}

// UCI: from `stop` to `bestmove` in a deep search (the native release binary).
if (want('stop')) {
  const uci = spawn(join(ROOT, 'target/release/makruk-uci'));
  let out = '';
  uci.stdout.on('data', (d) => { out += d; });
  const waitFor = async (word) => {
    while (!out.includes(word)) await new Promise((r) => setTimeout(r, 1));
  };
  const times = [];
  for (let k = 0; k < 5; k++) {
    out = '';
    uci.stdin.write('position startpos moves e3e4 d6d5\ngo infinite\n');
    await waitFor('info depth 8 ');
    const t0 = performance.now();
    uci.stdin.write('stop\n');
    await waitFor('bestmove');
    times.push(performance.now() - t0);
  }
  uci.stdin.end('quit\n');
  console.log(`stop: bestmove ${times.map((t) => t.toFixed(1)).join(', ')} ms after stop (UCI, native)`);
}

// The review of a 60-move game (121 positions) in Chromium.
if (want('review')) {
  const moves = execFileSync(process.execPath, ['-e', `
    const fs = require('node:fs');
    import('${ROOT}www/pkg/makruk_wasm.js').then((w) => {
      w.initSync({ module: fs.readFileSync('${ROOT}www/pkg/makruk_wasm_bg.wasm') });
      const g = new w.Game();
      let seed = 7;
      const out = [];
      for (let i = 0; i < 120; i++) {
        const legal = g.legalMoves();
        if (!legal.length) break;
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const m = legal[seed % legal.length].uci;
        g.play(m);
        out.push(m);
      }
      console.log(out.join(' '));
    });`]).toString().trim();
  const page = await open(`${server.url}index.html#${new URLSearchParams({ fen: START, moves })}`);
  await page.waitForSelector('body[data-ready=engine]');
  const t0 = Date.now();
  await page.click('#btn-review');
  await page.locator('#review-accuracy').filter({ hasText: /Accuracy/ }).waitFor({ timeout: 300_000 });
  console.log(`review: ${moves.split(' ').length} plies (${moves.split(' ').length + 1} positions) reviewed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await page.done();
}

// The engine at level 8 against itself at 1+0: the result and the clocks left.
if (want('clock')) {
  const page = await open(`${server.url}index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  await page.click('#btn-new');
  await page.check('input[name=mode][value=watch]');
  await page.selectOption('#ng-level', '8');
  await page.selectOption('#ng-clock', '1+0');
  await page.click('#ng-start-btn');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 300_000 });
  const reason = await page.getAttribute('#banner', 'data-reason');
  const plies = await page.locator('#moves button.move').count();
  const left = [await page.locator('[data-clock=white]').innerText(), await page.locator('[data-clock=black]').innerText()];
  console.log(`clock: level 8 against itself at 1+0: ${plies} plies, ended by ${reason}, clocks ${left.join(' / ')}`);
  await page.done();
}

await browser.close();
await server.close();
