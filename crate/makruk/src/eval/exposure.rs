//! A Khun's exposure to checks in Kar Ouk, where any check wins. The other rule sets never
//! compute it (in Makpong, where a Khun in check cannot step aside, the same terms measured
//! worse: docs/engine-log.md).
//!
//! For one Khun it counts the enemy pieces that can give a check next move (*direct*), those
//! that can reach, in one move, a square from which they could check next and where nothing
//! of ours can take them (*near*), and the enemy's attacks on the squares around the Khun
//! (*ring*).

use crate::attacks::{
    bia_attacks, khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks,
};
use crate::{Bitboard, Color, Position, Role};

/// Penalty when the threatened side is to move and one enemy piece can check next move.
const DIRECT_ONE: i32 = 100;
/// Penalty when two or more can (or one can and it is the enemy's move): seldom parried.
const DIRECT_MANY: i32 = 500;
/// Penalty for each enemy piece one safe move away from a checking threat.
const NEAR: i32 = 40;
/// Penalty for each attack of an enemy piece on a square next to the Khun.
const RING: i32 = 15;

/// The squares from which a piece of `role` and colour `mover` moves (or captures) to `to`.
fn sources(role: Role, mover: Color, to: crate::Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Ruea => ruea_attacks(to, occ),
        Role::Ma => ma_attacks(to),
        // a Khon of `mover` on s reaches `to` when `to` is in its pattern from s
        Role::Khon => khon_attacks(mover.other(), to),
        Role::Met => met_attacks(to),
        // a step forward onto an empty square, or a capture diagonally forward
        Role::Bia if occ.contains(to) => bia_attacks(mover.other(), to),
        Role::Bia => Bitboard::from_square(to).forward(mover.other()),
        Role::Khun => Bitboard::EMPTY,
    }
}

/// The penalty, in centi-Bia, for `color`'s Khun's exposure to checks. `covered` is what
/// `color`'s pieces (not its Khun) attack.
pub(super) fn penalty(pos: &Position, color: Color, covered: Bitboard) -> i32 {
    let them = color.other();
    let k = pos.khun(color);
    let occ = pos.occupied();
    let theirs = pos.by_color(them);
    let ring = khun_attacks(k);
    let (mut direct, mut near, mut hits) = (0, 0, 0);
    for role in [Role::Ruea, Role::Ma, Role::Khon, Role::Met, Role::Bia] {
        let pieces = pos.pieces(them, role);
        if pieces.is_empty() {
            continue;
        }
        // a piece of ours of the same role on the Khun's square attacks the checking squares
        let targets = attacks(role, color, k, occ) & !theirs;
        let mut one = Bitboard::EMPTY; // squares from which a piece reaches a target
        for t in targets {
            one |= sources(role, them, t, occ);
        }
        direct += (pieces & one).count() as i32;
        let mut two = Bitboard::EMPTY;
        for s in one & !theirs & !covered & !targets {
            two |= sources(role, them, s, occ);
        }
        near += (pieces & two & !one).count() as i32;
        for s in pieces {
            hits += (attacks(role, them, s, occ) & ring).count() as i32;
        }
    }
    let direct = match (direct, pos.turn() == color) {
        (0, _) => 0,
        (1, true) => DIRECT_ONE,
        _ => DIRECT_MANY,
    };
    direct + NEAR * near + RING * hits
}

/// The squares a piece of `role` and colour `color` on `s` attacks.
fn attacks(role: Role, color: Color, s: crate::Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Ruea => ruea_attacks(s, occ),
        Role::Ma => ma_attacks(s),
        Role::Khon => khon_attacks(color, s),
        Role::Met => met_attacks(s),
        Role::Bia => bia_attacks(color, s),
        Role::Khun => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Bitboard = Bitboard::EMPTY;

    fn pos(fen: &str) -> Position {
        Position::from_fen_variant(fen, crate::Variant::KarOuk).expect("test FEN")
    }

    #[test]
    fn karouk_a_ruea_that_can_check_next_move_is_a_threat_to_parry() {
        // Black's Ruea on h2 checks from d2 or h1 next move, and attacks c2, d2 and e2
        let fen = "4k3/8/8/8/8/8/7r/3K4 w - - 1+1 0 1";
        let p = pos(fen);
        assert_eq!(penalty(&p, Color::White, NONE), DIRECT_ONE + 3 * RING);
        let p = pos(&fen.replace(" w ", " b "));
        assert_eq!(penalty(&p, Color::White, NONE), DIRECT_MANY + 3 * RING);
        // Black's own Khun is safe
        assert_eq!(penalty(&p, Color::Black, NONE), 0);
    }

    #[test]
    fn karouk_a_ruea_two_moves_from_a_check_counts_as_near() {
        // the Bia on d3 and the Met on e1 close the d-file and the first rank: the Ruea
        // needs two moves to reach a checking square (g7-g2-d2, say)
        let p = pos("4k3/6r1/8/8/8/3P4/8/3KM3 w - - 1+1 0 1");
        assert_eq!(penalty(&p, Color::White, NONE), NEAR);
        // where we cover the squares it would go through, it is no threat
        assert_eq!(penalty(&p, Color::White, !NONE), 0);
    }
}
