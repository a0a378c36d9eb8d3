//! Helpers shared by the integration tests (included with `mod common;`).
#![allow(dead_code)]

use makruk::{Game, Position, Square, Variant};

/// The position of a FEN the test knows to be valid.
pub fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The game after playing `moves` (UCI or SAN, space separated) from `fen`, for analysis: the
/// rules tests play on past a draw (by material, repetition) to see the moves and counts.
pub fn game(fen: &str, moves: &str) -> Game {
    let mut g = Game::from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .for_analysis();
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

/// The FEN after playing `moves` from `fen`.
pub fn fen_after(fen: &str, moves: &str) -> String {
    game(fen, moves).position().fen()
}

/// The sorted target squares of the legal moves from `from`.
pub fn dests(fen: &str, from: &str) -> Vec<String> {
    targets(&pos(fen), from)
}

/// The sorted target squares of the legal moves from `from` in `position`.
fn targets(position: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().expect("square");
    let mut v: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    v
}

/// An Ouk Chatrang position of a FEN the test knows to be valid.
pub fn cpos(fen: &str) -> Position {
    Position::from_fen_variant(fen, Variant::Cambodian).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The Ouk Chatrang game after playing `moves` (UCI or SAN) from `fen`, for analysis (as
/// `game`).
pub fn cgame(fen: &str, moves: &str) -> Game {
    let mut g = Game::from_fen_variant(fen, Variant::Cambodian)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .for_analysis();
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

/// The sorted target squares of the legal moves from `from` in an Ouk Chatrang position.
pub fn cdests(fen: &str, from: &str) -> Vec<String> {
    targets(&cpos(fen), from)
}
