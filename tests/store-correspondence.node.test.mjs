// The store's slice of a game with a friend by link (www/common/game/correspondence.js) in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, boardView, personMoves } from '../www/common/game/store.js';
import { START_FEN } from '../www/common/fen.js';
import { Game } from './store.support.mjs';

test('store: a game by link lets its player make exactly one move, taken back until sent', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'correspondence', human: 'white', corr: { id: 'abc123', base: 0 } });
  assert.equal(personMoves(store.getState()), true);
  store.play('e3e4');
  let s = store.getState();
  assert.equal(personMoves(s), false, 'one move, then the friend');
  assert.equal(boardView(s).dests.size, 0);
  store.undo();
  assert.equal(store.getState().ply, 0, 'the unsent move is taken back');
  store.play('a3a4');
  store.sent();
  s = store.getState();
  assert.deepEqual([s.corr, s.moves], [{ id: 'abc123', base: 1 }, ['a3a4']]);
  store.undo();
  assert.equal(store.getState().ply, 1, 'a sent move stays');
  store.resign();
  assert.equal(store.getState().outcome, null, 'no resigning by link (the friend would not know)');
  store.load({ fen: START_FEN, moves: ['a3a4'], mode: 'keep', corr: { id: '<bad>' }, players: { mode: 'correspondence', human: 'black' } });
  assert.equal(store.getState().corr, null, 'a bad id from a link or storage is no game by link');
  assert.equal(personMoves(store.getState()), false);
});
