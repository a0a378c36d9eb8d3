//! Makruk (Thai chess): rules, notation and search, with no I/O, clock or platform code.
//!
//! The rules follow `RULES.md` and agree with Fairy-Stockfish's `makruk` variant:
//! [`Position`] holds a position (copy-make, incremental Zobrist hash, counting state),
//! [`Position::legal_moves`] generates strictly legal moves, [`Game`] adds history,
//! repetition and the verdict, and the `fen`, `san` and `uci_move` modules read and write
//! the notations. [`Variant`] selects Makruk (the default) or Ouk Chatrang, Cambodian
//! chess, whose first-move [`Rights`] the position carries.

pub mod attacks;
pub mod bench;
pub mod bitboard;
pub mod counting;
pub mod eval;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod nnue;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod rights;
pub mod san;
pub mod search;
pub mod tablebase;
pub mod types;
pub mod uci_move;
pub mod variant;

pub use bitboard::Bitboard;
pub use counting::{Count, CountError, Counting, Honour, ParseCountingError};
pub use fen::{ParseFenError, RightsError};
pub use game::{position_outcome, CountAction, Game, IllegalMoveError, Outcome, Reason};
pub use movegen::{MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use position::Position;
pub use rights::{Right, Rights};
pub use san::{parse_san, to_san, ParseMoveError, SanError};
pub use tablebase::{Ending, ParseEndingError, Probe, Tablebase};
pub use types::{Color, Move, ParseSquareError, Piece, Role, Square};
pub use uci_move::{parse_uci, to_uci, UciMoveError};
pub use variant::{ParseVariantError, Variant};
