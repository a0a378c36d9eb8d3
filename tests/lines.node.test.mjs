// The analysis' lines (www/common/game/lines.js): a multi-PV search's reports of two depths never mix
// (issue 44: the same line was once shown twice, the new best line beside the old second one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLines } from '../www/common/game/lines.js';

const info = (depth, multipv, move) => ({ depth, multipv, pv: [move, 'e6e5'] });

test('lines: the deepest complete depth is shown, never two depths at once', () => {
  const lines = createLines();
  assert.deepEqual(lines.add(info(1, 1, 'e3e4')).map((l) => l.pv[0]), ['e3e4']);
  assert.deepEqual(lines.add(info(1, 2, 'c3c4')).map((l) => l.pv[0]), ['e3e4', 'c3c4']);
  // depth 2 finds c3c4 best: until its second line is in, depth 1's lines stay
  const shown = lines.add(info(2, 1, 'c3c4'));
  assert.deepEqual(shown.map((l) => [l.depth, l.pv[0]]), [[1, 'e3e4'], [1, 'c3c4']]);
  assert.deepEqual(lines.add(info(2, 2, 'e3e4')).map((l) => [l.depth, l.pv[0]]), [[2, 'c3c4'], [2, 'e3e4']]);
  // a depth's updated best line (an aspiration re-search) replaces it in place
  assert.deepEqual(lines.add(info(2, 1, 'f3f4')).map((l) => l.pv[0]), ['f3f4', 'e3e4']);
  // one line a depth (multipv 1): each depth replaces the one before
  const one = createLines();
  one.add(info(1, 1, 'e3e4'));
  assert.deepEqual(one.add(info(2, 1, 'c3c4')).map((l) => [l.depth, l.pv[0]]), [[2, 'c3c4']]);
});

test('lines: no move is shown twice over a run of mixed reports', () => {
  const lines = createLines();
  const moves = ['a3a4', 'b3b4', 'c3c4', 'd3d4'];
  for (let depth = 1; depth <= 6; depth++) {
    for (let k = 1; k <= 3; k++) {
      const shown = lines.add(info(depth, k, moves[(depth + k) % 4])).map((l) => l.pv[0]);
      assert.equal(new Set(shown).size, shown.length, `depth ${depth} line ${k}: ${shown}`);
    }
  }
});
