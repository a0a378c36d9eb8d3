#!/usr/bin/env bash
# The whole test suite; stops at the first red step. Each build is made once: the wasm tests
# reuse the full module's build (the same target directory, profile and features), and the
# page's tests compare with the native binary that `cargo test` built.
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

step "the core alone for wasm32-unknown-unknown (no wasm or I/O dependency)"
cargo check --target wasm32-unknown-unknown -p makruk

step "wasm build for the page (scripts/build.sh)"
scripts/build.sh

step "wasm tests in headless Chromium"
CARGO_TARGET_DIR=target/full CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --release --target wasm32-unknown-unknown -p makruk-wasm

step "the page's tests: Node and browser (tests/run.mjs: one Chromium, files in parallel)"
node tests/run.mjs
