// The store's unit tests in Node share this: the real wasm rules modules (the game's and the
// full one, with PGN) through their wasm-bindgen glue, and a store that logs what its
// subscribers saw. No browser, no DOM, no engine, no storage.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wasm from '../www/pkg/makruk_wasm.js';
import * as full from '../www/pkg/makruk_wasm_full.js';
import { createStore } from '../www/common/game/store.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_bg.wasm')) });
// the full module (www/wasm-full.js): PGN
full.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_full_bg.wasm')) });
export const { Game } = wasm;
export { full, wasm };

export const MATE_IN_ONE = 'k7/8/1K6/8/8/8/8/7R w - - 0 1'; // Rh8#

/** A store and the actions its subscribers saw. */
export function storeWithLog() {
  const store = createStore(Game);
  const log = [];
  store.subscribe((s, action, prev) => log.push({ s, action, prev }));
  return { store, log };
}
