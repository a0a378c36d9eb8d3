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

pub mod driver;
pub mod targets;

/// A small deterministic generator (xorshift64*): the runs must be reproducible from a seed.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
