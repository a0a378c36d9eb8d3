//! The counting rules (board's honour and pieces' honour), exactly as docs/rules.md words them
//! and as Fairy-Stockfish plays them. The state (limit and count, in plies) is a value,
//! [`CountState`], that `Position` owns because it is part of the FEN; this file computes
//! each next state from the last one and the position's [`Material`], a summary of what each
//! side has (the rules need no board), so it sits below the position.

use crate::bitboard::Bitboard;
use crate::types::{Color, Role};
use std::fmt;

/// Which honour a running count is under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Honour {
    /// Board's honour: counting began when the last Bia left, both sides having pieces.
    Board,
    /// Pieces' honour: the bare Khun's side counts against what the opponent has.
    Pieces,
}

impl Honour {
    /// "board" or "pieces".
    pub const fn name(self) -> &'static str {
        match self {
            Honour::Board => "board",
            Honour::Pieces => "pieces",
        }
    }
}

impl fmt::Display for Honour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How counts start: by themselves (rules 1-4, what engines play) or when a side asks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Counting {
    /// Counts start and restart by themselves, as in Fairy-Stockfish (the default).
    #[default]
    Auto,
    /// Counts start and stop only when asked, as played over the board.
    Request,
}

impl Counting {
    /// "auto" or "request".
    pub const fn name(self) -> &'static str {
        match self {
            Counting::Auto => "auto",
            Counting::Request => "request",
        }
    }
}

impl fmt::Display for Counting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A counting mode other than `auto` and `request`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCountingError(pub String);

impl fmt::Display for ParseCountingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown counting \"{}\" (auto or request)", self.0)
    }
}

impl std::error::Error for ParseCountingError {}

impl std::str::FromStr for Counting {
    type Err = ParseCountingError;
    fn from_str(s: &str) -> Result<Counting, ParseCountingError> {
        match s {
            "auto" => Ok(Counting::Auto),
            "request" => Ok(Counting::Request),
            _ => Err(ParseCountingError(s.to_string())),
        }
    }
}

/// Why a count may not start or stop now (counting on request).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CountError {
    /// The game counts by itself (`auto`).
    Automatic,
    /// The game is over.
    GameOver,
    /// An unpromoted Bia is on the board.
    BiaLeft,
    /// The side to move cannot count: its opponent has a bare Khun.
    OpponentBare,
    /// A count is already running.
    Running,
    /// No count is running.
    NotRunning,
    /// The running count is the other side's.
    NotCountingSide,
    /// Ouk Chatrang: the side to move has more than three pieces, too many to count.
    TooManyPieces,
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountError::Automatic => "no count may be asked for: this game counts by itself",
            CountError::GameOver => "no count may start or stop: the game is over",
            CountError::BiaLeft => "no count may start now: an unpromoted Bia is on the board",
            CountError::OpponentBare => {
                "no count may start now: the opponent has a bare Khun, the side to move cannot count"
            }
            CountError::Running => "no count may start now: a count is already running",
            CountError::NotRunning => "no count may stop now: no count is running",
            CountError::NotCountingSide => {
                "no count may stop now: the running count belongs to the other side"
            }
            CountError::TooManyPieces => {
                "no count may start now: the side to move has more than three pieces"
            }
        })
    }
}

impl std::error::Error for CountError {}

/// A running count, in plies.
///
/// ```
/// use makruk::{Color, Honour, Position};
///
/// // a bare Black Khun counts against two Ruea and a Ma: limit 8 moves, 5 counted so far
/// let pos = Position::from_fen("8/8/8/4k3/8/8/R6R/3NK3 b - 16 10 40").unwrap();
/// let count = pos.count().unwrap();
/// assert_eq!((count.ply, count.limit), (10, 16));
/// assert_eq!((count.moves(), count.limit_moves()), (5, 8)); // as players read it
/// assert_eq!((count.honour, count.side), (Honour::Pieces, Color::Black));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies (FEN field 4).
    pub limit: u16,
    /// The count so far in plies (FEN field 5).
    pub ply: u16,
    /// The honour, derived from the material (the FEN does not record it).
    pub honour: Honour,
    /// The counting side, for display: the bare Khun under pieces' honour; under board's
    /// honour the side that was to move when the count started (from the count's parity).
    pub side: Color,
}

impl Count {
    /// The count as players read it, in moves: `⌈ply/2⌉`.
    pub fn moves(&self) -> u16 {
        self.ply.div_ceil(2)
    }

    /// The limit in moves.
    pub fn limit_moves(&self) -> u16 {
        self.limit / 2
    }
}

/// What the counting rules read of a position: each side's pieces and each role's, and
/// whether the variant counts by the Cambodian rules. Only the numbers of pieces are read
/// (how many a side has, of a role, on the board), never a square: the sets are kept rather
/// than their counts because a count is then taken only where a rule needs it (the search
/// plays through here on every move). `Position::material` makes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Material {
    /// Each side's pieces, by `Color::index`.
    by_color: [Bitboard; 2],
    /// Each role's pieces, of both sides, by `Role::index` (a promoted Bia is a Met).
    by_role: [Bitboard; 6],
    /// Ouk Chatrang's counting (docs/rules.md).
    cambodian: bool,
}

impl Material {
    /// The material of these sets, under Cambodian counting or not.
    #[inline]
    pub(crate) const fn new(
        by_color: [Bitboard; 2],
        by_role: [Bitboard; 6],
        cambodian: bool,
    ) -> Material {
        Material {
            by_color,
            by_role,
            cambodian,
        }
    }

    /// `side`'s pieces of `role`.
    #[inline]
    fn count(&self, side: Color, role: Role) -> u16 {
        (self.by_color[side.index()] & self.by_role[role.index()]).count() as u16
    }

    /// `side`'s pieces, its Khun included.
    #[inline]
    fn men(&self, side: Color) -> u16 {
        self.by_color[side.index()].count() as u16
    }

    /// The pieces on the board.
    #[inline]
    fn total(&self) -> u16 {
        (self.by_color[0] | self.by_color[1]).count() as u16
    }

    /// True when `side` has nothing but its Khun.
    #[inline]
    pub(crate) fn bare(&self, side: Color) -> bool {
        !self.by_color[side.index()].more_than_one()
    }

    /// True when an unpromoted Bia is on the board.
    #[inline]
    fn bia(&self) -> bool {
        self.by_role[Role::Bia.index()].any()
    }
}

/// `L(S)` of docs/rules.md: the limit in moves for `side` to count, 0 if it cannot count. In Ouk
/// Chatrang (Cambodian counting) board's honour needs three pieces or fewer but allows Bia
/// on the board, and every limit is one move shorter.
pub(crate) fn limit_moves(m: &Material, side: Color) -> u16 {
    let opp = side.other();
    let cambodian = m.cambodian;
    let bia = m.bia();
    if m.bare(opp) || (bia && !cambodian) {
        return 0;
    }
    if !m.bare(side) {
        return match () {
            _ if !cambodian => 64,
            _ if m.men(side) > 3 => 0,
            _ => 63,
        };
    }
    if bia {
        return 0;
    }
    let n = |role: Role| m.count(opp, role);
    let l = match () {
        _ if n(Role::Ruea) >= 2 => 8,
        _ if n(Role::Ruea) == 1 => 16,
        _ if n(Role::Khon) >= 2 => 22,
        _ if n(Role::Ma) >= 2 => 32,
        _ if n(Role::Khon) == 1 => 44,
        _ => 64,
    };
    if cambodian {
        l - 1
    } else {
        l
    }
}

/// Cambodian counting's board's honour limit in plies (63 moves).
const CAMBODIAN_BOARD_LIMIT: u16 = 126;

/// The count's state in plies, FEN fields 4 and 5: a value the position owns and replaces
/// after each move. No count runs while the limit is 0.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct CountState {
    limit: u16,
    ply: u16,
    /// Cambodian counting: the board's honour count in plies, which runs on beside a
    /// pieces' honour count that replaced it, so that the one ending sooner applies.
    board: Option<u16>,
}

impl CountState {
    /// No count running.
    pub(crate) const NONE: CountState = CountState {
        limit: 0,
        ply: 0,
        board: None,
    };

    /// A count of `limit` plies at `ply` (none when `limit` is 0).
    pub(crate) fn new(limit: u16, ply: u16) -> CountState {
        CountState {
            limit,
            ply: if limit > 0 { ply } else { 0 },
            board: None,
        }
    }

    /// Whether a count runs.
    pub(crate) fn is_running(self) -> bool {
        self.limit > 0
    }

    /// The limit and count that apply, as the FEN writes them: the board's honour count
    /// kept beside a pieces' honour count when fewer of its plies remain.
    fn fields(self) -> (u16, u16) {
        match self.board {
            Some(b)
                if i32::from(CAMBODIAN_BOARD_LIMIT) - i32::from(b)
                    < i32::from(self.limit) - i32::from(self.ply) =>
            {
                (CAMBODIAN_BOARD_LIMIT, b)
            }
            _ => (self.limit, self.ply),
        }
    }

    /// Whether a count runs and has passed its limit.
    pub(crate) fn exceeded(self) -> bool {
        let (limit, ply) = self.fields();
        self.is_running() && ply > limit
    }

    /// Rule 1 alone: a running count goes up by one ply (what a move does on request).
    pub(crate) fn step(self) -> CountState {
        CountState {
            board: self.board.map(|b| b.saturating_add(1)),
            ..CountState::new(self.limit, self.ply.saturating_add(1))
        }
    }

    /// Rules 1-3 after a move by `x`: `m` is the material after the move (`y` to move),
    /// `captured` is what it took and `promotion` whether a Bia turned into a Met.
    pub(crate) fn after_move(
        self,
        m: &Material,
        x: Color,
        captured: Option<Role>,
        promotion: bool,
    ) -> CountState {
        let y = x.other();
        // 1. a running count goes up by one ply
        let mut next = self.step();
        let cambodian = m.cambodian;
        let bia = m.bia();
        // While an unpromoted Bia is left, Makruk's L is 0 for both sides: rules 2 and 3
        // cannot apply.
        if bia && !cambodian {
            return next;
        }
        let n = m.total();
        // pieces' honour (re)starts; Cambodian counting keeps a board's honour count beside it
        let pieces = |next: CountState, limit: u16, ply: u16| CountState {
            board: next.board,
            ..CountState::new(limit, ply)
        };
        // 2. the bare Khun took the last Bia
        if !bia && captured == Some(Role::Bia) && m.bare(x) {
            let l = limit_moves(m, x);
            if l > 0 {
                next = pieces(next, 2 * l, 2 * n - 1);
            }
        }
        // 3. a count starts, or pieces' honour restarts for a side just left with a bare Khun
        if !next.is_running() || ((captured.is_some() || promotion) && m.bare(y)) {
            let l = limit_moves(m, y);
            if l > 0 && m.bare(y) {
                next = pieces(next, 2 * l, 2 * n);
            } else if l > 0 {
                next = CountState {
                    board: cambodian.then_some(0),
                    ..CountState::new(2 * l, 0)
                };
            }
        }
        next
    }

    /// The count `side` (to move, with this state) starts on request: board's honour from 0
    /// plies, or pieces' honour with a bare Khun, with the limit and start number of rules
    /// 2-3.
    pub(crate) fn start(self, m: &Material, side: Color) -> Result<CountState, CountError> {
        let bia = m.bia();
        if bia && !m.cambodian {
            return Err(CountError::BiaLeft);
        }
        if self.is_running() {
            return Err(CountError::Running);
        }
        let l = limit_moves(m, side);
        if l == 0 {
            return Err(if m.bare(side.other()) {
                CountError::OpponentBare
            } else if bia && m.bare(side) {
                CountError::BiaLeft
            } else {
                CountError::TooManyPieces
            });
        }
        Ok(CountState::new(
            2 * l,
            if m.bare(side) { 2 * m.total() } else { 0 },
        ))
    }

    /// The running count as players see it, with its honour and side, `turn` to move.
    pub(crate) fn view(self, m: &Material, turn: Color) -> Option<Count> {
        if !self.is_running() {
            return None;
        }
        let (limit, ply) = self.fields();
        // Cambodian counting: pieces' honour needs no Bia on the board and the count it set
        let pieces = !m.cambodian || (!m.bia() && (limit, ply) == (self.limit, self.ply));
        let (white_bare, black_bare) = (m.bare(Color::White), m.bare(Color::Black));
        let (honour, side) = match (white_bare, black_bare) {
            (true, false) if pieces => (Honour::Pieces, Color::White),
            (false, true) if pieces => (Honour::Pieces, Color::Black),
            _ if ply.is_multiple_of(2) => (Honour::Board, turn),
            _ => (Honour::Board, turn.other()),
        };
        Some(Count {
            limit,
            ply,
            honour,
            side,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A material of `white` and `black` pieces, given as FEN letters (the Khun included),
    /// each on a square of its own (which ones does not matter to the rules).
    fn material(white: &str, black: &str, cambodian: bool) -> Material {
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut by_role = [Bitboard::EMPTY; 6];
        let mut square = 0;
        for (side, letters) in [(Color::White, white), (Color::Black, black)] {
            for c in letters.chars() {
                let role = Role::from_char(c).expect("a piece letter");
                let bit = Bitboard::from_square(crate::types::Square::from_index(square));
                by_color[side.index()] |= bit;
                by_role[role.index()] |= bit;
                square += 1;
            }
        }
        Material::new(by_color, by_role, cambodian)
    }

    /// The rules read the material, not where it stands: the limits of docs/rules.md.
    #[test]
    fn limits_from_the_material_alone() {
        let black = Color::Black;
        for (white, limit) in [
            ("KRR", 8),
            ("KRS", 16),
            ("KSS", 22),
            ("KNN", 32),
            ("KSN", 44),
            ("KMN", 64),
        ] {
            assert_eq!(limit_moves(&material(white, "K", false), black), limit);
            assert_eq!(limit_moves(&material(white, "K", true), black), limit - 1);
        }
        // board's honour: 64 moves, or 63 in Ouk Chatrang for three pieces or fewer
        assert_eq!(limit_moves(&material("KR", "KS", false), black), 64);
        assert_eq!(limit_moves(&material("KR", "KSS", true), black), 63);
        assert_eq!(limit_moves(&material("KR", "KSSN", true), black), 0);
        // a Bia on the board: no count in Makruk, board's honour in Ouk Chatrang
        assert_eq!(limit_moves(&material("KRP", "KS", false), black), 0);
        assert_eq!(limit_moves(&material("KRP", "KS", true), black), 63);
        // the side against a bare Khun never counts
        assert_eq!(limit_moves(&material("KR", "K", false), Color::White), 0);
    }

    /// A count starts on request from the material: pieces' honour numbers the men.
    #[test]
    fn a_count_started_on_request() {
        let bare = material("KRS", "K", false);
        let count = CountState::NONE.start(&bare, Color::Black).unwrap();
        assert_eq!(count, CountState::new(32, 8));
        let view = count.view(&bare, Color::Black).unwrap();
        assert_eq!((view.honour, view.side), (Honour::Pieces, Color::Black));
        assert_eq!(count.start(&bare, Color::Black), Err(CountError::Running));
        assert_eq!(
            CountState::NONE.start(&bare, Color::White),
            Err(CountError::OpponentBare)
        );
        let bia = material("KRP", "KS", false);
        assert_eq!(
            CountState::NONE.start(&bia, Color::Black),
            Err(CountError::BiaLeft)
        );
    }
}
