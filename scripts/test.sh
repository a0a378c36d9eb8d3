#!/usr/bin/env bash
# The whole test suite; a red step ends it. Two lanes side by side (docs/testing.md, "Six
# minutes"):
# - the Rust lane, at a lower priority (the page's lane is the longer one): the Rust tests' build,
#   the Rust tests' run, the core's wasm32 check and the wasm tests in headless Chromium, each
#   build linted by clippy as it compiles;
# - the page's lane: the rest of the set-up (npm ci, wasm-bindgen-cli, apt's browsers), the wasm build
#   for the page (scripts/build.sh), then the page's tests (tests/run.mjs; those that compare
#   the wasm bench with the native makruk-uci wait for the Rust tests' build).
# The page's set-up and wasm build wait on the network and the disk in part, and its tests on
# the browser, so the Rust lane fills the cores they leave; its output is shown when it is
# done, or at once when it fails. Each build is made once: the wasm tests reuse the full
# module's build (the same target directory, profile and features).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { printf '\n=== [%ds] %s\n' $((SECONDS - start)) "$*"; }

# the wasm tests: built and run in the wasm modules' target directory; its tests/ alone (the
# library's own test build, a whole optimized module, holds no test): one test binary,
# tests/browser/, as each is a whole module linked with LTO
wasm_tests() {
  CARGO_TARGET_DIR=target/wasm CHROMEDRIVER=/usr/bin/chromedriver \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --release --target wasm32-unknown-unknown -p makruk-wasm --test '*' "$@"
}

# The Rust lane; `$built` is made when the Rust tests are built. makruk-wasm's tests are
# wasm-bindgen tests (none runs natively): built natively they would only cost its wasm
# dependencies' compiling (40% of the build), so they run in Chromium only.
# Clippy lints the builds themselves: its driver is the workspace's compiler (as `cargo
# clippy` makes it for its check, with `-D warnings`), so each crate of the workspace is read
# once, where a check beside the builds read it again and checked the bindings' dependencies
# for wasm32 once more (docs/testing.md, "The sixth pass"). Natively that is every crate but the
# bindings, their tests, binaries and examples; for wasm32 the bindings, their tests and the
# core, in the wasm tests' build.
rust_lane() {
  renice -n 10 -p "$BASHPID" > /dev/null
  RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
  export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS=-Dwarnings
  step "cargo test: the build, linted by clippy (natively: every crate but the bindings)"
  cargo test --workspace --exclude makruk-wasm --no-run
  touch "$built"
  step "cargo test (Rust unit, rules and perft tests)"
  cargo test --workspace --exclude makruk-wasm
  step "the core alone for wasm32-unknown-unknown (no wasm or I/O dependency)"
  cargo check --target wasm32-unknown-unknown -p makruk
  # (built in target/wasm after scripts/build.sh, which holds its lock: its dependencies are reused)
  step "wasm tests in headless Chromium (their build linted by clippy: the bindings, their tests and the core for wasm32)"
  wasm_tests
}

step "set-up: what the Rust steps need (the npm packages, wasm-bindgen-cli and the browsers in the page's lane)"
scripts/setup.sh --test --quick

step "cargo fmt --check"
cargo fmt --all --check

rust_log=$(mktemp)
built=$(mktemp -u)
# a red step ends the other lane too (its cargo, wasm-opt and browser processes with it)
stop_tree() { local child; for child in $(pgrep -P "$1"); do stop_tree "$child"; done; kill "$1" 2>/dev/null || true; }
pids=()
trap 'for pid in "${pids[@]}"; do stop_tree "$pid"; done; rm -f "$rust_log" "$built"' EXIT
step "the Rust lane starts (clippy, the Rust tests, the wasm tests): its output when it is done"
rust_lane > "$rust_log" 2>&1 & rust_pid=$!
pids+=("$rust_pid")
# the Rust lane's status once it has ended (empty before); a red one ends the run at once
rust_status=
rust_check() {
  [ -z "$rust_status" ] && ! kill -0 "$rust_pid" 2>/dev/null && { rust_status=0; wait "$rust_pid" || rust_status=$?; }
  if [ -n "$rust_status" ] && [ "$rust_status" -ne 0 ]; then
    cat "$rust_log"
    step "the Rust lane failed"
    exit "$rust_status"
  fi
}

# watched CMD...: runs CMD while the Rust lane is watched (a red one ends the run at once)
watched() {
  "$@" & local pid=$!
  pids+=("$pid")
  while kill -0 "$pid" 2>/dev/null; do rust_check; sleep 1; done
  wait "$pid"
}

step "the rest of the set-up (npm ci...) and the wasm build for the page (scripts/build.sh)"
watched scripts/setup.sh --test
watched scripts/build.sh

step "the page's tests: Node and browser (tests/run.mjs: one Chromium, files in parallel)"
# the tests that compare the wasm bench with the native makruk-uci wait for the Rust tests'
# build (tests/helpers.mjs nativeBenchNodes): the rest need not
export MAKRUK_NATIVE_BUILT=$built
page_status=0
watched node tests/run.mjs || page_status=$?
[ "$page_status" -eq 0 ] || { step "the page's tests failed; the Rust lane so far:"; cat "$rust_log"; exit "$page_status"; }

step "the Rust lane's end: its output"
[ -n "$rust_status" ] || { rust_status=0; wait "$rust_pid" || rust_status=$?; }
cat "$rust_log"
[ "$rust_status" -eq 0 ] || { step "the Rust lane failed"; exit "$rust_status"; }
step "done"
