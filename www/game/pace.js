// A person's pace for the engine's replies at levels 1-6: the reply comes after a human-like
// time (about 0.5 s to 3 s), longer in a complicated position (more legal moves, a check or a
// capture about), never at once; the "fast replies" setting turns it off. The engine driver
// waits on a timer (the page never blocks), the clock running as for a person.

import { timeLeft } from './clock.js';

/** The highest level that replies at a person's pace. */
export const PACED_LEVELS = 6;
const MIN_MS = 500;
const MAX_MS = 3000;
// on the clock, a reply never takes more than this share of the engine's time left
const CLOCK_SHARE = 30;

/** Whether the position has tension: the side to move in check, a capture possible, or the last move took. */
function tense(s) {
  const last = s.sans[s.ply - 1] || '';
  return !!s.status.check || last.includes('x') || s.legal.some((m) => m.san.includes('x'));
}

/**
 * The time (milliseconds) the engine's reply should take in state `s`, the search included:
 * 0 when not paced (another mode, a level above 6, fast replies). `random` gives 0..1.
 */
export function replyPaceMs(s, random = Math.random, now = Date.now()) {
  if (s.mode !== 'engine' || s.level > PACED_LEVELS || s.settings.fastReplies) return 0;
  const moves = Math.min(s.legal.length, 40);
  let ms = (400 + 30 * moves + (tense(s) ? 700 : 0)) * (0.75 + 0.5 * random());
  if (s.clock) ms = Math.min(ms, timeLeft(s.clock, s.status.turn, now) / CLOCK_SHARE);
  return Math.round(Math.min(MAX_MS, Math.max(s.clock ? 0 : MIN_MS, ms)));
}
