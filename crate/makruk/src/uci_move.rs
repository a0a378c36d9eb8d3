//! Engine (UCI) move notation: from-square, to-square, and `m` on a promotion (`a5a6m`).

use crate::position::Position;
use crate::types::{shorten, Color, Move, ParseSquareError, Piece, Role, Square};
use std::fmt;

/// A UCI move that could not be read or is not legal; the message says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not of the form `e3e4` or `a5a6m`.
    Syntax {
        /// The text read (shortened if long).
        text: String,
        /// Why it is malformed.
        why: MoveFault,
    },
    /// Well formed, but not a legal move in the position.
    Illegal {
        /// The text read.
        text: String,
        /// Why it is not legal.
        why: MoveFault,
    },
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Syntax { text, why } | UciMoveError::Illegal { text, why } => {
                write!(f, "UCI move '{text}': {why}")
            }
        }
    }
}

impl std::error::Error for UciMoveError {}

/// Why a move (UCI or SAN) was not read or not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// UCI's null move `0000`.
    NullMove,
    /// Not of the form `e3e4` or `a5a6m`.
    UciShape,
    /// The from-square (the text) is not a square.
    UciFrom(String),
    /// The to-square (the text) is not a square.
    UciTo(String),
    /// A promotion letter other than `m`.
    PromotionLetter(char),
    /// No piece on the square.
    NoPiece(Square),
    /// The piece on `square` is the other side's.
    NotYours {
        /// Where.
        square: Square,
        /// The piece.
        piece: Piece,
        /// The side to move.
        turn: Color,
    },
    /// A promotion mark (`m` in UCI, `=M` in SAN) on a move that does not promote.
    NotPromotion {
        /// The move (UCI).
        mv: String,
        /// Whether it was SAN's `=M`.
        san: bool,
    },
    /// The piece on `from` cannot go to `to`, and the side to move is in check.
    InCheck {
        /// The piece.
        role: Role,
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The side to move.
        turn: Color,
    },
    /// The piece on `from` cannot go to `to`.
    Cannot {
        /// The piece.
        role: Role,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// SAN: `x` marks a capture, but the square is empty.
    NotCapture(Square),
    /// SAN: no piece (of the role named, if one is) of the side to move goes to the square.
    NoneFits {
        /// The piece named (none: any).
        role: Option<Role>,
        /// The side to move.
        turn: Color,
        /// The square.
        to: Square,
    },
    /// SAN: empty.
    Empty,
    /// SAN: other than ASCII.
    NotAscii,
    /// SAN: castling.
    Castling,
    /// SAN: no target square (`true`: none at the end).
    Target(bool),
    /// SAN: not a piece letter.
    PieceLetter(char),
    /// SAN: not `[piece][file][rank][x]square[=M]`.
    SanShape,
}

impl fmt::Display for MoveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveFault::NullMove => f.write_str("the null move is not a legal move"),
            MoveFault::UciShape => f.write_str(
                "expected a from-square, a to-square and 'm' on a promotion, like 'e3e4' or 'a5a6m'",
            ),
            MoveFault::UciFrom(found) => {
                write!(f, "from-square: {}", ParseSquareError { found: found.clone() })
            }
            MoveFault::UciTo(found) => {
                write!(f, "to-square: {}", ParseSquareError { found: found.clone() })
            }
            MoveFault::PromotionLetter(c) => write!(
                f,
                "the promotion suffix must be 'm' (a Bia only becomes a Met), found '{c}'"
            ),
            MoveFault::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            MoveFault::NotYours {
                square,
                piece,
                turn,
            } => write!(
                f,
                "the {} on {square} is {}'s, and {turn} is to move",
                piece.role, piece.color
            ),
            MoveFault::NotPromotion { mv, san } => {
                let mark = if *san { "=M" } else { "m" };
                write!(f, "'{mark}' marks a promotion, but {mv} does not promote")
            }
            MoveFault::InCheck {
                role,
                from,
                to,
                turn,
            } => write!(
                f,
                "the {role} on {from} cannot go to {to}: {turn} is in check and this does not answer it"
            ),
            MoveFault::Cannot { role, from, to } => write!(
                f,
                "the {role} on {from} cannot go to {to} (not a legal move here)"
            ),
            MoveFault::NotCapture(to) => write!(f, "'x' marks a capture, but {to} is empty"),
            MoveFault::NoneFits { role, turn, to } => write!(
                f,
                "no {} of {turn} can move to {to}",
                role.map_or("piece", |r| r.name())
            ),
            MoveFault::Empty => f.write_str("empty"),
            MoveFault::NotAscii => {
                f.write_str("only ASCII letters, digits and 'x', '-', '=' are allowed")
            }
            MoveFault::Castling => f.write_str("Makruk has no castling"),
            MoveFault::Target(false) => f.write_str("expected a target square such as 'e4'"),
            MoveFault::Target(true) => {
                f.write_str("expected a target square such as 'e4' at the end")
            }
            MoveFault::PieceLetter(c) => {
                write!(f, "'{c}' is not a piece letter (K M S N R, none for a Bia)")
            }
            MoveFault::SanShape => {
                f.write_str("expected [piece letter][from-file][from-rank][x]<square>[=M]")
            }
        }
    }
}

/// True when `s` has the shape of a UCI move (two squares, maybe `m`), legal or not.
pub fn looks_like_uci(s: &str) -> bool {
    let b = s.as_bytes();
    let sq = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b {
        [a, b1, c, d] => sq(*a, *b1) && sq(*c, *d),
        [a, b1, c, d, e] => sq(*a, *b1) && sq(*c, *d) && e.eq_ignore_ascii_case(&b'm'),
        _ => s == "0000",
    }
}

/// Reads a UCI move and checks that it is legal in `pos`. A promotion may leave out its
/// `m` (it is compulsory, so there is no doubt); an `m` on a move that does not promote
/// is an error.
pub fn parse_uci(pos: &Position, s: &str) -> Result<Move, UciMoveError> {
    let syntax = |why: MoveFault| UciMoveError::Syntax {
        text: shorten(s),
        why,
    };
    let illegal = |why: MoveFault| UciMoveError::Illegal {
        text: shorten(s),
        why,
    };
    if s == "0000" {
        return Err(illegal(MoveFault::NullMove));
    }
    if !s.is_ascii() || !(4..=5).contains(&s.len()) {
        return Err(syntax(MoveFault::UciShape));
    }
    // ASCII (checked above), so these are whole characters; `get` keeps a panic's formatting
    // out of the wasm module
    let (from_text, to_text) = (
        s.get(0..2).unwrap_or_default(),
        s.get(2..4).unwrap_or_default(),
    );
    let from: Square = from_text
        .parse()
        .map_err(|_| syntax(MoveFault::UciFrom(from_text.to_string())))?;
    let to: Square = to_text
        .parse()
        .map_err(|_| syntax(MoveFault::UciTo(to_text.to_string())))?;
    let promo = match s.as_bytes().get(4) {
        None => false,
        Some(b'm') | Some(b'M') => true,
        Some(&c) => return Err(syntax(MoveFault::PromotionLetter(c as char))),
    };
    let us = pos.turn();
    let Some(piece) = pos.piece_at(from) else {
        return Err(illegal(MoveFault::NoPiece(from)));
    };
    if piece.color != us {
        return Err(illegal(MoveFault::NotYours {
            square: from,
            piece,
            turn: us,
        }));
    }
    let found = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to);
    let role = piece.role;
    match found {
        Some(m) if promo && !m.is_promotion() => Err(illegal(MoveFault::NotPromotion {
            mv: format!("{from}{to}"),
            san: false,
        })),
        Some(m) => Ok(m),
        None if pos.in_check() => Err(illegal(MoveFault::InCheck {
            role,
            from,
            to,
            turn: us,
        })),
        None => Err(illegal(MoveFault::Cannot { role, from, to })),
    }
}
