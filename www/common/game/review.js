// Game review: pure functions from the engine's evaluations to marks and accuracy, as
// lichess computes them, and the store's review slice with its actions. No DOM, no engine
// (review-driver.js runs the searches, review-view.js draws the review). The marks and accuracy
// of a line, and those read from PGN notes, are review-marks.js, loaded when first needed.
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
import { markOfNag } from './marks.js';

export { markOfNag };

export const REVIEW_NODES = 150_000;
const MATE_CP = 10_000;


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

/** The review of state `next` after a change from `prev`: dropped when it is not of the main line any more. */
export function reviewFollows(prev, next) {
  const r = next.review;
  if (r && (next.tree !== prev.tree || next.startFen !== prev.startFen) &&
    (r.startFen !== next.startFen || r.line !== mainMoves(next).join(' '))) return null;
  return r;
}

/** The review's mark of the move that led to the cursor, on the main line, or null. */
export const markAt = (s) => (s.ply > 0 && s.path.slice(0, s.ply).every((i) => i === 0) &&
  s.review?.marks?.[s.ply - 1]) || null;

/** The marks of PGN notes ([nag, comment] a move) on the game just loaded, whose game `record`
 * holds it (review-marks.js, loaded now): its review, unless another game or main line came
 * meanwhile; resolves when it is set. */
export async function reviewNotes(ctx, record, notes) {
  const s = ctx.state();
  const { reviewOfNotes } = await import('./review-marks.js');
  const now = ctx.state();
  const read = now.epoch === s.epoch && reviewOfNotes(ctx.Game, record, notes);
  const review = read && newReview(...read);
  // the line's variations may have come meanwhile (the same epoch), its main line the same
  if (review && reviewFollows({}, { ...now, review })) ctx.set({ review }, { type: 'reviewRead' });
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
    /** Every position has its evaluation: the marks, better moves and accuracy (review-marks.js,
     * loaded now); resolves when they are set. */
    async reviewDone() {
      if (!review()?.running) return;
      const { finished } = await import('./review-marks.js');
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
