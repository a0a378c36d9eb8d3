// The store's slice of a game with a friend by link (www/common/game/correspondence.js) in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, boardView, personMoves } from '../www/common/game/store.js';
import { corrMayOffer } from '../www/common/game/correspondence.js';
import { corrOffered } from '../www/pages/game/correspondence-view.js';
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
  assert.deepEqual([s.corr, s.moves], [{ id: 'abc123', base: 1, offer: null, told: false }, ['a3a4']]);
  store.undo();
  assert.equal(store.getState().ply, 1, 'a sent move stays');
  store.goto(0);
  store.resign();
  assert.equal(store.getState().outcome, null, 'no resigning short of the line the friend has seen');
  store.goto(1);
  store.resign();
  assert.deepEqual(store.getState().outcome, { result: '0-1', reason: 'resign' }, 'the person resigns (the link tells the friend)');
  assert.equal(store.getState().corr.told, false);
  store.sent();
  assert.equal(store.getState().corr.told, true, 'the end sent');
  store.load({ fen: START_FEN, moves: ['a3a4'], mode: 'keep', corr: { id: '<bad>' }, players: { mode: 'correspondence', human: 'black' } });
  assert.equal(store.getState().corr, null, 'a bad id from a link or storage is no game by link');
  assert.equal(personMoves(store.getState()), false);
});

test('store: a draw offered by link goes with the move not sent yet, and goes with it when taken back', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'correspondence', human: 'white', corr: { id: 'offer1', base: 0 } });
  assert.equal(corrMayOffer(store.getState()), false, 'no offer without a move');
  store.play('e3e4');
  assert.equal(corrMayOffer(store.getState()), true);
  store.setOffer(1);
  let s = store.getState();
  assert.equal(s.corr.offer, 1);
  assert.equal(corrOffered(s), true);
  assert.equal(corrMayOffer(s), false, 'offered once');
  store.undo();
  assert.equal(store.getState().corr.offer, null, 'taken back with its move');
  store.play('e3e4');
  store.setOffer(1);
  store.sent();
  store.goto(0);
  assert.equal(store.getState().corr.offer, 1, 'a sent offer stays while the moves are looked at');
  // the friend's page: the offer came by link; declined, it is gone; accepted, a draw by agreement
  store.load({ fen: START_FEN, moves: ['e3e4'], mode: 'keep', corr: { id: 'offer1', base: 1, offer: 1 }, players: { mode: 'correspondence', human: 'black' } });
  s = store.getState();
  assert.equal(corrOffered(s) && personMoves(s), true);
  store.setOffer(null);
  assert.equal(store.getState().corr.offer, null);
  store.load({ fen: START_FEN, moves: ['e3e4'], mode: 'keep', corr: { id: 'offer1', base: 1, offer: 1 }, players: { mode: 'correspondence', human: 'black' } });
  store.acceptDraw('black');
  assert.deepEqual(store.getState().outcome, { result: '1/2-1/2', reason: 'agreement' });
  assert.deepEqual(store.getState().resigned, { color: 'black', ply: 1, how: 'agree' });
});
