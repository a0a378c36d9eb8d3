// The engine's module worker: loads the wasm module and answers the page's requests.
// Protocol (README, "Engine worker protocol"):
//   request  {id, type: "search" | "legalMoves" | "status" | "bench", record, ply, limits}
//   progress {id, type: "info", depth, seldepth, multipv, score, nodes, nps, pv}
//   answer   {id, type: "bestmove", move, ponder, score} | {id, type: "bestmove", count} (limits
//            `reply: 1`: the engine's turn, a count action before its move) | {id, type: "result", value}
//            | {id, type: "error", message} (`fatal` after a panic: the client respawns the worker)
// Three more requests are the tests' (tests/robust.browser.test.mjs, engine.browser.test.mjs):
// "memory" (the wasm memory's size, for the long-session test), "panic" (a deliberate Rust
// panic) and "crash" (an uncaught error). They ship in the worker, a few dozen bytes, and do
// nothing a page could misuse: a page that sends them only restarts its own engine.
import { loadWasm, Game, Engine, panicForTest } from './wasm.js';
import { answerer } from './worker-rpc.js';
import { unpackNetwork } from './network.js';

// loadWasm() resolves to the module's exports; `memory` is reported for the long-session test.
// The evaluation network is a file of its own beside the module, fetched at the same time, in
// the site's packed form (www/network.js); without it the engine plays with the hand-written
// evaluation alone (and says so).
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
    engine.setNetwork(unpackNetwork(bytes));
  } catch (error) {
    console.warn(`engine: no evaluation network (${error.message}); hand-written evaluation only`);
  }
});

const handlers = {
  search(msg, id) {
    const limits = msg.limits ?? {};
    const result = withGame(msg, (game) => engine.search(game, limits, (info) => post({ id, type: 'info', ...info })));
    return { type: 'bestmove', ...result };
  },
  legalMoves(msg) {
    return { type: 'result', value: withGame(msg, (game) => game.legalMoves()) };
  },
  status(msg) {
    return { type: 'result', value: withGame(msg, (game) => game.status()) };
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

/** The game of a request: its record (the core's text, `game.record()`) at `ply` moves (all
 * when left out; no record: Makruk's start position). The core reads it, count actions and
 * counting mode included: the search sees the page's game, not one rebuilt from a FEN and
 * moves. A record the core refuses in part is an error: the engine never answers for another
 * game than the page's. */
function gameOf(msg) {
  if (msg.record === undefined) return new Game(); // Makruk's start position
  const { game, dropped } = Game.fromRecord(msg.record, msg.ply ?? undefined);
  if (dropped) {
    game.free();
    throw new Error(dropped.message); // the core's, which names the ply
  }
  return game;
}

/** `fn(game)` with the game of a request, which is freed afterwards. */
function withGame(msg, fn) {
  const game = gameOf(msg);
  try {
    return fn(game);
  } finally {
    game.free();
  }
}

function post(message) {
  self.postMessage(message);
}

const answer = answerer(handlers, ready);

self.onmessage = (event) => {
  // Fault injection for the tests: an uncaught error, as a crash of the worker gives.
  if (event.data?.type === 'crash') throw new Error('injected fault');
  return answer(event.data);
};
