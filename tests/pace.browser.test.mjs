// A person's pace for the engine's replies at levels 1-6 (www/pages/game/pace.js): the time itself,
// without a browser, then in the page: a paced reply waits, "fast replies" (remembered) does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replyPaceMs } from '../www/pages/game/pace.js';
import { PACED_LEVELS } from '../www/common/game/levels.js';
import { openGame, moveCount } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

// (the moves' facts as the core gives them, www/common/move-facts.js: 0x50 a Bia's quiet move,
// 0x152 a Ruea's capture)
const quiet = (n) => Array.from({ length: n }, (_, i) => ({ uci: `m${i}`, san: `a${i}`, facts: 0x50 }));
const state = (patch = {}) => ({
  mode: 'engine', level: 1, settings: {}, legal: quiet(20), status: { turn: 'black', check: false },
  sans: ['e4'], facts: [0x50], ply: 1, clock: null, ...patch,
});

test('pace: a human-like time at levels 1-6, longer when the position is complicated; none otherwise', () => {
  for (let level = 1; level <= 8; level++) {
    for (const r of [0, 0.5, 0.999]) {
      const ms = replyPaceMs(state({ level }), () => r);
      if (level <= PACED_LEVELS) assert.ok(ms >= 500 && ms <= 3000, `level ${level}: ${ms}`);
      else assert.equal(ms, 0, `level ${level} replies at its own speed`);
    }
  }
  const mid = () => 0.5;
  const simple = replyPaceMs(state({ legal: quiet(5) }), mid);
  const many = replyPaceMs(state({ legal: quiet(35) }), mid);
  // (from the facts alone: the SAN's letters are not read)
  const capture = replyPaceMs(state({ legal: [...quiet(5), { uci: 'x', san: '', facts: 0x152 }] }), mid);
  const captured = replyPaceMs(state({ legal: quiet(5), sans: [''], facts: [0x152] }), mid);
  const check = replyPaceMs(state({ legal: quiet(5), status: { turn: 'black', check: true } }), mid);
  assert.ok(many > simple, `more moves, longer: ${many} > ${simple}`);
  assert.ok(capture > simple && check > simple && captured > simple,
    `a capture or a check about, or a capture just made, longer: ${capture}, ${check}, ${captured} > ${simple}`);
  assert.equal(replyPaceMs(state({ settings: { fastReplies: true } })), 0, 'fast replies');
  assert.equal(replyPaceMs(state({ mode: 'watch' })), 0, 'engine against engine keeps its own pause');
  const clock = { white: 60_000, black: 3_000, increment: 0, running: 'black', since: 0 };
  assert.ok(replyPaceMs(state({ clock }), mid, 0) <= 100, 'on the clock, a small share of the time left');
});

const env = useBrowser();

/** In the page before its scripts: counts the engine worker's answers to searches. */
function countAnswers() {
  window.answers = 0;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => { if (e.data?.type === 'bestmove') window.answers++; });
    }
  };
}

/** Waits, asking from Node (the page's own timers stand still), until `fn` is true in the page. */
async function until(page, fn, arg) {
  while (!(await page.evaluate(fn, arg))) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Plays e3-e4 with the page's time standing still until the engine has answered; then lets
 * `before` milliseconds of the page's time pass: whether the reply is on the board by then.
 */
async function repliedWithin(page, before) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const answers = await page.evaluate(() => window.answers);
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await until(page, (n) => window.answers > n, answers);
  await page.clock.runFor(before);
  return (await moveCount(page)) === 2;
}

test('pace: at level 1 the reply waits a person\'s time; fast replies answer at once and are remembered', async () => {
  // the page's time is Playwright's clock: a paced reply waits at least 500 ms of it, a fast
  // one none (how long a reply takes is scripts/timing-bench.mjs's figure)
  const page = await openGame(env, { mode: 'engine', level: 1 }, { ready: 'engine', pace: true, init: countAnswers, clock: true });
  assert.equal(await repliedWithin(page, 499), false, 'paced: not before 500 ms');
  await page.clock.runFor(2501);
  assert.equal(await moveCount(page), 2, 'paced: within 3 s');
  await page.clock.resume();
  await page.click('#btn-new');
  assert.equal(await page.isChecked('input[name=fastReplies]'), false);
  await page.check('input[name=fastReplies]');
  await page.click('#ng-start-btn');
  assert.equal(await moveCount(page), 0);
  assert.equal(await repliedWithin(page, 100), true, 'fast: at once');
  await page.clock.resume();
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.click('#btn-new');
  assert.equal(await page.isChecked('input[name=fastReplies]'), true, 'remembered');
  assert.deepEqual(page.errors, []);
  await page.close();
});
