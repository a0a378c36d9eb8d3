// A game with a friend by link ("correspondence"), the store's slice: `corr` is {id, base
// (the moves the friend has seen), offer (a draw offered with the move that makes the line
// `offer` moves long, by the side that played it; or null), told (the friend has the game's
// end: it came by link, or the link with it was sent)} or null. Each player makes one move,
// sends the link, and waits for the friend's; a draw is offered with a move and accepted or
// declined by the friend (docs/architecture.md, "A draw offered and a resignation by link").
// Pure, no DOM; correspondence-view.js is its page side (the panel, its buttons, the games
// kept in this browser, the links).

import { cutFields } from './tree.js';

/** A game's id in the links between two friends. */
export const CORR_ID = /^[A-Za-z0-9-]{1,24}$/;

export const CORR_KEY = 'makruk.correspondence'; // the games with friends by link, in storage

/** A new game's id for the links between two friends. */
export function newCorrId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
}

/** A game by link of untrusted origin (storage, links), checked against a line of `length` moves. */
export function checkedCorr(c, length) {
  const id = c && typeof c.id === 'string' && CORR_ID.test(c.id) ? c.id : null;
  if (!id) return null;
  const base = Number.isInteger(c.base) ? Math.max(0, Math.min(c.base, length)) : length;
  const offer = Number.isInteger(c.offer) && c.offer >= 1 && c.offer <= length ? c.offer : null;
  return { id, base, offer, told: !!c.told };
}

/** Whether the person may move in a game by link: at the position the friend sent, their side to move. */
export const corrMayMove = (s) => s.status.turn === s.human && !!s.corr && s.ply === s.corr.base;

/** Whether going back to `ply` is allowed: only the move not yet sent may be taken back. */
export const corrMayGoBack = (s, ply) => !(s.mode === 'correspondence' && s.corr && ply < s.corr.base);

/** Whether the person may offer a draw: with their move, not sent yet, at the end of the line. */
export const corrMayOffer = (s) => s.mode === 'correspondence' && !!s.corr && !s.outcome && !s.ended
  && s.ply === s.moves.length && s.ply > s.corr.base && s.status.turn !== s.human && s.corr.offer !== s.ply;

/** The game by link of a new state `s`: the person's offer not sent yet is gone with the
 * cursor back before its move (that move taken back, or another played there). */
export const corrFollows = (s) =>
  (s.corr && s.corr.offer > s.corr.base && s.ply < s.corr.offer ? { ...s.corr, offer: null } : s.corr);

/** The correspondence actions of a store (see store.js for `ctx`). */
export function correspondenceActions(ctx) {
  return {
    /** The link was sent: the friend has seen the moves up to the cursor (a finished game's
     * whole line, and its end). */
    sent() {
      const s = ctx.state();
      if (s.mode !== 'correspondence' || !s.corr) return;
      if (s.ended) return ctx.set({ corr: { ...s.corr, base: s.moves.length, told: true } }, { type: 'sent' });
      ctx.set({ corr: { ...s.corr, base: s.ply }, ...cutFields(s) }, { type: 'sent' });
    },
    /** A draw offered with the line's move `offer` (the person's not sent yet, when corrMayOffer:
     * the link then carries it), or (null) the friend's declined (correspondence-view.js). */
    setOffer(offer) {
      const s = ctx.state();
      if (s.corr) ctx.set({ corr: { ...s.corr, offer } }, { type: 'offer' });
    },
  };
}
