// The engine driver: a subscriber of the store that reads the state and calls actions back.
// When the position, the players or the analysis switch change, the running search stops
// and the driver decides again: the engine's move, analysis (best lines), or nothing.
// One search runs at a time; the engine client (www/engine-client.js) replaces a crashed
// worker, and the driver then tries the engine's move once more.

import { engineSide, levelOf, recordOf } from './store.js';
import { timeLeft } from './clock.js';
import { MAX_LEVEL } from './levels.js';
import { createLines } from './lines.js';

// The worker's search is one blocking call, stopped only by replacing the worker: analysis
// runs in slices that grow while the position stays (the worker keeps its hash table).
const ANALYSIS_SLICES_MS = [1500, 4000, 10000, 30000];
const HINT_LIMITS = { level: MAX_LEVEL, movetime: 1000 };
const LINES_THROTTLE_MS = 150;

/** What decides the engine's task: when it changes, the running search is stale. */
function taskKey(s) {
  return [s.epoch, s.variant, s.startFen, s.ply, s.moves.slice(0, s.ply).join(' '), s.resigned?.ply, s.mode, s.human,
    s.level, s.blackLevel, s.analysing, s.multipv, s.engine, s.counts.join(',')].join('|');
}

/** The engine's limits for its move: from the game clock as in UCI, else its level (the side
 * to move's) in 1 s. */
function clockLimits(s, now = Date.now()) {
  const level = levelOf(s, s.status.turn);
  if (!s.clock) return { level, movetime: 1000 };
  const c = s.clock;
  return {
    level,
    wtime: timeLeft(c, 'white', now),
    btime: timeLeft(c, 'black', now),
    winc: c.increment,
    binc: c.increment,
  };
}

/** The analysis' lines as the engine reports them, handed to the store at most every
 * LINES_THROTTLE_MS: {show(info), reset() (a new position: no lines yet), cancel() (no lines
 * handed on from the search before)}. */
function linesFeed(store) {
  let collected = createLines();
  let lines = [];
  let timer = 0;
  return {
    show(info) {
      if (!info?.pv?.length) return;
      lines = collected.add(info);
      if (!timer) {
        timer = setTimeout(() => {
          timer = 0;
          store.setLines(lines);
        }, LINES_THROTTLE_MS);
      }
    },
    reset() {
      collected = createLines();
      lines = [];
    },
    cancel() {
      clearTimeout(timer);
      timer = 0;
    },
  };
}

/** The best move for the person to move (shown as the store's hint): the analysis' first, or
 * that of `search()` (a short search: its result, or null). */
async function hintMove(store, search) {
  const s = store.getState();
  if (s.outcome || engineSide(s, s.status.turn)) return null;
  const move = s.lines[0]?.pv?.[0] || (await search())?.move;
  const m = move && store.getState().legal.find((x) => x.uci === move);
  if (!m) return null;
  store.setHint({ from: m.from, to: m.to, san: m.san, facts: m.facts });
  return m;
}

/**
 * Drives the engine for `store`. options:
 *   connect()           -> Promise of an engine client (createEngine); called once, when needed
 *   moveLimits(state)   -> the limits of the engine's move (default: clockLimits)
 *   pauseMs(state)      -> a pause before the engine's move (engine-against-engine games)
 *   paceMs(state)       -> the least time the engine's move takes, its search included (a
 *                          person's pace: www/pages/game/pace.js)
 *   eager               -> connect at once rather than at the engine's first turn
 * Returns {ready (a Promise), hint() -> Promise of the hinted move or null, evaluate() -> the
 * score of the position at the cursor or null, destroy()}.
 * @param {object} store
 * @param {{connect: () => Promise<object>, moveLimits?: (state: object) => object, pauseMs?: (state: object) => number,
 *   paceMs?: (state: object) => number, eager?: boolean}} options
 */
export function createEngineDriver(store, {
  connect,
  moveLimits = clockLimits,
  pauseMs = () => 0,
  paceMs = () => 0,
  eager = true,
}) {
  let client = null;
  let connecting = null;
  let token = 0;
  let running = null; // {promise, stopped}
  let lastKey = null;
  const feed = linesFeed(store);
  const showInfo = (info) => feed.show(info);

  const current = (t) => t === token && client;

  function needsEngine(s) {
    return !s.outcome && (s.analysing || engineSide(s, s.status.turn));
  }

  function start() {
    connecting ??= Promise.resolve()
      .then(() => connect())
      .then((c) => {
        client = c;
        store.setEngine('ready');
      }, (e) => {
        store.setEngine('missing');
        throw e;
      });
    return connecting;
  }

  /** Stops the running search, if any (stopping replaces the worker: once). */
  function cancel() {
    token++;
    feed.cancel();
    if (running && !running.stopped && client) {
      running.stopped = true;
      try { client.stop(); } catch { /* the worker may be gone already */ }
    }
    store.setThinking(false);
  }

  /** One search at a time: waits for the one before. Resolves to its result, or null when stale or failed. */
  async function run(t, limits, onInfo) {
    if (running) await running.promise.catch(() => {});
    if (!current(t)) return null;
    const s = store.getState();
    // the line's record at the cursor, read by the core in the worker: the page's counts
    const promise = client.search(recordOf(s), s.ply, limits, (info) => {
      if (t === token && onInfo) onInfo(info);
    });
    const entry = { promise, stopped: false };
    running = entry;
    try {
      const res = await promise;
      return current(t) ? res : null;
    } catch (e) {
      // 'cancelled' comes from our own stop(); a crash is reported by the client's onCrash
      if (current(t)) console.warn('engine search failed:', e?.message);
      return null;
    } finally {
      if (running === entry) running = null;
    }
  }

  async function engineMove(t) {
    store.setThinking(true);
    const s = store.getState();
    const started = Date.now();
    const pace = paceMs(s);
    const pause = pauseMs(s);
    if (pause) await new Promise((r) => setTimeout(r, pause));
    if (!current(t)) return;
    const onInfo = s.analysing ? showInfo : null;
    // the engine's turn (`reply`): the core's move, or on request a count action first;
    // after a crash the client has a fresh worker: try once more
    const limits = { ...moveLimits(s), reply: 1 };
    const res = (await run(t, limits, onInfo)) || (await run(t, limits, onInfo));
    if (t !== token) return;
    const wait = pace - (Date.now() - started);
    if (res?.move && wait > 0) {
      await new Promise((r) => setTimeout(r, wait));
      if (!current(t)) return;
    }
    store.setThinking(false);
    // on request the core may count first (start a count, or stop its own to mate): the
    // driver then decides again
    if (res?.count) store.count(res.count);
    else if (res?.move) store.play(res.move, 'engine');
  }

  async function analyse(t) {
    const { multipv } = store.getState();
    for (const movetime of ANALYSIS_SLICES_MS) {
      if (!(await run(t, { movetime, multipv }, showInfo))) return;
    }
  }

  function decide(s) {
    feed.reset();
    if (!client || s.outcome) return;
    if (s.ply === s.moves.length && engineSide(s, s.status.turn)) engineMove(token);
    else if (s.analysing) analyse(token);
  }

  const unsubscribe = store.subscribe((s) => {
    const key = taskKey(s);
    if (key === lastKey) return;
    lastKey = key;
    cancel();
    if (!client && !connecting && needsEngine(s)) start().catch(() => {});
    decide(s);
  });

  /** A short search of the position at the cursor (the hint's, a draw offer's), what ran
   * before resumed after it: its result, or null. */
  async function shortSearch() {
    cancel();
    const t = token;
    const res = await run(t, HINT_LIMITS, null);
    if (current(t)) decide(store.getState());
    return res;
  }

  const ready = eager ? start() : Promise.resolve();
  return {
    ready,
    hint: () => hintMove(store, async () => client && shortSearch()),
    // the engine's score of the position at the cursor, for the side to move: what a draw
    // offer is judged by (draw-offer.js)
    evaluate: async () => (client && !store.getState().outcome ? (await shortSearch())?.score : null),
    destroy() {
      unsubscribe();
      cancel();
      client?.terminate?.();
    },
  };
}
