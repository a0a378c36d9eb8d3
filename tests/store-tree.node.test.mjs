// The move tree in the store (www/common/game/store.js, www/common/game/tree.js, www/pages/game/tree-edit.js): a
// move at an earlier point keeps the game, branches are chosen, variations promoted and
// deleted, a tree from storage checked, the PGN form read and written by the full module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storeWithLog, Game, full } from './store.support.mjs';
import { mainMoves } from '../www/common/game/tree.js';
import { gotoNode, chooseBranch } from '../www/pages/game/movelist.js';
import { promote, makeMain, deleteNode, fromPgn, toPgn, restoredTree, linkLine } from '../www/pages/game/tree-edit.js';

const GAME = ['e3e4', 'e6e5', 'd3d4', 'd6d5'];

function analysed(moves = GAME) {
  const { store, log } = storeWithLog();
  store.load({ moves, mode: 'analyse' });
  return { store, log };
}

test('tree: a move at an earlier point keeps the game: a variation, or the branch of the same move', () => {
  const { store } = analysed();
  store.goto(2);
  store.play('c3c4');
  let s = store.getState();
  assert.deepEqual(s.moves, ['e3e4', 'e6e5', 'c3c4'], 'the line played');
  assert.deepEqual(s.path, [0, 0, 1]);
  assert.deepEqual(mainMoves(s), GAME, 'the game is kept');
  // the same move again at the fork enters its branch, and the main move the main line
  store.goto(2);
  store.play('c3c4');
  assert.deepEqual(store.getState().path, [0, 0, 1]);
  assert.equal(store.getState().tree.children[0].children[0].children.length, 2, 'no copy of the branch');
  store.goto(2);
  store.play('d3d4');
  s = store.getState();
  assert.deepEqual([s.moves, s.ply], [GAME, 3], 'the main line, its moves ahead kept');
  // a move clicked in the list: its line
  gotoNode(store, [0, 0, 1]);
  s = store.getState();
  assert.deepEqual([s.moves, s.ply], [['e3e4', 'e6e5', 'c3c4'], 3]);
  const g = new Game();
  for (const m of s.moves) g.play(m);
  assert.equal(s.fen, g.fen(), 'the position is the rules module\'s');
  gotoNode(store, [0, 0, 0, 0]);
  assert.deepEqual([store.getState().moves, store.getState().ply], [GAME, 4]);
});

test('tree: Up and Down choose among the branches at a fork', () => {
  const { store, log } = analysed();
  store.goto(2);
  store.play('c3c4');
  store.goto(2);
  store.play('a3a4');
  // at the fork's move: its alternatives in turn, the cursor staying
  let res = chooseBranch(store, 1);
  assert.deepEqual(res, { index: 0, count: 3 }, 'from the last back to the first');
  assert.deepEqual([store.getState().moves, store.getState().ply], [GAME, 3]);
  assert.equal(log.at(-1).action.type, 'branch');
  res = chooseBranch(store, -1);
  assert.deepEqual([res, store.getState().moves.at(-1)], [{ index: 2, count: 3 }, 'a3a4']);
  // before the fork: the line ahead follows the next move's alternatives
  store.goto(2);
  res = chooseBranch(store, 1);
  assert.deepEqual([res, store.getState().ply, store.getState().moves[2]], [{ index: 0, count: 3 }, 2, 'd3d4']);
  // no fork: nothing
  store.goto(0);
  assert.equal(chooseBranch(store, 1), null);
});

test('tree: a game against the engine makes its new line the main one; after a review it is a variation', () => {
  const { store } = storeWithLog();
  store.newGame({ mode: 'two' });
  store.setPlayers({ mode: 'engine', human: 'white' });
  for (const m of GAME) store.play(m);
  store.goto(2);
  store.play('c3c4');
  const s = store.getState();
  assert.deepEqual(mainMoves(s), ['e3e4', 'e6e5', 'c3c4'], 'the game goes on in the new line');
  assert.deepEqual(s.tree.children[0].children[0].children.map((n) => n.uci), ['c3c4', 'd3d4'], 'the old one stays');
});

test('tree: promote, make main, delete (tree-edit.js through editTree)', () => {
  const { store } = analysed();
  store.goto(2);
  store.play('c3c4');
  store.play('c6c5');
  store.goto(2);
  store.play('a3a4');
  store.editTree((s) => promote(s.tree, s.path));
  let s = store.getState();
  assert.deepEqual(s.tree.children[0].children[0].children.map((n) => n.uci), ['d3d4', 'a3a4', 'c3c4']);
  assert.deepEqual([s.path, s.ply], [[0, 0, 1], 3], 'the cursor stays on its move');
  gotoNode(store, [0, 0, 2, 0]);
  store.editTree((st) => ({ tree: makeMain(st.tree, st.path), path: st.path.map(() => 0) }));
  s = store.getState();
  assert.deepEqual(mainMoves(s), ['e3e4', 'e6e5', 'c3c4', 'c6c5']);
  assert.deepEqual([s.moves, s.ply], [mainMoves(s), 4]);
  // delete from a move: its subtree goes, the cursor goes to the fork
  store.editTree((st) => ({ tree: deleteNode(st.tree, [0, 0, 0]), path: [0, 0] }));
  s = store.getState();
  assert.deepEqual(s.tree.children[0].children[0].children.map((n) => n.uci), ['d3d4', 'a3a4']);
  assert.deepEqual([s.ply, mainMoves(s)], [2, GAME]);
});

test('tree: a tree from storage, and a link\'s variation, are checked move by move; the cursor follows', () => {
  const { store } = storeWithLog();
  const node = (uci, children = [], extra = {}) => ({ uci, san: 'forged', nags: [], comment: '', children, ...extra });
  const tree = {
    children: [node('e3e4', [node('e6e5', [
      node('d3d4', [node('d6d5')]),
      node('c3c4', [node('h1h8')], { comment: '<img src=x onerror=alert(1)>', nags: [1, 'x', 999] }),
      node('zz'),
    ])])],
  };
  store.load({ moves: GAME, mode: 'analyse' });
  store.editTree((s, G) => restoredTree(G, s, tree, [0, 0, 1, 0], 3));
  let s = store.getState();
  const fork = s.tree.children[0].children[0].children;
  assert.deepEqual(fork.map((n) => [n.uci, n.san]), [['d3d4', 'd4'], ['c3c4', 'c4']], 'SAN from the rules; the illegal moves dropped');
  assert.deepEqual([fork[1].comment, fork[1].nags, fork[1].children], ['<img src=x onerror=alert(1)>', [1], []]);
  assert.deepEqual([s.path, s.ply, s.moves], [[0, 0, 1], 3, ['e3e4', 'e6e5', 'c3c4']]);
  // a tree whose main line is not the game's moves is not taken
  store.load({ moves: ['e3e4'], mode: 'analyse' });
  assert.equal(restoredTree(Game, store.getState(), tree, [], 0), null);
  // a link's variation: after the main line's first two moves, the legal part of these
  store.load({ moves: GAME, mode: 'analyse' });
  store.editTree((st, G) => linkLine(G, st, { fork: 2, moves: ['c3c4', 'c6c5', 'a1a8', 'b1c3'] }, NaN));
  s = store.getState();
  assert.deepEqual([s.moves, s.ply, mainMoves(s)], [['e3e4', 'e6e5', 'c3c4', 'c6c5'], 4, GAME]);
});

test('tree: the PGN form, read and written by the full module with every variation, comment and NAG', () => {
  const pgn = '{Start} 1. e4 e5 $2 (1... d5 {early} 2. exd5 (2. c4 c5)) 2. d4 $1 *';
  const [read] = full.readPgn(pgn);
  const tree = fromPgn(read.tree, read.comment);
  assert.deepEqual(tree.children[0].children.map((n) => [n.san, n.nags, n.comment]), [['e5', [2], ''], ['d5', [], 'early']]);
  const back = toPgn(tree);
  const g = new full.Game(undefined, 'makruk');
  for (const m of read.moves) g.play(m);
  const written = g.pgnTree({}, back);
  assert.match(written, /\{Start\} 1\. e4 e5 \$2 \(1\.\.\. d5 \{early\} 2\. exd5 \(2\. c4 c5\)\) 2\. d4 \$1 \*/);
  const [again] = full.readPgn(written);
  assert.deepEqual(fromPgn(again.tree, again.comment), tree, 'read, written and read again: the same tree');
  assert.throws(() => g.pgnTree({}, { moves: [{ uci: 'e3e4', variations: [[{ uci: 'e3e5' }]] }] }), /e3e5 was rejected.*in a variation/);
});

test('tree: Undo and the same move again against the engine: the game goes on from that move, at the end of the line (issue 56)', () => {
  const { store } = storeWithLog();
  store.newGame({ mode: 'engine', human: 'white', timeControl: { initial: 60000, increment: 0 } });
  store.play('e3e4');
  store.play('b8d7', 'engine');
  store.undo();
  assert.equal(store.getState().ply, 0);
  store.play('e3e4');
  let s = store.getState();
  assert.deepEqual([s.moves, s.ply], [['e3e4'], 1], 'the cursor at the end: the engine is to move there');
  assert.equal(s.clock.running, 'black', 'the engine\'s clock runs');
  // a move that was a variation before, played again: its branch ends there too
  store.play('e6e5', 'engine');
  store.goto(0);
  store.play('d3d4');
  store.play('d6d5', 'engine');
  store.goto(0);
  store.play('e3e4');
  s = store.getState();
  assert.deepEqual([s.moves, s.ply], [['e3e4'], 1], 'not into the old continuation e6e5');
  assert.deepEqual(mainMoves(s), ['e3e4'], 'the line played is the main line');
  assert.deepEqual(s.tree.children.map((n) => n.uci), ['e3e4', 'd3d4'], 'the other game kept as a variation');
});

test('tree: analysis keeps the line ahead when its next move is played again', () => {
  const { store } = analysed();
  store.goto(1);
  store.play('e6e5');
  const s = store.getState();
  assert.deepEqual([s.moves, s.ply], [GAME, 2]);
});
