// The store's count slice (www/common/game/count.js) in Node: counting on request started, stopped,
// undone and replayed from its record; refusals; the record in links and PGN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../www/common/game/store.js';
import { readLink, writeLink } from '../www/common/link.js';
import { Game, full } from './store.support.mjs';

const NO_BIA = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';

test('store: counting on request starts, stops, is undone and replayed from its record', () => {
  const store = createStore(Game);
  store.newGame({ startFen: NO_BIA, mode: 'two', counting: 'request' });
  let s = store.getState();
  assert.deepEqual([s.counting, s.status.count, s.countActions], ['request', null, { start: true, stop: false }]);
  assert.deepEqual(store.count('stop'), { error: 'no count may stop now: no count is running' });
  assert.deepEqual(store.count('start'), {});
  s = store.getState();
  assert.deepEqual([s.counts, s.status.count.kind, s.status.count.side], [['0s'], 'board', 'white']);
  store.play('a2a3');
  assert.equal(store.getState().countActions.stop, false); // Black's turn: White counts
  store.play('d5d4');
  assert.deepEqual(store.count('stop'), {});
  s = store.getState();
  assert.deepEqual([s.counts, s.status.count], [['0s', '2x'], null]);
  // back and forth: the record is replayed
  store.undo();
  assert.equal(store.getState().status.count.ply, 1);
  store.redo();
  assert.equal(store.getState().status.count, null);
  store.goto(0);
  assert.equal(store.getState().status.count.ply, 0);
  // a reload: the line with its record
  const other = createStore(Game);
  other.load({ fen: NO_BIA, moves: s.moves, counting: 'request', counts: s.counts, mode: 'two' });
  assert.equal(other.getState().startFen, NO_BIA, 'the start FEN is before the count actions');
  assert.deepEqual([other.getState().counts, other.getState().status.count], [['0s', '2x'], null]);
  other.goto(1);
  assert.equal(other.getState().status.count.ply, 1);
});

test('store: a count action where none is allowed changes nothing; automatic games refuse them', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two', counting: 'request' });
  const before = store.getState();
  assert.deepEqual(store.count('start'), { error: 'no count may start now: an unpromoted Bia is on the board' });
  assert.equal(store.getState(), before);
  const res = store.load({ fen: NO_BIA, moves: ['a2a3'], counting: 'request', counts: ['0s', '1x'] });
  assert.equal(res.rejected.move, 'count stop');
  assert.deepEqual(store.getState().counts, ['0s']);
  store.newGame({ startFen: NO_BIA, mode: 'two' });
  assert.equal(store.getState().counting, 'auto');
  assert.match(store.count('start').error, /counts by itself/);
  const link = readLink(writeLink({ counting: 'request', counts: ['0s'], fen: NO_BIA, moves: [] }));
  assert.deepEqual([link.counting, link.counts, link.badCounting], ['request', ['0s'], null]);
  const bad = readLink('#fen=x&counting=sometimes');
  assert.deepEqual([bad.counting, bad.badCounting], ['auto', 'sometimes']);
});

test('wasm: counting on request through PGN: the tag and the comments, read back as the record', () => {
  const g = new full.Game(NO_BIA, 'makruk', 'request');
  assert.deepEqual(g.countActions(), { start: true, stop: false });
  g.startCount();
  g.play('a2a3');
  assert.throws(() => g.stopCount(), /belongs to the other side/);
  const pgn = g.pgn();
  assert.match(pgn, /\[Counting "request"\]/);
  assert.match(pgn, /\{count: start\} 1\. Ra3/);
  const [back] = full.readPgn(pgn);
  assert.deepEqual([back.counting, back.counts, back.moves], ['request', ['0s'], ['a2a3']]);
  assert.throws(() => new Game(NO_BIA, 'makruk', 'often'), /unknown counting "often"/);
  assert.equal(new Game(NO_BIA).counting(), 'auto');
  g.free();
});
