#!/usr/bin/env bash
# The whole test suite; stops at the first red step. Each build is made once: the wasm tests
# reuse the full module's build (the same target directory, profile and features), and the
# page's tests compare with the native binary that `cargo test` built. The slow part of the
# set-up (building wasm-bindgen-cli, apt's browsers), the page's wasm build and the wasm tests'
# build run beside clippy and the Rust tests; their output is shown when they are done.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { printf '\n=== [%ds] %s\n' $((SECONDS - start)) "$*"; }

# the wasm tests: built (--no-run) beside the Rust tests, then run
wasm_tests() {
  CARGO_TARGET_DIR=target/wasm CHROMEDRIVER=/usr/bin/chromedriver \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --release --target wasm32-unknown-unknown -p makruk-wasm "$@"
}

step "set-up: what is quick (wasm-bindgen-cli and the browsers beside the next steps)"
scripts/setup.sh --test --quick

step "cargo fmt --check"
cargo fmt --all --check

step "the rest of the set-up, the wasm build for the page (scripts/build.sh) and of the wasm tests, beside the next steps"
wasm_log=$(mktemp)
{ scripts/setup.sh --test && scripts/build.sh && wasm_tests --no-run; } > "$wasm_log" 2>&1 & wasm_pid=$!
# a red step ends the builds too (their cargo and wasm-opt processes with them)
stop_tree() { local child; for child in $(pgrep -P "$1"); do stop_tree "$child"; done; kill "$1" 2>/dev/null || true; }
trap 'stop_tree "$wasm_pid"; rm -f "$wasm_log"' EXIT

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

# makruk-wasm's tests are wasm-bindgen tests (none of them runs natively): they run in Chromium
# below; built natively they only cost its wasm dependencies' compiling (about 40% of the build)
step "cargo test (Rust unit, rules and perft tests; makruk-wasm's in the browser below)"
cargo test --workspace --exclude makruk-wasm

step "the core alone for wasm32-unknown-unknown (no wasm or I/O dependency)"
cargo check --target wasm32-unknown-unknown -p makruk

step "the set-up, the wasm build for the page and of the wasm tests: their output"
wasm_status=0
wait "$wasm_pid" || wasm_status=$?
cat "$wasm_log"
[ "$wasm_status" -eq 0 ]

step "wasm tests in headless Chromium"
wasm_tests

step "the page's tests: Node and browser (tests/run.mjs: one Chromium, files in parallel)"
node tests/run.mjs
step "done"
