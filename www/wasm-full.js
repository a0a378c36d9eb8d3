// The full wasm module, for what only the trainer and PGN need: the same rules and engine as
// www/wasm.js's module, plus `Game.pgn`, `readPgn`, the trainer's `Trainer` and
// `tablebaseStats` (the makruk-wasm feature "extras"). One plain build (no SIMD: the tables and
// PGN gain nothing from it); the game page loads it only when PGN is written or read, so that
// its first visit stays small (docs/size.md).
import init from './pkg/makruk_wasm_full.js';

export * from './pkg/makruk_wasm_full.js';

let loading = null;

/** Instantiates the module and resolves to its exports: one load, whoever asks and however
 * often (a load that failed is tried again by the next call). */
export function loadWasm() {
  loading ??= init({ module_or_path: new URL('./pkg/makruk_wasm_full_bg.wasm', import.meta.url) }).catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
