// A person's pace for the engine's replies at levels 1-6 (www/game/pace.js): the time itself,
// without a browser, then in the page: a paced reply waits, "fast replies" (remembered) does not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { replyPaceMs, PACED_LEVELS } from '../www/game/pace.js';
import { setup, openGame, moveCount } from './ui.support.mjs';

const quiet = (n) => Array.from({ length: n }, (_, i) => ({ uci: `m${i}`, san: `a${i}` }));
const state = (patch = {}) => ({
  mode: 'engine', level: 1, settings: {}, legal: quiet(20), status: { turn: 'black', check: false },
  sans: ['e4'], ply: 1, clock: null, ...patch,
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
  const capture = replyPaceMs(state({ legal: [...quiet(5), { uci: 'x', san: 'Rxe5' }] }), mid);
  const check = replyPaceMs(state({ legal: quiet(5), status: { turn: 'black', check: true } }), mid);
  assert.ok(many > simple, `more moves, longer: ${many} > ${simple}`);
  assert.ok(capture > simple && check > simple, `a capture or a check about, longer: ${capture}, ${check} > ${simple}`);
  assert.equal(replyPaceMs(state({ settings: { fastReplies: true } })), 0, 'fast replies');
  assert.equal(replyPaceMs(state({ mode: 'watch' })), 0, 'engine against engine keeps its own pause');
  const clock = { white: 60_000, black: 3_000, increment: 0, running: 'black', since: 0 };
  assert.ok(replyPaceMs(state({ clock }), mid, 0) <= 100, 'on the clock, a small share of the time left');
});

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** Plays e3-e4 and returns the milliseconds until the engine has answered. */
async function replyTime(page) {
  const t0 = Date.now();
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2);
  return Date.now() - t0;
}

test('pace: at level 1 the reply waits a person\'s time; fast replies answer at once and are remembered', async () => {
  const page = await openGame(env, { mode: 'engine', level: 1 }, { ready: 'engine', pace: true });
  // the worker is warm before anything is timed
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  const paced = await replyTime(page);
  assert.ok(paced >= 480, `paced reply after ${paced} ms`);
  await page.click('#btn-new');
  assert.equal(await page.isChecked('input[name=fastReplies]'), false);
  await page.check('input[name=fastReplies]');
  await page.click('#ng-start-btn');
  assert.equal(await moveCount(page), 0);
  const fast = await replyTime(page);
  assert.ok(fast < paced && fast < 450, `fast reply after ${fast} ms (paced ${paced} ms)`);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.click('#btn-new');
  assert.equal(await page.isChecked('input[name=fastReplies]'), true, 'remembered');
  assert.deepEqual(page.errors, []);
  await page.close();
});
