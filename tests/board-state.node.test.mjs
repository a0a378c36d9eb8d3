// Pure board state (www/common/board/state.js), without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  squareName, squareIndex, defaultState, applyConfig, diffMoves, layout, squareAt, squareCenter,
  canMove, canSelect, isRefused,
} from '../www/common/board/state.js';

test('board state: square names and indices round-trip', () => {
  for (let i = 0; i < 64; i++) assert.equal(squareIndex(squareName(i)), i);
  assert.equal(squareName(0), 'a1');
  assert.equal(squareName(63), 'h8');
  for (const bad of ['', 'i1', 'a9', 'a0', 'e33', null, 5]) assert.equal(squareIndex(bad), -1);
});

test('board state: config is validated (unknown pieces, squares and themes are dropped)', () => {
  const s = defaultState();
  const pieces = new Array(64).fill('');
  pieces[20] = 'P';
  pieces[44] = 'M~';
  pieces[5] = '<img>';
  applyConfig(s, {
    pieces, orientation: 'sideways', theme: 'neon', coords: 'roman', lastMove: ['e3', 'z9'],
    dests: new Map([['e3', ['e4', 'x1']], ['q1', ['a1']]]), check: 'k9',
  });
  assert.equal(s.pieces[20], 'P');
  assert.equal(s.pieces[44], 'M~');
  assert.equal(s.pieces[5], '');
  assert.equal(s.orientation, 'white');
  assert.equal(s.theme, 'wood');
  assert.equal(s.coords, 'latin');
  assert.equal(s.lastMove, null);
  assert.equal(s.check, null);
  assert.deepEqual([...s.dests], [['e3', ['e4']]]);
  assert.ok(canMove(s, 'e3', 'e4'));
  assert.ok(!canMove(s, 'e3', 'e5'));
  applyConfig(s, { viewOnly: true });
  assert.ok(!canMove(s, 'e3', 'e4'), 'a view-only board offers no moves');
});

test('board state: moved pieces are matched for animation, a Bia to its turned shell', () => {
  const before = new Array(64).fill('');
  before[squareIndex('e5')] = 'P';
  before[squareIndex('b1')] = 'N';
  const after = before.slice();
  after[squareIndex('e5')] = '';
  after[squareIndex('e6')] = 'M~';
  const moves = diffMoves(before, after);
  assert.deepEqual(moves, [{ from: 'e5', to: 'e6', piece: 'M~', before: 'P' }]);
});

test('board state: squares under points, both orientations', () => {
  const g = layout(884, 'latin');
  assert.ok(Math.abs(g.sq - 100) < 1e-9);
  const s = defaultState();
  const c = squareCenter(s, g, 'a1');
  assert.equal(squareAt(s, g, c.x, c.y), 'a1');
  assert.equal(squareAt(s, g, g.margin + 1, g.margin + 1), 'a8');
  assert.equal(squareAt(s, g, 2, 2), null, 'the margin is no square');
  s.orientation = 'black';
  assert.equal(squareAt(s, g, g.margin + 1, g.margin + 1), 'h1');
  const e3 = squareCenter(s, g, 'e3');
  assert.equal(squareAt(s, g, e3.x, e3.y), 'e3');
});

test('board state: with refusals a piece with no move is picked up, and a drop elsewhere is refused', () => {
  const s = defaultState();
  applyConfig(s, { dests: [['e2', []], ['e1', ['f1']]] });
  assert.equal(canSelect(s, 'e2'), false, 'without refusals a piece with no move stays put');
  s.refusals = true;
  assert.equal(canSelect(s, 'e2'), true);
  assert.equal(isRefused(s, 'e2', 'c3'), true);
  assert.equal(isRefused(s, 'e1', 'f1'), false, 'a legal move is no refusal');
  assert.equal(isRefused(s, 'e1', 'e1'), false, 'put back where it stood');
  assert.equal(isRefused(s, 'a1', 'a2'), false, 'not a piece of dests');
  applyConfig(s, { viewOnly: true });
  assert.equal(isRefused(s, 'e2', 'c3'), false);
});
