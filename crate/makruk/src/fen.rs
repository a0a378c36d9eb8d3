//! FEN read and write, compatible with Fairy-Stockfish's `makruk` and `cambodian` variants:
//! `M~` marks a promoted Bia, while a count runs fields 4 and 5 hold its limit and count in
//! plies, and in Ouk Chatrang the castling field holds the rights (`DEde`, or `-`).
//!
//! A FEN is read in a variant chosen by the caller (a FEN does not name its variant). In
//! Makruk the castling field must be `-`; anything else is an error rather than silently
//! dropped, since it is most likely an Ouk Chatrang FEN read in the wrong variant.

use crate::bitboard::Bitboard;
use crate::counting::CountState;
use crate::position::Position;
use crate::rights::{Rights, RIGHTS};
use crate::types::{shorten, Color, Piece, Role, Square};
use crate::variant::Variant;
use std::fmt;

/// A FEN that could not be read; the message names the field and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// The field (1..=6) at fault, or 0 for the FEN as a whole.
    pub field: u8,
    /// Why it was rejected.
    pub message: String,
    /// The detail when the castling field (Ouk Chatrang's rights) was at fault.
    pub rights: Option<RightsError>,
}

impl ParseFenError {
    fn new(field: u8, message: impl Into<String>) -> ParseFenError {
        ParseFenError {
            field,
            message: message.into(),
            rights: None,
        }
    }
}

impl From<RightsError> for ParseFenError {
    fn from(e: RightsError) -> ParseFenError {
        ParseFenError {
            field: 3,
            message: e.to_string(),
            rights: Some(e),
        }
    }
}

/// A castling field (Ouk Chatrang's rights) that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RightsError {
    /// Makruk has no rights: the field must be `-`.
    Makruk {
        /// The field read (shortened if long).
        found: String,
    },
    /// A letter other than `D`, `E`, `d`, `e` (or `-` alone).
    Letter {
        /// The letter.
        letter: char,
    },
    /// The same letter twice.
    Repeated {
        /// The letter.
        letter: char,
    },
    /// A right whose piece is not on its start square.
    NotOnStartSquare {
        /// The letter.
        letter: char,
        /// Whose right it is.
        color: Color,
        /// The piece that must stand there (`Khun` or `Met`).
        role: Role,
        /// Its start square.
        square: Square,
    },
}

impl fmt::Display for RightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RightsError::Makruk { found } => write!(
                f,
                "castling must be '-' (Makruk has no castling; the rights '{found}' belong to the cambodian variant)"
            ),
            RightsError::Letter { letter } => write!(
                f,
                "'{letter}' is not a right (expected '-' or some of D E d e: Khun d1, Met e1, Met d8, Khun e8)"
            ),
            RightsError::Repeated { letter } => write!(f, "right '{letter}' is given twice"),
            RightsError::NotOnStartSquare {
                letter,
                color,
                role,
                square,
            } => write!(
                f,
                "right '{letter}' needs the {color} {role} on {square}, its start square"
            ),
        }
    }
}

impl std::error::Error for RightsError {}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field == 0 {
            write!(f, "FEN: {}", self.message)
        } else {
            write!(f, "FEN field {}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for ParseFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.rights
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Reads the castling field of `variant` against the placement already read.
fn parse_rights(pos: &Position, variant: Variant, field: &str) -> Result<Rights, RightsError> {
    if field == "-" {
        return Ok(Rights::NONE);
    }
    if variant == Variant::Makruk {
        return Err(RightsError::Makruk {
            found: shorten(field),
        });
    }
    let mut rights = Rights::NONE;
    for letter in field.chars() {
        let Some(right) = RIGHTS.iter().find(|r| r.letter == letter) else {
            return Err(RightsError::Letter { letter });
        };
        if rights.has(right) {
            return Err(RightsError::Repeated { letter });
        }
        if !pos.pieces(right.color, right.role).contains(right.square) {
            return Err(RightsError::NotOnStartSquare {
                letter,
                color: right.color,
                role: right.role,
                square: right.square,
            });
        }
        rights = rights.with(right);
    }
    Ok(rights)
}

/// The most pieces a side may have: a physical set (this also bounds the move list).
const MAX_PIECES_PER_SIDE: u32 = 16;

fn parse_number<T: std::str::FromStr>(field: u8, what: &str, s: &str) -> Result<T, ParseFenError> {
    let err = || {
        ParseFenError::new(
            field,
            format!("{what} must be a whole number, found '{}'", shorten(s)),
        )
    };
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    s.parse::<T>()
        .map_err(|_| ParseFenError::new(field, format!("{what} is too large: '{}'", shorten(s))))
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), ParseFenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::new(
            1,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_name = rank + 1;
        let mut file: u8 = 0;
        let mut last_piece: Option<Square> = None;
        for c in text.chars() {
            if c == '~' {
                match last_piece {
                    Some(sq) if pos.role_at(sq) == Some(Role::Met) => {
                        pos.promoted = pos.promoted.with(sq);
                        last_piece = None;
                        continue;
                    }
                    _ => {
                        return Err(ParseFenError::new(
                            1,
                            format!(
                                "rank {rank_name}: '~' (promoted Bia) must follow an 'M' or 'm'"
                            ),
                        ))
                    }
                }
            }
            last_piece = None;
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(ParseFenError::new(
                        1,
                        format!("rank {rank_name}: empty-square count must be 1-8, found '{c}'"),
                    ));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                if file >= 8 {
                    file += 1;
                    break;
                }
                let sq = Square::new(file, rank);
                pos.put(piece.color, piece.role, sq);
                last_piece = Some(sq);
                file += 1;
            } else {
                return Err(ParseFenError::new(
                    1,
                    format!(
                        "rank {rank_name}: '{c}' is not a piece letter (K M S N R P, or lowercase) or a digit"
                    ),
                ));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(ParseFenError::new(
                1,
                format!(
                    "rank {rank_name} has {} squares, expected 8",
                    if file > 8 {
                        "more than 8".to_string()
                    } else {
                        file.to_string()
                    }
                ),
            ));
        }
    }
    for color in Color::ALL {
        let khun = pos.pieces(color, Role::Khun).count();
        if khun != 1 {
            return Err(ParseFenError::new(
                1,
                format!("{color} has {khun} Khun, expected exactly 1"),
            ));
        }
        let n = pos.by_color(color).count();
        if n > MAX_PIECES_PER_SIDE {
            return Err(ParseFenError::new(
                1,
                format!("{color} has {n} pieces, at most {MAX_PIECES_PER_SIDE} are allowed"),
            ));
        }
        let zone = match color {
            Color::White => Bitboard(!0u64 << 40),
            Color::Black => Bitboard(!0u64 >> 40),
        };
        if let Some(sq) = (pos.pieces(color, Role::Bia) & zone).first() {
            return Err(ParseFenError::new(
                1,
                format!("{color} Bia on {sq} should have been promoted (it is on or beyond its sixth rank)"),
            ));
        }
    }
    Ok(())
}

impl Position {
    /// Reads a Makruk FEN. Fields 3 to 6 may be left out (`- - 0 1`). Field 3 must be `-`;
    /// field 4 is `-` or the counting limit in plies; field 5 the half-move clock, or the
    /// count while one runs.
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        Position::from_fen_variant(fen, Variant::Makruk)
    }

    /// Reads a FEN in `variant`. In Ouk Chatrang field 3 holds the rights (`DEde`, any
    /// order, or `-`), each needing its piece on its start square.
    pub fn from_fen_variant(fen: &str, variant: Variant) -> Result<Position, ParseFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return Err(ParseFenError::new(0, "empty"));
        }
        if fields.len() > 6 {
            return Err(ParseFenError::new(
                0,
                format!(
                    "expected at most 6 fields, found {} (extra '{}')",
                    fields.len(),
                    shorten(fields[6])
                ),
            ));
        }
        let mut pos = Position::empty();
        pos.variant = variant;
        parse_board(&mut pos, fields[0])?;

        let turn = match fields.get(1).copied() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => {
                return Err(ParseFenError::new(
                    2,
                    format!(
                        "side to move must be 'w' or 'b', found '{}'",
                        shorten(other)
                    ),
                ))
            }
        };
        pos.set_turn(turn);

        if let Some(field) = fields.get(2) {
            let rights = parse_rights(&pos, variant, field)?;
            pos.set_rights(rights);
        }

        let limit = match fields.get(3).copied() {
            None | Some("-") => 0u16,
            Some(s) => parse_number::<u16>(4, "the counting limit (plies)", s)?,
        };
        match fields.get(4).copied() {
            None => {
                if limit > 0 {
                    return Err(ParseFenError::new(
                        5,
                        "missing: a counting limit in field 4 needs the count in field 5",
                    ));
                }
            }
            Some(s) if limit > 0 => {
                let ply = parse_number::<u16>(5, "the count (plies)", s)?;
                pos.set_count(CountState::new(limit, ply));
            }
            Some(s) => pos.halfmove = parse_number::<u32>(5, "the half-move clock", s)?,
        }
        if let Some(s) = fields.get(5) {
            pos.fullmove = parse_number::<u32>(6, "the move number", s)?.max(1);
        }

        let them = turn.other();
        if pos.attackers_of(turn, pos.khun(them), pos.occupied()).any() {
            return Err(ParseFenError::new(
                0,
                format!("the side not to move ({them}) is in check"),
            ));
        }
        pos.update_checkers();
        Ok(pos)
    }

    /// Writes the FEN, with `M~` for promoted Bia, the counting fields while a count runs
    /// and, in Ouk Chatrang, the rights in the castling field.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                        if self.promoted.contains(sq) {
                            s.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push_str(&format!(" {} ", self.rights));
        if let Some(count) = self.count() {
            s.push_str(&format!("{} {}", count.limit, count.ply));
        } else {
            s.push_str(&format!("- {}", self.halfmove));
        }
        s.push_str(&format!(" {}", self.fullmove));
        s
    }
}

impl std::str::FromStr for Position {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
