//! Varied starts for self-play: a few random moves, kept only if a short search finds the
//! position balanced.

use makruk::search::{Limits, NoClock, Score, Searcher};
use makruk::{Game, Position};

/// xorshift64*: enough randomness for openings, no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

/// The game after `plies` random moves from the start, if a depth-6 search scores it within
/// `balanced` centi-Bia; `None` when the moves ended the game or left it unbalanced.
pub fn random_opening(
    rng: &mut Rng,
    searcher: &mut Searcher,
    plies: u64,
    balanced: i32,
) -> Option<Game> {
    let mut game = Game::new(Position::startpos());
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play(m).ok()?;
    }
    let result = searcher.search(
        game.position(),
        &game.history_hashes(),
        &Limits::depth(6),
        &mut NoClock,
        &mut |_| {},
    );
    match result.score {
        Score::Cp(cp) if cp.abs() <= balanced && game.outcome().is_none() => Some(game),
        _ => None,
    }
}
