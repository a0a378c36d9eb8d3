// A person's pace for the engine's replies at levels 1-6 (0 when not paced): about 0.5-3 s,
// longer with more legal moves, a check or a capture about; "fast replies" turns it off.
import { timeLeft } from '../../common/game/clock.js';
import { PACED_LEVELS } from '../../common/game/levels.js';
import { CAPTURE } from '../../common/move-facts.js';

export function replyPaceMs(s, random = Math.random, now = Date.now()) {
  if (s.mode !== 'engine' || s.level > PACED_LEVELS || s.settings.fastReplies) return 0;
  const tense = s.status.check || s.facts[s.ply - 1] & CAPTURE || s.legal.some((m) => m.facts & CAPTURE);
  let ms = (400 + 30 * Math.min(s.legal.length, 40) + (tense ? 700 : 0)) * (0.75 + 0.5 * random());
  // on the clock, at most a thirtieth of the time left
  if (s.clock) ms = Math.min(ms, timeLeft(s.clock, s.status.turn, now) / 30);
  return Math.round(Math.min(3000, Math.max(s.clock ? 0 : 500, ms)));
}
