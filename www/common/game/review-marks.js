// A game review's marks (the store's review slice is review.js): the drops, marks and accuracy
// of a reviewed line, and the marks read back from PGN notes. Loaded by the slice with the
// first review that ends or the first game read with notes: a first game needs none of it
// (docs/size.md).

import { MARKS, markOfNag } from './marks.js';

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

/** The game of a record after its first `ply` moves (all when undefined), read by the core. */
const gameAt = (Game, record, ply) => Game.fromRecord(record, ply).game;

/** A mark: its NAG and the better move's line (sansFrom). */
const mark = (nag, better) => ({ nag, better: better.san[0] || null, line: better.san, facts: better.facts,
  uci: better.uci, from: better.from, to: better.to });

/** A line of moves (UCI or SAN) from `g`'s position, g left as it was: {san, uci (its
 * squares, "e3e4"), from, to (the first move's squares, or null)}. */
function sansFrom(g, pv = []) {
  const san = [];
  const uci = [];
  const facts = [];
  try {
    for (const move of pv.slice(0, 8)) {
      const res = g.play(move);
      uci.push(res.from + res.to);
      san.push(res.san);
      facts.push(res.facts);
    }
  } catch {
    // what fits
  }
  for (let k = 0; k < san.length; k++) g.undo();
  return { san, uci, facts, from: uci[0]?.slice(0, 2) || null, to: uci[0]?.slice(2) || null };
}

/** The marks read back from PGN notes ([nag, comment] a move) against the game of `record`
 * (the core's text; each position is read from it): a finished review's arguments
 * ([startFen, moves, variant, record, marks], review.js), or null when none is marked. */
export function reviewOfNotes(Game, record, notes) {
  const end = gameAt(Game, record);
  const [moves, startFen, variant] = [end.played().map((m) => m.uci), end.startFen(), end.variant()];
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
  return marks.some(Boolean) ? [startFen, moves, variant, record, marks] : null;
}

/** The marks, better moves and accuracy of a review whose every position has its chance. */
export function finished(Game, r) {
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

