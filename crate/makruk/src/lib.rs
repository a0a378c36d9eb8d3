//! Makruk (Thai chess): rules, notation and search, with no I/O, clock or platform code.
//!
//! The rules follow `docs/rules.md` and agree with Fairy-Stockfish's `makruk` variant:
//! [`Position`] holds a position (copy-make, incremental Zobrist hash, counting state),
//! [`Position::legal_moves`] generates strictly legal moves, [`Game`] adds history,
//! repetition and the verdict; [`Position::from_fen`], [`to_san`]/[`parse_san`], [`to_thai_san`] (Thai notation) and
//! [`Move`]'s `Display`/[`parse_uci`] read and write the notations, and [`pgn`] whole games. [`Variant`]
//! selects Makruk (the default) or Ouk Chatrang, Cambodian chess, whose first-move [`Rights`]
//! the position carries. The engine is in [`search`], with the evaluation [`Network`] its
//! searcher owns; [`bench`](mod@bench) is its signature; [`attacks`] holds the pieces' move
//! tables. Each item has one public path: the modules behind these are private.
//!
//! The modules are layered, each using only those below it (`tests/structure.rs` fails on a
//! cycle): the vocabulary (`types`, `bitboard`, `variant`, `rights`, `attacks`, `rng`), the
//! rules that need no board (`counting` on a material summary, `outcome`), [`Position`] and
//! the files that add its methods or read it (`movegen`, `fen`, `uci_move`, `san`, `explain`,
//! `perft`), [`Game`], then [`pgn`] and the game record above it; the evaluation, the tables
//! and [`search`] use positions, never games.
//!
//! Reading a FEN, making moves, SAN:
//!
//! ```
//! use makruk::{Game, Position};
//!
//! let pos = Position::from_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1").unwrap();
//! assert_eq!(pos.legal_moves().len(), 23);
//! let mut game = Game::new(pos);
//! let e4 = game.play_str("e4").unwrap(); // SAN or UCI
//! assert_eq!(e4.to_string(), "e3e4");
//! game.play_str("d6d5").unwrap();
//! assert_eq!(game.san_history(), ["e4", "d5"]);
//! assert_eq!(makruk::to_san(game.position(), game.position().parse_move("exd5").unwrap()), "exd5");
//! assert!(Position::from_fen("rnsmksnr/8 w").is_err()); // a clear error, never a panic
//! ```
//!
//! Perft, the move-tree count that checks the move generator against the reference engine:
//!
//! ```
//! assert_eq!(makruk::perft(&makruk::Position::startpos(), 3), 12012);
//! ```
//!
//! A search, limited by depth (or nodes, or a clock given through [`search::Clock`]):
//!
//! ```
//! use makruk::search::{Limits, NoClock, Searcher};
//!
//! let pos = makruk::Position::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
//! let mut searcher = Searcher::new(1); // a 1 MB transposition table
//! let result = searcher.search(&pos, &[], &Limits::depth(4), &mut NoClock, &mut |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "h1h8"); // Rh8#
//! ```

#![warn(missing_docs)]

pub mod attacks;
pub mod bench;
mod bitboard;
mod code;
mod counting;
mod eval;
mod explain;
mod fen;
mod game;
mod movegen;
mod nnue;
mod outcome;
mod perft;
pub mod pgn;
mod position;
mod record;
mod rights;
mod rng;
mod san;
mod san_thai;
pub mod search;
mod tablebase;
mod types;
mod uci_move;
mod variant;

pub use bitboard::Bitboard;
pub use code::{Coded, ErrorCode, ErrorKind};
pub use counting::{Count, CountError, Counting, Honour, ParseCountingError};
pub use explain::Illegal;
pub use fen::{ParseFenError, RightsError};
pub use game::{CountAction, CountRecordError, Game, GameOverError, IllegalMoveError, PlayError};
pub use movegen::{MoveList, MAX_MOVES};
pub use nnue::{Network, NetworkError};
pub use outcome::{Outcome, Reason};
pub use perft::{perft, perft_divide};
pub use position::Position;
pub use record::{RecordError, MAX_RECORD, RECORD_VERSION};
pub use rights::{Right, Rights};
pub use rng::Rng;
pub use san::{move_facts, parse_san, to_san, MoveFacts, ParseMoveError, SanError};
pub use san_thai::to_thai_san;
pub use tablebase::{Ending, ParseEndingError, Probe, Tablebase};
pub use types::{Color, Move, ParseSquareError, Piece, Role, Square};
pub use uci_move::{parse_uci, MoveFault, UciMoveError};
pub use variant::{Handicap, ParseVariantError, Variant};

/// What only the training tools need (`makruk-train`): the evaluation's tunable weights and
/// the network's feature encoding and quantisation (feature `training`).
#[cfg(feature = "training")]
pub mod training {
    pub use crate::eval::{evaluate_with, weight, Weights, DEFAULT_WEIGHTS, N_WEIGHTS, SEE_VALUE};
    pub use crate::nnue::{
        feature, features, Nnue, HIDDEN, INPUTS, MAGIC, MAX_W1, QA, QB, SCALE, W1_STEP,
    };
}
