#!/usr/bin/env bash
# Builds the wasm module into www/pkg/, twice: plain and with wasm SIMD (www/wasm.js loads the
# one the browser runs). Each build: cargo (release) -> wasm-bindgen --target web -> wasm-opt.
# Before them, the npm packages the page runs are copied into www/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$@"

# module TARGET_DIR OUTPUT RUSTFLAGS WASM_OPT_FLAGS: one build into www/pkg/OUTPUT (its own
# target directory, so that neither build invalidates the other); both share one JS glue
module() {
  local tmp
  RUSTFLAGS=$3 CARGO_TARGET_DIR=$1 cargo build --release --target wasm32-unknown-unknown -p makruk-wasm
  tmp=$(mktemp -d)
  wasm-bindgen --target web --no-typescript --out-dir "$tmp" \
    "$1/wasm32-unknown-unknown/release/makruk_wasm.wasm"
  if [ ! -e www/pkg/makruk_wasm.js ]; then
    cp "$tmp/makruk_wasm.js" www/pkg/
  elif ! cmp -s "$tmp/makruk_wasm.js" www/pkg/makruk_wasm.js; then
    echo "[build] $2 has other JS glue than the first build" >&2
    exit 1
  fi
  if [ -x node_modules/.bin/wasm-opt ]; then
    # shellcheck disable=SC2086 # $4: extra wasm-opt flags
    node_modules/.bin/wasm-opt -O3 $4 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$tmp/makruk_wasm_bg.wasm" -o "www/pkg/$2"
  else
    echo '[build] wasm-opt not available: the module is not optimized' >&2
    cp "$tmp/makruk_wasm_bg.wasm" "www/pkg/$2"
  fi
  rm -rf "$tmp"
}

# vendor PACKAGE FILE OUTPUT: a browser file of an npm package (pinned in package-lock.json,
# installed by setup.sh) into www/vendor/OUTPUT (git-ignored), its licence on top; written only
# when it differs, so a second build changes nothing
vendor() {
  local dir=node_modules/$1 tmp version
  version=$(node -p "require('./$dir/package.json').version")
  tmp=$(mktemp)
  { printf '/*! %s %s (npm), copied by scripts/build.sh: do not edit.\n\n' "$1" "$version"
    cat "$dir/LICENSE"; printf '*/\n'; cat "$dir/$2"; } > "$tmp"
  mkdir -p www/vendor
  if cmp -s "$tmp" "www/vendor/$3"; then rm "$tmp"; else chmod 644 "$tmp"; mv "$tmp" "www/vendor/$3"; fi
}
# the Share dialog's QR encoder, an ES module without dependencies
vendor lean-qr index.mjs lean-qr.js

rm -rf www/pkg
mkdir -p www/pkg
module target makruk_wasm_bg.wasm '' ''
module target/simd makruk_wasm_simd_bg.wasm '-C target-feature=+simd128' --enable-simd
# the evaluation network, which the worker fetches beside the module
cp crate/makruk/src/eval.nnue www/pkg/eval.nnue
# the service worker's list of files and their version (sw.js)
node scripts/precache.mjs
for file in www/pkg/makruk_wasm_bg.wasm www/pkg/makruk_wasm_simd_bg.wasm www/pkg/eval.nnue www/vendor/lean-qr.js; do
  printf '[build] %s: %s bytes, %s gzipped\n' "$file" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
