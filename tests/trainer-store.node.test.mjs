// The trainer's store (www/pages/trainer/store.js) in Node over the real wasm rules: a drill starts,
// a move waits for the tables' word, the end is the rules', a refused link leaves no drill.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTrainerStore } from '../www/pages/trainer/store.js';
import { full, MATE_IN_ONE } from './store.support.mjs';

const PROBE = { strong: 'white', limitMoves: 8, won: true, wonWithinCount: true, dtmPlies: 1, best: null };

test('trainer store: a drill starts, a move waits for the tables, mate ends it; subscribers see each action', () => {
  const store = createTrainerStore(full.Game);
  const log = [];
  store.subscribe((s, action, prev) => log.push([action.type, prev.busy, s.busy]));
  store.start('R', MATE_IN_ONE, PROBE);
  let s = store.getState();
  assert.deepEqual([s.drill.ending, s.drill.human, s.drill.limitMoves, s.fen, s.over, s.busy], ['R', 'white', 8, MATE_IN_ONE, false, false]);
  assert.ok(Object.isFrozen(s));
  assert.ok(s.legal.some((m) => m.uci === 'h1h8'));
  const drill = s.drill;
  store.play('h1h8', 'person');
  s = store.getState();
  assert.deepEqual([s.moves, s.busy, s.probe, s.over, s.last.by, s.last.taken], [['h1h8'], true, null, false, 'person', '']);
  store.probed(null);
  s = store.getState();
  assert.deepEqual([s.busy, s.over, s.status.reason, s.drill], [false, true, 'checkmate', drill]);
  store.recorded();
  assert.equal(store.getState().recorded, true);
  assert.deepEqual(log.map((e) => e[0]), ['start', 'play', 'probed', 'recorded']);
});

test('trainer store: a new drill starts afresh; a refused link leaves none, with its reason', () => {
  const store = createTrainerStore(full.Game);
  store.start('R', MATE_IN_ONE, PROBE);
  const first = store.getState().drill;
  store.showDistance();
  store.setMessage('a judgement');
  store.preparing();
  assert.deepEqual([store.getState().busy, store.getState().preparing], [true, true]);
  store.start('R', MATE_IN_ONE, PROBE);
  let s = store.getState();
  assert.notEqual(s.drill, first, 'each drill is a new object: a reply to the old one is stale');
  assert.deepEqual([s.distance, s.message, s.busy, s.preparing, s.recorded], [false, '', false, false, false]);
  store.refuse('not a drill');
  s = store.getState();
  assert.deepEqual([s.drill, s.fen, s.message, s.refused], [null, null, 'not a drill', 'not a drill']);
});
