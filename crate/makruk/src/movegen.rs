//! Strictly legal move generation into a fixed-capacity list, with checks and pins
//! handled up front (no make/test/unmake), and a counting-only variant for perft.

use crate::attacks::{
    between, bia_attacks, khon_attacks, khun_attacks, line, ma_attacks, met_attacks, ruea_attacks,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rights::{khun_leap_targets, met_double_step};
use crate::types::{Move, Role, Square};
use std::ops::{Deref, DerefMut};

/// Room for every legal move of any position the FEN reader accepts (at most 16 pieces a
/// side: 15 Ruea and a Khun give 218 moves).
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack (no heap), used as a `[Move]` slice.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move; beyond `MAX_MOVES` it is dropped (cannot happen for valid positions).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true, in order.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|m| m.to_string()))
            .finish()
    }
}

/// Where generated moves go: a list, or just a count.
trait Sink {
    /// Moves of the piece on `from` to each of `targets`; those in `promo` promote.
    fn add(&mut self, from: Square, targets: Bitboard, promo: Bitboard);
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, from: Square, targets: Bitboard, promo: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to, promo.contains(to)));
        }
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _from: Square, targets: Bitboard, _promo: Bitboard) {
        // Promotion is compulsory and has one form, so each target is one move.
        self.0 += targets.count() as u64;
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        list
    }

    /// The legal captures and promotions (for quiescence search).
    pub fn capture_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, true);
        list
    }

    /// The legal moves that neither capture nor promote and give check with the piece moved
    /// (discovered checks are left out), for the first ply of quiescence search.
    pub fn quiet_checks(&self) -> MoveList {
        let squares = self.check_squares();
        let mut list = self.legal_moves();
        list.retain(|m| {
            !self.is_capture(m)
                && !m.is_promotion()
                && self
                    .role_at(m.from())
                    .is_some_and(|r| squares[r.index()].contains(m.to()))
        });
        list
    }

    /// Where each role (by index) would attack the enemy Khun from (none for the Khun).
    fn check_squares(&self) -> [Bitboard; 6] {
        let them = self.turn.other();
        let khun = self.khun(them);
        let mut squares = [Bitboard::EMPTY; 6];
        for role in Role::ALL {
            squares[role.index()] = match role {
                Role::Bia => bia_attacks(them, khun),
                Role::Ma => ma_attacks(khun),
                Role::Khon => khon_attacks(them, khun),
                Role::Ruea => ruea_attacks(khun, self.occupied()),
                Role::Met => met_attacks(khun),
                Role::Khun => Bitboard::EMPTY,
            };
        }
        squares
    }

    /// False when no piece of the side to move reaches a square of `squares` (by role, as
    /// `check_squares`; a Bia's promotion to Met included) by any move, legal or not.
    #[cfg(feature = "karouk-search")]
    fn may_reach(&self, squares: &[Bitboard; 6]) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        let ours = self.by_color(us);
        let sq = |role: Role| squares[role.index()] & !ours;
        let r = |role: Role| self.pieces(us, role);
        let any = |role: Role, reach: &dyn Fn(Square) -> Bitboard| {
            let target = sq(role);
            target.any() && Iterator::any(&mut r(role), |from| (reach(from) & target).any())
        };
        if any(Role::Ruea, &|from| ruea_attacks(from, occ))
            || any(Role::Ma, &ma_attacks)
            || any(Role::Khon, &|from| khon_attacks(us, from))
            || any(Role::Met, &met_attacks)
        {
            return true;
        }
        if self.rights.met_double_step(us) && sq(Role::Met).contains(met_double_step(us).1) {
            return true;
        }
        let bia_target = sq(Role::Bia) | sq(Role::Met);
        Iterator::any(&mut r(Role::Bia), |from| {
            ((Bitboard::from_square(from).forward(us) | bia_attacks(us, from)) & bia_target).any()
        })
    }

    /// True when the side to move has a legal move that gives check: with the piece moved,
    /// by promotion, or discovered (Kar Ouk, where that check wins). With the feature
    /// `karouk-search` only the moves that may give check are played out, and none when no
    /// piece reaches a checking square; without it every move is.
    pub fn has_checking_move(&self) -> bool {
        let gives_check = |m: Move| {
            let mut next = *self;
            next.play(m);
            next.in_check()
        };
        #[cfg(not(feature = "karouk-search"))]
        return self.legal_moves().iter().any(|&m| gives_check(m));
        #[cfg(feature = "karouk-search")]
        self.has_checking_move_fast(gives_check)
    }

    /// `has_checking_move` with the feature `karouk-search`: `gives_check` only for candidates.
    #[cfg(feature = "karouk-search")]
    fn has_checking_move_fast(&self, gives_check: impl Fn(Move) -> bool) -> bool {
        let us = self.turn;
        let khun = self.khun(us.other());
        let occ = self.occupied();
        // our pieces alone between the enemy Khun and one of our Rueas
        let mut uncover = Bitboard::EMPTY;
        for s in ruea_attacks(khun, Bitboard::EMPTY) & self.pieces(us, Role::Ruea) {
            let b = between(khun, s) & occ;
            if !b.more_than_one() {
                uncover |= b;
            }
        }
        let uncover = uncover & self.by_color(us);
        let squares = self.check_squares();
        if uncover.is_empty() && !self.may_reach(&squares) {
            return false;
        }
        // the list's own generator: another sink would be another copy of it in the module
        self.legal_moves().iter().any(|&m| {
            let role = if m.is_promotion() {
                Some(Role::Met)
            } else {
                self.role_at(m.from())
            };
            (uncover.contains(m.from())
                || role.is_some_and(|r| squares[r.index()].contains(m.to())))
                && gives_check(m)
        })
    }

    /// The number of legal moves, without building a list (perft's last ply).
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, false);
        c.0
    }

    /// True when the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal() > 0
    }

    /// True when `m` (any bit pattern, e.g. from a hash table) is legal here. Checks the
    /// piece's pattern, then plays the move on a copy and looks at the own Khun.
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.other().index()];
        if !ours.contains(from) || ours.contains(to) || m.bits() >> 13 != 0 || self.lost_by_check()
        {
            return false;
        }
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let occ = ours | theirs;
        let rights = self.rights;
        let reach = match role {
            Role::Khun if rights.khun_leap(us) && !self.in_check() => {
                khun_attacks(from) | (khun_leap_targets(us) & !occ)
            }
            Role::Khun => khun_attacks(from),
            Role::Ma => ma_attacks(from),
            Role::Met if rights.met_double_step(us) && from == met_double_step(us).0 => {
                met_attacks(from) | (Bitboard::from_square(met_double_step(us).1) & !occ)
            }
            Role::Met => met_attacks(from),
            Role::Khon => khon_attacks(us, from),
            Role::Ruea => ruea_attacks(from, occ),
            Role::Bia => {
                (Bitboard::from_square(from).forward(us) & !occ) | (bia_attacks(us, from) & theirs)
            }
        };
        let promotes = role == Role::Bia && to.relative_rank(us) >= 5;
        if !reach.contains(to) || m.is_promotion() != promotes {
            return false;
        }
        if role == Role::Khun
            && self.variant.khun_only_captures_checker()
            && self.in_check()
            && self.checkers != Bitboard::from_square(to)
        {
            return false;
        }
        let mut next = *self;
        next.play(m);
        next.attackers_of(us.other(), next.khun(us), next.occupied())
            .is_empty()
    }

    /// The squares pinned to `us`'s Khun by an enemy Ruea (the only slider).
    fn pinned(&self, ksq: Square, occ: Bitboard) -> Bitboard {
        let us = self.turn;
        let snipers = ruea_attacks(ksq, Bitboard::EMPTY) & self.pieces(us.other(), Role::Ruea);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if !b.more_than_one() {
                pinned |= b;
            }
        }
        pinned & self.by_color[us.index()]
    }

    fn generate<S: Sink>(&self, sink: &mut S, captures_only: bool) {
        // Kar Ouk: after the winning check there is no move (as in the reference)
        if self.lost_by_check() {
            return;
        }
        // Makruk (and Ouk Chatrang once the rights are gone) gets code without their tests
        if self.rights.is_empty() {
            self.generate_with::<S, false>(sink, captures_only);
        } else {
            self.generate_with::<S, true>(sink, captures_only);
        }
    }

    fn generate_with<S: Sink, const RIGHTS: bool>(&self, sink: &mut S, captures_only: bool) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let ksq = self.khun(us);

        // The Khun: never onto an attacked square; the Ruea sees through the Khun itself.
        let danger = self.attacked_by(them, occ.without(ksq));
        let mut k_targets = khun_attacks(ksq) & !ours & !danger;
        if captures_only {
            k_targets &= theirs;
        } else if RIGHTS && self.rights.khun_leap(us) && self.checkers.is_empty() {
            // Ouk Chatrang: the Khun's one leap, to an empty square, never out of check
            k_targets |= khun_leap_targets(us) & !occ & !danger;
        }
        // Makpong: a Khun in check may only capture the (single) checking piece
        if self.variant.khun_only_captures_checker() && self.checkers.any() {
            k_targets &= if self.checkers.more_than_one() {
                Bitboard::EMPTY
            } else {
                self.checkers
            };
        }
        sink.add(ksq, k_targets, Bitboard::EMPTY);

        if self.checkers.more_than_one() {
            return;
        }
        // Only a Ruea's check can be blocked: `between` is empty for the other pieces' checks.
        let mask = match self.checkers.first() {
            Some(c) => between(ksq, c).with(c),
            None => Bitboard::ALL,
        };
        // A Bia promotes on reaching its sixth rank (FEN rejects Bia beyond it).
        let beyond = match us {
            crate::Color::White => Bitboard(!0u64 << 40),
            crate::Color::Black => Bitboard(!0u64 >> 40),
        };
        let target = if captures_only {
            theirs & mask
        } else {
            !ours & mask
        };
        let pinned = self.pinned(ksq, occ);
        let r = |role: Role| self.by_role[role.index()] & ours;

        // A pinned Ma or Met can never move: every step leaves the pin's rank or file.
        for from in r(Role::Ma) & !pinned {
            sink.add(from, ma_attacks(from) & target, Bitboard::EMPTY);
        }
        for from in r(Role::Met) & !pinned {
            sink.add(from, met_attacks(from) & target, Bitboard::EMPTY);
        }
        // Ouk Chatrang: the Met's double step, to an empty square only (a pinned Met is
        // pinned along its first rank, which the step leaves, so it is covered by `!pinned`)
        if RIGHTS && self.rights.met_double_step(us) {
            let (from, to) = met_double_step(us);
            if !pinned.contains(from) {
                sink.add(
                    from,
                    Bitboard::from_square(to) & target & !occ,
                    Bitboard::EMPTY,
                );
            }
        }
        for from in r(Role::Khon) {
            let mut t = khon_attacks(us, from) & target;
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            sink.add(from, t, Bitboard::EMPTY);
        }
        for from in r(Role::Ruea) {
            let mut t = ruea_attacks(from, occ) & target;
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            sink.add(from, t, Bitboard::EMPTY);
        }
        for from in r(Role::Bia) {
            let push = Bitboard::from_square(from).forward(us) & !occ;
            let mut t = (push | (bia_attacks(us, from) & theirs)) & mask;
            if captures_only {
                t &= theirs | beyond;
            }
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            sink.add(from, t, beyond);
        }
    }
}
