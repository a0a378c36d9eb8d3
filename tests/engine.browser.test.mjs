// Browser tests of the engine worker through engine-client.js: the real wasm module in a real
// module worker, in Chromium. The page under test is a blank page of our own origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, nativeBenchNodes } from './helpers.mjs';

let page;
const env = useBrowser({
  dev: true, // tests/fixtures/blank.html, www/engine-client.js by its path
  prepare: async () => {
    page = await openPage(env.browser, `${env.server.url}tests/fixtures/blank.html`);
    await page.evaluate(async () => {
      const { createEngine } = await import('/www/engine-client.js');
      window.crashes = [];
      window.engine = createEngine({ onCrash: (m) => window.crashes.push(m) });
    });
  },
});

test('the worker computes the 23 legal moves of the start position in wasm', async () => {
  const moves = await page.evaluate(() => window.engine.legalMoves());
  assert.equal(moves.length, 23);
  assert.ok(moves.some((m) => m.uci === 'e3e4' && m.san === 'e4'));
});

test('status after moves, and a clear error for an illegal move', async () => {
  const status = await page.evaluate(() => window.engine.status('1.makruk.auto..e3e4-d6d5'));
  assert.deepEqual(status, { turn: 'white', check: false, result: '*', reason: null, count: null, cambodianCounting: false, canMate: { white: true, black: true },
    countInReach: false });
  const error = await page.evaluate(() =>
    window.engine.status('1.makruk.auto..e3e5').then(() => null, (e) => e.message));
  assert.match(error, /e3e5/);
});

test('the position of a record at a ply, its counting and count actions included', async () => {
  const record = '1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d6-x';
  const [start, counting, stopped] = await page.evaluate((r) => Promise.all([0, 1, undefined].map((ply) => window.engine.status(r, ply))), record);
  assert.deepEqual([start.count?.kind, start.count?.ply], ['board', 0], 'the count started at ply 0, before the first move');
  assert.deepEqual([counting.count?.kind, counting.count?.ply], ['board', 1]);
  assert.equal(stopped.count, null);
  const bad = await page.evaluate(() => window.engine.status('1.makruk.auto..e3e4-s').then(() => null, (e) => e.message));
  assert.match(bad, /ply 2: count start/, 'a record read in part is refused, never searched as another game');
});

test('a search streams info for every depth and answers a legal bestmove', async () => {
  const { result, infos, legal } = await page.evaluate(async () => {
    const infos = [];
    const result = await window.engine.search('1.makruk.auto..e3e4', undefined, { depth: 6 }, (i) => infos.push(i));
    const legal = (await window.engine.legalMoves('1.makruk.auto..e3e4')).map((m) => m.uci);
    return { result, infos, legal };
  });
  assert.ok(legal.includes(result.move), `${result.move} is legal`);
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3, 4, 5, 6]);
  for (const info of infos) {
    assert.equal(info.type, 'info');
    assert.ok(typeof info.score.cp === 'number' || typeof info.score.mate === 'number');
    assert.ok(info.nodes > 0 && info.pv.length > 0 && info.seldepth >= 1 && info.multipv === 1);
  }
});

test('stop cancels a search: its promise rejects and the fresh worker answers', async () => {
  const outcome = await page.evaluate(async () => {
    const running = window.engine.search(undefined, undefined, { movetime: 60000 });
    await new Promise((r) => setTimeout(r, 200));
    window.engine.stop();
    const error = await running.then(() => null, (e) => e.message);
    const moves = await window.engine.legalMoves();
    return { error, count: moves.length };
  });
  assert.equal(outcome.error, 'cancelled');
  assert.equal(outcome.count, 23);
});

test('a crashed worker is respawned and the pending request is rejected clearly', async () => {
  const outcome = await page.evaluate(async () => {
    const before = window.crashes.length;
    const crash = window.engine.crash();
    const pending = window.engine.search(undefined, undefined, { movetime: 60000 });
    const error = await pending.then(() => null, (e) => e.message);
    await crash.catch(() => {});
    const moves = await window.engine.legalMoves();
    return { error, crashes: window.crashes.length - before, count: moves.length };
  });
  assert.match(outcome.error, /engine stopped unexpectedly/);
  assert.equal(outcome.crashes, 1);
  assert.equal(outcome.count, 23);
});

test('malformed requests get error answers, never a dead worker', async () => {
  const answers = await page.evaluate(async () => {
    const worker = new Worker('/www/engine-worker.js', { type: 'module' });
    const ask = (msg) => new Promise((resolve) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.postMessage(msg);
    });
    const out = [];
    for (const msg of [
      null, 42, 'search', { id: 1 }, { id: 2, type: 'nope' }, { id: 3, type: 'search', record: 7 },
      { id: 4, type: 'search', record: 'x'.repeat(100000) }, { id: 5, type: 'search', record: '1.makruk.auto..e3e5' },
      { id: 6, type: 'search', limits: { depth: -1 } }, { id: 7, type: 'search', limits: {} },
      { id: 8, type: 'legalMoves', record: null }, { id: 9, type: 'status', record: '1.makruk.auto.8/8/8/8/8/8/8/8_w_-_-_0_1.' },
    ]) out.push(await ask(msg));
    out.push(await ask({ id: 10, type: 'legalMoves' }));
    worker.terminate();
    return out;
  });
  const last = answers.pop();
  assert.equal(last.value.length, 23);
  for (const answer of answers) {
    assert.equal(answer.type, 'error', JSON.stringify(answer));
    assert.ok(answer.message.length > 5, answer.message);
  }
});

test('bench in the wasm worker counts the same nodes as the native binary', async () => {
  const wasmNodes = await page.evaluate(() => window.engine.bench());
  assert.equal(wasmNodes, await nativeBenchNodes());
});

test('the game page analyses in the worker: the page draws frames while a search runs', async () => {
  // how long a main-thread task may take is a benchmark's figure (scripts/timing-bench.mjs);
  // what the code guarantees is that every search is a request to a worker, during which the
  // page's own thread is free
  const context = await env.browser.newContext({ analysis: true }); // searching as long as for a visitor
  await context.addInitScript(() => {
    localStorage.setItem('makruk.game', JSON.stringify({
      startFen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
      moves: ['e3e4', 'd6d5'], ply: 2, mode: 'two', analysing: true,
    }));
    window.searches = { asked: 0, answered: 0 };
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => { if (e.data?.type === 'bestmove') window.searches.answered++; });
      }

      postMessage(message, ...rest) {
        if (message?.type === 'search') window.searches.asked++;
        super.postMessage(message, ...rest);
      }
    };
  });
  const game = await context.newPage();
  await game.goto(`${env.server.url}index.html`);
  await game.waitForSelector('#lines li', { timeout: 30000 }); // the engine thinks
  await game.waitForFunction(() => window.searches.asked > window.searches.answered);
  const frames = await game.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const frame = () => (++n === 10 ? resolve(n) : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  }));
  assert.equal(frames, 10);
  assert.ok(await game.locator('#lines li').count() > 0, 'the analysis still runs');
  await context.close();
});
