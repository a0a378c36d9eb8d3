//! Attack tables, all built at compile time by `const fn` (about 4 KiB in total).
//!
//! The Ruea is the only slider, so it needs no magic bitboards: its rank attacks come from
//! a 8 × 64-byte table indexed by the six inner bits of the rank, its file attacks from
//! hyperbola quintessence (a byte swap reverses the files' direction).

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const KHUN: [u64; 64] = leaper_table(&[
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
]);
const MET: [u64; 64] = leaper_table(&[(-1, -1), (1, -1), (-1, 1), (1, 1)]);
const MA: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
const KHON: [[u64; 64]; 2] = [
    leaper_table(&[(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 1)]),
    leaper_table(&[(-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1)]),
];
const BIA: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// RANK[file][inner] = the squares a Ruea on `file` attacks along its rank, as a byte,
/// where `inner` holds the occupancy of files b..g (the edge files never block anything
/// beyond themselves).
const RANK: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut att = 0u8;
            let mut f = file + 1;
            while f < 8 {
                att |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i32 - 1;
            while f >= 0 {
                att |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[file][inner] = att;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// The squares a Khun on `sq` attacks.
#[inline]
pub fn khun_attacks(sq: Square) -> Bitboard {
    Bitboard(KHUN[sq.index()])
}

/// The squares a Met on `sq` attacks (the four diagonal neighbours).
#[inline]
pub fn met_attacks(sq: Square) -> Bitboard {
    Bitboard(MET[sq.index()])
}

/// The squares a Ma on `sq` attacks.
#[inline]
pub fn ma_attacks(sq: Square) -> Bitboard {
    Bitboard(MA[sq.index()])
}

/// The squares a Khon of `color` on `sq` attacks (diagonals and one step forward).
#[inline]
pub fn khon_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(KHON[color.index()][sq.index()])
}

/// The squares a Bia of `color` on `sq` attacks (one step diagonally forward).
#[inline]
pub fn bia_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(BIA[color.index()][sq.index()])
}

/// The squares a Ruea on `sq` attacks along its rank, given the occupied squares.
#[inline]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let shift = sq.rank() as u32 * 8;
    let inner = (occupied.0 >> (shift + 1)) & 63;
    Bitboard((RANK[sq.file() as usize][inner as usize] as u64) << shift)
}

/// The squares a Ruea on `sq` attacks along its file (hyperbola quintessence).
#[inline]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = 1u64 << sq.index();
    let mask = Bitboard::file(sq.file()).0 ^ s;
    let o = occupied.0 & mask;
    let up = o.wrapping_sub(s.wrapping_mul(2));
    let down = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    Bitboard((up ^ down) & mask)
}

/// The squares a Ruea on `sq` attacks, given the occupied squares.
#[inline]
pub fn ruea_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` when they share a rank or a file, else none.
/// Only the Ruea attacks from afar, so only rank and file lines matter.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a.index() < b.index() {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    let span = ((1u64 << hi) - (1u64 << lo)) & !(1u64 << lo);
    if a.rank() == b.rank() {
        Bitboard(span)
    } else if a.file() == b.file() {
        Bitboard(span & Bitboard::file(a.file()).0)
    } else {
        Bitboard::EMPTY
    }
}

/// The whole rank or file through `a` and `b` (which must share one); for pinned pieces.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    if a.rank() == b.rank() {
        Bitboard::rank(a.rank())
    } else if a.file() == b.file() {
        Bitboard::file(a.file())
    } else {
        Bitboard::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_ruea(sq: Square, occ: Bitboard) -> Bitboard {
        let mut att = Bitboard::EMPTY;
        for (df, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
            let (mut f, mut r) = (sq.file() as i8, sq.rank() as i8);
            loop {
                f += df;
                r += dr;
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    break;
                }
                let t = Square::new(f as u8, r as u8);
                att = att.with(t);
                if occ.contains(t) {
                    break;
                }
            }
        }
        att
    }

    #[test]
    fn ruea_matches_slow_rays() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & (x >> 3));
            for sq in Square::all() {
                assert_eq!(ruea_attacks(sq, occ), slow_ruea(sq, occ), "{sq} {occ:?}");
            }
        }
    }

    #[test]
    fn between_and_line() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(between(sq("a1"), sq("a4")), Bitboard(0x0001_0100));
        assert_eq!(between(sq("h1"), sq("e1")), Bitboard(0x60));
        assert_eq!(between(sq("a1"), sq("b2")), Bitboard::EMPTY);
        assert_eq!(line(sq("c3"), sq("c7")), Bitboard::file(2));
    }
}
