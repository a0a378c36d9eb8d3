//! Retrograde analysis of one ending: the strong side (always White here; the caller turns
//! the board for Black) has its Khun and one or two pieces, the other side a bare Khun.
//!
//! A table holds one byte per placement with the bare Khun to move: the mate distance in
//! plies plus one, [`DRAW`] or [`ILLEGAL`]. With the strong side to move, the value is one
//! ply more than its best move's (the strong side never captures), so that half is not kept.
//! Left-right mirroring is a symmetry of every piece (the Khon included), so the strong Khun
//! stands on files a-d only.
//!
//! The analysis works on the strong side's placements (Khun and pieces), each with a 64-bit
//! set of the bare Khun's squares, ply by ply: the strong side wins in `n` where one of its
//! moves reaches a bare-Khun position lost in `n - 1`; the bare Khun is lost in `n` where
//! every move of it reaches a position won in fewer. Which squares the bare Khun may step to
//! does not depend on where it stands (a Ruea's attack is taken through it), so a placement's
//! moves for all 64 squares at once are a few shifts. Captures by the bare Khun lead to the
//! smaller table, already built.

use crate::attacks::{between, khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks};
use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

/// Drawn whatever the count: the strong side cannot force mate.
pub(crate) const DRAW: u8 = 254;
/// Not a position (two pieces on a square, Khun next to Khun, the side not to move in check).
pub(crate) const ILLEGAL: u8 = 255;
/// Longest mate distance a byte holds (plies).
const MAX_DTM: usize = 250;

/// Squares as indices: strong Khun, bare Khun, then the pieces in the ending's order.
pub(crate) type Squares = [u8; 4];

/// The strong side's pieces besides its Khun, as the table's layout sees them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One piece.
    One,
    /// Two pieces of different roles.
    Two,
    /// Two pieces of one role: stored once, as an unordered pair of squares.
    Twins,
}

impl Shape {
    pub(crate) fn of(roles: &[Role]) -> Shape {
        match roles {
            [_] => Shape::One,
            [a, b] if a == b => Shape::Twins,
            _ => Shape::Two,
        }
    }

    /// Placements of the pieces for one square of the strong Khun.
    const fn per_khun(self) -> usize {
        match self {
            Shape::One => 64,
            Shape::Two => 64 * 64,
            Shape::Twins => PAIRS,
        }
    }
}

/// Unordered pairs of distinct squares: 64 * 63 / 2.
const PAIRS: usize = 2016;

/// The pair (low, high) numbered `high (high - 1) / 2 + low` (computed, not tabled: a table
/// would add 4 KB to the wasm module).
#[inline]
fn pair(i: usize) -> (usize, usize) {
    // 8i + 1 is a perfect square where a new `high` starts
    let high = ((8 * i as u32 + 1).isqrt() as usize).div_ceil(2);
    (i - high * (high - 1) / 2, high)
}

/// Number of strong placements (the Khun on files a-d).
const fn placements(shape: Shape) -> usize {
    32 * shape.per_khun()
}

/// Number of entries of a table.
pub(crate) const fn table_len(shape: Shape) -> usize {
    placements(shape) * 64
}

/// The strong placement's number (strong Khun on files a-d) and the bare Khun's square,
/// mirroring `s` if its strong Khun is on files e-h.
#[inline]
fn placement(shape: Shape, s: &Squares) -> (usize, u8) {
    // mirroring a square left-right flips its file bits
    let m = if s[0] & 7 >= 4 { 7 } else { 0 };
    let k = (((s[0] ^ m) >> 3) * 4 + ((s[0] ^ m) & 7)) as usize;
    let (a, b) = ((s[2] ^ m) as usize, (s[3] ^ m) as usize);
    let c = match shape {
        Shape::One => k * 64 + a,
        Shape::Two => (k * 64 + a) * 64 + b,
        Shape::Twins => {
            let (low, high) = if a < b { (a, b) } else { (b, a) };
            k * PAIRS + high * high.saturating_sub(1) / 2 + low
        }
    };
    (c, s[1] ^ m)
}

/// The index of a placement with the bare Khun to move (any strong Khun file: mirrored here).
#[inline]
pub(crate) fn index(shape: Shape, s: &Squares) -> usize {
    let (c, b) = placement(shape, s);
    (c << 6) + b as usize
}

/// A built table and its figures.
pub(crate) struct Table {
    /// One byte per position with the bare Khun to move.
    pub(crate) data: Vec<u8>,
    /// Legal positions stored, [strong to move, bare Khun to move] (mirror images once).
    pub(crate) legal: [u64; 2],
    /// Positions stored won, by mate distance in plies, for each side to move.
    pub(crate) by_dtm: [Vec<u64>; 2],
}

/// docs/rules.md's insufficient material with a bare Khun against `roles` on `s`: one Ma, or Mets
/// all on one square colour.
fn insufficient(roles: &[Role], s: &Squares) -> bool {
    let mets = roles.iter().all(|&r| r == Role::Met);
    let colour = |p: u8| sq(p).is_dark();
    let pieces = &s[2..2 + roles.len()];
    roles == [Role::Ma] || (mets && pieces.iter().all(|&p| colour(p) == colour(s[2])))
}

/// The value byte of `s` with the strong side (`roles`) to move, from `data`, the table of
/// the bare Khun to move: one more than its best move's.
fn strong_value(roles: &[Role], data: &[u8], s: &Squares) -> u8 {
    if insufficient(roles, s) {
        return DRAW;
    }
    let (n, shape) = (roles.len(), Shape::of(roles));
    let mut occ = bb(s[0]) | bb(s[1]);
    for &p in &s[2..2 + n] {
        occ |= bb(p);
    }
    let mut best = DRAW;
    let mut try_move = |next: Squares| {
        best = best.min(data[index(shape, &next)]);
    };
    for t in khun_attacks(sq(s[0])) & !khun_attacks(sq(s[1])) & Bitboard(!occ) {
        let mut next = *s;
        next[0] = t.index() as u8;
        try_move(next);
    }
    for (i, &r) in roles.iter().enumerate() {
        for t in Bitboard(attacks(r, s[2 + i], Bitboard(occ)) & !occ) {
            let mut next = *s;
            next[2 + i] = t.index() as u8;
            try_move(next);
        }
    }
    if best < DRAW {
        best + 1
    } else {
        DRAW
    }
}

/// The squares of strong placement `c` (the bare Khun's left at a1).
fn decode(shape: Shape, c: usize) -> Squares {
    let (k, rest) = (c / shape.per_khun(), c % shape.per_khun());
    let (a, b) = match shape {
        Shape::One => (rest, 0),
        Shape::Two => (rest / 64, rest % 64),
        Shape::Twins => pair(rest),
    };
    let k = k as u8;
    [(k / 4) * 8 + k % 4, 0, a as u8, b as u8]
}

/// A set of squares mirrored left-right.
#[inline]
fn mirror(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// Every square next to one of `b` (the squares from which a Khun can step onto `b`).
#[inline]
fn neighbours(b: u64) -> u64 {
    let bb = Bitboard(b);
    let side = bb.west() | bb.east();
    let row = bb | side;
    (side | row.forward(Color::White) | row.forward(Color::Black)).0
}

#[inline]
fn sq(i: u8) -> Square {
    Square::from_index(i)
}

#[inline]
fn bb(i: u8) -> u64 {
    1u64 << i
}

/// The squares a strong (White) piece of `role` on `from` attacks.
#[inline]
fn attacks(role: Role, from: u8, occ: Bitboard) -> u64 {
    let f = sq(from);
    match role {
        Role::Ruea => ruea_attacks(f, occ),
        Role::Khon => khon_attacks(Color::White, f),
        Role::Ma => ma_attacks(f),
        Role::Met => met_attacks(f),
        Role::Khun | Role::Bia => khun_attacks(f),
    }
    .0
}

/// What is known of one strong placement, as sets of bare-Khun squares.
#[derive(Copy, Clone, Default)]
struct Place {
    /// Legal with the bare Khun to move.
    legal_w: u64,
    /// Strong to move: decided (won so far).
    won: u64,
    /// Bare Khun to move: decided (lost so far, or drawn by stalemate or capture).
    done: u64,
    /// Bare Khun to move: lost at the last even ply.
    fresh: u64,
    /// The squares the bare Khun may step to without capturing; with the strong side to
    /// move, the legal positions (the bare Khun not in check).
    safe: u64,
    /// For each piece the bare Khun can take (undefended), the value byte of the position
    /// after taking it (0: it cannot, or that is a draw, marked already).
    takes: [u8; 2],
    /// False when the material cannot mate (the strong side never wins here).
    winnable: bool,
}

/// One table under construction, with the smaller tables its captures lead to.
pub(crate) struct Builder<'a> {
    roles: &'a [Role],
    /// For each piece, the table of the ending left when the bare Khun takes it (none: Khun
    /// against Khun).
    subs: [Option<&'a [u8]>; 2],
}

impl<'a> Builder<'a> {
    pub(crate) fn new(roles: &'a [Role], subs: [Option<&'a [u8]>; 2]) -> Builder<'a> {
        Builder { roles, subs }
    }

    fn n(&self) -> usize {
        self.roles.len()
    }

    fn shape(&self) -> Shape {
        Shape::of(self.roles)
    }

    /// The value byte after the bare Khun takes piece `i` of `s` (strong to move).
    fn capture_value(&self, s: &Squares, i: usize) -> u8 {
        let Some(sub) = self.subs[i] else {
            return DRAW;
        };
        let rest = [s[0], s[2 + i], s[3 - i], 0];
        strong_value(&self.roles[1 - i..2 - i], sub, &rest)
    }

    /// The strong side's placement in `s`: its occupied squares, the squares it attacks with
    /// the bare Khun seen through, and for each piece the value of taking it when the bare
    /// Khun can (`None`: defended).
    fn describe(&self, s: &Squares) -> (u64, u64, [Option<u8>; 2]) {
        let n = self.n();
        let mut occ = bb(s[0]);
        for &p in &s[2..2 + n] {
            occ |= bb(p);
        }
        let mut attacked = khun_attacks(sq(s[0])).0;
        for (i, &r) in self.roles.iter().enumerate() {
            attacked |= attacks(r, s[2 + i], Bitboard(occ));
        }
        let mut takes = [None; 2];
        for (i, t) in takes.iter_mut().enumerate().take(n) {
            if attacked & bb(s[2 + i]) == 0 {
                *t = Some(self.capture_value(s, i));
            }
        }
        (occ, attacked, takes)
    }

    /// Runs the analysis and returns the table.
    pub(crate) fn run(self) -> Table {
        let (n, shape) = (self.n(), self.shape());
        let count = placements(shape);
        let mut data = vec![ILLEGAL; table_len(shape)];
        let mut legal = [0u64; 2];
        let (mut won_at, mut lost_at) = (vec![0u64; MAX_DTM + 1], vec![0u64; MAX_DTM + 1]);
        let mut places = vec![Place::default(); count];
        let mut fresh_any = false;
        // the longest capture's value: losses may ripen until then
        let mut last_take = 0;
        for (c, place) in places.iter_mut().enumerate() {
            let s = decode(shape, c);
            let (occ, attacked, takes) = self.describe(&s);
            if (occ.count_ones() as usize) < 1 + n {
                continue;
            }
            place.legal_w = !occ & !khun_attacks(sq(s[0])).0;
            let legal_s = !occ & !attacked;
            place.safe = legal_s;
            let mut can_take = 0;
            for (i, t) in takes.iter().enumerate().take(n) {
                let Some(v) = *t else { continue };
                let next_to = khun_attacks(sq(s[2 + i])).0;
                can_take |= next_to;
                if v >= DRAW {
                    // taking reaches a draw: drawn for every square next to the piece
                    place.done |= next_to & place.legal_w;
                } else {
                    place.takes[i] = v;
                    last_take = last_take.max(usize::from(v));
                }
            }
            let stuck = place.legal_w & !neighbours(place.safe) & !can_take;
            // mated (stuck in check) or stalemated
            place.fresh = stuck & attacked;
            place.done |= stuck;
            fresh_any |= place.fresh != 0;
            legal[0] += u64::from(legal_s.count_ones());
            legal[1] += u64::from(place.legal_w.count_ones());
            lost_at[0] += u64::from(place.fresh.count_ones());
            place.winnable = !insufficient(self.roles, &s);
            if !place.winnable {
                place.done |= place.legal_w;
            }
            for b in Bitboard(place.legal_w) {
                data[(c << 6) + b.index()] = DRAW;
            }
            for b in Bitboard(place.fresh) {
                data[(c << 6) + b.index()] = 1;
            }
        }
        let mut won_new = vec![0u64; count];
        let at_ply = won_at.iter_mut().zip(lost_at.iter_mut()).enumerate();
        for (ply, (won_n, lost_n)) in at_ply.skip(1) {
            if ply % 2 == 1 {
                // nothing lost at the last ply and no capture left to ripen: done
                if !fresh_any && last_take <= ply {
                    break;
                }
                self.wins(&places, &mut won_new);
                for (place, w) in places.iter_mut().zip(&won_new) {
                    place.won |= *w;
                    *won_n += u64::from(w.count_ones());
                }
            } else {
                fresh_any = false;
                for (c, place) in places.iter_mut().enumerate() {
                    if place.legal_w & !place.done == 0 {
                        place.fresh = 0;
                        continue;
                    }
                    // a step to a position not won yet, or a capture that lasts longer
                    let mut escape = neighbours(place.safe & !place.won);
                    if place.takes.iter().any(|&v| usize::from(v) > ply) {
                        let s = decode(shape, c);
                        for (i, &v) in place.takes.iter().enumerate() {
                            if usize::from(v) > ply {
                                escape |= khun_attacks(sq(s[2 + i])).0;
                            }
                        }
                    }
                    let lost = place.legal_w & !place.done & !escape;
                    place.fresh = lost;
                    place.done |= lost;
                    fresh_any |= lost != 0;
                    *lost_n += u64::from(lost.count_ones());
                    for b in Bitboard(lost) {
                        data[(c << 6) + b.index()] = ply as u8 + 1;
                    }
                }
            }
        }
        Table {
            data,
            legal,
            by_dtm: [won_at, lost_at],
        }
    }

    /// Finds the strong-to-move positions won at this ply: one move reaches a bare-Khun
    /// position lost at the last ply.
    fn wins(&self, places: &[Place], won_new: &mut [u64]) {
        let (n, shape) = (self.n(), self.shape());
        for (c, w) in won_new.iter_mut().enumerate() {
            *w = 0;
            let place = places[c];
            let open = if place.winnable {
                place.safe & !place.won
            } else {
                0
            };
            if open == 0 {
                continue;
            }
            let s = decode(shape, c);
            let mut occ = bb(s[0]);
            for &p in &s[2..2 + n] {
                occ |= bb(p);
            }
            let mut reach = 0u64;
            let mut after = |next: Squares, blocked: u64| {
                let (c2, _) = placement(shape, &next);
                let mut f = places[c2].fresh;
                if next[0] & 7 >= 4 {
                    f = mirror(f);
                }
                reach |= f & !blocked;
            };
            for t in khun_attacks(sq(s[0])) & Bitboard(!occ) {
                let mut next = s;
                next[0] = t.index() as u8;
                after(next, bb(next[0]));
            }
            for (i, &r) in self.roles.iter().enumerate() {
                let from = s[2 + i];
                for t in Bitboard(attacks(r, from, Bitboard(occ)) & !occ) {
                    let mut next = s;
                    next[2 + i] = t.index() as u8;
                    let path = if r == Role::Ruea {
                        between(sq(from), t).0
                    } else {
                        0
                    };
                    after(next, bb(next[2 + i]) | path);
                }
            }
            *w = open & reach;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_index_and_mirror() {
        for shape in [Shape::One, Shape::Two, Shape::Twins] {
            for c in [0, 1, 63, 64, placements(shape) / 2, placements(shape) - 1] {
                let mut s = decode(shape, c);
                s[1] = 0o47;
                assert_eq!(placement(shape, &s), (c, 0o47));
                // the mirror image has the same index
                let m = s.map(|x| x ^ 7);
                assert_eq!(index(shape, &s), index(shape, &m));
            }
        }
        for i in 0..PAIRS {
            let (low, high) = pair(i);
            assert!(low < high && high < 64 && high * (high - 1) / 2 + low == i);
        }
        // two of one role: either order is the same position
        let s = [0o01, 0o77, 0o13, 0o52];
        assert_eq!(
            index(Shape::Twins, &s),
            index(Shape::Twins, &[s[0], s[1], s[3], s[2]])
        );
        assert_eq!(mirror(1), 1 << 7);
        assert_eq!(mirror(0x0102), 0x8040);
        // a Khun on a1 reaches a2, b1, b2; one on d4 eight squares
        assert_eq!(neighbours(1), 0x302);
        assert_eq!(neighbours(1 << 27).count_ones(), 8);
    }
}
