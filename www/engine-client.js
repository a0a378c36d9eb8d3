// A promise API over the engine worker. One request runs at a time; cancelling or a crash
// terminates the worker and starts a fresh one, so the page never waits on a dead engine.
const WORKER_URL = new URL('./engine-worker.js', import.meta.url);

/**
 * Creates an engine client.
 * options.onCrash(message) is called when the worker dies unexpectedly (it is respawned).
 */
export function createEngine({ onCrash } = {}) {
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, onInfo}

  function spawn() {
    worker = new Worker(WORKER_URL, { type: 'module' });
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      crashed(`the engine stopped unexpectedly${event.message ? `: ${event.message}` : ''}`);
    };
    worker.onmessageerror = () => crashed('the engine sent a message that could not be read');
  }

  function receive(msg) {
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
    pending.delete(msg.id);
    if (msg.type === 'error') entry.reject(new Error(msg.message));
    else if (msg.type === 'bestmove') entry.resolve({ move: msg.move, ponder: msg.ponder, score: msg.score });
    else entry.resolve(msg.value);
  }

  /** Ends the worker, rejects what was pending with `message`, and starts a fresh worker. */
  function restart(message) {
    worker?.terminate();
    const failed = [...pending.values()];
    pending.clear();
    spawn();
    for (const entry of failed) entry.reject(new Error(message));
  }

  function crashed(message) {
    restart(message);
    onCrash?.(message);
  }

  function request(type, fen, moves, limits, onInfo) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onInfo });
      worker.postMessage({ id, type, fen, moves, limits });
    });
  }

  spawn();

  return {
    /** Searches; resolves to {move, ponder, score}; onInfo receives each progress message. */
    search: (fen, moves = [], limits = {}, onInfo) => request('search', fen, moves, limits, onInfo),
    legalMoves: (fen, moves = []) => request('legalMoves', fen, moves),
    status: (fen, moves = []) => request('status', fen, moves),
    bench: (depth) => request('bench', undefined, [], { depth }),
    /** Cancels whatever runs: the worker is replaced and pending promises are rejected. */
    stop: () => restart('cancelled'),
    /** The worker's wasm memory size in bytes (for the long-session test). */
    memory: () => request('memory'),
    /** Test hook: makes the worker die, as a crash would. */
    crash: () => request('crash'),
    terminate() {
      worker?.terminate();
      for (const entry of pending.values()) entry.reject(new Error('the engine was shut down'));
      pending.clear();
    },
    get busy() {
      return pending.size > 0;
    },
  };
}
