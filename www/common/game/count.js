// Counting on request, the store's count slice: the count actions of the line, made by a side
// and kept as the rules module's record (`counts`, which links and saved games keep: the core
// writes it, `Game.countRecord()`, and reads it in the line's record, www/common/record.js). Pure, no DOM; the
// rules module's `Game` says whether an action is allowed. Its view is count-view.js.

import { cutFields } from './tree.js';

/** The count rules a game may have: counts start by themselves, or when a side asks. */
export const COUNTINGS = ['auto', 'request'];

/** The slice's state: `counting` (one of COUNTINGS), `counts` (the record of the whole line). */
export const countInitial = { counting: 'auto', counts: [] };

/**
 * The count actions of a store (see store.js for `ctx`). `count(kind)`: the side to move
 * starts a count ("start") or the counting side stops its own ("stop"), at the cursor; the
 * line ahead of it is dropped. Returns {} or {error} (nothing changes).
 */
export function countActions(ctx) {
  function count(kind) {
    const s = ctx.state();
    if (s.outcome || s.ended) return { error: 'the game is over: no count may start or stop' };
    try {
      if (kind === 'start') ctx.game.startCount();
      else if (kind === 'stop') ctx.game.stopCount();
      else return { error: `unknown count action "${String(kind).slice(0, 20)}" (start or stop)` };
    } catch (e) {
      return { error: ctx.errorText(e) };
    }
    const patch = { ...ctx.fresh, counts: ctx.game.countRecord(), ...cutFields(s) };
    ctx.set({ ...patch, ...ctx.position() }, { type: 'count', kind });
    return {};
  }
  return { count };
}
