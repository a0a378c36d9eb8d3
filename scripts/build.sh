#!/usr/bin/env bash
# Builds the wasm modules into www/pkg/. The game page's, twice: plain and with wasm SIMD
# (www/wasm.js loads the one the browser runs), without the makruk-wasm feature "extras"; and
# the full module (www/wasm-full.js: PGN, the trainer's tables), once, plain, loaded only
# where those are used. Each build: cargo (release) -> wasm-bindgen --target web -> wasm-opt.
# Before them, the npm packages the page runs are copied into www/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$@"

# The three builds share one target directory (target/wasm): the plain and the full module
# differ only in makruk-wasm's feature, so the second compiles that crate alone, and cargo keeps
# the SIMD build's dependencies (other RUSTFLAGS) beside the plain ones, with the host's
# (proc-macros) shared.
export CARGO_TARGET_DIR=target/wasm
# module NAME RUSTFLAGS WASM_OPT_FLAGS CARGO_FLAGS: cargo's build of www/pkg/NAME_bg.wasm (the
# SIMD twin: NAME_simd_bg.wasm); `finish` binds and optimizes it (beside the next cargo build)
module() {
  # shellcheck disable=SC2086 # $4: cargo flags
  RUSTFLAGS=$2 cargo build --quiet --release --target wasm32-unknown-unknown -p makruk-wasm $4
  local tmp
  tmp=$(mktemp -d)
  cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/makruk_wasm.wasm" "$tmp/in.wasm"
  finish "$tmp" "$1" "$3" & pids+=($!)
}
# finish DIR NAME WASM_OPT_FLAGS: wasm-bindgen --target web, its glue into $glue/NAME.js and
# its types into $glue/NAME.d.ts (for tsc --checkJs: see jsconfig.json), then wasm-opt into
# www/pkg/
finish() {
  local tmp=$1 name=${2%_simd}
  wasm-bindgen --target web --out-dir "$tmp" --out-name "$name" "$tmp/in.wasm"
  cp "$tmp/$name.js" "$glue/$2.js"
  cp "$tmp/$name.d.ts" "$glue/$2.d.ts"
  if [ -x node_modules/.bin/wasm-opt ]; then
    # without the custom sections no browser reads (the compiler's name and version, the
    # target's features): bytes on every first visit. --low-memory-unused: a pointer plus a
    # constant under 1 KiB is read as a load's offset (about 290 bytes gzipped); it assumes
    # that no data lies in the memory's first KiB: Rust's wasm32 places its 1 MiB stack there
    # first, growing down, so only a stack already about to overflow would reach it.
    # shellcheck disable=SC2086 # $3: extra wasm-opt flags
    node_modules/.bin/wasm-opt -O3 $3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      --strip-producers --strip-target-features --low-memory-unused \
      "$tmp/${name}_bg.wasm" -o "www/pkg/${2}_bg.wasm"
  else
    echo '[build] wasm-opt not available: the module is not optimized' >&2
    cp "$tmp/${name}_bg.wasm" "www/pkg/${2}_bg.wasm"
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
# the Share dialog's QR encoder, an ES module without dependencies; beside it, for tsc (see
# jsconfig.json), a declaration that gives it lean-qr's own types (nothing serves a .d.ts)
vendor lean-qr index.mjs lean-qr.js
types="export * from 'lean-qr';"
[ "$(cat www/vendor/lean-qr.d.ts 2>/dev/null)" = "$types" ] || echo "$types" > www/vendor/lean-qr.d.ts

rm -rf www/pkg
mkdir -p www/pkg
glue=$(mktemp -d)
trap 'rm -rf "$glue"' EXIT
pids=()
module makruk_wasm '' '' --no-default-features
module makruk_wasm_full '' '' ''
# (the first visit's module: --converge, half again wasm-opt's time, for some 140 bytes gzipped)
module makruk_wasm_simd '-C target-feature=+simd128' '--enable-simd --converge' --no-default-features
for pid in "${pids[@]}"; do wait "$pid" || { kill "${pids[@]}" 2>/dev/null; exit 1; }; done
# the two builds of the game module share one glue (www/wasm.js picks the .wasm)
if ! cmp -s "$glue/makruk_wasm.js" "$glue/makruk_wasm_simd.js" || ! cmp -s "$glue/makruk_wasm.d.ts" "$glue/makruk_wasm_simd.d.ts"; then
  echo '[build] the SIMD build has other JS glue than the plain one' >&2
  exit 1
fi
# (the types are for tsc only: the site, its precache list and the npm package take no .d.ts)
cp "$glue/makruk_wasm.js" "$glue/makruk_wasm_full.js" "$glue/makruk_wasm.d.ts" "$glue/makruk_wasm_full.d.ts" www/pkg/
# the evaluation network, which the worker fetches beside the module, in the site's form
# (www/network.js: smaller by gzip)
node scripts/pack-network.mjs crate/makruk/src/eval.nnue www/pkg/eval.nnue
# the script tag's <makruk-board>, www/embed.js (a classic script bundled from www/pages/embed/element/)
node scripts/embed-script.mjs
# the service worker's list of files and their version (sw.js)
node scripts/precache.mjs
for file in www/pkg/makruk_wasm_bg.wasm www/pkg/makruk_wasm_simd_bg.wasm www/pkg/makruk_wasm_full_bg.wasm www/pkg/eval.nnue www/vendor/lean-qr.js; do
  printf '[build] %s: %s bytes, %s gzipped\n' "$file" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
