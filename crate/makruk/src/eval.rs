//! Static evaluation for Makruk, in centi-Bia from the side to move's point of view.
//!
//! Tapered (middlegame/endgame) material and piece-square tables with Makruk values (the Met
//! and Khon are weak, the Bia promotes to a Met on the sixth rank), Bia structure, mobility,
//! Khun safety and endgame knowledge: material that cannot mate, mop-up of a bare Khun, and
//! scaling towards a draw as the count nears its limit. The evaluation network
//! (`crate::nnue`), when one is in use, contributes half of the score outside the
//! endings with a bare Khun, which it was not trained on.

use crate::attacks::{khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks};
use crate::nnue::Nnue;
use crate::{Bitboard, Color, Move, Position, Role, Square, Variant};

mod exposure;

/// Middlegame value of each role, for move ordering and SEE.
pub const SEE_VALUE: [i32; 6] = [100, 330, 280, 500, 210, 20_000];

// game phase weight of each role; a full board is `MAX_PHASE`
const PHASE: [i32; 6] = [0, 1, 1, 2, 1, 0];
const MAX_PHASE: i32 = 14;
/// The network's share of the evaluation, in quarters (the rest is the hand-written terms).
const NET_QUARTERS: i32 = 2;

/// Number of tunable weights.
pub const N_WEIGHTS: usize = 64;
/// The tunable weights in one array, so that a tuner can vary them (`makruk-tune` in the
/// makruk-match crate); the constants in [`weight`] index it. Pairs are (middlegame, endgame).
pub type Weights = [i32; N_WEIGHTS];

/// Indices into [`Weights`].
pub mod weight {
    /// Material of Bia, Ma, Khon, Ruea, Met: 5 pairs.
    pub const VALUE: usize = 0;
    /// Scale of each role's piece-square table in 1/16: 6 pairs.
    pub const PST: usize = 10;
    /// Mobility per square of Ma, Khon, Ruea, Met: 4 pairs.
    pub const MOBILITY: usize = 22;
    /// Doubled Bia.
    pub const DOUBLED: usize = 30;
    /// Isolated Bia.
    pub const ISOLATED: usize = 32;
    /// Bia protected by a Bia.
    pub const PROTECTED: usize = 34;
    /// Bia blocked by an enemy Bia.
    pub const FACING: usize = 36;
    /// Passed Bia on its start rank, one step, two steps ahead: 3 pairs.
    pub const PASSED: usize = 38;
    /// Ruea on an open file.
    pub const RUEA_OPEN: usize = 44;
    /// Ruea on a half-open file.
    pub const RUEA_HALF_OPEN: usize = 46;
    /// Khun-zone attack weight of Bia, Ma, Khon, Ruea, Met.
    pub const ATTACK: usize = 48;
    /// Own pieces next to the Khun (middlegame).
    pub const SHELTER: usize = 53;
    /// Side to move bonus.
    pub const TEMPO: usize = 54;
    /// Divisor of the squared Khun attack units.
    pub const DANGER_DIV: usize = 55;
    /// A piece (not a Bia) attacked by an enemy Bia.
    pub const THREAT_BY_BIA: usize = 56;
    /// A Ruea attacked by an enemy Ma, Khon or Met.
    pub const THREAT_ON_RUEA: usize = 58;
    /// A piece (not a Bia) attacked and not defended.
    pub const HANGING: usize = 60;
    /// A Bia attacked and not defended.
    pub const WEAK_BIA: usize = 62;
}

/// The weights in use.
#[rustfmt::skip]
pub const DEFAULT_WEIGHTS: Weights = [
    // material: Bia, Ma, Khon, Ruea, Met
    88, 75, 301, 274, 207, 224, 494, 490, 154, 133,
    // piece-square table scales (16 = as written)
    13, 9, 8, 8, 24, 8, 15, 16, 24, 8, 8, 21,
    // mobility: Ma, Khon, Ruea, Met
    9, -9, 5, -7, 5, 2, 5, 6,
    // doubled, isolated, protected, facing
    -7, 6, -15, -10, -4, 10, 4, 0,
    // passed
    10, 3, 15, 8, 20, 10,
    // Ruea open, half-open file
    19, -5, 19, -5,
    // attack weights, shelter, tempo, danger divisor
    1, -2, -4, -1, 2, 6, 20, 4,
    // threats: by a Bia, on a Ruea, hanging piece, weak Bia
    50, 32, 57, 3, 42, 29, 26, 36,
];

// typical mobility subtracted before weighting, per role
const MOBILITY_BASE: [i32; 6] = [0, 4, 3, 6, 2, 0];
const KHON: usize = 2;
const RUEA: usize = 3;
// scale (out of 64) when the leader has no Bia and too little extra material to mate
const SCALE_SMALL_EDGE: i32 = 12;
// a bare Khun: a small bonus so that trading down to it is not bought with material
const BARE_KHUN_BONUS: i32 = 40;
// when fewer plies than this remain in the count, the score fades towards a draw
const COUNT_FADE_PLIES: i32 = 40;
// the same for a Ruea against a bare Khun: that mate is short, and the search sees the end of
// the count (a full fade would make the won ending look worse than keeping more material)
const RUEA_FADE_PLIES: i32 = 12;
// mop-up: weight of each rank the bare Khun is pushed towards the edge a Khon faces
const FAR_EDGE_WEIGHT: i32 = 25;
// mop-up: weight of each rank the strong Khun is short of being two ranks behind the bare
// one, against a Khon (it drives the bare Khun towards the Khon's edge from behind)
const BEHIND_WEIGHT: i32 = 15;
// mop-up: weight of each step the bare Khun is pushed towards a corner Ma and Met mate in
const CORNER_WEIGHT: i32 = 20;

/// Piece-square tables from White's side, a1..h8 (index = rank * 8 + file).
#[rustfmt::skip]
const PST_MG: [[i8; 64]; 6] = [
    // Bia: start on rank 3, promote on rank 6
    [ 0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0, -4, -4,  0,  0,  0,
      2,  4,  8, 14, 14,  8,  4,  2,
      8, 12, 18, 24, 24, 18, 12,  8,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0],
    // Ma
    [-40,-22,-14,-10,-10,-14,-22,-40,
     -22, -8,  0,  4,  4,  0, -8,-22,
     -12,  4, 10, 14, 14, 10,  4,-12,
      -8,  8, 16, 22, 22, 16,  8, -8,
      -6, 10, 18, 24, 24, 18, 10, -6,
      -8,  8, 16, 18, 18, 16,  8, -8,
     -20, -6,  4,  6,  6,  4, -6,-20,
     -40,-20,-12,-10,-10,-12,-20,-40],
    // Khon
    [-14, -6, -2,  0,  0, -2, -6,-14,
      -8,  0,  4,  6,  6,  4,  0, -8,
      -4,  4,  8, 10, 10,  8,  4, -4,
      -2,  6, 12, 14, 14, 12,  6, -2,
       0,  8, 14, 16, 16, 14,  8,  0,
       0,  8, 12, 14, 14, 12,  8,  0,
      -6,  0,  4,  6,  6,  4,  0, -6,
     -14, -6, -4, -2, -2, -4, -6,-14],
    // Ruea
    [ -4,  0,  4,  6,  6,  4,  0, -4,
      -6,  0,  2,  4,  4,  2,  0, -6,
      -6,  0,  2,  4,  4,  2,  0, -6,
      -4,  0,  2,  4,  4,  2,  0, -4,
      -2,  2,  4,  6,  6,  4,  2, -2,
       2,  6,  8, 10, 10,  8,  6,  2,
       4,  8, 10, 12, 12, 10,  8,  4,
       0,  2,  4,  6,  6,  4,  2,  0],
    // Met
    [-10, -4,  0,  2,  2,  0, -4,-10,
      -4,  2,  6,  8,  8,  6,  2, -4,
       0,  6, 10, 12, 12, 10,  6,  0,
       0,  6, 12, 14, 14, 12,  6,  0,
       0,  6, 12, 14, 14, 12,  6,  0,
       0,  4,  8, 10, 10,  8,  4,  0,
      -4,  0,  4,  6,  6,  4,  0, -4,
     -10, -4,  0,  2,  2,  0, -4,-10],
    // Khun: stay home behind the Bia in the middlegame
    [  8, 14,  8,  2,  2,  8, 14,  8,
       6, 10,  4, -2, -2,  4, 10,  6,
      -6, -8,-12,-16,-16,-12, -8, -6,
     -16,-20,-24,-28,-28,-24,-20,-16,
     -24,-28,-32,-36,-36,-32,-28,-24,
     -30,-34,-38,-40,-40,-38,-34,-30,
     -34,-38,-40,-44,-44,-40,-38,-34,
     -36,-40,-44,-48,-48,-44,-40,-36],
];

#[rustfmt::skip]
const PST_EG: [[i8; 64]; 6] = [
    [ 0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      8, 10, 10, 10, 10, 10, 10,  8,
     20, 24, 24, 24, 24, 24, 24, 20,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0],
    [-30,-20,-12, -8, -8,-12,-20,-30,
     -20, -8,  0,  4,  4,  0, -8,-20,
     -12,  0,  8, 12, 12,  8,  0,-12,
      -8,  4, 12, 16, 16, 12,  4, -8,
      -8,  4, 12, 16, 16, 12,  4, -8,
     -12,  0,  8, 12, 12,  8,  0,-12,
     -20, -8,  0,  4,  4,  0, -8,-20,
     -30,-20,-12, -8, -8,-12,-20,-30],
    [-12, -6, -2,  0,  0, -2, -6,-12,
      -6,  0,  4,  6,  6,  4,  0, -6,
      -2,  4,  8, 10, 10,  8,  4, -2,
       0,  6, 10, 12, 12, 10,  6,  0,
       0,  6, 10, 12, 12, 10,  6,  0,
      -2,  4,  8, 10, 10,  8,  4, -2,
      -6,  0,  4,  6,  6,  4,  0, -6,
     -12, -6, -2,  0,  0, -2, -6,-12],
    [ 0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0,
      0,  0,  0,  0,  0,  0,  0,  0],
    [-10, -4,  0,  2,  2,  0, -4,-10,
      -4,  2,  6,  8,  8,  6,  2, -4,
       0,  6, 10, 12, 12, 10,  6,  0,
       2,  8, 12, 14, 14, 12,  8,  2,
       2,  8, 12, 14, 14, 12,  8,  2,
       0,  6, 10, 12, 12, 10,  6,  0,
      -4,  2,  6,  8,  8,  6,  2, -4,
     -10, -4,  0,  2,  2,  0, -4,-10],
    [-40,-26,-18,-14,-14,-18,-26,-40,
     -26,-10, -2,  2,  2, -2,-10,-26,
     -18, -2, 10, 14, 14, 10, -2,-18,
     -14,  2, 14, 22, 22, 14,  2,-14,
     -14,  2, 14, 22, 22, 14,  2,-14,
     -18, -2, 10, 14, 14, 10, -2,-18,
     -26,-10, -2,  2,  2, -2,-10,-26,
     -40,-26,-18,-14,-14,-18,-26,-40],
];

/// The squares the Bia of `bias` attack.
fn bia_attacks(color: Color, bias: Bitboard) -> Bitboard {
    bias.west().forward(color) | bias.east().forward(color)
}

/// The files holding a square of `bb`.
fn file_fill(bb: Bitboard) -> Bitboard {
    (0..8)
        .map(Bitboard::file)
        .filter(|&file| (bb & file).any())
        .fold(Bitboard::EMPTY, |f, file| f | file)
}

/// Squares in front of a Bia on its own and adjacent files.
fn front_span(color: Color, sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file());
    let files = file | file.west() | file.east();
    let rank = u32::from(sq.rank());
    let ahead = match color {
        Color::White if rank >= 7 => Bitboard::EMPTY,
        Color::White => Bitboard(!0u64 << ((rank + 1) * 8)),
        Color::Black => Bitboard((1u64 << (rank * 8)) - 1),
    };
    files & ahead
}

/// What a quiet move gains on the middlegame piece-square table: the move picker's order
/// among moves of equal history.
pub(crate) fn pst_gain(pos: &Position, m: Move) -> i32 {
    let Some(role) = pos.role_at(m.from()) else {
        return 0;
    };
    let table = &PST_MG[role.index()];
    let us = pos.turn();
    i32::from(table[relative_sq(us, m.to())]) - i32::from(table[relative_sq(us, m.from())])
}

fn relative_sq(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    }
}

/// Material counts of one side: [Bia, Ma, Khon, Ruea, Met].
fn counts(pos: &Position, color: Color) -> [u32; 5] {
    [Role::Bia, Role::Ma, Role::Khon, Role::Ruea, Role::Met].map(|r| pos.pieces(color, r).count())
}

/// What `color`'s material can do against a bare Khun.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mating {
    /// No mate is possible at all.
    Never,
    /// A mate exists but a careful defence avoids it: a lone Khon, Ma and Met, two Mets, two
    /// Ma (measured with a retrograde analysis of these endings with three and four pieces).
    Helped,
    /// Mate can be forced: a Ruea, a Khon with another piece, or three or more Ma and Met
    /// (a Bia counting as a Met).
    Forced,
}

fn mating(pos: &Position, color: Color) -> Mating {
    let [bia, ma, khon, ruea, met] = counts(pos, color);
    // a Bia counts as the Met it will become
    let promotion_rank = match color {
        Color::White => 5,
        Color::Black => 2,
    };
    let future_mets = pos
        .pieces(color, Role::Bia)
        .fold(Bitboard::EMPTY, |bb, sq| {
            bb.with(Square::new(sq.file(), promotion_rank))
        });
    let mets = pos.pieces(color, Role::Met) | future_mets;
    let both_colours = (mets & Bitboard::DARK).any() && (mets & !Bitboard::DARK).any();
    let met = met + bia;
    if ruea > 0 || (khon > 0 && ma + met + khon >= 2) || (ma + met >= 3 && (ma > 0 || both_colours))
    {
        Mating::Forced
    } else if khon > 0 || ma >= 2 || (ma >= 1 && met >= 1) || both_colours {
        Mating::Helped
    } else {
        Mating::Never
    }
}

/// Evaluates `pos` from the side to move's point of view (centi-Bia), with the network of
/// `nnue` blended in when there is one.
pub fn evaluate(pos: &Position, nnue: Option<&mut Nnue>) -> i32 {
    evaluate_with(pos, &DEFAULT_WEIGHTS, nnue)
}

/// Evaluates `pos` with the given weights (for tuning).
pub fn evaluate_with(pos: &Position, w: &Weights, nnue: Option<&mut Nnue>) -> i32 {
    let white = evaluate_white(pos, w, nnue);
    let score = match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    };
    score + w[weight::TEMPO]
}

/// Adds the weight pair at index `i`, `n` times.
fn add(mg: &mut i32, eg: &mut i32, w: &Weights, i: usize, n: i32) {
    *mg += w[i] * n;
    *eg += w[i + 1] * n;
}

/// The squares one side attacks: with its Bia, with its Ma, Khon and Met, with its Ruea,
/// with anything.
struct Attacks {
    bia: Bitboard,
    minor: Bitboard,
    ruea: Bitboard,
    all: Bitboard,
}

fn side_terms(
    pos: &Position,
    w: &Weights,
    color: Color,
    mg: &mut i32,
    eg: &mut i32,
    phase: &mut i32,
) -> Attacks {
    let them = color.other();
    let occ = pos.occupied();
    let own = pos.by_color(color);
    let our_bia = pos.pieces(color, Role::Bia);
    let their_bia = pos.pieces(them, Role::Bia);
    let their_bia_attacks = bia_attacks(them, their_bia);

    // material, piece-square tables and mobility
    let their_khun = pos.khun(them);
    let zone = khun_attacks(their_khun).with(their_khun);
    let mut attack_units = 0;
    let mut attackers = 0;
    let our_bia_attacks = bia_attacks(color, our_bia);
    let mut att = Attacks {
        bia: our_bia_attacks,
        minor: Bitboard::EMPTY,
        ruea: Bitboard::EMPTY,
        all: our_bia_attacks | khun_attacks(pos.khun(color)),
    };
    for (i, role) in Role::ALL.iter().enumerate() {
        for sq in pos.pieces(color, *role) {
            let rel = relative_sq(color, sq);
            if i < 5 {
                add(mg, eg, w, weight::VALUE + 2 * i, 1);
            }
            *mg += PST_MG[i][rel] as i32 * w[weight::PST + 2 * i] / 16;
            *eg += PST_EG[i][rel] as i32 * w[weight::PST + 2 * i + 1] / 16;
            *phase += PHASE[i];
            let attacks = match role {
                Role::Bia | Role::Khun => continue,
                Role::Ma => ma_attacks(sq),
                Role::Khon => khon_attacks(color, sq),
                Role::Met => met_attacks(sq),
                Role::Ruea => ruea_attacks(sq, occ),
            };
            if *role == Role::Ruea {
                att.all |= attacks;
                att.ruea |= attacks;
            } else {
                att.minor |= attacks;
            }
            let mob = (attacks & !own & !their_bia_attacks).count() as i32;
            add(
                mg,
                eg,
                w,
                weight::MOBILITY + 2 * (i - 1),
                mob - MOBILITY_BASE[i],
            );
            if (attacks & zone).any() {
                attackers += 1;
                attack_units += w[weight::ATTACK + i] * (attacks & zone).count() as i32;
            }
            if *role == Role::Ruea {
                let file = Bitboard::file(sq.file());
                if (file & (our_bia | their_bia)).is_empty() {
                    add(mg, eg, w, weight::RUEA_OPEN, 1);
                } else if (file & our_bia).is_empty() {
                    add(mg, eg, w, weight::RUEA_HALF_OPEN, 1);
                }
            }
        }
    }
    // Khun attack: only meaningful with two or more attackers
    if attackers >= 2 {
        let danger =
            (attack_units * attack_units / w[weight::DANGER_DIV].max(1) + 6 * attackers).min(300);
        *mg += danger;
        *eg += danger / 4;
    }
    // shelter of our own Khun: defenders and Bia next to it
    let near = khun_attacks(pos.khun(color)) & own;
    *mg += w[weight::SHELTER] * near.count().min(4) as i32;

    // Bia structure
    let our_files = file_fill(our_bia);
    for sq in our_bia {
        let file = Bitboard::file(sq.file());
        if (our_bia & file).more_than_one() {
            add(mg, eg, w, weight::DOUBLED, 1);
        }
        if (our_files & (file.west() | file.east())).is_empty() {
            add(mg, eg, w, weight::ISOLATED, 1);
        }
        if our_bia_attacks.contains(sq) {
            add(mg, eg, w, weight::PROTECTED, 1);
        }
        if (front_span(color, sq) & their_bia).is_empty() {
            let advanced = (relative_sq(color, sq) / 8).saturating_sub(2).min(2);
            add(mg, eg, w, weight::PASSED + 2 * advanced, 1);
        }
        if (Bitboard::from_square(sq).forward(color) & their_bia).any() {
            add(mg, eg, w, weight::FACING, 1);
        }
    }
    att.all |= att.minor;
    att
}

/// Threats of `color` (attacks `us`) against the other side (defended by `them`).
fn threats(pos: &Position, w: &Weights, color: Color, us: &Attacks, them: &Attacks) -> (i32, i32) {
    let (mut mg, mut eg) = (0, 0);
    let other = color.other();
    let bia = pos.pieces(other, Role::Bia);
    let khun = pos.pieces(other, Role::Khun);
    let ruea = pos.pieces(other, Role::Ruea);
    let pieces = pos.by_color(other) & !bia & !khun;
    let undefended = !them.all;
    let terms = [
        (weight::THREAT_BY_BIA, pieces & us.bia),
        (weight::THREAT_ON_RUEA, ruea & us.minor),
        (weight::HANGING, pieces & us.all & undefended),
        (weight::WEAK_BIA, bia & us.all & undefended),
    ];
    for (i, bb) in terms {
        add(&mut mg, &mut eg, w, i, bb.count() as i32);
    }
    (mg, eg)
}

fn evaluate_white(pos: &Position, w: &Weights, nnue: Option<&mut Nnue>) -> i32 {
    let (mut wmg, mut weg, mut bmg, mut beg, mut phase) = (0, 0, 0, 0, 0);
    let white = side_terms(pos, w, Color::White, &mut wmg, &mut weg, &mut phase);
    let black = side_terms(pos, w, Color::Black, &mut bmg, &mut beg, &mut phase);
    let (tmg, teg) = threats(pos, w, Color::White, &white, &black);
    let (bt_mg, bt_eg) = threats(pos, w, Color::Black, &black, &white);
    wmg += tmg - bt_mg;
    weg += teg - bt_eg;
    let phase = phase.min(MAX_PHASE);
    let mg = wmg - bmg;
    let mut eg = weg - beg;

    // endgame knowledge: mop-up a bare Khun, and material that cannot win
    let strong = if eg >= 0 { Color::White } else { Color::Black };
    let weak = strong.other();
    let strong_bia = pos.pieces(strong, Role::Bia);
    let sign = if strong == Color::White { 1 } else { -1 };
    let material = |c: Color| {
        Role::ALL[..5]
            .iter()
            .enumerate()
            .map(|(i, r)| w[weight::VALUE + 2 * i + 1] * pos.pieces(c, *r).count() as i32)
            .sum::<i32>()
    };
    let edge = material(strong) - material(weak);
    let mut scale = 64;
    let mut mop = 0;
    if !pos.by_color(weak).more_than_one() && pos.by_color(strong).more_than_one() {
        // added after scaling and fading: the herding must stay strong to the last ply
        match mating(pos, strong) {
            Mating::Never => return 0,
            Mating::Helped => {
                // mostly a draw, but the engine keeps driving towards the mating squares
                scale = SCALE_SMALL_EDGE;
                mop = sign * mop_up(pos, strong) / 2;
            }
            Mating::Forced if strong_bia.is_empty() => {
                // only material and herding, without the piece-square and mobility noise
                let herd = BARE_KHUN_BONUS + mop_up(pos, strong);
                let window = if pos.pieces(strong, Role::Ruea).any() {
                    RUEA_FADE_PLIES
                } else {
                    COUNT_FADE_PLIES
                };
                return sign * (fade(pos, material(strong), window) + herd);
            }
            Mating::Forced => mop = sign * (BARE_KHUN_BONUS + mop_up(pos, strong)),
        }
    } else if strong_bia.is_empty() && edge < w[weight::VALUE + 2 * KHON + 1] {
        scale = SCALE_SMALL_EDGE;
    } else if pos.pieces(weak, Role::Bia).is_empty() && edge >= w[weight::VALUE + 2 * RUEA + 1] {
        // a won ending not yet down to a bare Khun: start herding already
        eg += sign * mop_up(pos, strong) / 2;
    }
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    // blended with the network (which sees the side to move; the tempo is added once, below)
    let net = match nnue {
        Some(nnue) if !pos.has_bare_khun() => Some(nnue.evaluate(pos)),
        _ => None,
    };
    if let Some(net) = net {
        let net = match pos.turn() {
            Color::White => net - w[weight::TEMPO],
            Color::Black => w[weight::TEMPO] - net,
        };
        score = (score * (4 - NET_QUARTERS) + net * NET_QUARTERS) / 4;
    }
    score = score * scale / 64 + checks_decide(pos, &white, &black);

    fade(pos, score, COUNT_FADE_PLIES) + mop
}

/// Kar Ouk: each Khun's exposure to checks (White's view); Makpong: the enemy's safe checks
/// against each Khun (exposure::makpong_safe_checks); 0 in Makruk and Ouk Chatrang.
fn checks_decide(pos: &Position, white: &Attacks, black: &Attacks) -> i32 {
    if pos.variant() == Variant::Makpong {
        let cover = |a: &Attacks| a.bia | a.minor | a.ruea;
        return exposure::makpong_safe_checks(pos, Color::Black, cover(black), white.all)
            - exposure::makpong_safe_checks(pos, Color::White, cover(white), black.all);
    }
    if pos.variant() != Variant::KarOuk {
        return 0;
    }
    let cover = |a: &Attacks| a.bia | a.minor | a.ruea;
    exposure::penalty(pos, Color::Black, cover(black))
        - exposure::penalty(pos, Color::White, cover(white))
}

/// Fades `score` towards a draw over the last `window` plies of the count.
fn fade(pos: &Position, score: i32, window: i32) -> i32 {
    if let Some(count) = pos.count() {
        let left = count.limit as i32 - count.ply as i32;
        if left < window {
            return score * left.max(0) / window;
        }
    }
    score
}

/// Drive the bare Khun to where the strong side's pieces can mate it and bring the strong
/// Khun close. A Ruea (or a Bia, which may still promote) mates on any edge; a Khon only on
/// the edge it faces, where it covers three squares of the last rank; Ma and Met need a
/// corner, one of a Met's colour when there is a Met.
fn mop_up(pos: &Position, strong: Color) -> i32 {
    let weak_sq = pos.khun(strong.other());
    let strong_sq = pos.khun(strong);
    let (wf, wr) = (weak_sq.file() as i32, weak_sq.rank() as i32);
    let (sf, sr) = (strong_sq.file() as i32, strong_sq.rank() as i32);
    let dist = (wf - sf).abs().max((wr - sr).abs());
    let center = (2 * wf - 7).abs().max((2 * wr - 7).abs()); // 1..7
    let corner = (2 * wf - 7).abs() + (2 * wr - 7).abs(); // 2..14
    let any = |role| pos.pieces(strong, role).any();
    let herd = if any(Role::Ruea) || any(Role::Bia) {
        12 * center + 10 * corner
    } else if any(Role::Khon) {
        // 0..7 towards the Khon's edge; the strong Khun drives from two ranks behind
        let far = weak_sq.relative_rank(strong) as i32;
        let behind = far - strong_sq.relative_rank(strong) as i32;
        FAR_EDGE_WEIGHT * far + 4 * (2 * wf - 7).abs() - BEHIND_WEIGHT * (2 - behind).max(0)
    } else {
        let mets = pos.pieces(strong, Role::Met);
        let dark = (mets & Bitboard::DARK).any() || mets.is_empty();
        let light = (mets & !Bitboard::DARK).any() || mets.is_empty();
        let to_corner = [(0, 0), (7, 7), (0, 7), (7, 0)]
            .iter()
            .filter(|(f, r)| if (f + r) % 2 == 0 { dark } else { light })
            .map(|(f, r)| (wf - f).abs() + (wr - r).abs())
            .min()
            .unwrap_or(0); // 0..14
        12 * center + CORNER_WEIGHT * (14 - to_corner)
    };
    herd - 10 * dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::Network;
    use std::sync::Arc;

    /// The evaluation with the built-in network, as the native engine plays.
    fn evaluate(pos: &Position) -> i32 {
        super::evaluate(pos, Some(&mut Nnue::new(Arc::new(Network::builtin()))))
    }

    /// The position turned half a turn with the colours swapped: the same game for the other
    /// side (Makruk's start position is symmetric that way).
    fn turned(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board: String = fields
            .next()
            .unwrap()
            .chars()
            .rev()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let turn = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{board} {turn} - - 0 1")
    }

    const FENS: [&str; 6] = [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "1n1mksnr/r2s4/p1ppppp1/1p5p/8/PPPPPPPP/2SKN2R/RN2MS2 w - - 2 5",
        "r1s1k2r/3n1m2/p1pp1pp1/1p2p2p/4P3/PPPP1PPP/3K1N2/R1S2S1R b - - 0 12",
        "8/4k3/3p4/8/2P5/3K4/8/R7 w - - 0 40",
        "8/8/3k4/8/8/2K5/8/7R b - - 0 60",
        "4k3/8/8/8/8/8/3SM3/3K4 w - - 0 70",
    ];

    #[test]
    fn a_position_and_its_turned_twin_score_the_same() {
        for fen in FENS {
            let a = Position::from_fen(fen).expect(fen);
            let b = Position::from_fen(&turned(fen)).expect(fen);
            assert_eq!(evaluate(&a), evaluate(&b), "{fen} / {}", turned(fen));
        }
    }

    #[test]
    fn the_start_position_is_level_but_for_the_move() {
        // the move is worth a little to the side that has it, less than half a Bia
        let start = Position::from_fen(FENS[0]).unwrap();
        assert!((1..50).contains(&evaluate(&start)), "{}", evaluate(&start));
    }

    #[test]
    fn a_ruea_against_a_bare_khun_stays_won_with_twelve_moves_of_the_count_left() {
        // the count restarted at 4 of 16 moves when Black took White's last piece
        let pos = Position::from_fen("8/8/8/8/7r/2mk4/6K1/8 w - 32 8 103").unwrap();
        assert!(evaluate(&pos) < -600, "{}", evaluate(&pos));
    }

    #[test]
    fn kar_ouk_and_makpong_weigh_a_khun_s_exposure_to_checks() {
        // Black's Ruea on h2 checks White's Khun from h1 or d2 next move (in Makpong only h1
        // counts: on d2 the Khun takes it)
        let fen = "4k3/8/p7/8/8/PP6/7r/3K4 w - - 0 1";
        let eval_in = |v| evaluate(&Position::from_fen_variant(fen, v).expect(fen));
        let makruk = eval_in(Variant::Makruk);
        assert_eq!(eval_in(Variant::Cambodian), makruk);
        assert_eq!(eval_in(Variant::Makpong), makruk - 40);
        assert!(eval_in(Variant::KarOuk) < makruk - 100, "{makruk}");
    }

    #[test]
    fn more_material_scores_higher() {
        // the same position without Black's Ruea on a8
        let a = Position::from_fen(FENS[2]).unwrap();
        let b = Position::from_fen(
            "2s1k2r/3n1m2/p1pp1pp1/1p2p2p/4P3/PPPP1PPP/3K1N2/R1S2S1R b - - 0 12",
        )
        .unwrap();
        assert!(evaluate(&a) > evaluate(&b) + 300);
    }
}
