//! Exact knowledge of the endings against a bare Khun with one or two of Ruea, Khon, Ma and
//! Met (a promoted Bia is a Met) besides the strong Khun: for every position, whether the
//! strong side can force mate, in how many plies (the strong side hurrying, the bare Khun
//! resisting as long as it can), whether that mate comes before the count runs out, and the
//! move to play.
//!
//! Tables are built in memory by retrograde analysis (see `build`) the first time an ending
//! is asked for, and kept by their owner (a [`Tablebase`], e.g. inside the `Searcher`).

mod build;

use crate::position::Position;
use crate::types::{Color, Move, Role, Square};
use crate::{Rng, Variant};
use build::{index, Builder, Shape, Squares, Table, DRAW, ILLEGAL};
use std::fmt;

/// The pieces one of these endings may give the strong side besides its Khun.
pub const PIECES: [Role; 4] = [Role::Ruea, Role::Khon, Role::Ma, Role::Met];

/// An ending: the strong side's pieces besides its Khun (one or two), against a bare Khun.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    roles: [Role; 2],
    len: u8,
}

impl Ending {
    /// The ending with these pieces (one or two of `PIECES`, in any order).
    pub fn new(roles: &[Role]) -> Option<Ending> {
        if roles.is_empty() || roles.len() > 2 || roles.iter().any(|r| !PIECES.contains(r)) {
            return None;
        }
        let mut sorted = [roles[0], roles[roles.len() - 1]];
        sorted.sort();
        Some(Ending {
            roles: sorted,
            len: roles.len() as u8,
        })
    }

    /// All fourteen endings: four with one piece, then ten with two.
    pub fn all() -> Vec<Ending> {
        let mut v: Vec<Ending> = PIECES.iter().filter_map(|&r| Ending::new(&[r])).collect();
        for (i, &a) in PIECES.iter().enumerate() {
            for &b in &PIECES[i..] {
                v.extend(Ending::new(&[a, b]));
            }
        }
        v
    }

    /// The strong side's pieces besides its Khun, in `Role` order.
    pub fn roles(&self) -> &[Role] {
        &self.roles[..self.len as usize]
    }

    /// The ending's short name, which [`FromStr`](std::str::FromStr) reads back: the FEN
    /// letters of its pieces, uppercase, strongest first in the order of `PIECES` (Ruea,
    /// Khon, Ma, Met: `"RS"`, `"NM"`). The trainer's links and drills use it.
    ///
    /// ```
    /// use makruk::Ending;
    ///
    /// let ending: Ending = "ms".parse().unwrap();
    /// assert_eq!(ending.letters(), "SM");
    /// assert_eq!(ending.letters().parse::<Ending>(), Ok(ending));
    /// ```
    pub fn letters(&self) -> String {
        PIECES
            .iter()
            .flat_map(|p| self.roles().iter().filter(move |r| *r == p))
            .map(|r| r.char().to_ascii_uppercase())
            .collect()
    }

    /// The ending of `pos` and its strong side, if `pos` is one of these endings.
    pub fn of(pos: &Position) -> Option<(Ending, Color)> {
        // Ouk Chatrang's rights (the Khun's leap, the Met's double step) are moves the
        // tables do not know; without them its moves are Makruk's (and a probe weighs the
        // mate against the position's own count, Cambodian or not). Other rules change the
        // defence or the end of the game: the tables do not apply.
        if !matches!(pos.variant(), Variant::Makruk | Variant::Cambodian)
            || pos.by_role(Role::Bia).any()
            || pos.rights() != crate::Rights::NONE
        {
            return None;
        }
        let strong = if pos.by_color(Color::White).more_than_one() {
            Color::White
        } else {
            Color::Black
        };
        if pos.by_color(strong.other()).more_than_one() {
            return None;
        }
        let pieces = pos.by_color(strong).without(pos.khun(strong));
        let roles: Vec<Role> = pieces.into_iter().filter_map(|s| pos.role_at(s)).collect();
        Ending::new(&roles).map(|e| (e, strong))
    }

    /// The counting limit in moves (pieces' honour, docs/rules.md).
    pub fn limit_moves(&self) -> u16 {
        let mut pos = Position::empty();
        pos.put(Color::White, Role::Khun, Square::from_index(0));
        pos.put(Color::Black, Role::Khun, Square::from_index(63));
        for (i, &r) in self.roles().iter().enumerate() {
            pos.put(Color::White, r, Square::from_index(8 + i as u8));
        }
        pos.limit_moves(Color::Black)
    }

    /// The number of pieces on the board, both Khun included.
    pub fn men(&self) -> u16 {
        2 + u16::from(self.len)
    }

    /// The plies the strong side has to mate when the count has just started (the bare Khun
    /// to move, count `2N` against a limit `2L`): a mate in `d` plies counts when `d <= 2L - 2N + 1`.
    pub fn plies_from_count_start(&self) -> u16 {
        (2 * self.limit_moves() + 1).saturating_sub(2 * self.men())
    }

    /// The same as the smaller ending it becomes when the bare Khun takes piece `i`.
    fn without(&self, i: usize) -> Option<Ending> {
        (self.len == 2)
            .then(|| Ending::new(&[self.roles[1 - i]]))
            .flatten()
    }
}

impl fmt::Display for Ending {
    /// `Khun, Ruea and Ma against Khun` (for people; [`Ending::letters`] is the name that
    /// reads back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.roles().iter().map(|r| r.name()).collect();
        write!(f, "Khun, {} against Khun", names.join(" and "))
    }
}

/// Text that names no ending: not one or two of the letters R, S, N, M.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseEndingError(String);

impl fmt::Display for ParseEndingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // quoted by hand: `{:?}` would bring Unicode's escaping tables into the wasm module
        write!(
            f,
            "\"{}\" is not an ending: one or two of R, S, N, M (Ruea, Khon, Ma, Met)",
            self.0
        )
    }
}

impl std::error::Error for ParseEndingError {}

impl std::str::FromStr for Ending {
    type Err = ParseEndingError;

    /// The strong side's pieces as FEN letters, either case: `"R"`, `"SM"`, `"nn"`.
    fn from_str(s: &str) -> Result<Ending, ParseEndingError> {
        let roles: Option<Vec<Role>> = s.chars().map(Role::from_char).collect();
        roles
            .and_then(|r| Ending::new(&r))
            .ok_or_else(|| ParseEndingError(s.chars().take(16).collect()))
    }
}

/// What a table says of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The side with the pieces.
    pub strong: Color,
    /// The mate distance in plies with best play (the strong side mating as fast as it can,
    /// the bare Khun resisting as long as it can), ignoring the count; `None` when the strong
    /// side cannot force mate.
    pub dtm_plies: Option<u16>,
    /// True when that mate comes before the count runs out: the position is won. False: a
    /// draw with best defence.
    pub won_within_count: bool,
    /// The move to play: for the strong side a fastest mate (`None` when it cannot force
    /// mate: the table prefers no move), for the bare Khun the longest resistance, a move
    /// that makes the win impossible within the count first.
    pub best_move: Option<Move>,
    /// The strong side's moves that the count leaves for the mate ([`count_moves_left`]).
    pub moves_left: u16,
    /// The number the count starts at, in moves: the pieces on the board (pieces' honour),
    /// when it starts after the strong side's next move ([`count_start`]).
    pub count_start: u16,
}

impl Probe {
    /// The strong side's moves in that mate (it makes every other ply, the first when it is to
    /// move: a mate in 3 plies is 2 of its moves, in 4 plies 2); `None` as `dtm_plies`.
    pub fn dtm_moves(&self) -> Option<u16> {
        self.dtm_plies.map(|plies| plies.div_ceil(2))
    }
}

/// The number a pieces' honour count against the bare Khun starts at, in moves: the pieces on
/// the board (both Khun included), as rule 3 of docs/rules.md starts it.
pub fn count_start(pos: &Position) -> u16 {
    pos.occupied().count() as u16
}

/// The strong side's moves that the count leaves for its mate from `pos` (`strong`: the side
/// with the pieces, the other a bare Khun): a mate in `d` plies comes in time when
/// `d <= limit - ply + 1`, and the strong side makes every other ply of it, the first when it is
/// to move. Before the count runs it starts after the strong side's next move, at the number
/// of pieces on the board (pieces' honour: `2n` plies of a limit of `2L`, docs/rules.md).
pub fn count_moves_left(pos: &Position, strong: Color) -> u16 {
    let to_move = pos.turn() == strong;
    let plies = match pos.count() {
        Some(c) => (c.limit + 1).saturating_sub(c.ply),
        None => {
            let n = count_start(pos);
            (2 * pos.limit_moves(strong.other())).saturating_sub(2 * n)
                + if to_move { 2 } else { 3 }
        }
    };
    if to_move {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

/// Figures of one ending, counted over every legal position (not only the stored half).
/// Index 0 is the strong side to move, 1 the bare Khun to move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Legal positions.
    pub positions: [u64; 2],
    /// Positions from which the strong side forces mate, ignoring the count.
    pub won: [u64; 2],
    /// Positions won within the count from its start: the strong side to move with no count
    /// running (the count starts after its move), or the bare Khun to move just after the count
    /// started at `2N`.
    pub won_from_count_start: [u64; 2],
    /// The longest forced mate, in plies.
    pub longest_plies: [u16; 2],
    /// Bytes of the table in memory (positions with the bare Khun to move: the strong side's
    /// are one move away).
    pub bytes: usize,
}

/// How many random placements [`Tablebase::random_start`] tries before it gives up.
pub const START_TRIES: u32 = 200_000;

/// The tables built so far, each once, the smaller ones first.
#[derive(Default)]
pub struct Tablebase {
    tables: Vec<(Ending, Table)>,
}

impl Tablebase {
    /// No table built yet.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    fn table(&self, ending: Ending) -> Option<&Table> {
        self.tables
            .iter()
            .find(|(e, _)| *e == ending)
            .map(|(_, t)| t)
    }

    /// True when the table of `ending` is in memory.
    pub fn is_built(&self, ending: Ending) -> bool {
        self.table(ending).is_some()
    }

    /// The bytes of all the tables built.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|(_, t)| t.data.len()).sum()
    }

    /// Builds the table of `ending` (and the smaller ones it needs) unless it is built.
    pub fn build(&mut self, ending: Ending) {
        if self.is_built(ending) {
            return;
        }
        let subs = [ending.without(0), ending.without(1)];
        for sub in subs.into_iter().flatten() {
            self.build(sub);
        }
        let sub_table = |i: usize| subs[i].and_then(|e| self.table(e)).map(|t| &t.data[..]);
        let table = Builder::new(ending.roles(), [sub_table(0), sub_table(1)]).run();
        self.tables.push((ending, table));
    }

    /// Probes `pos`, building its table first if needed; `None` unless `pos` is one of these
    /// endings.
    pub fn probe(&mut self, pos: &Position) -> Option<Probe> {
        let (ending, _) = Ending::of(pos)?;
        self.build(ending);
        self.probe_built(pos)
    }

    /// Probes `pos` if its table is built (never builds).
    pub fn probe_built(&self, pos: &Position) -> Option<Probe> {
        let (_, strong) = Ending::of(pos)?;
        let dtm = self.lookup(pos)?;
        let won_within_count = dtm.is_some_and(|d| self.within(pos, d));
        let best_move = if pos.turn() == strong {
            dtm.and_then(|d| self.fastest(pos, d))
        } else {
            self.longest(pos)
        };
        Some(Probe {
            strong,
            dtm_plies: dtm,
            won_within_count,
            best_move,
            moves_left: count_moves_left(pos, strong),
            count_start: count_start(pos),
        })
    }

    /// The mate distance of `pos` (`Some(None)`: a draw, also for Khun against Khun), if its
    /// table is built and `pos` is legal.
    fn lookup(&self, pos: &Position) -> Option<Option<u16>> {
        if !pos.by_color(Color::White).more_than_one()
            && !pos.by_color(Color::Black).more_than_one()
        {
            return Some(None);
        }
        let (ending, strong) = Ending::of(pos)?;
        if pos.turn() == strong {
            // the side not to move in check: not a position
            let mut other = *pos;
            other.play_null();
            if other.in_check() {
                return None;
            }
            if pos.is_insufficient_material() {
                return Some(None);
            }
            // one ply more than the best move (the strong side never captures here)
            let mut best = None;
            for &m in pos.legal_moves().iter() {
                let mut next = *pos;
                next.play(m);
                if let Some(Some(d)) = self.lookup_weak(&next, ending, strong) {
                    best = Some(best.map_or(d, |b: u16| b.min(d)));
                }
            }
            return Some(best.map(|d| d + 1));
        }
        self.lookup_weak(pos, ending, strong)
    }

    /// `lookup` with the bare Khun to move, straight from the table.
    fn lookup_weak(&self, pos: &Position, ending: Ending, strong: Color) -> Option<Option<u16>> {
        let table = &self.table(ending)?.data;
        let flip = if strong == Color::Black { 56 } else { 0 };
        let at = |s: Square| s.index() as u8 ^ flip;
        let mut s: Squares = [at(pos.khun(strong)), at(pos.khun(strong.other())), 0, 0];
        let roles = ending.roles();
        let mut slot = 2;
        for (i, &role) in roles.iter().enumerate() {
            // two pieces of one role fill both slots at once
            if i > 0 && roles[i - 1] == role {
                continue;
            }
            for sq in pos.pieces(strong, role) {
                if slot < 4 {
                    s[slot] = at(sq);
                    slot += 1;
                }
            }
        }
        match table[index(Shape::of(roles), &s)] {
            ILLEGAL => None,
            DRAW => Some(None),
            v => Some(Some(u16::from(v) - 1)),
        }
    }

    /// True when the mate in `dtm` plies from `pos` comes before the count runs out.
    fn within(&self, pos: &Position, dtm: u16) -> bool {
        if dtm == 0 {
            return true;
        }
        if let Some(c) = pos.count() {
            // after each of the first dtm - 1 plies the count must stay within its limit
            return u32::from(dtm) + u32::from(c.ply) <= u32::from(c.limit) + 1;
        }
        // no count yet: it starts after the strong side's next move; look one or two plies on
        let next = |m: Move| {
            let mut p = *pos;
            p.play(m);
            let d = self.lookup(&p).flatten();
            d.is_some_and(|d| self.within(&p, d))
        };
        let moves = pos.legal_moves();
        if Ending::of(pos).is_some_and(|(_, strong)| pos.turn() == strong) {
            moves.iter().any(|&m| next(m))
        } else {
            !moves.is_empty() && moves.iter().all(|&m| next(m))
        }
    }

    /// A move of the strong side to a position mated one ply sooner.
    fn fastest(&self, pos: &Position, dtm: u16) -> Option<Move> {
        pos.legal_moves().iter().copied().find(|&m| {
            let mut p = *pos;
            p.play(m);
            dtm > 0 && self.lookup(&p) == Some(Some(dtm - 1))
        })
    }

    /// The bare Khun's move: a draw first (a capture among them), then a win that the count
    /// no longer allows, then the longest mate.
    fn longest(&self, pos: &Position) -> Option<Move> {
        let key = |m: Move| {
            let mut p = *pos;
            p.play(m);
            match self.lookup(&p) {
                Some(None) => (2, u16::from(pos.is_capture(m))),
                Some(Some(d)) if !self.within(&p, d) => (1, d),
                Some(Some(d)) => (0, d),
                None => (0, 0),
            }
        };
        let moves = pos.legal_moves();
        // the first of the best, in move order
        let mut best: Option<(Move, (u8, u16))> = None;
        for &m in moves.iter() {
            let k = key(m);
            if best.is_none_or(|(_, b)| k > b) {
                best = Some((m, k));
            }
        }
        best.map(|(m, _)| m)
    }

    /// A random start for a drill of `ending` (a deterministic function of `seed`): a legal
    /// position, White strong and to move, no count running (it starts after White's move at
    /// `2N`, as docs/rules.md's rule 3 says), won within the count, and not a mate in one. `None`
    /// when no such position turns up in `START_TRIES` random placements: Ma and Met win
    /// nothing, two Ma only mates in one; a lone Khon and two Mets win so few positions that
    /// they are no drill either.
    pub fn random_start(&mut self, ending: Ending, seed: u64) -> Option<Position> {
        self.build(ending);
        let mut rng = Rng::new(seed);
        for _ in 0..START_TRIES {
            let mut squares = [0u8; 4];
            let men = &mut squares[..usize::from(ending.men())];
            for s in men.iter_mut() {
                *s = rng.below(64) as u8;
            }
            let men = &*men;
            if men.iter().enumerate().any(|(i, s)| men[..i].contains(s)) {
                continue;
            }
            let mut board = ['1'; 64];
            board[usize::from(men[0])] = 'K';
            board[usize::from(men[1])] = 'k';
            for (&s, &r) in men[2..].iter().zip(ending.roles()) {
                board[usize::from(s)] = r.char().to_ascii_uppercase();
            }
            let ranks: Vec<String> = (0..8)
                .rev()
                .map(|r| board[r * 8..r * 8 + 8].iter().collect())
                .collect();
            // through the FEN reader, which checks the placement and sets up hash and checkers
            let fen = format!("{} w - - 0 1", ranks.join("/"));
            // an illegal placement (the bare Khun in check, Khun beside Khun) probes to None
            let Ok(pos) = Position::from_fen(&fen) else {
                continue;
            };
            let good = self
                .probe_built(&pos)
                .is_some_and(|p| p.won_within_count && p.dtm_plies.is_some_and(|d| d > 1));
            if good {
                return Some(pos);
            }
        }
        None
    }

    /// The figures of `ending`, building its table if needed.
    pub fn stats(&mut self, ending: Ending) -> Stats {
        self.build(ending);
        let Some(table) = self.table(ending) else {
            return Stats::default();
        };
        // each stored position stands for itself and its mirror image
        let weight = 2;
        let budget = usize::from(ending.plies_from_count_start());
        let mut st = Stats {
            bytes: table.data.len(),
            ..Stats::default()
        };
        for side in 0..2 {
            st.positions[side] = table.legal[side] * weight;
            for (d, &n) in table.by_dtm[side].iter().enumerate() {
                if n == 0 {
                    continue;
                }
                st.won[side] += n * weight;
                // the strong side to move with no count has one ply more: it starts after it
                if d <= budget + 1 - side {
                    st.won_from_count_start[side] += n * weight;
                }
                st.longest_plies[side] = d as u16;
            }
        }
        st
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ouk_chatrang_rights_are_not_in_the_tables() {
        use crate::Variant;
        // White's Khun on d1 may still leap: the tables do not know that move
        let leap = Position::from_fen_variant("4k3/8/8/8/8/8/8/R2K4 w D - 0 1", Variant::Cambodian)
            .expect("valid");
        assert_eq!(Ending::of(&leap), None);
        let used = Position::from_fen_variant("4k3/8/8/8/8/8/8/R2K4 w - - 0 1", Variant::Cambodian)
            .expect("valid");
        assert_eq!(
            Ending::of(&used).map(|(e, _)| e.roles().to_vec()),
            Some(vec![Role::Ruea])
        );
    }

    #[test]
    fn endings_and_limits() {
        let all = Ending::all();
        assert_eq!(all.len(), 14);
        let e = Ending::new(&[Role::Met, Role::Khon]).expect("an ending");
        assert_eq!(e.roles(), &[Role::Khon, Role::Met]);
        assert_eq!(e.limit_moves(), 44);
        assert_eq!(
            Ending::new(&[Role::Ruea, Role::Ruea]).map(|e| e.limit_moves()),
            Some(8)
        );
        assert_eq!(Ending::new(&[Role::Bia]), None);
        assert_eq!(Ending::new(&[]), None);
        assert_eq!("ms".parse::<Ending>(), Ok(e));
        assert!("K".parse::<Ending>().is_err());
        assert!("RRR".parse::<Ending>().is_err());
        assert!("P".parse::<Ending>().is_err());
    }

    /// One short name for an ending, which reads back (the trainer's `probe` and
    /// `tablebaseStats` give it; the drills' links are written in it).
    #[test]
    fn each_ending_has_letters_that_read_back() {
        let names: Vec<String> = Ending::all().iter().map(|e| e.letters()).collect();
        assert_eq!(
            names,
            ["R", "S", "N", "M", "RR", "RS", "RN", "RM", "SS", "SN", "SM", "NN", "NM", "MM"]
        );
        for e in Ending::all() {
            assert_eq!(e.letters().parse::<Ending>(), Ok(e));
            assert!(
                e.to_string().parse::<Ending>().is_err(),
                "Display is for people"
            );
        }
    }

    #[test]
    fn random_starts_are_legal_won_within_the_count_and_mated_in_a_game() {
        let mut tb = Tablebase::new();
        for letters in ["R", "RR", "SN", "SS"] {
            let ending: Ending = letters.parse().expect("an ending");
            for seed in 0..4 {
                let pos = tb.random_start(ending, seed).expect("a start");
                assert_eq!(Ending::of(&pos), Some((ending, Color::White)), "{letters}");
                assert_eq!(pos.turn(), Color::White);
                assert_eq!(pos.count(), None, "the count starts after White's move");
                let probe = tb.probe(&pos).expect("legal");
                assert!(
                    probe.won_within_count && probe.dtm_plies > Some(1),
                    "{}",
                    pos.fen()
                );
                // the same start from the same seed
                assert_eq!(tb.random_start(ending, seed), Some(pos));
                // played out by the tables' moves, the game ends in mate, not by the count
                let mut game = crate::Game::new(pos);
                while game.outcome().is_none() {
                    let m = tb.probe(game.position()).and_then(|p| p.best_move);
                    game.play(m.expect("a table move")).expect("legal");
                    if game.moves().len() == 1 {
                        let c = game.position().count().expect("the count has started");
                        assert_eq!(c.ply, 2 * ending.men());
                        assert_eq!(c.limit, 2 * ending.limit_moves());
                    }
                }
                let outcome = game.outcome().expect("over");
                assert_eq!(outcome.reason, crate::Reason::Checkmate, "{}", pos.fen());
                assert_eq!(
                    game.moves().len(),
                    usize::from(probe.dtm_plies.unwrap_or(0))
                );
            }
        }
        // different seeds give different starts
        let r: Ending = "R".parse().expect("an ending");
        assert_ne!(tb.random_start(r, 1), tb.random_start(r, 2));
    }

    #[test]
    fn ouk_chatrang_positions_are_answered_for_its_own_count() {
        // the same placements as Makruk's drills: the Cambodian count is one move shorter,
        // so some mates in time in Makruk are too slow in Ouk Chatrang; played out by the
        // tables' moves in an Ouk Chatrang game, each ends as the probe said
        let mut tb = Tablebase::new();
        let ending: Ending = "RR".parse().expect("an ending");
        let mut lost_to_the_count = 0;
        for seed in 0..24 {
            let makruk = tb.random_start(ending, seed).expect("a start");
            let pos = Position::from_fen_variant(&makruk.fen(), Variant::Cambodian)
                .expect("an Ouk Chatrang position");
            let probe = tb.probe(&pos).expect("legal");
            let mut game = crate::Game::new(pos);
            while game.outcome().is_none() {
                let m = tb.probe(game.position()).and_then(|p| p.best_move);
                game.play(m.expect("a table move")).expect("legal");
            }
            let reason = game.outcome().expect("over").reason;
            if probe.won_within_count {
                assert_eq!(reason, crate::Reason::Checkmate, "{}", pos.fen());
            } else {
                assert_eq!(reason, crate::Reason::Counting, "{}", pos.fen());
                lost_to_the_count += 1;
            }
        }
        assert!(
            lost_to_the_count > 0,
            "no start too slow for the shorter count"
        );
    }

    #[test]
    fn the_moves_left_agree_with_the_win_within_the_count() {
        // a mate within the count takes no more of the strong side's moves than the count
        // leaves, along the tables' own line from random starts, the count running or not
        let mut tb = Tablebase::new();
        let mut checked = 0;
        for (ending, seed) in [("R", 1), ("RR", 2), ("RS", 3), ("RN", 4), ("R", 5)] {
            let ending: Ending = ending.parse().expect("an ending");
            let mut game = crate::Game::new(tb.random_start(ending, seed).expect("a start"));
            while game.outcome().is_none() {
                let pos = *game.position();
                let probe = tb.probe(&pos).expect("legal");
                let strong_moves = |d: u16| {
                    if pos.turn() == probe.strong {
                        d.div_ceil(2)
                    } else {
                        d / 2
                    }
                };
                if let Some(d) = probe.dtm_plies {
                    assert_eq!(
                        probe.won_within_count,
                        strong_moves(d) <= probe.moves_left,
                        "{} d={d} left={}",
                        pos.fen(),
                        probe.moves_left
                    );
                    checked += 1;
                }
                game.play(probe.best_move.expect("a table move"))
                    .expect("legal");
            }
        }
        assert!(checked > 20, "{checked}");
        // the drill's own figures: a Ruea's limit of 16 moves from 3 pieces, before the count
        let pos = Position::from_fen("8/8/4k3/8/8/8/8/R2K4 w - - 0 1").expect("a position");
        assert_eq!(count_moves_left(&pos, Color::White), 14);
        assert_eq!(count_start(&pos), 3);
    }

    #[test]
    fn makpong_and_kar_ouk_positions_are_not_the_tables() {
        let ruea = "8/8/4k3/8/8/8/8/R2K4 w - - ";
        for (variant, rest) in [
            (Variant::Makruk, "0 1"),
            (Variant::Cambodian, "0 1"),
            (Variant::Makpong, "0 1"),
            (Variant::KarOuk, "1+1 0 1"),
        ] {
            let pos =
                Position::from_fen_variant(&format!("{ruea}{rest}"), variant).expect("a position");
            let theirs = matches!(variant, Variant::Makruk | Variant::Cambodian);
            assert_eq!(Ending::of(&pos).is_some(), theirs, "{variant}");
        }
    }

    #[test]
    fn no_random_start_where_nothing_is_won() {
        let mut tb = Tablebase::new();
        for letters in ["N", "M", "NN"] {
            let ending: Ending = letters.parse().expect("an ending");
            assert_eq!(tb.random_start(ending, 7), None, "{letters}");
        }
    }
}
