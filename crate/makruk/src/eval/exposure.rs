//! A Khun's exposure to checks in Kar Ouk, where any check wins. Makruk and Ouk Chatrang never
//! compute it; Makpong, where a Khun in check cannot step aside (the Kar Ouk terms measured
//! worse there: docs/engine-log.md), counts only the enemy's safe checks, at small weights
//! (`makpong_safe_checks`).
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

/// Makpong: for each enemy piece that can give a safe check next move, when `color` is to
/// move (it may still parry).
const MAKPONG_SAFE_CHECK: i32 = 40;
/// Makpong: the same when the enemy is to move (it can check at once).
const MAKPONG_SAFE_CHECK_THEIRS: i32 = 80;

/// Makpong, where a Khun in check may only capture the checker: the penalty for the enemy
/// pieces that can check `color`'s Khun next move from a *safe* square: one that `color`'s
/// pieces (not its Khun) do not attack (`covered`), and, next to the Khun, one that the enemy
/// defends (`defended`, the enemy's attacks), so the Khun cannot take the checker. Small
/// weights: the Kar Ouk terms, counting such checks, measured worse here (docs/engine-log.md).
pub(super) fn makpong_safe_checks(
    pos: &Position,
    color: Color,
    covered: Bitboard,
    defended: Bitboard,
) -> i32 {
    let them = color.other();
    let k = pos.khun(color);
    let occ = pos.occupied();
    let theirs = pos.by_color(them);
    let unsafe_sq = covered | (khun_attacks(k) & !defended);
    let mut checkers = 0;
    for role in [Role::Ruea, Role::Ma, Role::Khon, Role::Met, Role::Bia] {
        let pieces = pos.pieces(them, role);
        if pieces.is_empty() {
            continue;
        }
        let targets = attacks(role, color, k, occ) & !theirs & !unsafe_sq;
        let mut from = Bitboard::EMPTY;
        for t in targets {
            from |= sources(role, them, t, occ);
        }
        checkers += (pieces & from).count() as i32;
    }
    let weight = if pos.turn() == color {
        MAKPONG_SAFE_CHECK
    } else {
        MAKPONG_SAFE_CHECK_THEIRS
    };
    weight * checkers
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

    #[test]
    fn makpong_counts_only_safe_checks() {
        let mp = |fen: &str| Position::from_fen_variant(fen, crate::Variant::Makpong).unwrap();
        // Black's Ruea on h2 checks from d2 or h1 next move; White to move
        let p = mp("4k3/8/8/8/8/8/7r/3K4 w - - 0 1");
        assert_eq!(
            makpong_safe_checks(&p, Color::White, NONE, NONE),
            MAKPONG_SAFE_CHECK
        );
        let p = mp("4k3/8/8/8/8/8/7r/3K4 b - - 0 1");
        assert_eq!(
            makpong_safe_checks(&p, Color::White, NONE, NONE),
            MAKPONG_SAFE_CHECK_THEIRS
        );
        // d2 is next to the Khun and undefended (the Khun takes there); h1 still checks safely
        // unless we cover it
        let h1 = Bitboard::from_square(crate::Square::new(7, 0));
        assert_eq!(makpong_safe_checks(&p, Color::White, h1, NONE), 0);
        // defended on d2, the check there is safe again
        let d2 = Bitboard::from_square(crate::Square::new(3, 1));
        assert_eq!(
            makpong_safe_checks(&p, Color::White, h1, d2),
            MAKPONG_SAFE_CHECK_THEIRS
        );
    }
}
