// What a board shows of a position that the rules module describes: the destinations of its
// legal moves, the last move's squares and the Khun in check. Shared by the game page's
// store and the trainer; the board itself knows no rules.

/** The 64 square names, a1 to h8. */
export const SQUARES = Array.from({ length: 64 }, (_, i) => 'abcdefgh'[i & 7] + ((i >> 3) + 1));

/**
 * A board's `dests`: from-square -> [to-squares] of `legal` ([{from, to}]); with `color`, every
 * piece of that colour in `pieces` (a1..h8 FEN letters) too, an empty list where it has no
 * move (so that the board lets the person pick it up and the page can say why it may not go).
 */
export function destinations(legal, pieces = [], color = null) {
  const dests = new Map();
  const mine = color === 'white' ? /^[A-Z]/ : /^[a-z]/;
  if (color) pieces.forEach((p, i) => { if (mine.test(p)) dests.set(SQUARES[i], []); });
  for (const m of legal) {
    if (!dests.has(m.from)) dests.set(m.from, []);
    dests.get(m.from).push(m.to);
  }
  return dests;
}

/** The squares of a UCI move (`e3e4` -> ['e3', 'e4']), or null. */
export const moveSquares = (uci) => (uci ? [uci.slice(0, 2), uci.slice(2, 4)] : null);

/** The square of `color`'s Khun in `pieces` (a1..h8 FEN letters) when `check`, else null. */
export function checkedKhun(pieces, color, check) {
  const k = check ? pieces.indexOf(color === 'white' ? 'K' : 'k') : -1;
  return k < 0 ? null : SQUARES[k];
}
