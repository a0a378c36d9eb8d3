// A promise API over the engine worker. One request runs at a time; cancelling or a crash
// terminates the worker and starts a fresh one, so the page never waits on a dead engine.

import { createRequests } from './worker-rpc.js';

// Watchdog: a request still unanswered this long after its own time limit means a hung or
// silently killed worker, handled as a crash. Requests run one after another in the worker,
// so only the oldest pending one is timed, from when the one before it was answered.
const GRACE_MS = 10_000;
const UNTIMED_SEARCH_MS = 120_000; // a search limited by depth or nodes only
const LOAD_MS = 30_000; // extra time before a fresh worker's first message (wasm download)

/**
 * Creates an engine client.
 * options.onCrash(message) is called when the worker dies unexpectedly (it is respawned).
 * @param {{onCrash?: (message: string) => void}} [options]
 */
export function createEngine({ onCrash } = {}) {
  let worker = null;
  const pending = createRequests(); // {resolve, reject, onInfo, sent, budget} each
  let watchdog = null;
  let lastAnswer = 0;
  let heard = false; // whether the current worker has sent anything yet

  function budget(type, limits) {
    if (type === 'bench') return Infinity;
    if (type !== 'search') return GRACE_MS;
    const movetime = Number(limits?.movetime);
    return Number.isFinite(movetime) && movetime > 0 ? movetime + GRACE_MS : UNTIMED_SEARCH_MS;
  }

  /** Times the oldest pending request (the one the worker is on). */
  function arm() {
    clearTimeout(watchdog);
    const oldest = pending.oldest();
    if (!oldest || !Number.isFinite(oldest.budget)) return;
    const due = Math.max(oldest.sent, lastAnswer) + oldest.budget + (heard ? 0 : LOAD_MS);
    watchdog = setTimeout(() => crashed('the engine stopped answering'), Math.max(0, due - performance.now()));
  }

  function spawn() {
    heard = false;
    // written out in the call, so that bundlers (Vite, webpack) find the worker and build it
    worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      crashed(`the engine stopped unexpectedly${event.message ? `: ${event.message}` : ''}`);
    };
    worker.onmessageerror = () => crashed('the engine sent a message that could not be read');
  }

  function receive(msg) {
    if (!heard) {
      heard = true;
      arm();
    }
    const entry = pending.get(msg?.id);
    if (!entry) return;
    if (msg.type === 'info') {
      entry.onInfo?.(msg);
      return;
    }
    if (msg.type === 'error' && msg.fatal) {
      crashed(`the engine failed: ${msg.message}`);
      return;
    }
    pending.take(msg.id);
    lastAnswer = performance.now();
    arm();
    if (msg.type === 'error') entry.reject(new Error(msg.message));
    else if (msg.type === 'bestmove') {
      entry.resolve({ move: msg.move, ponder: msg.ponder, score: msg.score, count: msg.count });
    }
    else entry.resolve(msg.value);
  }

  /** Ends the worker, rejects what was pending with `message`, and starts a fresh worker. */
  function restart(message) {
    clearTimeout(watchdog);
    worker?.terminate();
    pending.rejectAll(message);
    spawn();
  }

  function crashed(message) {
    restart(message);
    onCrash?.(message);
  }

  function request(type, record, ply, limits, onInfo) {
    return new Promise((resolve, reject) => {
      const id = pending.add({ resolve, reject, onInfo, sent: performance.now(), budget: budget(type, limits) });
      worker.postMessage({ id, type, record, ply, limits });
      if (pending.size === 1) arm();
    });
  }

  spawn();

  return {
    /** Searches the position after `ply` moves (all when undefined) of a game given as its
     * record (the core's text: `game.record()`, or `lineRecord` of www/common/record.js); resolves to
     * {move, ponder, score}, or with limits `reply: 1` (the engine's turn, as the core decides
     * it) maybe {count: "start" | "stop"} (no move), a count action to make first; onInfo receives each
     * progress message. */
    search: (record, ply, limits = {}, onInfo) => request('search', record, ply, limits, onInfo),
    legalMoves: (record, ply) => request('legalMoves', record, ply),
    status: (record, ply) => request('status', record, ply),
    bench: (depth) => request('bench', undefined, undefined, { depth }),
    /** Cancels whatever runs: the worker is replaced and pending promises are rejected. */
    stop: () => restart('cancelled'),
    /** The worker's wasm memory size in bytes (for the long-session test). */
    memory: () => request('memory'),
    /** Test hook: makes the worker die, as a crash would. */
    crash: () => request('crash'),
    terminate() {
      clearTimeout(watchdog);
      worker?.terminate();
      pending.rejectAll('the engine was shut down');
    },
    get busy() {
      return pending.size > 0;
    },
  };
}
