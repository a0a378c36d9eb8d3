// Game review: pure functions from the engine's evaluations to marks and accuracy, as
// lichess computes them. No DOM, no engine.
//
// An evaluation is the score of a position from White's side: {cp} or {mate} (moves to mate,
// negative when Black mates); a finished game's position is {mate: 0} with `winner`.
// - win chance (-1..1, White's): 2 / (1 + exp(-0.00368208 * cp)) - 1; a mate counts as
//   ±MATE_CP centipawns (a certain win);
// - a move's drop: how much the mover's win chance fell from the position before to the one
//   after, on the -1..1 scale; the marks take lichess's thresholds on that scale:
//   inaccuracy ?! at >= 0.1, mistake ? at >= 0.2, blunder ?? at >= 0.3 (on a 0..1 scale of
//   win probability: 0.05, 0.10, 0.15);
// - a move's accuracy (%): 103.1668 * exp(-0.04354 * (winPercentBefore - winPercentAfter))
//   - 3.1669, with win percent = 50 + 50 * win chance of the mover, kept within 0..100; a
//   side's accuracy is the plain average over its moves (lichess weights it by volatility
//   and blends in a harmonic mean; the plain mean is simpler and close).

export const REVIEW_NODES = 150_000;
const MATE_CP = 10_000;

/** The marks: NAG, sign and name, worst first. */
export const MARKS = [
  { nag: 4, sign: '??', name: 'blunder', drop: 0.3 },
  { nag: 2, sign: '?', name: 'mistake', drop: 0.2 },
  { nag: 6, sign: '?!', name: 'inaccuracy', drop: 0.1 },
];

export const markOfNag = (nag) => MARKS.find((m) => m.nag === nag) || null;

/** A score of the side to move ({cp} or {mate}, as the engine gives it) from White's side. */
export function whiteEval(score, turn) {
  const sign = turn === 'white' ? 1 : -1;
  if (score && Number.isFinite(score.mate)) return { mate: sign * score.mate };
  return { cp: sign * ((score && score.cp) || 0) };
}

/** White's win chance, -1..1. A mate in 0 is lost for the side to move (`turn`). */
export function winChance(ev, turn = 'white') {
  let cp;
  if (ev && Number.isFinite(ev.mate)) {
    if (ev.mate === 0) return turn === 'white' ? -1 : 1;
    cp = ev.mate > 0 ? MATE_CP : -MATE_CP;
  } else {
    cp = (ev && ev.cp) || 0;
  }
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** The drop in the mover's win chance (-1..1 scale) from `before` to `after` (White's chances). */
export function drop(before, after, mover) {
  return mover === 'white' ? before - after : after - before;
}

/** The mark of a drop: one of MARKS, or null. */
export const markOf = (d) => MARKS.find((m) => d >= m.drop) || null;

/** A move's accuracy in percent from the drop (-1..1 scale) of its mover's chance. */
export function moveAccuracy(d) {
  const lost = Math.max(0, 50 * d); // win percent before minus after
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * lost) - 3.1669));
}

/**
 * The marks and accuracy of a reviewed line. `chances`: White's win chance at each position
 * (moves + 1 of them); `movers[k]`: the colour that played move k.
 * Returns {drops, nags (0 none), accuracy: {white, black} (null for a side without moves)}.
 */
export function summarize(chances, movers) {
  const drops = movers.map((c, k) => drop(chances[k], chances[k + 1], c));
  const nags = drops.map((d) => markOf(d)?.nag || 0);
  const accuracy = { white: null, black: null };
  for (const color of ['white', 'black']) {
    const own = drops.filter((_, k) => movers[k] === color).map(moveAccuracy);
    if (own.length) accuracy[color] = own.reduce((a, b) => a + b, 0) / own.length;
  }
  return { drops, nags, accuracy };
}

/** A review's marks as PGN notes: [nag, "Better: SAN"] or null for each move; null for none. */
export function pgnNotes(marks) {
  return marks ? marks.map((m) => (m ? [m.nag, m.better ? `Better: ${m.better}` : null] : null)) : null;
}

/** The ply of a click at `x` on a chart `width` wide that shows `points` positions. */
export function chartPly(x, width, points) {
  if (points < 2) return 0;
  return Math.max(0, Math.min(points - 1, Math.round((x / width) * (points - 1))));
}
