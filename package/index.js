// makruk-board: Makruk (Thai chess) for web pages. Importing it registers <makruk-board>
// (./element.js); for code that draws its own board it exports the rules (`Game`, once
// `init()` has loaded the wasm module) and the engine in a module worker (`createEngine`).
// The wasm modules, the evaluation network and the worker are files of the package, found
// with `new URL(..., import.meta.url)`: bundlers that follow those (Vite, webpack 5) copy them.

import { createEngine as createClient } from './www/engine-client.js';

export { MakrukBoardElement } from './element.js';
export { Game, loadWasm as init } from './www/wasm.js';

/** `{fen, moves, variant}` of a position given as a FEN string or as that object. */
function positionOf(position = {}) {
  const p = typeof position === 'string' ? { fen: position } : position || {};
  return { fen: p.fen || undefined, moves: p.moves ?? [], variant: p.variant };
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
    search(position, limits = {}, onInfo) {
      const p = positionOf(position);
      return client.search(p.fen, p.moves, limits, onInfo, p.variant);
    },
    legalMoves(position) {
      const p = positionOf(position);
      return client.legalMoves(p.fen, p.moves, p.variant);
    },
    status(position) {
      const p = positionOf(position);
      return client.status(p.fen, p.moves, p.variant);
    },
    stop: () => client.stop(),
    terminate: () => client.terminate(),
  };
}
