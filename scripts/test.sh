#!/usr/bin/env bash
# The whole test suite; stops at the first red step. Each build is made once: the wasm tests
# reuse the full module's build (the same target directory, profile and features), and the
# page's tests compare with the native binary that `cargo test` built. The slow part of the
# set-up (building wasm-bindgen-cli, apt's browsers) and the page's wasm build run beside clippy
# and the Rust tests, the wasm tests beside the page's tests (which leave a core idle a fifth
# of their time); their output is shown when they are done.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { printf '\n=== [%ds] %s\n' $((SECONDS - start)) "$*"; }

# the wasm tests, in the wasm modules' target directory (scripts/build.sh)
wasm_tests() {
  CARGO_TARGET_DIR=target/wasm CHROMEDRIVER=/usr/bin/chromedriver \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --release --target wasm32-unknown-unknown -p makruk-wasm "$@"
}

step "set-up: what is quick (wasm-bindgen-cli and the browsers beside the next steps)"
scripts/setup.sh --test --quick

step "cargo fmt --check"
cargo fmt --all --check

step "the rest of the set-up and the wasm build for the page (scripts/build.sh), beside the next steps"
build_log=$(mktemp)
test_log=$(mktemp)
{ scripts/setup.sh --test && scripts/build.sh; } > "$build_log" 2>&1 & build_pid=$!
test_pid=
# a red step ends the steps beside it too (their cargo and wasm-opt processes with them)
stop_tree() { local child; for child in $(pgrep -P "$1"); do stop_tree "$child"; done; kill "$1" 2>/dev/null || true; }
trap 'stop_tree "$build_pid"; [ -z "$test_pid" ] || stop_tree "$test_pid"; rm -f "$build_log" "$test_log"' EXIT
# shown PID LOG: waits for a step run beside the others, shows its output, and fails with it
shown() { local status=0; wait "$1" || status=$?; cat "$2"; return "$status"; }

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test (Rust unit, rules and perft tests)"
cargo test --workspace

step "the core alone for wasm32-unknown-unknown (no wasm or I/O dependency)"
cargo check --target wasm32-unknown-unknown -p makruk

step "the set-up and the wasm build for the page: their output"
shown "$build_pid" "$build_log"

step "the wasm tests (built, then run in headless Chromium) beside the page's tests"
wasm_tests > "$test_log" 2>&1 & test_pid=$!

step "the page's tests: Node and browser (tests/run.mjs: one Chromium, files in parallel)"
node tests/run.mjs

step "the wasm tests: their output"
shown "$test_pid" "$test_log"
step "done"
