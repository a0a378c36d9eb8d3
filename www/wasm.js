// The wasm module, for the page and the engine worker: the build with wasm SIMD where the
// browser has it (the engine searches about a quarter faster: the network's sums are vectors),
// the plain build elsewhere. Both builds have the same exports and share this glue.
import init from './pkg/makruk_wasm.js';

export * from './pkg/makruk_wasm.js';

// (module (func (result v128) (v128.const i64x2 0 0)))
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  ...new Array(16).fill(0), 11,
]);

const SIMD = WebAssembly.validate(SIMD_PROBE);

let loading = null;

/** Instantiates the module (once: two boards of a page share one load; after a failure, again)
 * and resolves to its exports. `source`: the module's bytes or URL, instead of the file beside
 * this one (the npm package in Node, which cannot fetch a file: URL, reads the file itself). */
export function loadWasm(source) {
  // each file's name written out, so that bundlers (Vite, webpack) find both and copy them
  const url = SIMD ? new URL('./pkg/makruk_wasm_simd_bg.wasm', import.meta.url)
    : new URL('./pkg/makruk_wasm_bg.wasm', import.meta.url);
  // (the glue's own guard sees only a finished load: two at once would make two instances)
  loading ??= init({ module_or_path: source ?? url }).catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
