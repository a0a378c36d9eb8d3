//! The project's one random number generator.

/// SplitMix64: small, fast, deterministic and the same on every platform, seeded by any
/// `u64` (zero included). It makes the Zobrist keys at compile time, the weakened levels'
/// choices, the endgame tables' random starts, and the openings and shuffles of the tools and
/// tests. Not for cryptography.
///
/// ```
/// let mut rng = makruk::Rng::new(7);
/// let (a, b) = (rng.next_u64(), rng.below(10));
/// assert!(a != 0 && b < 10);
/// assert_eq!(makruk::Rng::new(7).next_u64(), a); // the same seed, the same numbers
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence is a function of `seed` alone.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must be above zero.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
