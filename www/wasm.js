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

const wasmFile = WebAssembly.validate(SIMD_PROBE)
  ? 'makruk_wasm_simd_bg.wasm'
  : 'makruk_wasm_bg.wasm';

let loading = null;

/** Instantiates the module and resolves to its exports: one load, whoever asks and however
 * often (a load that failed is tried again by the next call). */
export function loadWasm() {
  loading ??= init({ module_or_path: new URL(`./pkg/${wasmFile}`, import.meta.url) }).catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}
