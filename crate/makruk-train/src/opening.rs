//! Varied starts for self-play: a few random moves, from the start position or from one of a
//! set of openings, kept only if a short search finds the position balanced.

use crate::search_game;
use makruk::search::{Limits, Score, Searcher};
use makruk::{Game, Position, Rng};

/// The game after `plies` random moves from the start, if a depth-6 search scores it within
/// `balanced` centi-Bia; `None` when the moves ended the game or left it unbalanced.
pub fn random_opening(
    rng: &mut Rng,
    searcher: &mut Searcher,
    plies: u64,
    balanced: i32,
) -> Option<Game> {
    random_continuation(
        rng,
        searcher,
        Game::new(Position::startpos()),
        plies,
        balanced,
    )
}

/// `game` after `plies` random moves, if a depth-6 search scores it within `balanced`
/// centi-Bia; `None` when the moves ended the game or left it unbalanced.
pub fn random_continuation(
    rng: &mut Rng,
    searcher: &mut Searcher,
    mut game: Game,
    plies: u64,
    balanced: i32,
) -> Option<Game> {
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        game.play(m).ok()?;
    }
    let result = search_game(searcher, &game, &Limits::depth(6));
    match result.score {
        Score::Cp(cp) if cp.abs() <= balanced && game.outcome().is_none() => Some(game),
        _ => None,
    }
}
