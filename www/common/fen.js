// What the page knows of FEN before the rules module has loaded, to draw a position on the
// first paint: the start placement (the same in every rule set: the core's start FENs differ
// only after it, tests/store.node.test.mjs checks it against Game.rules()), a placement read
// from a FEN and written from a board (the first drawing of a saved or linked game, the board
// editor), the placement after plain UCI moves and the side to move (a linked game's first
// drawing). The rule sets, their names and their start FENs are the core's (the store's
// `variantStart`); once the rules module is there, every fact of a position is its answer (the
// wasm `Game`); whether a FEN is valid is never decided here.

/** Makruk's start position, whose placement every rule set starts from (the first paint of a
 * link without a FEN, the store before its first game, the editor's start). */
export const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

/** Placement and side to move as a FEN (no count running: `- - 0 1`). */
export function boardToFen(pieces, turn) {
  const rows = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let gap = 0;
    for (let f = 0; f < 8; f++) {
      const p = pieces[r * 8 + f];
      if (!p) {
        gap++;
        continue;
      }
      if (gap) row += gap;
      gap = 0;
      row += p;
    }
    if (gap) row += gap;
    rows.push(row);
  }
  return `${rows.join('/')} ${turn === 'black' ? 'b' : 'w'} - - 0 1`;
}

/** Placement of a FEN from its first field (a1..h8); unknown letters are left out. */
export function fenToBoard(fen) {
  const out = new Array(64).fill('');
  const rows = String(fen).trim().split(/\s+/)[0].split('/');
  rows.slice(0, 8).forEach((row, k) => {
    let f = 0;
    for (const c of row) {
      if (f > 8) break;
      if (c >= '1' && c <= '8') f += Number(c);
      else if (c === '~') { if (f > 0 && out[(7 - k) * 8 + f - 1]) out[(7 - k) * 8 + f - 1] += '~'; }
      else if (f < 8 && /[kmsnrp]/i.test(c)) out[(7 - k) * 8 + f++] = c;
      else f++;
    }
  });
  return out.map((p) => (p.length > 1 && !/^[mM]~$/.test(p) ? p[0] : p));
}

/**
 * The placement (a1..h8, as the board takes it) after UCI `moves` from `fen`, or null when a
 * move is not a plain UCI move of a piece that stands there (a SAN link, a bad move): drawing
 * it is then the rules module's. No move of these rules does more than lift a piece and put it
 * down, except a Bia's promotion on the sixth rank from its side, which it shows as a Met.
 */
export function placementAfter(fen, moves) {
  const pieces = fenToBoard(fen);
  const at = (sq) => 'abcdefgh'.indexOf(sq[0]) + 8 * (sq[1] - 1);
  for (const move of moves) {
    const [, from, to, m] = /^([a-h][1-8])([a-h][1-8])(m?)$/.exec(move) || [];
    const piece = from && pieces[at(from)];
    if (!piece) return null;
    pieces[at(from)] = '';
    pieces[at(to)] = /^[Pp]$/.test(piece) && (m || to[1] === (piece === 'P' ? '6' : '3')) ?
      (piece === 'P' ? 'M~' : 'm~') : piece;
  }
  return pieces;
}

/** The other side. */
export const other = (color) => (color === 'white' ? 'black' : 'white');

/** Side to move after `ply` moves from `startFen`, for the first drawing of a link's game
 * before the rules module has loaded (its orientation); afterwards the core says it (the
 * store's `turnAt`). */
export function colorAt(startFen, ply) {
  const first = String(startFen).split(' ')[1] === 'b' ? 'black' : 'white';
  return ply % 2 === 0 ? first : other(first);
}
