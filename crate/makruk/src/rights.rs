//! Ouk Chatrang's first-move rights (docs/rules.md, "Ouk Chatrang"): the Khun's one leap and the
//! Met's double step, each kept while its piece has not moved and not been captured on its
//! start square. In the FEN they are the castling field's file letters, `DEde` at the start.

use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};
use std::fmt;

/// One right: whose piece, which piece, its start square and its FEN letter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Right {
    /// The owner.
    pub color: Color,
    /// `Khun` (the leap) or `Met` (the double step).
    pub role: Role,
    /// The start square the piece must still stand on.
    pub square: Square,
    /// The FEN letter: the file, uppercase for White.
    pub letter: char,
}

/// The four rights in bit order, which is also the FEN's order: `D E d e`.
pub const RIGHTS: [Right; 4] = [
    Right {
        color: Color::White,
        role: Role::Khun,
        square: Square::new(3, 0),
        letter: 'D',
    },
    Right {
        color: Color::White,
        role: Role::Met,
        square: Square::new(4, 0),
        letter: 'E',
    },
    Right {
        color: Color::Black,
        role: Role::Met,
        square: Square::new(3, 7),
        letter: 'd',
    },
    Right {
        color: Color::Black,
        role: Role::Khun,
        square: Square::new(4, 7),
        letter: 'e',
    },
];

/// `SQUARE_BITS[sq]`: the rights that belong to the piece on `sq` (lost when it leaves or is
/// captured there).
const SQUARE_BITS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 4 {
        t[RIGHTS[i].square.index()] |= 1 << i;
        i += 1;
    }
    t
};

/// Zobrist keys of the 16 sets of rights (the empty set hashes as 0, so Makruk's hashes
/// are those of a position without rights).
const KEYS: [u64; 16] = {
    let mut bit_keys = [0u64; 4];
    let mut state: u64 = 0x4f75_6b43_6861_7472; // "OukChatr"
    let mut i = 0;
    while i < 4 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        bit_keys[i] = z ^ (z >> 31);
        i += 1;
    }
    let mut keys = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut b = 0;
        while b < 4 {
            if set & (1 << b) != 0 {
                keys[set] ^= bit_keys[b];
            }
            b += 1;
        }
        set += 1;
    }
    keys
};

/// The set of rights still held (one bit per entry of `RIGHTS`); always empty in Makruk.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rights(u8);

impl Rights {
    /// No rights (Makruk, or every right used or lost).
    pub const NONE: Rights = Rights(0);
    /// All four, as at Ouk Chatrang's start.
    pub const ALL: Rights = Rights(0b1111);

    const fn bit(color: Color, role: Role) -> u8 {
        match (color, role) {
            (Color::White, Role::Khun) => 1,
            (Color::White, _) => 2,
            (Color::Black, Role::Khun) => 8,
            (Color::Black, _) => 4,
        }
    }

    /// True when no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `color`'s Khun may still leap.
    #[inline]
    pub const fn khun_leap(self, color: Color) -> bool {
        self.0 & Rights::bit(color, Role::Khun) != 0
    }

    /// True when `color`'s Met may still step two squares.
    #[inline]
    pub const fn met_double_step(self, color: Color) -> bool {
        self.0 & Rights::bit(color, Role::Met) != 0
    }

    /// True when the right of `right` (an entry of `RIGHTS`) is held.
    pub fn has(self, right: &Right) -> bool {
        self.0 & Rights::bit(right.color, right.role) != 0
    }

    /// The set with `right` added.
    pub(crate) fn with(self, right: &Right) -> Rights {
        Rights(self.0 | Rights::bit(right.color, right.role))
    }

    /// The rights left after `color` moved its `role` from `from` to `to`: the moved piece
    /// loses its own, a piece captured on its start square loses its, and a Ruea landing on
    /// the rank or file of the enemy Khun's start square (counted on an empty board) takes
    /// that Khun's leap (the right needs the Khun there, so the Ruea aims at it).
    #[inline]
    pub(crate) fn after_move(self, color: Color, role: Role, from: Square, to: Square) -> Rights {
        let mut lost = SQUARE_BITS[from.index()] | SQUARE_BITS[to.index()];
        let them = color.other();
        let khun = khun_square(them);
        if role == Role::Ruea && (khun.file() == to.file() || khun.rank() == to.rank()) {
            lost |= Rights::bit(them, Role::Khun);
        }
        Rights(self.0 & !lost)
    }

    /// The Zobrist key of this set (0 for none).
    #[inline]
    pub(crate) fn key(self) -> u64 {
        KEYS[self.0 as usize & 15]
    }

    /// The held rights, in FEN order.
    pub fn iter(self) -> impl Iterator<Item = &'static Right> {
        RIGHTS.iter().filter(move |r| self.has(r))
    }
}

/// The FEN castling field: the letters in the order `DEde`, or `-` for none.
impl fmt::Display for Rights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for r in self.iter() {
            write!(f, "{}", r.letter)?;
        }
        Ok(())
    }
}

/// The start square of `color`'s Khun, where it keeps its leap (d1, e8).
#[inline]
const fn khun_square(color: Color) -> Square {
    match color {
        Color::White => RIGHTS[0].square,
        Color::Black => RIGHTS[3].square,
    }
}

/// The squares the Khun of `color` may leap to from its start square: the Ma's two squares on
/// the rank directly in front (b2 and f2 from d1, c7 and g7 from e8).
#[inline]
pub fn khun_leap_targets(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(1 << 9 | 1 << 13),
        Color::Black => Bitboard(1 << 50 | 1 << 54),
    }
}

/// The Met's double step of `color`: its start square and the square two ahead (e1 to e3,
/// d8 to d6).
#[inline]
pub const fn met_double_step(color: Color) -> (Square, Square) {
    match color {
        Color::White => (Square::new(4, 0), Square::new(4, 2)),
        Color::Black => (Square::new(3, 7), Square::new(3, 5)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_rule_text() {
        let names: Vec<String> = RIGHTS.iter().map(|r| r.square.to_string()).collect();
        assert_eq!(names, ["d1", "e1", "d8", "e8"]);
        let leaps: Vec<String> = khun_leap_targets(Color::White)
            .chain(khun_leap_targets(Color::Black))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(leaps, ["b2", "f2", "c7", "g7"]);
        let (from, to) = met_double_step(Color::Black);
        assert_eq!(
            (from.to_string(), to.to_string()),
            ("d8".into(), "d6".into())
        );
        assert_eq!(Rights::ALL.to_string(), "DEde");
        assert_eq!(Rights::NONE.to_string(), "-");
        assert_eq!(Rights::NONE.key(), 0);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let moved = |role, from, to| Rights::ALL.after_move(Color::White, role, sq(from), sq(to));
        assert_eq!(moved(Role::Met, "e1", "e2").to_string(), "Dde");
        // a Ruea on e8's rank or file takes Black's leap, wherever it comes from
        assert_eq!(moved(Role::Ruea, "a1", "a8").to_string(), "DEd");
        assert_eq!(moved(Role::Ruea, "h4", "e4").to_string(), "DEd");
        assert_eq!(moved(Role::Ruea, "a1", "c1").to_string(), "DEde");
        assert_eq!(moved(Role::Ma, "c6", "e7").to_string(), "DEde");
    }
}
