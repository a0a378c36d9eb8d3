// Game clocks, pure: a time control read from text, the time left, the display, how a
// change of the game moves the clocks on (a fallen flag is told to the rules module by the
// store), and the store's clock slice (`clock`: null when
// the game has none) with its actions. Times are milliseconds of wall time (Date.now()), so
// that a clock saved with its start keeps running while the page is closed. Its view is
// clock-view.js.

/** The presets of the new-game dialog: minutes + seconds added per move; 60+20, 15+10 and 5+3
 * are the tournament time controls (the 2025 SEA Games' Makruk). */
export const PRESETS = ['1+0', '3+2', '5+0', '5+3', '10+0', '15+10', '30+0', '60+20'];
const MAX_MINUTES = 600;
const MAX_INCREMENT_S = 180;

/**
 * Reads `<minutes>+<increment seconds>` ("5+3", "0.5+0"; a space for the `+` too, as a link's
 * `clock=5+3` reads through URLSearchParams): {initial, increment} in ms, or {error} naming
 * what is wrong.
 */
export function parseTimeControl(text) {
  const m = /^\s*(\d{1,3}(?:\.\d{1,2})?)(?:\s*\+\s*|\s+)(\d{1,3})\s*$/.exec(String(text ?? '').slice(0, 20));
  if (!m) return { error: 'a time control is written <minutes>+<seconds per move>, e.g. 5+3' };
  const minutes = Number(m[1]);
  const inc = Number(m[2]);
  if (!(minutes > 0) || minutes > MAX_MINUTES) return { error: `the minutes must be more than 0 and at most ${MAX_MINUTES}` };
  if (inc > MAX_INCREMENT_S) return { error: `the seconds per move must be at most ${MAX_INCREMENT_S}` };
  return { initial: Math.round(minutes * 60000), increment: inc * 1000 };
}

/** The text of a time control: "5+3". */
export function timeControlText(c) {
  return `${Math.round((c.initial / 60000) * 100) / 100}+${Math.round(c.increment / 1000)}`;
}

/** A clock for a new game: both sides have the initial time, nothing runs yet. */
export function newClock({ initial, increment }) {
  return { initial, increment, white: initial, black: initial, running: null, since: 0, paused: false, flagged: null };
}

/** A clock read back from storage, or null when it is not one. */
function checkedClock(c) {
  if (!c || typeof c !== 'object') return null;
  const ok = (v) => Number.isFinite(v) && v >= 0 && v <= MAX_MINUTES * 60000 * 2;
  if (![c.initial, c.increment, c.white, c.black].every(ok) || !(c.initial > 0) || !Number.isFinite(c.since)) return null;
  const color = (v) => (v === 'white' || v === 'black' ? v : null);
  const flagged = c.flagged && color(c.flagged.color) && Number.isInteger(c.flagged.ply) ? { color: c.flagged.color, ply: c.flagged.ply } : null;
  return { initial: c.initial, increment: c.increment, white: c.white, black: c.black, running: color(c.running), since: c.since, paused: !!c.paused, flagged };
}

/** Time left of `color` at `now`. */
export function timeLeft(clock, color, now) {
  const run = clock.running === color ? Math.max(0, now - clock.since) : 0;
  return Math.max(0, clock[color] - run);
}

/** `m:ss`, `h:mm:ss` from an hour, tenths under 10 s (`0:09.3`). */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) {
    const tenths = Math.floor(t / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(t / 1000); // a clock shows a second as long as any of it is left
  const ss = String(s % 60).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${ss}`;
  return `${Math.floor(s / 60)}:${ss}`;
}

/** Below this time left a clock is low: 10 s, or a tenth of the initial time up to 30 s. */
export function lowTime(clock) {
  return Math.max(10000, Math.min(30000, clock.initial / 10));
}

/** Whether `ms` left is low. */
export function isLow(clock, ms) {
  return ms < lowTime(clock);
}

/**
 * The clock after a change of the game from `prev` to `next` (states of the store) at `now`:
 * the time of the side that ran is taken off, a move played at the end of the line adds the
 * increment to its player, a side at zero has lost on time (`flagged`), and the side to
 * move runs when the cursor is at the end of a game that goes on and is not paused.
 */
export function advance(prev, next, action, now) {
  let c = next.clock;
  if (!c) return null;
  c = { ...c };
  if (prev.clock === next.clock && c.running) {
    c[c.running] = timeLeft(prev.clock, c.running, now);
    if (action.type === 'play' && prev.ply === prev.moves.length) c[c.running] += c.increment;
  }
  // the flag falls where the clock ran: at the end of the line (what it means is the rules
  // module's verdict: a loss, or a draw when the other side could not mate)
  if (c.running && c[c.running] <= 0 && !c.flagged) c.flagged = { color: c.running, ply: prev.clock === next.clock ? prev.ply : next.moves.length };
  const live = !next.outcome && next.ply === next.moves.length && !(c.flagged && c.flagged.ply === next.ply);
  c.running = live && !c.paused ? next.status.turn : null;
  c.since = now;
  return c;
}

/** A clock given to a loaded game: a new one, or one read back from storage with its time run on. */
export function startClock(clock, now) {
  const c = checkedClock(clock);
  if (c && c.running) c[c.running] = timeLeft(c, c.running, now);
  return c;
}

/** The clock actions of a store (see store.js for `ctx`). */
export function clockActions(ctx) {
  return {
    /** Looks at the running clock: a side out of time loses (or draws) now. */
    tick() {
      const c = ctx.state().clock;
      if (c && c.running && timeLeft(c, c.running, ctx.now()) <= 0) ctx.set({}, { type: 'tick' });
    },
    /** Stops or restarts both clocks (two people on one device). */
    pauseClock(paused) {
      const c = ctx.state().clock;
      if (c) ctx.set({ clock: { ...c, paused: !!paused } }, { type: 'pause' });
    },
  };
}
