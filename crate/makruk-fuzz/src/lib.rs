//! Fuzzing on the stable toolchain.
//!
//! `cargo fuzz` needs nightly (`-Zsanitizer`, `-Zbuild-std` options) and a C++ build of
//! libFuzzer, which this project's machines and CI do not have; so the targets here are
//! plain functions over bytes, driven by [`driver`]: a seeded, structure-aware mutator
//! (byte edits, dictionary tokens, splices) with behaviour feedback (an input that makes
//! a target answer in a way not seen before joins the corpus). The seeds live in
//! `corpus/<target>/`. A short deterministic run of every target is a `cargo test`; a
//! long run is the same test with `FUZZ_SECONDS` set (see `tests/fuzz.rs`).
//!
//! Every target panics on a broken invariant, so a finding is a panic with the input.

pub use makruk::Rng;

pub mod driver;
pub mod targets;
