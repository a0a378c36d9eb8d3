// makruk-board: Makruk (Thai chess) for web pages. Importing it registers <makruk-board>
// (./element.js); for code that draws its own board it exports the rules (`Game`, once
// `init()` has loaded the wasm module) and the engine in a module worker (`createEngine`).
// The wasm modules, the evaluation network and the worker are files of the package, found
// with `new URL(..., import.meta.url)`: bundlers that follow those (Vite, webpack 5) copy them.

import { createEngine as createClient } from './www/engine-client.js';
import { lineRecord } from './www/common/record.js';

import { Game as WasmGame, loadWasm } from './www/wasm.js';

export { MakrukBoardElement } from './element.js';

let loaded = false;
// Node (server-side code, tests) has no fetch for file: URLs: the module's file is read. The
// name is not a literal, so that bundlers for the browser leave the import alone.
const NODE_FS = 'node:fs/promises';
// (Node's global `process`, read from globalThis: the browser has none)
const { process } = /** @type {any} */ (globalThis);
const inNode = !!process?.versions?.node && typeof window === 'undefined';

/** Loads the rules' wasm module (once); `Game` works once it has resolved. In Node it reads the
 * package's own file (the plain build). */
export async function init() {
  let source;
  if (inNode) {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
    source = await readFile(new URL('./www/pkg/makruk_wasm_bg.wasm', import.meta.url));
  }
  const exports = await loadWasm(source);
  loaded = true;
  return exports;
}

function needInit() {
  const why = 'await init() loads the rules\' wasm module; then new Game()';
  if (!loaded) throw new Error(`makruk-board: call init() first (${why})`);
}

/** The rules' Game (www/pkg/, the wasm module's), with a clear error before init(). */
export class Game extends WasmGame {
  /** @param {ConstructorParameters<typeof WasmGame>} args */
  constructor(...args) {
    needInit();
    super(...args);
  }

  /** @param {Parameters<typeof WasmGame.fromRecord>} args */
  static fromRecord(...args) {
    needInit();
    return super.fromRecord(...args);
  }

  /** The moves played, in UCI (the game module gives them with the rest of each move:
   * `played()`). */
  moves() {
    return this.played().map((/** @type {{uci: string}} */ m) => m.uci);
  }

  /** The moves played, in SAN (as `moves()`). */
  history() {
    return this.played().map((/** @type {{san: string}} */ m) => m.san);
  }
}

/** The game record of a position given as a FEN string, as `{fen, moves,
 * variant}`, or as `{record}`; the core reads it, in the worker. */
function positionRecord(position = {}) {
  const p = typeof position === 'string' ? { fen: position } : position || {};
  if (typeof p.record === 'string') return p.record;
  return lineRecord({ variant: p.variant, fen: p.fen || undefined, moves: p.moves ?? [] });
}

/**
 * The engine in a module worker (the page never blocks): `search(position, limits, onInfo)`
 * resolves to {move, ponder, score}; `onInfo` hears its progress. `legalMoves(position)`,
 * `status(position)`; `stop()` cancels (a fresh worker takes over), `terminate()` ends it.
 * options.onCrash(message): the worker died and was replaced.
 */
export function createEngine(options = {}) {
  const client = createClient(options);
  return {
    search: (position, limits = {}, onInfo) => client.search(positionRecord(position), undefined, limits, onInfo),
    legalMoves: (position) => client.legalMoves(positionRecord(position)),
    status: (position) => client.status(positionRecord(position)),
    stop: () => client.stop(),
    terminate: () => client.terminate(),
  };
}
