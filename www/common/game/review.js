// Game review: pure functions from the engine's evaluations to marks and accuracy, as
// lichess computes them, and the store's review slice with its actions. No DOM, no engine
// (review-driver.js runs the searches, review-view.js draws the review).
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

import { mainMoves } from './tree.js';

export const REVIEW_NODES = 150_000;
const MATE_CP = 10_000;

/** The marks: NAG, sign and name, worst first. */
const MARKS = [
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

// ---------------------------------------------------------------- the store's review slice
//
// `review`, of the main line, dropped when the main line changes (not when the cursor goes
// into a variation): {startFen, variant, record (the main line's game record: the worker and
// the marks read each position from it), line (the moves joined), total
// (positions), running, chances (White's win chance of each position reviewed), best ([uci,
// ...] the engine's line at each), marks (null while running; one a move: null or {nag, better
// (SAN), line (SAN), from, to}), accuracy ({white, black} in %, null when read from PGN)}.

/** A review of `moves` from `startFen` under `variant`, whose game `record` holds them:
 * running, or done with its `marks`. */
const newReview = (startFen, moves, variant, record, marks = null) => ({
  startFen, variant, record, line: moves.join(' '), total: moves.length + 1, running: !marks, chances: [], best: [],
    marks, accuracy: null,
});

/** The game of a record after its first `ply` moves (all when undefined), read by the core. */
const gameAt = (Game, record, ply) => Game.fromRecord(record, ply).game;

/** A mark: its NAG and the better move's line (sansFrom). */
const mark = (nag, better) => ({ nag, better: better.san[0] || null, line: better.san, uci: better.uci,
  from: better.from, to: better.to });

/** The review of state `next` after a change from `prev`: dropped when it is not of the main line any more. */
export function reviewFollows(prev, next) {
  const r = next.review;
  if (r && (next.tree !== prev.tree || next.startFen !== prev.startFen) &&
    (r.startFen !== next.startFen || r.line !== mainMoves(next).join(' '))) return null;
  return r;
}

/** A line of moves (UCI or SAN) from `g`'s position, g left as it was: {san, uci (its
 * squares, "e3e4"), from, to (the first move's squares, or null)}. */
function sansFrom(g, pv = []) {
  const san = [];
  const uci = [];
  try {
    for (const move of pv.slice(0, 8)) {
      const res = g.play(move);
      uci.push(res.from + res.to);
      san.push(res.san);
    }
  } catch {
    // what fits
  }
  for (let k = 0; k < san.length; k++) g.undo();
  return { san, uci, from: uci[0]?.slice(0, 2) || null, to: uci[0]?.slice(2) || null };
}

/** The review's mark of the move that led to the cursor, on the main line, or null. */
export const markAt = (s) => (s.ply > 0 && s.path.slice(0, s.ply).every((i) => i === 0) &&
  s.review?.marks?.[s.ply - 1]) || null;

/** The marks read back from PGN notes ([nag, comment] a move) against the game of `record`
 * (the core's text; each position is read from it): a finished review, or null when none is
 * marked. */
export function reviewOfNotes(Game, record, notes) {
  const end = gameAt(Game, record);
  const [moves, startFen, variant] = [end.moves(), end.startFen(), end.variant()];
  end.free?.();
  const marks = moves.map((m, k) => {
    const [nag, comment] = notes[k] || [];
    if (!markOfNag(nag)) return null;
    const better = /^Better: (\S+)/.exec(comment || '');
    const g = gameAt(Game, record, k);
    const line = sansFrom(g, better ? [better[1]] : []);
    g.free?.();
    return mark(nag, line);
  });
  return marks.some(Boolean) ? newReview(startFen, moves, variant, record, marks) : null;
}

/** The marks, better moves and accuracy of a review whose every position has its chance. */
function finished(Game, r) {
  const moves = r.line.split(' ');
  const chances = [...r.chances];
  // each position read from the game's record by the core (its count actions included)
  const lines = moves.map((m, k) => {
    const g = gameAt(Game, r.record, k);
    const line = sansFrom(g, r.best[k]);
    g.free?.();
    return line;
  });
  // the end of a finished game is known by the rules, not guessed by the search
  const g = gameAt(Game, r.record, moves.length);
  const result = g.status().result;
  const movers = moves.map((_, k) => g.turnAt(k));
  if (result && result !== '*') chances[moves.length] = result === '1-0' ? 1 : result === '0-1' ? -1 : 0;
  g.free?.();
  const { nags, accuracy } = summarize(chances, movers);
  const marks = nags.map((nag, k) => (nag ? mark(nag, lines[k]) : null));
  return { ...r, chances, running: false, marks, accuracy };
}

/** The review actions of a store (see store.js for `ctx`). */
export function reviewActions(ctx) {
  const review = () => ctx.state().review;
  return {
    /** Starts reviewing the line (the review driver searches each position). */
    reviewStart() {
      const s = ctx.state();
      const main = mainMoves(s);
      if (s.review?.running || !main.length) return;
      ctx.set({ review: newReview(s.startFen, main, s.variant, ctx.recordOf({ ...s, moves: main })) },
        { type: 'reviewStart' });
    },
    /** The engine's answer at the next position: its score (side to move's) and line (UCI). */
    reviewProgress(score, pv = []) {
      const r = review();
      if (!r?.running || r.chances.length >= r.total) return;
      const turn = ctx.game.turnAt(r.chances.length);
      ctx.set({ review: { ...r, chances: [...r.chances, winChance(whiteEval(score, turn), turn)],
        best: [...r.best, pv] } }, { type: 'reviewProgress' });
    },
    /** Every position has its evaluation: the marks, better moves and accuracy. */
    reviewDone() {
      const r = review();
      if (r?.running && r.chances.length >= r.total) ctx.set({ review: finished(ctx.Game, r) }, { type: 'reviewDone' });
    },
    /** Stops a running review; what it had found is dropped. */
    reviewCancel() {
      if (review()?.running) ctx.set({ review: null }, { type: 'reviewCancel' });
    },
    /** At a marked move of the review (on the main line): plays on against the engine from
     * the position before it, the person taking the side that made the mistake; the moves
     * played then make a variation, the game stays (not in a game that ended by a
     * resignation or on time). */
    retry() {
      const s = ctx.state();
      const k = s.ply - 1;
      if (!markAt(s) || s.ended) return; // a game lost on time or resigned is over
      ctx.gotoLine(s.path, k, { type: 'retry' });
      const human = ctx.game.turnAt(k);
      ctx.set({ mode: 'engine', human, orientation: human, shared: false, analysing: false, lines: [] },
        { type: 'retry' });
    },
  };
}
