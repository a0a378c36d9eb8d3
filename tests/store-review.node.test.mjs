// The store's review slice (www/common/game/review.js) in Node: lichess's win chance, marks and
// accuracy, a review through its actions, marks read back from PGN notes, Retry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { winChance, whiteEval, chartPly, pgnNotes } from '../www/common/game/review.js';
import { drop, markOf, moveAccuracy, summarize } from '../www/common/game/review-marks.js';
import { storeWithLog, Game } from './store.support.mjs';
import { createStore } from '../www/common/game/store.js';
import { mainMoves } from '../www/common/game/tree.js';

test('review: win chance, drops, marks and accuracy as lichess computes them', () => {
  assert.equal(winChance({ cp: 0 }), 0);
  assert.ok(Math.abs(winChance({ cp: 300 }) - (2 / (1 + Math.exp(-0.00368208 * 300)) - 1)) < 1e-12);
  assert.ok(Math.abs(winChance({ cp: 300 }) + winChance({ cp: -300 })) < 1e-12);
  assert.ok(winChance({ mate: 3 }) > 0.999 && winChance({ mate: -2 }) < -0.999);
  assert.deepEqual([winChance({ mate: 0 }, 'white'), winChance({ mate: 0 }, 'black')], [-1, 1]);
  assert.deepEqual(whiteEval({ cp: 50 }, 'black'), { cp: -50 });
  assert.deepEqual(whiteEval({ mate: 2 }, 'black'), { mate: -2 });
  // the drop is the mover's: White falling from 0.2 to -0.2 is Black's gain
  assert.ok(Math.abs(drop(0.2, -0.2, 'white') - 0.4) < 1e-12);
  assert.ok(Math.abs(drop(0.2, -0.2, 'black') + 0.4) < 1e-12);
  assert.deepEqual([0.05, 0.1, 0.2, 0.3, 0.9].map((d) => markOf(d)?.sign ?? null), [null, '?!', '?', '??', '??']);
  assert.ok(Math.abs(moveAccuracy(0) - 99.9999) < 1e-9);
  assert.equal(moveAccuracy(-0.5), moveAccuracy(0), 'a move that gains loses nothing');
  // 10 points of win percent lost: 103.1668 * exp(-0.4354) - 3.1669
  assert.ok(Math.abs(moveAccuracy(0.2) - (103.1668 * Math.exp(-0.4354) - 3.1669)) < 1e-9);
  assert.equal(moveAccuracy(2), 0);
  const r = summarize([0, 0, 0.15, 0.1], ['white', 'black', 'white']);
  assert.deepEqual(r.nags, [0, 6, 0]);
  assert.ok(Math.abs(r.accuracy.white - (moveAccuracy(0) + moveAccuracy(0.05)) / 2) < 1e-9);
  assert.ok(Math.abs(r.accuracy.black - moveAccuracy(0.15)) < 1e-9);
  assert.deepEqual(summarize([0], []).accuracy, { white: null, black: null });
  assert.deepEqual([chartPly(0, 100, 5), chartPly(49, 100, 5), chartPly(100, 100, 5), chartPly(500, 100, 5)], [0, 2, 4, 4]);
  assert.deepEqual(pgnNotes([null, { nag: 4, better: 'Nd2' }, { nag: 6, better: null }]), [null, [4, 'Better: Nd2'], [6, null]]);
  assert.equal(pgnNotes(null), null);
});

test('store: a review runs through its actions, marks the blunder and names the better move', async () => {
  // 2. Rc5?? dxc5: the review's scores are given here as the engine would report them
  const { store, log } = storeWithLog();
  store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8', 'Rc5', 'dxc5'], mode: 'analyse' });
  store.reviewStart();
  let r = store.getState().review;
  assert.deepEqual([r.running, r.total, r.chances, r.marks], [true, 5, [], null]);
  const answers = [[{ cp: -100 }, ['c1c3']], [{ cp: 90 }, ['d8e7']], [{ cp: -110 }, ['c1c3', 'd6d5']], [{ cp: 600 }, ['d6c5']], [{ cp: -650 }, []]];
  for (const [score, pv] of answers) store.reviewProgress(score, pv);
  store.reviewProgress({ cp: 0 }, []); // one too many: ignored
  assert.equal(store.getState().review.chances.length, 5);
  await store.reviewDone();
  r = store.getState().review;
  assert.equal(r.running, false);
  assert.deepEqual(r.marks.map((m) => m && m.nag), [null, null, 4, null]);
  assert.deepEqual(r.marks[2], { nag: 4, better: 'Rc3', line: ['Rc3', 'd5'], facts: [0x52, 0x50], uci: ['c1c3', 'd6d5'],
    from: 'c1', to: 'c3' });
  assert.ok(r.accuracy.white < 70 && r.accuracy.black > 90, JSON.stringify(r.accuracy));
  assert.deepEqual(log.map((e) => e.action.type).filter((t) => t.startsWith('review')),
    ['reviewStart', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewDone']);
  // the cursor moves within the line: the review stays; Retry goes back before the marked
  // move and the game stays: the move played there starts a variation, the review stays
  store.goto(3);
  assert.equal(store.getState().review, r);
  store.retry();
  let s = store.getState();
  assert.deepEqual([s.ply, s.moves.length, s.mode, s.human, s.review], [2, 4, 'engine', 'white', r]);
  store.play('c1c3');
  s = store.getState();
  assert.deepEqual([s.moves, s.path, s.review], [['e1d2', 'e8d8', 'c1c3'], [0, 0, 1], r]);
  assert.deepEqual(mainMoves(s), ['e1d2', 'e8d8', 'c1c5', 'd6c5'], 'the game is the main line still');
  // the main line changed: the review goes
  store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8'], mode: 'analyse' });
  assert.equal(store.getState().review, null);
  // cancelled, nothing is kept
  store.load({ moves: ['e4', 'e5'] });
  store.reviewStart();
  store.reviewProgress({ cp: 0 }, []);
  store.reviewCancel();
  assert.equal(store.getState().review, null);
  // marks from PGN notes, with the better move's squares
  await store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8', 'Rc5'],
    notes: [null, [0, ''], [4, 'Better: Rc3']] }).reviewRead;
  s = store.getState();
  assert.deepEqual(s.review.marks, [null, null, { nag: 4, better: 'Rc3', line: ['Rc3'], facts: [0x52], uci: ['c1c3'],
    from: 'c1', to: 'c3' }]);
  assert.equal(s.review.accuracy, null);
  await store.load({ moves: ['e4'], notes: [[0, 'a comment']] }).reviewRead;
  assert.equal(store.getState().review, null, 'no marks, no review');
});

test('store: a review of an Ouk Chatrang game replays it in its rules, and Retry keeps them', async () => {
  const { store } = storeWithLog();
  // 2. Kf2 is the Khun's leap, a move only Ouk Chatrang has
  store.load({ variant: 'cambodian', moves: ['e4', 'd5', 'Kf2', 'dxe4'], mode: 'analyse' });
  store.reviewStart();
  const r = store.getState().review;
  assert.equal(r.variant, 'cambodian', 'the review searches in the game\'s rules');
  // the scores of the side to move: Black is 4 Bia up once the leap has let its Bia go
  for (const cp of [0, 0, 0, 400, -400]) store.reviewProgress({ cp }, []);
  await store.reviewDone();
  const done = store.getState().review;
  assert.equal(done.running, false);
  assert.ok(done.marks[2], 'the leap that lost the Bia is marked');
  store.goto(3);
  store.retry();
  const s = store.getState();
  assert.deepEqual([s.variant, s.ply, s.moves.length, s.mode], ['cambodian', 2, 4, 'engine']);
});

test('review: a game counted on request is reviewed from its record, its count actions included', () => {
  const store = createStore(Game);
  const fen = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';
  store.load({ fen, counting: 'request', counts: ['0s'], moves: ['a2a3', 'd5d4'], mode: 'two' });
  store.reviewStart();
  const { record } = store.getState().review;
  assert.equal(record, '1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d4');
  const { game } = Game.fromRecord(record, 1); // what the review's worker searches after move 1
  assert.equal(game.status().count.ply, 1, 'the count the page has, not one of a game counting by itself');
  game.free();
});
