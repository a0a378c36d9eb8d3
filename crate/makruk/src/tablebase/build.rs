//! Retrograde analysis of one ending: the strong side (always White here; the caller turns
//! the board for Black) has its Khun and one or two pieces, the other side a bare Khun.
//!
//! A table holds one byte per placement and side to move: the mate distance in plies plus
//! one, [`DRAW`], [`ILLEGAL`]. Left-right mirroring is a symmetry of every piece (the Khon
//! included), so the strong Khun stands on files a-d only. The analysis goes ply by ply:
//! positions of the strong side won in `n` are the predecessors (by un-moving a strong piece)
//! of bare-Khun positions lost in `n - 1`; a bare-Khun position is lost in `n` once every
//! move of it reaches a won position, the last one at `n - 1`. Captures by the bare Khun lead
//! to the smaller table, already built.

use crate::attacks::{khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks};
use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

/// Not known yet (during the analysis only).
const UNKNOWN: u8 = 0;
/// Drawn whatever the count: the strong side cannot force mate.
pub(crate) const DRAW: u8 = 254;
/// Not a position (two pieces on a square, Khun next to Khun, the side not to move in check).
pub(crate) const ILLEGAL: u8 = 255;
/// Longest mate distance a byte holds (plies).
const MAX_DTM: usize = 250;

/// Squares as indices: strong Khun, bare Khun, then the pieces in the ending's order.
pub(crate) type Squares = [u8; 4];

/// Number of entries of a table with `pieces` strong pieces besides the Khun.
pub(crate) const fn table_len(pieces: usize) -> usize {
    2 * 32 * 64 * if pieces == 2 { 64 * 64 } else { 64 }
}

/// The index of a placement (any strong Khun file: mirrored here) and side to move.
#[inline]
pub(crate) fn index(pieces: usize, weak_to_move: bool, s: &Squares) -> usize {
    // mirroring a square left-right flips its file bits
    let m = if s[0] & 7 >= 4 { 7 } else { 0 };
    let k = ((s[0] ^ m) >> 3) * 4 + ((s[0] ^ m) & 7);
    let mut i = (usize::from(weak_to_move) * 32 + k as usize) * 64 + (s[1] ^ m) as usize;
    for &p in &s[2..2 + pieces] {
        i = i * 64 + (p ^ m) as usize;
    }
    i
}

/// The placement and side to move of an index (the strong Khun on files a-d).
fn decode(pieces: usize, mut i: usize) -> (bool, Squares) {
    let mut s = [0u8; 4];
    for p in (0..pieces).rev() {
        s[2 + p] = (i % 64) as u8;
        i /= 64;
    }
    s[1] = (i % 64) as u8;
    i /= 64;
    let k = (i % 32) as u8;
    s[0] = (k / 4) * 8 + k % 4;
    (i >= 32, s)
}

#[inline]
fn sq(i: u8) -> Square {
    Square::from_index(i)
}

#[inline]
fn bb(i: u8) -> Bitboard {
    Bitboard::from_square(sq(i))
}

/// The squares a strong (White) piece of `role` on `from` attacks.
#[inline]
fn attacks(role: Role, from: u8, occ: Bitboard) -> Bitboard {
    let f = sq(from);
    match role {
        Role::Ruea => ruea_attacks(f, occ),
        Role::Khon => khon_attacks(Color::White, f),
        Role::Ma => ma_attacks(f),
        Role::Met => met_attacks(f),
        Role::Khun | Role::Bia => khun_attacks(f),
    }
}

/// The squares a strong piece of `role` can have come from to reach `to` (the Khon's
/// pattern is the other colour's, the others are symmetric).
#[inline]
fn origins(role: Role, to: u8, occ: Bitboard) -> Bitboard {
    match role {
        Role::Khon => khon_attacks(Color::Black, sq(to)),
        _ => attacks(role, to, occ),
    }
}

/// What the analysis knows of a bare-Khun position from its moves.
enum Verdict {
    /// Some move reaches a draw.
    Draw,
    /// This many moves reach positions not decided yet.
    Unknown(u8),
    /// No legal move: mate (true) or stalemate (false).
    NoMove(bool),
    /// Every move reaches a win; the longest takes this many plies from here.
    Lost(usize),
}

/// One table under construction, with the smaller tables its captures lead to.
pub(crate) struct Builder<'a> {
    roles: &'a [Role],
    /// For each piece, the table of the ending left when the bare Khun takes it (none: Khun
    /// against Khun).
    subs: [Option<&'a [u8]>; 2],
    data: Vec<u8>,
    /// For each bare-Khun-to-move position, its moves not known to lose yet.
    left: Vec<u8>,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(roles: &'a [Role], subs: [Option<&'a [u8]>; 2]) -> Builder<'a> {
        Builder {
            roles,
            subs,
            data: vec![UNKNOWN; table_len(roles.len())],
            left: vec![0; table_len(roles.len()) / 2],
        }
    }

    fn n(&self) -> usize {
        self.roles.len()
    }

    fn occupied(&self, s: &Squares) -> Bitboard {
        let mut occ = bb(s[0]) | bb(s[1]);
        for &p in &s[2..2 + self.n()] {
            occ |= bb(p);
        }
        occ
    }

    /// True when the strong side's pieces other than `skip` attack `t` through `occ`.
    fn attacked(&self, s: &Squares, t: u8, occ: Bitboard, skip: usize) -> bool {
        let target = bb(t);
        (khun_attacks(sq(s[0])) & target).any()
            || self
                .roles
                .iter()
                .enumerate()
                .any(|(i, &r)| i != skip && (attacks(r, s[2 + i], occ) & target).any())
    }

    /// RULES.md's insufficient material with a bare Khun against these pieces: one Ma, or
    /// Mets all on one square colour.
    fn insufficient(&self, s: &Squares) -> bool {
        let mets = self.roles.iter().all(|&r| r == Role::Met);
        let colour = |p: u8| sq(p).is_dark();
        (self.roles == [Role::Ma])
            || (mets
                && s[2..2 + self.n()]
                    .iter()
                    .all(|&p| colour(p) == colour(s[2])))
    }

    fn legal(&self, weak_to_move: bool, s: &Squares) -> bool {
        let occ = self.occupied(s);
        if occ.count() as usize != 2 + self.n() || (khun_attacks(sq(s[0])) & bb(s[1])).any() {
            return false;
        }
        weak_to_move || !self.attacked(s, s[1], occ, usize::MAX)
    }

    /// The value byte of the position after the bare Khun takes piece `i` (strong to move).
    fn capture_value(&self, s: &Squares, i: usize) -> u8 {
        let Some(sub) = self.subs[i] else {
            return DRAW;
        };
        let rest = [s[0], s[1], s[3 - i], 0];
        sub[index(1, false, &rest)]
    }

    /// Looks at every move of the bare Khun in `s` (bare Khun to move).
    fn verdict(&self, s: &Squares) -> Verdict {
        let occ = self.occupied(s);
        let around = khun_attacks(sq(s[1])) & !khun_attacks(sq(s[0]));
        let seen = occ.without(sq(s[1]));
        let (mut moves, mut unknown, mut longest) = (0, 0u8, 0);
        for t in around {
            let t = t.index() as u8;
            let taken = (0..self.n()).find(|&i| s[2 + i] == t);
            if self.attacked(s, t, seen, taken.unwrap_or(usize::MAX)) {
                continue;
            }
            moves += 1;
            let mut next = *s;
            next[1] = t;
            let v = match taken {
                Some(i) => self.capture_value(&next, i),
                None => self.data[index(self.n(), false, &next)],
            };
            match v {
                DRAW => return Verdict::Draw,
                UNKNOWN | ILLEGAL => unknown += 1,
                _ => longest = longest.max(v as usize),
            }
        }
        if moves == 0 {
            let check = self.attacked(s, s[1], occ, usize::MAX);
            Verdict::NoMove(check)
        } else if unknown > 0 {
            Verdict::Unknown(unknown)
        } else {
            // `longest` is the successor's distance plus one: this position's distance
            Verdict::Lost(longest)
        }
    }

    /// Runs the analysis and returns the table.
    pub(crate) fn run(mut self) -> Vec<u8> {
        let n = self.n();
        let half = table_len(n) / 2;
        let mut pending: Vec<Vec<u32>> = vec![Vec::new(); MAX_DTM + 2];
        // legality and material, then the bare Khun's mates, stalemates, draws by capture
        for i in 0..2 * half {
            let (weak, s) = decode(n, i);
            self.data[i] = if !self.legal(weak, &s) {
                ILLEGAL
            } else if self.insufficient(&s) && !weak {
                DRAW
            } else {
                UNKNOWN
            };
        }
        for i in half..2 * half {
            if self.data[i] == ILLEGAL {
                continue;
            }
            let (_, s) = decode(n, i);
            let insufficient = self.insufficient(&s);
            match self.verdict(&s) {
                Verdict::NoMove(true) => pending[0].push(i as u32),
                Verdict::Lost(d) if !insufficient => pending[d].push(i as u32),
                Verdict::Unknown(k) if !insufficient => self.left[i - half] = k,
                _ => self.data[i] = DRAW,
            }
        }
        let mut fresh: Vec<u32> = Vec::new();
        for ply in 0..=MAX_DTM {
            let mut next = Vec::new();
            if ply % 2 == 0 {
                // the bare Khun is mated in `ply`: its last successor was won at `ply - 1`
                for &i in &fresh {
                    let (_, s) = decode(n, i as usize);
                    self.unmove_weak(&s, ply, &mut next, &mut pending);
                }
                for i in std::mem::take(&mut pending[ply]) {
                    if self.data[i as usize] == UNKNOWN {
                        self.data[i as usize] = ply as u8 + 1;
                        next.push(i);
                    }
                }
            } else {
                for &i in &fresh {
                    let (_, s) = decode(n, i as usize);
                    self.unmove_strong(&s, ply, &mut next);
                }
            }
            if next.is_empty() && fresh.is_empty() && pending[ply..].iter().all(Vec::is_empty) {
                break;
            }
            fresh = next;
        }
        for v in &mut self.data {
            if *v == UNKNOWN {
                *v = DRAW;
            }
        }
        self.data
    }

    /// Marks as won in `ply` every unknown strong-to-move predecessor of `s` (bare Khun to
    /// move, lost in `ply - 1`).
    fn unmove_strong(&mut self, s: &Squares, ply: usize, out: &mut Vec<u32>) {
        let n = self.n();
        let occ = self.occupied(s);
        let mut mark = |data: &mut Vec<u8>, q: Squares| {
            let j = index(n, false, &q);
            if data[j] == UNKNOWN {
                data[j] = ply as u8 + 1;
                out.push(j as u32);
            }
        };
        for f in khun_attacks(sq(s[0])) & !occ {
            let mut q = *s;
            q[0] = f.index() as u8;
            mark(&mut self.data, q);
        }
        for p in 0..n {
            for f in origins(self.roles[p], s[2 + p], occ) & !occ {
                let mut q = *s;
                q[2 + p] = f.index() as u8;
                mark(&mut self.data, q);
            }
        }
    }

    /// Counts down every unknown bare-Khun-to-move predecessor of `s` (strong to move, won in
    /// `ply - 1`): lost in `ply` when all its moves are won, later if a capture lasts longer.
    fn unmove_weak(
        &mut self,
        s: &Squares,
        ply: usize,
        out: &mut Vec<u32>,
        pending: &mut [Vec<u32>],
    ) {
        let n = self.n();
        let half = table_len(n) / 2;
        let occ = self.occupied(s);
        for f in khun_attacks(sq(s[1])) & !occ & !khun_attacks(sq(s[0])) {
            let mut p = *s;
            p[1] = f.index() as u8;
            let j = index(n, true, &p);
            if self.data[j] != UNKNOWN {
                continue;
            }
            // every legal non-capture move of `p` is un-made exactly once
            self.left[j - half] = self.left[j - half].saturating_sub(1);
            if self.left[j - half] > 0 {
                continue;
            }
            match self.verdict(&p) {
                Verdict::Lost(d) if d <= ply => {
                    self.data[j] = ply as u8 + 1;
                    out.push(j as u32);
                }
                Verdict::Lost(d) if d <= MAX_DTM => pending[d].push(j as u32),
                Verdict::Draw => self.data[j] = DRAW,
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_decode_agree() {
        for n in 1..=2 {
            for i in [0, 1, 4095, 262_143, table_len(n) / 2, table_len(n) - 1] {
                let (weak, s) = decode(n, i);
                assert_eq!(index(n, weak, &s), i);
            }
        }
        // the mirror image has the same index
        let s = [0o04, 0o77, 0o13, 0o20];
        let m = s.map(|x| x ^ 7);
        assert_eq!(index(2, true, &s), index(2, true, &m));
    }
}
