//! Standard algebraic notation as docs/rules.md gives it: piece letter (none for a Bia),
//! disambiguation by file then rank, `x`, `=M` on a promotion, `+`/`#`. Readers also take
//! long forms (`e3e4`, `e3-e4`, `Nb1-d2`, `a5a6m`).

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{shorten, Move, Role, Square};
use crate::uci_move::{looks_like_uci, parse_uci, MoveFault, UciMoveError};
use std::fmt;

/// A SAN move that could not be read, is not legal, or is ambiguous.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not readable as a move.
    Syntax {
        /// The text read (shortened if long).
        text: String,
        /// Why it is malformed.
        why: MoveFault,
    },
    /// Readable, but no legal move fits.
    Illegal {
        /// The text read.
        text: String,
        /// Why no move fits.
        why: MoveFault,
    },
    /// Several legal moves fit.
    Ambiguous {
        /// The text read.
        text: String,
        /// The moves that fit, in UCI form.
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text, why } | SanError::Illegal { text, why } => {
                write!(f, "move '{text}': {why}")
            }
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "move '{text}': ambiguous, it could be {}",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// A move that could not be read as UCI or SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// It had the shape of a UCI move.
    Uci(UciMoveError),
    /// It was read as SAN.
    San(SanError),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Uci(e) => e.fmt(f),
            ParseMoveError::San(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// The SAN of `m`, which must be legal in `pos` (otherwise its UCI form is returned).
pub fn to_san(pos: &Position, m: Move) -> String {
    let Some((facts, how)) = described(pos, m) else {
        return m.to_string();
    };
    let (from, to) = (m.from(), m.to());
    let mut s = String::with_capacity(8);
    if facts.role == Role::Bia {
        if facts.capture {
            s.push((b'a' + from.file()) as char);
        }
    } else {
        s.push(facts.role.char());
        match how {
            Disambiguation::None => {}
            Disambiguation::File => s.push((b'a' + from.file()) as char),
            Disambiguation::Rank => s.push((b'1' + from.rank()) as char),
            Disambiguation::Square => s.push_str(&from.to_string()),
        }
    }
    if facts.capture {
        s.push('x');
    }
    s.push_str(&to.to_string());
    if facts.promotion {
        s.push_str("=M");
    }
    s.push_str(match (facts.check, facts.mate) {
        (_, true) => "#",
        (true, false) => "+",
        (false, false) => "",
    });
    s
}

/// What a legal move does, as its SAN says it (`Nbxd5=M+` has them all): the piece that moves,
/// whether it captures, gives check or mate, is a Bia's promotion, and whether its SAN names
/// the square it comes from (a Bia's capture, or a piece told apart from another). The page's
/// words and sounds for a move are made of these, never of the SAN's letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The piece that moves (a promoted Bia is a Met).
    pub role: Role,
    /// Whether it captures.
    pub capture: bool,
    /// Whether it gives check (mate included).
    pub check: bool,
    /// Whether it mates.
    pub mate: bool,
    /// Whether a Bia is promoted.
    pub promotion: bool,
    /// Whether the SAN names the square it comes from, or its file or rank.
    pub from_named: bool,
}

/// The facts of `m` in `pos` ([`MoveFacts`]), or `None` when `m` is not legal there.
pub fn move_facts(pos: &Position, m: Move) -> Option<MoveFacts> {
    described(pos, m).map(|(facts, _)| facts)
}

/// The facts of `m` in `pos` and how its SAN tells its piece apart: what [`to_san`] writes and
/// [`move_facts`] gives (one reading of the position for both). `None` when `m` is not legal.
fn described(pos: &Position, m: Move) -> Option<(MoveFacts, Disambiguation)> {
    let role = pos.role_at(m.from())?;
    let legal = pos.legal_moves();
    if !legal.contains(&m) {
        return None;
    }
    let capture = pos.is_capture(m);
    let suffix = check_suffix(pos, m);
    let how = if role == Role::Bia {
        Disambiguation::None
    } else {
        disambiguation(pos, &legal, m)
    };
    let facts = MoveFacts {
        role,
        capture,
        check: !suffix.is_empty(),
        mate: suffix == "#",
        promotion: m.is_promotion(),
        from_named: if role == Role::Bia {
            capture
        } else {
            how != Disambiguation::None
        },
    };
    Some((facts, how))
}

/// How much of a piece's from-square SAN writes so that its move is not ambiguous.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Disambiguation {
    /// No other piece of the kind can go there.
    None,
    /// The file tells it apart.
    File,
    /// The file does not, the rank does.
    Rank,
    /// Both are needed.
    Square,
}

/// Whether other pieces of the same role as the one moving (a promoted Bia counts as a Met)
/// can go to `m`'s target by a move of `legal` (the position's legal moves) of the same kind
/// (an ordinary move, or Ouk Chatrang's first-move leap or double step, as the reference
/// tells them apart), and how to tell `m`'s apart: by file, else by rank, else by both.
pub(crate) fn disambiguation(pos: &Position, legal: &[Move], m: Move) -> Disambiguation {
    let (from, to) = (m.from(), m.to());
    let role = pos.role_at(from);
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|o| o.to() == to && o.from() != from && pos.role_at(o.from()) == role)
        .filter(|o| uses_right(pos, **o) == uses_right(pos, m))
        .map(|o| o.from())
        .collect();
    if rivals.is_empty() {
        Disambiguation::None
    } else if rivals.iter().all(|r| r.file() != from.file()) {
        Disambiguation::File
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        Disambiguation::Rank
    } else {
        Disambiguation::Square
    }
}

/// Whether `m` is a Khun's leap or a Met's double step (Ouk Chatrang's first moves): a move
/// longer than the piece's one step.
fn uses_right(pos: &Position, m: Move) -> bool {
    let (from, to) = (m.from(), m.to());
    let far = from
        .file()
        .abs_diff(to.file())
        .max(from.rank().abs_diff(to.rank()))
        > 1;
    far && matches!(pos.role_at(from), Some(Role::Khun | Role::Met))
}

/// `+` if legal move `m` gives check, `#` if it also leaves no legal move, else nothing.
pub(crate) fn check_suffix(pos: &Position, m: Move) -> &'static str {
    let mut next = *pos;
    next.play(m);
    match (next.in_check(), next.has_legal_move()) {
        (false, _) => "",
        (true, true) => "+",
        (true, false) => "#",
    }
}

/// Reads a move in SAN (or a long form) and checks that it is legal in `pos`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    parse_san_from(pos, text, Bitboard::ALL)
}

/// [`parse_san`] among the moves from the squares of `from` only (the PGN reader's promoted
/// Bia, which chess letters write apart from the Met).
pub(crate) fn parse_san_from(pos: &Position, text: &str, from: Bitboard) -> Result<Move, SanError> {
    let syntax = |why: MoveFault| SanError::Syntax {
        text: shorten(text),
        why,
    };
    let s = text.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(syntax(MoveFault::Empty));
    }
    if !s.is_ascii() {
        return Err(syntax(MoveFault::NotAscii));
    }
    if s.starts_with("O-O") || s.starts_with("0-0") {
        return Err(syntax(MoveFault::Castling));
    }
    // Promotion suffix: "=M", "M" or "m" after the target square.
    let mut body = s;
    let mut promo = false;
    for suffix in ["=M", "=m", "M", "m"] {
        if body.len() > 2 {
            if let Some(b) = body.strip_suffix(suffix) {
                body = b;
                promo = true;
                break;
            }
        }
    }
    if body.len() < 2 {
        return Err(syntax(MoveFault::Target(false)));
    }
    // checked: a text ending in a multi-byte character has no square there (and an unchecked
    // split would bring the panic's formatting into the wasm module)
    let Some((head, target)) = body.split_at_checked(body.len() - 2) else {
        return Err(syntax(MoveFault::Target(true)));
    };
    let to: Square = target
        .parse()
        .map_err(|_| syntax(MoveFault::Target(true)))?;
    // Piece letter, then from-file and/or from-rank, then 'x' or '-'.
    let mut head = head;
    let role = match head.chars().next() {
        Some(c) if c.is_ascii_uppercase() => {
            let Some(r) = Role::from_char(c) else {
                return Err(syntax(MoveFault::PieceLetter(c)));
            };
            head = head.get(1..).unwrap_or_default(); // the ASCII letter read above
            Some(r)
        }
        _ => None,
    };
    let capture_mark = head.ends_with('x') || head.ends_with(':');
    let head = head.trim_end_matches(['x', ':', '-']);
    let (mut file, mut rank) = (None, None);
    for c in head.bytes() {
        match c {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            _ => return Err(syntax(MoveFault::SanShape)),
        }
    }
    // "exd5" names a Bia; a full from-square without a letter ("b1d2") is any piece.
    let role = match (role, file, rank) {
        (Some(r), _, _) => Some(r),
        (None, Some(_), Some(_)) => None,
        (None, _, _) => Some(Role::Bia),
    };
    let fits: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            m.to() == to
                && from.contains(m.from())
                && role.is_none_or(|r| pos.role_at(m.from()) == Some(r))
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
        })
        .collect();
    match fits.as_slice() {
        [m] if promo && !m.is_promotion() => Err(SanError::Illegal {
            text: shorten(text),
            why: MoveFault::NotPromotion {
                mv: m.to_string(),
                san: true,
            },
        }),
        [m] if capture_mark && !pos.is_capture(*m) => Err(SanError::Illegal {
            text: shorten(text),
            why: MoveFault::NotCapture(to),
        }),
        [m] => Ok(*m),
        [] => Err(SanError::Illegal {
            text: shorten(text),
            why: MoveFault::NoneFits {
                role,
                turn: pos.turn(),
                to,
            },
        }),
        many => Err(SanError::Ambiguous {
            text: shorten(text),
            candidates: many.iter().map(|m| m.to_string()).collect(),
        }),
    }
}

impl Position {
    /// Reads a move in UCI form (`e3e4`, `a5a6m`) or SAN (`Nd2`, `exd5`, `a6=M`, `e3-e4`),
    /// legal in this position.
    pub fn parse_move(&self, s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if looks_like_uci(s) {
            parse_uci(self, s).map_err(ParseMoveError::Uci)
        } else {
            parse_san(self, s).map_err(ParseMoveError::San)
        }
    }

    /// The SAN of a legal move.
    pub fn san(&self, m: Move) -> String {
        to_san(self, m)
    }
}
