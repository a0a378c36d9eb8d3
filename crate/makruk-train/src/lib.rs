//! What the training tools share: random openings for self-play ([`opening`]), the packed
//! training positions ([`packed`]) and the puzzle criterion with the puzzle file's line format
//! ([`puzzle`]), which the puzzle file's test checks too.

pub mod opening;
pub mod packed;
pub mod puzzle;

use makruk::search::{Limits, NoClock, SearchResult, Searcher};
use makruk::Game;

/// The search of `game`'s current position (its earlier positions known for repetitions), with
/// no clock and no progress reports: how the tools let the engine choose a move in a game.
pub fn search_game(searcher: &mut Searcher, game: &Game, limits: &Limits) -> SearchResult {
    searcher.search_game(game, limits.clone(), &mut NoClock, &mut |_| {})
}

/// The output file of a tool, opened for appending (created if need be); on an error the
/// tool stops with it (exit code 2).
pub fn append_or_exit(path: &str) -> std::fs::File {
    match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}
