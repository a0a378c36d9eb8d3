#!/usr/bin/env bash
# The whole test suite; stops at the first red step.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s\n' "$*"; }

step "set-up"
scripts/setup.sh --test

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test (Rust unit, rules and perft tests)"
cargo test --workspace

step "core built for wasm32-unknown-unknown"
cargo build --release --target wasm32-unknown-unknown -p makruk

step "wasm tests in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --release --target wasm32-unknown-unknown -p makruk-wasm

step "wasm build for the page, native UCI binary for comparison"
scripts/build.sh
cargo build --release -p makruk-uci

step "browser tests (node --test, playwright-core, Chromium)"
node --test --test-concurrency=1 tests/
