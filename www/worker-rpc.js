// Requests to a module worker and their answers, the same for every page's workers (the
// engine's, the trainer's tables): a request is {id, type, ...}; the worker answers
// {id, type, ...} ({id, type: "error", message, fatal} when it fails), and may send more
// messages with the same id before its answer (the engine's progress).

/** The page's side: the requests waiting for their answer, oldest first. */
export function createRequests() {
  const pending = new Map();
  let next = 0;
  return {
    /** Keeps `entry` ({resolve, reject, ...}) until its answer; returns its id. */
    add(entry) {
      pending.set(++next, entry);
      return next;
    },
    get: (id) => pending.get(id),
    /** The entry of `id`, no longer waiting. */
    take(id) {
      const entry = pending.get(id);
      pending.delete(id);
      return entry;
    },
    oldest: () => pending.values().next().value,
    /** Rejects every waiting request with `message`. */
    rejectAll(message) {
      const all = [...pending.values()];
      pending.clear();
      for (const entry of all) entry.reject(new Error(message));
    },
    get size() {
      return pending.size;
    },
  };
}

/**
 * The worker's side: a function that answers one request with `handlers[type](msg, id)` once
 * `ready` has resolved, posting {id, ...its answer} (nothing when it returns nothing), or
 * {id, type: "error", message, fatal} (fatal: a trap of the wasm module, or a Rust panic,
 * which the module's panic hook throws as a RuntimeError with the panic's message: either
 * leaves the module unusable, and the page must start a fresh worker).
 */
export function answerer(handlers, ready) {
  return async (msg) => {
    const id = msg && typeof msg === 'object' ? msg.id : undefined;
    try {
      await ready;
      if (!msg || typeof msg !== 'object') throw new Error('a request must be an object');
      const handler = Object.hasOwn(handlers, msg.type) ? handlers[msg.type] : null;
      if (!handler) throw new Error(`unknown request type ${JSON.stringify(String(msg.type))}`);
      const reply = handler(msg, id);
      if (reply) self.postMessage({ id, ...reply });
    } catch (error) {
      const fatal = error instanceof WebAssembly.RuntimeError;
      self.postMessage({ id, type: 'error', message: String(error?.message ?? error), fatal });
    }
  };
}
