// The store's clock slice (www/common/game/clock.js) in Node: time running, increments, a loss or a
// draw on time, pauses, a saved clock, time controls read and written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../www/common/game/store.js';
import { START_FEN } from '../www/common/fen.js';
import { parseTimeControl, timeControlText, timeLeft, formatClock, PRESETS } from '../www/common/game/clock.js';
import { Game } from './store.support.mjs';

/** A store with a hand-moved wall clock. */
function clockedStore(timeControl, players = {}) {
  const t = { now: 1_000_000 };
  const store = createStore(Game, { now: () => t.now });
  store.newGame({ timeControl, mode: 'two', ...players });
  return { store, t };
}

test('clock: the side to move runs; a move takes its time off and adds the increment', () => {
  const { store, t } = clockedStore(parseTimeControl('3+2'));
  let c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [180000, 180000, 'white']);
  t.now += 5000;
  store.play('e3e4');
  c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [177000, 180000, 'black']);
  t.now += 1500;
  assert.equal(timeLeft(store.getState().clock, 'black', t.now), 178500);
  store.play('d6d5');
  c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [177000, 180500, 'white']);
});

test('clock: out of time loses, at the tick or at a late move', () => {
  const { store, t } = clockedStore(parseTimeControl('0.1+0'));
  t.now += 5999;
  store.tick();
  assert.equal(store.getState().outcome, null);
  t.now += 1;
  assert.match(store.play('e3e4').error, /time/);
  assert.deepEqual(store.getState().outcome, { result: '0-1', reason: 'time' });
  assert.equal(store.getState().clock.running, null, 'the clocks stop');
});

test('clock: out of time against a side that could not mate is a draw', () => {
  // Black's only piece is its Khun: it could never mate, so White's flag is a draw
  const t2 = { now: 0 };
  const s2 = createStore(Game, { now: () => t2.now });
  s2.newGame({ startFen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', mode: 'two', timeControl: parseTimeControl('0.1+0') });
  t2.now += 7000;
  s2.tick();
  assert.deepEqual(s2.getState().outcome, { result: '1/2-1/2', reason: 'timeNoMate' });
});

test('clock: paused clocks and a cursor away from the end do not run', () => {
  const { store, t } = clockedStore(parseTimeControl('1+0'));
  store.play('e3e4');
  store.pauseClock(true);
  t.now += 30000;
  assert.equal(timeLeft(store.getState().clock, 'black', t.now), 60000);
  store.pauseClock(false);
  store.goto(0);
  t.now += 30000;
  assert.equal(store.getState().clock.running, null);
  store.goto(1);
  assert.equal(store.getState().clock.running, 'black');
});

test('clock: a saved clock counts the time the page was closed; storage junk is no clock', () => {
  const { store, t } = clockedStore(parseTimeControl('5+0'));
  store.play('e3e4');
  const saved = JSON.parse(JSON.stringify(store.getState().clock));
  t.now += 60000; // the page was closed for a minute
  store.load({ fen: START_FEN, moves: ['e3e4'], mode: 'keep', clock: saved });
  assert.equal(store.getState().clock.black, 240000);
  store.load({ fen: START_FEN, mode: 'keep', clock: { initial: 'x' } });
  assert.equal(store.getState().clock, null);
});

test('clock: time controls read and written, bad ones refused with the reason', () => {
  assert.deepEqual(parseTimeControl('15+10'), { initial: 900000, increment: 10000 });
  assert.deepEqual(parseTimeControl(' 0.5 + 0 '), { initial: 30000, increment: 0 });
  for (const bad of ['', '5', '0+3', '-1+0', '5+999', '601+0', 'a+b', '5+3<img>']) assert.ok(parseTimeControl(bad).error, bad);
  assert.equal(timeControlText(parseTimeControl('3+2')), '3+2');
  // the tournament time controls (issue 47) are presets, and the custom field's text reads them
  for (const tc of ['60+20', '15+10', '5+3']) {
    assert.ok(PRESETS.includes(tc), tc);
    assert.equal(timeControlText(parseTimeControl(tc)), tc);
  }
  assert.deepEqual(parseTimeControl('60+20'), { initial: 3600000, increment: 20000 });
  assert.deepEqual(['0:00.0', '0:09.9', '0:10', '0:11', '1:05', '1:00:00', '1:00:01'],
    [0, 9999, 10000, 10001, 65000, 3599999, 3600001].map(formatClock));
});
