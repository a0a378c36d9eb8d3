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

/// A FEN that could not be read: what was wrong; the message names the field and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// No fields at all.
    Empty,
    /// More than six fields: how many, and the first extra one (shortened if long).
    Fields {
        /// The number of fields.
        found: usize,
        /// The seventh field.
        extra: String,
    },
    /// A placement of other than 8 ranks.
    Ranks {
        /// The number of ranks.
        found: usize,
    },
    /// A `~` (promoted Bia) that does not follow a Met, on `rank` (1..=8).
    Tilde {
        /// The rank.
        rank: u8,
    },
    /// An empty-square count of 0 or 9.
    EmptyCount {
        /// The rank.
        rank: u8,
        /// The digit.
        digit: char,
    },
    /// A character that is neither a piece letter nor a digit.
    Letter {
        /// The rank.
        rank: u8,
        /// The character.
        letter: char,
    },
    /// A rank of other than 8 squares.
    RankWidth {
        /// The rank.
        rank: u8,
        /// Its squares, `None` for more than 8.
        squares: Option<u8>,
    },
    /// A side without exactly one Khun.
    Khun {
        /// The side.
        color: Color,
        /// Its Khun.
        found: u32,
    },
    /// A side with more pieces than a set has.
    Pieces {
        /// The side.
        color: Color,
        /// Its pieces.
        found: u32,
    },
    /// A Bia on or beyond its sixth rank, where it would have been promoted.
    Unpromoted {
        /// Whose Bia.
        color: Color,
        /// Where.
        square: Square,
    },
    /// A side to move other than `w` and `b` (shortened if long).
    Turn(String),
    /// The castling field (Ouk Chatrang's rights).
    Rights(RightsError),
    /// A field 4 to 6 that is not a whole number, or one too large.
    Number {
        /// The field (4..=6).
        field: u8,
        /// What it holds.
        what: &'static str,
        /// The text read (shortened if long).
        found: String,
        /// Whether it is a whole number, only too large.
        too_large: bool,
    },
    /// A counting limit in field 4 without the count in field 5.
    Count,
    /// The side not to move is in check.
    Check(Color),
}

impl ParseFenError {
    /// The field (1..=6) at fault, or 0 for the FEN as a whole.
    pub fn field(&self) -> u8 {
        match self {
            ParseFenError::Empty | ParseFenError::Fields { .. } | ParseFenError::Check(_) => 0,
            ParseFenError::Turn(_) => 2,
            ParseFenError::Rights(_) => 3,
            ParseFenError::Number { field, .. } => *field,
            ParseFenError::Count => 5,
            _ => 1,
        }
    }

    /// The detail when the castling field (Ouk Chatrang's rights) was at fault.
    pub fn rights(&self) -> Option<&RightsError> {
        match self {
            ParseFenError::Rights(e) => Some(e),
            _ => None,
        }
    }
}

impl From<RightsError> for ParseFenError {
    fn from(e: RightsError) -> ParseFenError {
        ParseFenError::Rights(e)
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
        match self.field() {
            0 => f.write_str("FEN: ")?,
            n => write!(f, "FEN field {n}: ")?,
        }
        match self {
            ParseFenError::Empty => f.write_str("empty"),
            ParseFenError::Fields { found, extra } => {
                write!(f, "expected at most 6 fields, found {found} (extra '{extra}')")
            }
            ParseFenError::Ranks { found } => {
                write!(f, "expected 8 ranks separated by '/', found {found}")
            }
            ParseFenError::Tilde { rank } => {
                write!(f, "rank {rank}: '~' (promoted Bia) must follow an 'M' or 'm'")
            }
            ParseFenError::EmptyCount { rank, digit } => {
                write!(f, "rank {rank}: empty-square count must be 1-8, found '{digit}'")
            }
            ParseFenError::Letter { rank, letter } => write!(
                f,
                "rank {rank}: '{letter}' is not a piece letter (K M S N R P, or lowercase) or a digit"
            ),
            ParseFenError::RankWidth { rank, squares } => match squares {
                Some(n) => write!(f, "rank {rank} has {n} squares, expected 8"),
                None => write!(f, "rank {rank} has more than 8 squares, expected 8"),
            },
            ParseFenError::Khun { color, found } => {
                write!(f, "{color} has {found} Khun, expected exactly 1")
            }
            ParseFenError::Pieces { color, found } => write!(
                f,
                "{color} has {found} pieces, at most {MAX_PIECES_PER_SIDE} are allowed"
            ),
            ParseFenError::Unpromoted { color, square } => write!(
                f,
                "{color} Bia on {square} should have been promoted (it is on or beyond its sixth rank)"
            ),
            ParseFenError::Turn(found) => {
                write!(f, "side to move must be 'w' or 'b', found '{found}'")
            }
            ParseFenError::Rights(e) => write!(f, "{e}"),
            ParseFenError::Number {
                what,
                found,
                too_large,
                ..
            } => match too_large {
                false => write!(f, "{what} must be a whole number, found '{found}'"),
                true => write!(f, "{what} is too large: '{found}'"),
            },
            ParseFenError::Count => {
                f.write_str("missing: a counting limit in field 4 needs the count in field 5")
            }
            ParseFenError::Check(color) => write!(f, "the side not to move ({color}) is in check"),
        }
    }
}

impl std::error::Error for ParseFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.rights()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Reads the castling field of `variant` against the placement already read.
fn parse_rights(pos: &Position, variant: Variant, field: &str) -> Result<Rights, RightsError> {
    if field == "-" {
        return Ok(Rights::NONE);
    }
    if !variant.has_rights() {
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
pub(crate) const MAX_PIECES_PER_SIDE: u32 = 16;

fn parse_number<T: std::str::FromStr>(
    field: u8,
    what: &'static str,
    s: &str,
) -> Result<T, ParseFenError> {
    let err = |too_large| ParseFenError::Number {
        field,
        what,
        found: shorten(s),
        too_large,
    };
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(false));
    }
    s.parse::<T>().map_err(|_| err(true))
}

/// Kar Ouk's checks left, `W+B`: each a whole number.
fn parse_checks(field: &str) -> Result<[u8; 2], ParseFenError> {
    let what = "the checks left (white+black)";
    let (w, b) = field.split_once('+').unwrap_or((field, ""));
    Ok([
        parse_number::<u8>(5, what, w)?,
        parse_number::<u8>(5, what, b)?,
    ])
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), ParseFenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::Ranks { found: ranks.len() });
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
                    _ => return Err(ParseFenError::Tilde { rank: rank_name }),
                }
            }
            last_piece = None;
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(ParseFenError::EmptyCount {
                        rank: rank_name,
                        digit: c,
                    });
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
                return Err(ParseFenError::Letter {
                    rank: rank_name,
                    letter: c,
                });
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(ParseFenError::RankWidth {
                rank: rank_name,
                squares: (file <= 8).then_some(file),
            });
        }
    }
    check_board(pos)
}

/// A board's pieces as a game allows them: one Khun a side, at most 16 pieces a side, no Bia
/// on or past the rank it promotes on.
fn check_board(pos: &Position) -> Result<(), ParseFenError> {
    for color in Color::ALL {
        let khun = pos.pieces(color, Role::Khun).count();
        if khun != 1 {
            return Err(ParseFenError::Khun { color, found: khun });
        }
        let n = pos.by_color(color).count();
        if n > MAX_PIECES_PER_SIDE {
            return Err(ParseFenError::Pieces { color, found: n });
        }
        let zone = match color {
            Color::White => Bitboard(!0u64 << 40),
            Color::Black => Bitboard(!0u64 >> 40),
        };
        if let Some(sq) = (pos.pieces(color, Role::Bia) & zone).first() {
            return Err(ParseFenError::Unpromoted { color, square: sq });
        }
    }
    Ok(())
}

impl Position {
    /// Reads a Makruk FEN. Fields 3 to 6 may be left out (`- - 0 1`). Field 3 must be `-`;
    /// field 4 is `-` or the counting limit in plies; field 5 the half-move clock, or the
    /// count while one runs.
    ///
    /// ```
    /// use makruk::Position;
    ///
    /// let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    /// assert_eq!(Position::from_fen(start).unwrap(), Position::startpos());
    /// let short = Position::from_fen("8/8/4k3/8/8/8/R7/4K3 b").unwrap(); // fields 3 to 6 left out
    /// assert_eq!(short.fen(), "8/8/4k3/8/8/8/R7/4K3 b - - 0 1");
    /// let error = Position::from_fen("8/8/4k3/8/8/8/R7/4K3 x").unwrap_err();
    /// assert_eq!(error.field(), 2); // the side to move
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        Position::from_fen_variant(fen, Variant::Makruk)
    }

    /// Reads a FEN in `variant`. In Ouk Chatrang field 3 holds the rights (`DEde`, any
    /// order, or `-`), each needing its piece on its start square.
    pub fn from_fen_variant(fen: &str, variant: Variant) -> Result<Position, ParseFenError> {
        let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return Err(ParseFenError::Empty);
        }
        // Kar Ouk: the checks left (`1+1`) after field 4, as Fairy-Stockfish writes them;
        // without them each side has one
        let mut checks = [1, 1];
        if variant.check_wins() {
            if let Some(i) = fields
                .iter()
                .position(|f| f.contains('+'))
                .filter(|&i| i == 4)
            {
                checks = parse_checks(fields.remove(i))?;
            }
        }
        if fields.len() > 6 {
            return Err(ParseFenError::Fields {
                found: fields.len(),
                extra: shorten(fields[6]),
            });
        }
        let mut pos = Position::empty();
        pos.variant = variant;
        pos.set_checks(checks);
        parse_board(&mut pos, fields[0])?;

        let turn = match fields.get(1).copied() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => return Err(ParseFenError::Turn(shorten(other))),
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
                    return Err(ParseFenError::Count);
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

        pos.checked_turn()
    }

    /// A Makruk position of the pieces of `board` (index: [`Square`]) with `turn` to move, no
    /// count running, at move 1; refused as [`Position::from_fen`] refuses its board.
    ///
    /// ```
    /// use makruk::{Color, Piece, Position, Role, Square};
    ///
    /// let mut board = [None; 64];
    /// let mut put = |file, rank, color, role| board[Square::new(file, rank).index()] = Some(Piece { color, role });
    /// put(4, 0, Color::White, Role::Khun);
    /// put(4, 5, Color::Black, Role::Khun);
    /// put(0, 1, Color::White, Role::Ruea);
    /// let pos = Position::from_board(&board, Color::Black).unwrap();
    /// assert_eq!(pos.fen(), "8/8/4k3/8/8/8/R7/4K3 b - - 0 1");
    /// ```
    pub fn from_board(board: &[Option<Piece>; 64], turn: Color) -> Result<Position, ParseFenError> {
        let mut pos = Position::empty();
        for (sq, piece) in Square::all().zip(board) {
            if let Some(p) = piece {
                pos.put(p.color, p.role, sq);
            }
        }
        check_board(&pos)?;
        pos.set_turn(turn);
        pos.checked_turn()
    }

    /// The position, if the side that just moved is not left in check, with its checkers set.
    fn checked_turn(mut self) -> Result<Position, ParseFenError> {
        let them = self.turn.other();
        if self
            .attackers_of(self.turn, self.khun(them), self.occupied())
            .any()
        {
            return Err(ParseFenError::Check(them));
        }
        self.update_checkers();
        Ok(self)
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
        let count = self.count();
        match count {
            Some(c) => s.push_str(&c.limit.to_string()),
            None => s.push('-'),
        }
        if self.variant.check_wins() {
            s.push_str(&format!(" {}+{}", self.checks[0], self.checks[1]));
        }
        match count {
            Some(c) => s.push_str(&format!(" {}", c.ply)),
            None => s.push_str(&format!(" {}", self.halfmove)),
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
