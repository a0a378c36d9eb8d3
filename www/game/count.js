// Counting on request, the store's count slice: the count actions of the line ("<ply>s"
// starts a count at a ply, "<ply>x" stops one), read back from a record and made by a side.
// Pure, no DOM; the rules module's `Game` says whether an action is allowed. Its view is
// count-view.js.

/** The count rules a game may have: counts start by themselves, or when a side asks. */
export const COUNTINGS = ['auto', 'request'];

/** The slice's state: `counting` (one of COUNTINGS), `counts` (the record of the whole line). */
export const countInitial = { counting: 'auto', counts: [] };

/** The count actions of a record made at `ply`. */
export const countsAt = (counts, ply) => counts.filter((a) => parseInt(a, 10) === ply);

/** The count actions of a record made at or before `ply`. */
export const countsUpTo = (counts, ply) => counts.filter((a) => parseInt(a, 10) <= ply);

/** A record of untrusted origin (storage, links) with only well-formed actions. */
export const checkedCounts = (counts) => (Array.isArray(counts) ? counts : []).map(String).filter((a) => /^\d{1,4}[sx]$/.test(a));

/** Makes one count action in the wasm game (throws its error when refused). */
export const act = (g, a) => (a.endsWith('s') ? g.startCount() : g.stopCount());

/** The name of a count action in a refusal ("count start", "count stop"). */
export const actName = (a) => (a.endsWith('s') ? 'count start' : 'count stop');

/** Makes the count actions of `counts` at `ply` in the wasm game. */
export const applyCounts = (g, counts, ply) => countsAt(counts, ply).forEach((a) => act(g, a));

/**
 * The count actions of a store (see store.js for `ctx`). `count(kind)`: the side to move
 * starts a count ("start") or the counting side stops its own ("stop"), at the cursor; the
 * line ahead of it is dropped. Returns {} or {error} (nothing changes).
 */
export function countActions(ctx) {
  function count(kind) {
    const s = ctx.state();
    if (s.outcome) return { error: 'the game is over: no count may start or stop' };
    try {
      if (kind === 'start') ctx.game.startCount();
      else if (kind === 'stop') ctx.game.stopCount();
      else return { error: `unknown count action "${String(kind).slice(0, 20)}" (start or stop)` };
    } catch (e) {
      return { error: ctx.errorText(e) };
    }
    const counts = [...countsUpTo(s.counts, s.ply), `${s.ply}${kind === 'start' ? 's' : 'x'}`];
    const patch = { ...ctx.fresh, counts, moves: s.moves.slice(0, s.ply), sans: s.sans.slice(0, s.ply) };
    ctx.set({ ...patch, ...ctx.position() }, { type: 'count', kind });
    return {};
  }
  return { count };
}
