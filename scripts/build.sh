#!/usr/bin/env bash
# Builds the wasm module into www/pkg/: cargo (release) -> wasm-bindgen --target web -> wasm-opt.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$@"

cargo build --release --target wasm32-unknown-unknown -p makruk-wasm
rm -rf www/pkg
wasm-bindgen --target web --no-typescript --out-dir www/pkg \
  target/wasm32-unknown-unknown/release/makruk_wasm.wasm
if [ -x node_modules/.bin/wasm-opt ]; then
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    www/pkg/makruk_wasm_bg.wasm -o www/pkg/makruk_wasm_bg.wasm
else
  echo '[build] wasm-opt not available: the module is not optimized' >&2
fi
# the evaluation network, which the worker fetches beside the module
cp crate/makruk/src/eval.nnue www/pkg/eval.nnue
for file in www/pkg/makruk_wasm_bg.wasm www/pkg/eval.nnue; do
  printf '[build] %s: %s bytes, %s gzipped\n' "$file" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
