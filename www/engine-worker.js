// The engine's module worker: loads the wasm module and answers the page's requests.
// Protocol (README, "Engine worker protocol"):
//   request  {id, type: "search" | "legalMoves" | "status" | "bench", fen, moves, limits, variant}
//   progress {id, type: "info", depth, seldepth, multipv, score, nodes, nps, pv}
//   answer   {id, type: "bestmove", move, ponder, score} | {id, type: "result", value}
//            | {id, type: "error", message}
import { loadWasm, Game, Engine, panicForTest } from './wasm.js';

// loadWasm() resolves to the module's exports; `memory` is reported for the long-session test.
// The evaluation network is a file of its own beside the module, fetched at the same time;
// without it the engine plays with the hand-written evaluation alone (and says so).
let wasm = null;
let engine = null;
const network = fetch(new URL('./pkg/eval.nnue', import.meta.url)).then((response) => {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
});
const ready = Promise.all([loadWasm(), network.catch((error) => error)]).then(([exports, bytes]) => {
  wasm = exports;
  engine = new Engine();
  try {
    if (bytes instanceof Error) throw bytes;
    engine.setNetwork(new Uint8Array(bytes));
  } catch (error) {
    console.warn(`engine: no evaluation network (${error.message}); hand-written evaluation only`);
  }
});

const handlers = {
  search(msg, id) {
    const game = gameOf(msg);
    const limits = msg.limits ?? {};
    const result = engine.search(game, limits, (info) => post({ id, type: 'info', ...info }));
    return { type: 'bestmove', ...result };
  },
  legalMoves(msg) {
    return { type: 'result', value: gameOf(msg).legalMoves() };
  },
  status(msg) {
    return { type: 'result', value: gameOf(msg).status() };
  },
  bench(msg) {
    return { type: 'result', value: engine.bench(msg.limits?.depth) };
  },
  // The size of the wasm memory in bytes (it only grows; a leak shows here).
  memory() {
    return { type: 'result', value: wasm.memory.buffer.byteLength };
  },
  // Fault injection for the tests: a Rust panic, which the module's hook logs and throws.
  panic(msg) {
    panicForTest(String(msg.message ?? 'deliberate panic'));
  },
};

function gameOf(msg) {
  // variant: "makruk" (also when left out) or "cambodian"; the FEN is read in it
  const game = new Game(msg.fen ?? undefined, msg.variant ?? undefined);
  const moves = msg.moves ?? [];
  if (!Array.isArray(moves)) throw new Error('moves must be an array of UCI or SAN strings');
  for (const move of moves) game.play(move);
  return game;
}

function post(message) {
  self.postMessage(message);
}

self.onmessage = (event) => {
  // Fault injection for the tests: an uncaught error, as a crash of the worker gives.
  if (event.data?.type === 'crash') throw new Error('injected fault');
  return answer(event.data);
};

async function answer(msg) {
  const id = msg && typeof msg === 'object' ? msg.id : undefined;
  try {
    await ready;
    if (!msg || typeof msg !== 'object') throw new Error('a request must be an object');
    const handler = Object.hasOwn(handlers, msg.type) ? handlers[msg.type] : null;
    if (!handler) throw new Error(`unknown request type ${JSON.stringify(String(msg.type))}`);
    const reply = handler(msg, id);
    if (reply) post({ id, ...reply });
  } catch (error) {
    // A trap or a Rust panic (thrown by the module's panic hook as a RuntimeError with the
    // panic's message) leaves the wasm instance unusable: the client must respawn us.
    const fatal = error instanceof WebAssembly.RuntimeError;
    post({ id, type: 'error', message: String(error?.message ?? error), fatal });
  }
}
