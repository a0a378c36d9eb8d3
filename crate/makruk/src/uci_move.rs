//! Engine (UCI) move notation: from-square, to-square, and `m` on a promotion (`a5a6m`).

use crate::position::Position;
use crate::types::{shorten, Move, Square};
use std::fmt;

/// A UCI move that could not be read or is not legal; the message says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not of the form `e3e4` or `a5a6m`.
    Syntax {
        /// The text read (shortened if long).
        text: String,
        /// Why it is malformed.
        why: String,
    },
    /// Well formed, but not a legal move in the position.
    Illegal {
        /// The text read.
        text: String,
        /// Why it is not legal.
        why: String,
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
    let syntax = |why: String| UciMoveError::Syntax {
        text: shorten(s),
        why,
    };
    let illegal = |why: String| UciMoveError::Illegal {
        text: shorten(s),
        why,
    };
    if s == "0000" {
        return Err(illegal("the null move is not a legal move".into()));
    }
    if !s.is_ascii() || !(4..=5).contains(&s.len()) {
        return Err(syntax(
            "expected a from-square, a to-square and 'm' on a promotion, like 'e3e4' or 'a5a6m'"
                .into(),
        ));
    }
    // ASCII (checked above), so these are whole characters; `get` keeps a panic's formatting
    // out of the wasm module
    let from: Square = s
        .get(0..2)
        .unwrap_or_default()
        .parse()
        .map_err(|e| syntax(format!("from-square: {e}")))?;
    let to: Square = s
        .get(2..4)
        .unwrap_or_default()
        .parse()
        .map_err(|e| syntax(format!("to-square: {e}")))?;
    let promo = match s.as_bytes().get(4) {
        None => false,
        Some(b'm') | Some(b'M') => true,
        Some(&c) => {
            return Err(syntax(format!(
                "the promotion suffix must be 'm' (a Bia only becomes a Met), found '{}'",
                c as char
            )))
        }
    };
    let us = pos.turn();
    let Some(piece) = pos.piece_at(from) else {
        return Err(illegal(format!("there is no piece on {from}")));
    };
    if piece.color != us {
        return Err(illegal(format!(
            "the {} on {from} is {}'s, and {us} is to move",
            piece.role, piece.color
        )));
    }
    let found = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to);
    match found {
        Some(m) if promo && !m.is_promotion() => Err(illegal(format!(
            "'m' marks a promotion, but {from}{to} does not promote"
        ))),
        Some(m) => Ok(m),
        None if pos.in_check() => Err(illegal(format!(
            "the {} on {from} cannot go to {to}: {us} is in check and this does not answer it",
            piece.role
        ))),
        None => Err(illegal(format!(
            "the {} on {from} cannot go to {to} (not a legal move here)",
            piece.role
        ))),
    }
}
