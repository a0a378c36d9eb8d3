//! The project's one random number generator.

/// SplitMix64: small, fast, deterministic and the same on every platform, seeded by any
/// `u64` (zero included). It makes the Zobrist keys ([`Rng::nth`]), the weakened levels'
/// choices, the endgame tables' random starts, and the openings and shuffles of the tools and
/// tests. Not for cryptography.
///
/// ```
/// let mut rng = makruk::Rng::new(7);
/// let (a, b) = (rng.next_u64(), rng.below(10));
/// assert!(a != 0 && b < 10);
/// assert_eq!(makruk::Rng::new(7).next_u64(), a); // the same seed, the same numbers
/// assert_eq!(makruk::Rng::nth(7, 0), a);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

/// SplitMix64's increment (2^64 divided by the golden ratio).
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator whose sequence is a function of `seed` alone.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The `n`th number (from 0) of `seed`'s sequence, without the ones before it: SplitMix64's
    /// state only adds a constant, so a number is a function of its place.
    #[inline]
    pub const fn nth(seed: u64, n: u64) -> u64 {
        Rng::new(seed.wrapping_add(n.wrapping_mul(GOLDEN))).next_u64()
    }

    /// A number in `0..n`; `n` must be above zero.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
