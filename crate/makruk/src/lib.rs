//! Makruk (Thai chess): rules, notation and search, with no I/O, clock or platform code.
//!
//! The rules follow `RULES.md` and agree with Fairy-Stockfish's `makruk` variant:
//! [`Position`] holds a position (copy-make, incremental Zobrist hash, counting state),
//! [`Position::legal_moves`] generates strictly legal moves, and the `fen`, `san` and
//! `uci_move` modules read and write the notations.

pub mod attacks;
pub mod bitboard;
pub mod counting;
pub mod fen;
pub mod movegen;
pub mod perft;
pub mod position;
pub mod types;

pub use bitboard::Bitboard;
pub use counting::{Count, Honour};
pub use fen::ParseFenError;
pub use movegen::{MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use position::Position;
pub use types::{Color, Move, ParseSquareError, Piece, Role, Square};
