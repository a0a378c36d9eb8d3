// A game with a friend by link ("correspondence"), the store's slice: `corr` is {id, base
// (the moves the friend has seen)} or null. Each player makes one move, sends the link, and
// waits for the friend's. Pure, no DOM; correspondence-view.js is its page side (the panel,
// its buttons, the games kept in this browser, the links).

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
  return { id, base };
}

/** Whether the person may move in a game by link: at the position the friend sent, their side to move. */
export const corrMayMove = (s) => s.status.turn === s.human && !!s.corr && s.ply === s.corr.base;

/** Whether going back to `ply` is allowed: only the move not yet sent may be taken back. */
export const corrMayGoBack = (s, ply) => !(s.mode === 'correspondence' && s.corr && ply < s.corr.base);

/** The correspondence actions of a store (see store.js for `ctx`). */
export function correspondenceActions(ctx) {
  return {
    /** The link was sent: the friend has seen the moves up to the cursor. */
    sent() {
      const s = ctx.state();
      if (s.mode !== 'correspondence' || !s.corr) return;
      ctx.set({ corr: { ...s.corr, base: s.ply }, ...cutFields(s) }, { type: 'sent' });
    },
  };
}
