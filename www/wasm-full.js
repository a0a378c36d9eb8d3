// The full wasm module (the makruk-wasm feature "extras"): the same rules and engine as
// www/wasm.js's module, plus what a first visit does without: PGN (`Game.pgn`, `readPgn`), the
// game record's writer (`game.record()`), why a move is refused (`Game.whyIllegal`), Thai
// notation (`thaiLine`), the errors' codes (`errorKinds`, an Error's `code`), the engine's answer
// to a draw offer (`acceptsDraw`), the rule sets and levels (`Game.rules()`: the New game
// dialog), `perft`, and the trainer's `Trainer` and `tablebaseStats`. One plain build (no SIMD:
// none of these gains from it); the pages load it when one of these is first needed, so that
// the game page's first visit stays small (docs/size.md).
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
