// The game page's first frame without the rules module: the placement after a link's UCI moves
// (www/common/fen.js) and the position and orientation of each kind of link (www/pages/game/persist.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstLine } from '../www/pages/game/persist.js';
import { START_FEN, fenToBoard, placementAfter } from '../www/common/fen.js';

const at = (pieces, sq) => pieces[(sq.charCodeAt(0) - 97) + 8 * (Number(sq[1]) - 1)];

test('first line: a UCI line lifts and puts down pieces, captures, and promotes a Bia on its sixth rank', () => {
  const p = placementAfter(START_FEN, ['e3e4', 'd6d5', 'e4d5']);
  assert.equal(at(p, 'd5'), 'P');
  assert.equal(at(p, 'e3'), '');
  assert.equal(at(p, 'd6'), '');
  assert.equal(p.filter(Boolean).length, 31);
  const promo = '4k3/8/8/4P3/3p4/8/8/3K4 w - - 0 1';
  assert.equal(at(placementAfter(promo, ['e5e6']), 'e6'), 'M~');
  assert.equal(at(placementAfter(promo, ['e5e6m']), 'e6'), 'M~');
  assert.equal(at(placementAfter(promo, ['d1c1', 'd4d3']), 'd3'), 'm~');
  assert.equal(at(placementAfter(promo, ['d1d2']), 'd2'), 'K');
  assert.deepEqual(placementAfter(START_FEN, []), fenToBoard(START_FEN));
});

test('first line: a line it cannot read (SAN, a move from an empty square) is the rules module\'s', () => {
  assert.equal(placementAfter(START_FEN, ['e4']), null);
  assert.equal(placementAfter(START_FEN, ['e5e6']), null);
  assert.equal(placementAfter(START_FEN, ['e3e4', 'e3e4']), null);
});

test('first line: the position and orientation of a shared link, a game started by link, a game by link', () => {
  const shared = firstLine('#fen=rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR+w+-+-+0+1&moves=e3e4+d6d5&ply=1&orientation=black');
  assert.equal(shared.orientation, 'black');
  assert.equal(at(shared.pieces, 'e4'), 'P');
  assert.equal(at(shared.pieces, 'd6'), 'p', 'at the cursor, before the second move');
  assert.equal(firstLine('#play=engine&level=2&orientation=black').orientation, 'black');
  assert.equal(firstLine('#play=friend&orientation=black').orientation, 'white', 'two players on this device: White below');
  const corr = firstLine('#play=correspondence&id=abc&moves=e3e4');
  assert.equal(corr.orientation, 'black', 'the friend who opens it plays the side to move');
  assert.equal(at(corr.pieces, 'e4'), 'P');
  assert.deepEqual(firstLine(''), { pieces: fenToBoard(START_FEN), orientation: 'white' });
});
