//! The bindings' tests in headless Chromium (wasm-bindgen-test-runner), in one test binary:
//! each test binary is a whole module, optimized and linked with LTO, so one link serves both
//! files (docs/testing.md, "The fourth pass").
//!
//! - `web`: the bindings' API, every error path included;
//! - `hostile`: every export against every kind of hostile JS value.
#![cfg(target_arch = "wasm32")]

mod common;
mod hostile;
mod web;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
