//! Vocabulary types: colours, roles, pieces, squares and moves.

use std::fmt;
use std::str::FromStr;

/// A side: White moves first and starts on ranks 1 to 3.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that starts at the bottom (ranks 1 to 3) and moves first.
    White = 0,
    /// The side that starts at the top (ranks 6 to 8).
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (for arrays indexed by colour).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter: 'w' or 'b'.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Lowercase English name ("white", "black").
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, named in Thai as docs/rules.md does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// เบี้ย "cowrie shell": one step forward, captures one step diagonally forward (pawn).
    Bia = 0,
    /// ม้า "horse": the knight's leap.
    Ma = 1,
    /// โคน "nobleman": one step diagonally or one step straight forward.
    Khon = 2,
    /// เรือ "boat": any distance along a rank or file (rook).
    Ruea = 3,
    /// เม็ด "seed": one step diagonally (also a promoted Bia).
    Met = 4,
    /// ขุน "lord": one step in any direction (king).
    Khun = 5,
}

impl Role {
    /// All roles in index order.
    pub const ALL: [Role; 6] = [
        Role::Bia,
        Role::Ma,
        Role::Khon,
        Role::Ruea,
        Role::Met,
        Role::Khun,
    ];

    /// 0..6 in the order Bia, Ma, Khon, Ruea, Met, Khun.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase FEN/SAN letter: P N S R M K.
    pub const fn char(self) -> char {
        match self {
            Role::Bia => 'P',
            Role::Ma => 'N',
            Role::Khon => 'S',
            Role::Ruea => 'R',
            Role::Met => 'M',
            Role::Khun => 'K',
        }
    }

    /// The role of a FEN letter, either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Bia),
            'N' => Some(Role::Ma),
            'S' => Some(Role::Khon),
            'R' => Some(Role::Ruea),
            'M' => Some(Role::Met),
            'K' => Some(Role::Khun),
            _ => None,
        }
    }

    /// The code name ("Bia", "Ma", ...).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Bia => "Bia",
            Role::Ma => "Ma",
            Role::Khon => "Khon",
            Role::Ruea => "Ruea",
            Role::Met => "Met",
            Role::Khun => "Khun",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter ('P'..'K' White, 'p'..'k' Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// A square, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1); both are taken modulo 8.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square((rank & 7) * 8 + (file & 7))
    }

    /// The square with this index (0..64), taken modulo 64.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        Square(index & 63)
    }

    /// The index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a .. 7 = h.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 = rank 1 .. 7 = rank 8.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The rank as seen by `color` (0 = its own first rank).
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// True for the dark squares (a1 is dark), for the Met's colour rule.
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that was read (shortened if very long).
    pub found: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (expected a file a-h and a rank 1-8, e.g. 'e3')",
            self.found
        )
    }
}

impl std::error::Error for ParseSquareError {}

/// Shortens user text for error messages, so that a megabyte of garbage is not echoed back.
pub(crate) fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(MAX).collect();
        t.push('…');
        t
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square::new(f - b'a', r - b'1')),
            _ => Err(ParseSquareError { found: shorten(s) }),
        }
    }
}

/// A move in 16 bits: from-square (bits 0-5), to-square (bits 6-11), promotion (bit 12).
/// Its `Display` is the UCI form.
///
/// ```
/// use makruk::Position;
///
/// let pos = Position::from_fen("k7/8/8/P7/8/8/8/K7 w - - 0 1").unwrap();
/// let m = pos.parse_move("a6").unwrap(); // a Bia reaching the sixth rank promotes
/// assert_eq!((m.from().to_string(), m.to().to_string()), ("a5".into(), "a6".into()));
/// assert!(m.is_promotion());
/// assert_eq!(m.to_string(), "a5a6m");
/// assert_eq!(pos.parse_move("a5a6m"), Ok(m));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The empty move (a1a1), written `0000`.
    pub const NULL: Move = Move(0);

    /// A move from `from` to `to`; `promotion` marks a Bia turning into a Met.
    #[inline]
    pub const fn new(from: Square, to: Square, promotion: bool) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6 | (promotion as u16) << 12)
    }

    /// Rebuilds a move from `bits()`; any value is accepted (check it with `Position::is_legal`).
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The 16-bit encoding.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }

    /// The square the piece goes to.
    #[inline]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    /// True when a Bia is promoted to a Met by this move.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & (1 << 12) != 0
    }

    /// True for `Move::NULL`.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
}

/// The UCI form: `e3e4`, `a5a6m`, `0000` for the null move.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if self.is_promotion() {
            f.write_str("m")?;
        }
        Ok(())
    }
}
