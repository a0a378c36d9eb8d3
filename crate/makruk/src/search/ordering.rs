//! Move ordering: static exchange evaluation, history tables and the staged move picker
//! (TT move, good captures and promotions, killers, countermove, quiets by history, bad
//! captures; in quiescence captures and promotions, then quiet checks).

use super::MAX_PLY;
use crate::eval::SEE_VALUE;
use crate::{Color, Move, Position, Role, Variant};

// history values stay within +-HISTORY_MAX (gravity formula)
pub const HISTORY_MAX: i32 = 16_384;
const GOOD_CAPTURE: i32 = 3_000_000;
const KILLER_1: i32 = 2_000_002;
const KILLER_2: i32 = 2_000_001;
const COUNTER: i32 = 2_000_000;
const BAD_CAPTURE: i32 = -3_000_000;
const PROMOTION_BONUS: i32 = 150;

impl Position {
    /// Not in check, and no capture wins material by SEE: a position whose static
    /// evaluation stands for it (the tuner and the network's trainer learn only from these).
    pub fn is_quiet(&self) -> bool {
        !self.in_check()
            && !self
                .capture_moves()
                .iter()
                .any(|&m| self.is_capture(m) && self.see_ge(m, 1))
    }

    /// Static exchange evaluation: does `m` win at least `threshold` after the best sequence
    /// of recaptures on its target square? (Pins are ignored.)
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
    }
}

fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let from = m.from();
    let to = m.to();
    let captured = pos.captured(m).map_or(0, |r| SEE_VALUE[r.index()]);
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let promo = if m.is_promotion() {
        SEE_VALUE[4] - SEE_VALUE[0]
    } else {
        0
    };
    let mut swap = captured + promo - threshold;
    if swap < 0 {
        return false;
    }
    let mover_value = if m.is_promotion() {
        SEE_VALUE[4]
    } else {
        SEE_VALUE[mover.role.index()]
    };
    swap = mover_value - swap;
    if swap <= 0 {
        return true;
    }
    let to_bit = 1u64 << to.index();
    let mut occ = pos.occupied().0 ^ (1u64 << from.index()) ^ to_bit;
    let mut stm = mover.color;
    let mut res = 1;
    // in Makpong a Khun in check may not step away, so a recapture by it is left to the search
    let recapturers = if pos.variant() == Variant::Makpong {
        !pos.pieces(Color::White, Role::Khun).0 & !pos.pieces(Color::Black, Role::Khun).0
    } else {
        !0
    };
    // least valuable first
    const ORDER: [Role; 6] = [
        Role::Bia,
        Role::Met,
        Role::Khon,
        Role::Ma,
        Role::Ruea,
        Role::Khun,
    ];
    loop {
        stm = stm.other();
        let attackers = pos.attackers_to(to, crate::Bitboard(occ)).0 & occ;
        let ours = attackers & pos.by_color(stm).0 & recapturers;
        if ours == 0 {
            break;
        }
        res ^= 1;
        let mut found = None;
        for role in ORDER {
            let bb = ours & pos.pieces(stm, role).0;
            if bb != 0 {
                found = Some((role, bb & bb.wrapping_neg()));
                break;
            }
        }
        let Some((role, bit)) = found else { break };
        if role == Role::Khun {
            let theirs = attackers & pos.by_color(stm.other()).0;
            return if theirs != 0 { res ^ 1 != 0 } else { res != 0 };
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < res {
            break;
        }
        occ ^= bit;
    }
    res != 0
}

/// Scores of moves by piece (colour * 6 + role) and target square.
pub type PieceTo = [[i16; 64]; 12];

/// Where the continuation histories of a node are: the (piece, target) index of the moves
/// one and two plies before, or `NO_CONT`.
pub type Conts = [usize; 2];

/// No previous move (root, after a null move).
pub const NO_CONT: usize = usize::MAX;

/// The index of a move in the continuation tables: piece * 64 + target.
pub fn cont_index(piece: usize, m: Move) -> usize {
    piece * 64 + m.to().index()
}

/// Adds `bonus` (may be negative) with gravity towards zero.
fn gravity(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

fn gravity16(h: &mut i16, bonus: i32) {
    let mut x = i32::from(*h);
    gravity(&mut x, bonus);
    *h = x as i16;
}

/// `[v; N]` on the heap, without building it on the stack first.
fn boxed_filled<T: Clone, const N: usize>(v: T) -> Box<[T; N]> {
    vec![v; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("length is N"))
}

/// Move statistics shared by the whole search.
pub struct History {
    /// Butterfly history of quiet moves: [colour][from][to].
    pub butterfly: Box<[[[i32; 64]; 64]; 2]>,
    /// Quiet moves after a move: [previous piece * 64 + previous target][piece][target].
    pub cont: Box<[PieceTo; 12 * 64]>,
    /// Captures and promotions: [piece][target][captured role, or the Khun's slot for a
    /// promotion without capture].
    pub capture: Box<[[[i16; 6]; 64]; 12]>,
    /// Reply to the previous move: [piece (colour * 6 + role)][to].
    pub counter: Box<[[Move; 64]; 12]>,
    /// Two killer moves per ply.
    pub killers: Box<[[Move; 2]; MAX_PLY + 2]>,
    /// Static evaluation errors by side to move and Bia structure, in 1/`CORRECTION_GRAIN`
    /// centi-Bia.
    pub correction: Box<[[i32; CORRECTION_SIZE]; 2]>,
}

const CORRECTION_BITS: u32 = 14;
const CORRECTION_SIZE: usize = 1 << CORRECTION_BITS;
const CORRECTION_GRAIN: i32 = 64;
// the largest correction, in centi-Bia
const CORRECTION_MAX: i32 = 120;

/// The correction slot of `pos`: none without Bia (every such position would share one).
fn correction_slot(pos: &Position) -> Option<(usize, usize)> {
    let bia = pos.by_role(Role::Bia).0;
    if bia == 0 {
        return None;
    }
    let white = bia & pos.by_color(Color::White).0;
    let key = white.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (bia ^ white)
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            .rotate_left(29);
    Some((pos.turn().index(), (key >> (64 - CORRECTION_BITS)) as usize))
}

impl History {
    /// Empty tables.
    pub fn new() -> Self {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            cont: boxed_filled([[0; 64]; 12]),
            capture: Box::new([[[0; 6]; 64]; 12]),
            counter: Box::new([[Move::NULL; 64]; 12]),
            killers: Box::new([[Move::NULL; 2]; MAX_PLY + 2]),
            correction: boxed_filled([0; CORRECTION_SIZE]),
        }
    }

    /// `raw` static evaluation of `pos` plus the correction learnt for its Bia structure.
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        match correction_slot(pos) {
            Some((side, i)) => raw + self.correction[side][i] / CORRECTION_GRAIN,
            None => raw,
        }
    }

    /// Learns that a search of `depth` found `error` = score - corrected evaluation.
    pub fn update_correction(&mut self, pos: &Position, error: i32, depth: i32) {
        let Some((side, i)) = correction_slot(pos) else {
            return;
        };
        let c = &mut self.correction[side][i];
        let weight = depth.clamp(1, 16);
        let target = error.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN + *c;
        *c = (*c * (64 - weight) + target * weight) / 64;
        *c = (*c).clamp(
            -CORRECTION_MAX * CORRECTION_GRAIN,
            CORRECTION_MAX * CORRECTION_GRAIN,
        );
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = History::new();
    }

    /// The score of a quiet move `m` of `piece` after the moves named by `conts`.
    pub fn quiet(&self, color: Color, m: Move, piece: usize, conts: &Conts) -> i32 {
        let mut h = self.butterfly[color.index()][m.from().index()][m.to().index()];
        for &c in conts {
            if c != NO_CONT {
                h += i32::from(self.cont[c][piece][m.to().index()]);
            }
        }
        h
    }

    /// Rewards (or with a negative `bonus` punishes) a quiet move.
    pub fn update_quiet(&mut self, color: Color, m: Move, piece: usize, conts: &Conts, bonus: i32) {
        gravity(
            &mut self.butterfly[color.index()][m.from().index()][m.to().index()],
            bonus,
        );
        for &c in conts {
            if c != NO_CONT {
                gravity16(&mut self.cont[c][piece][m.to().index()], bonus);
            }
        }
    }

    fn capture_slot(pos: &Position, m: Move, piece: usize) -> (usize, usize, usize) {
        let victim = pos.captured(m).map_or(5, Role::index);
        (piece, m.to().index(), victim)
    }

    /// The score of a capture or promotion.
    pub fn capture(&self, pos: &Position, m: Move, piece: usize) -> i32 {
        let (p, to, v) = Self::capture_slot(pos, m, piece);
        i32::from(self.capture[p][to][v])
    }

    /// Rewards (or punishes) a capture or promotion.
    pub fn update_capture(&mut self, pos: &Position, m: Move, piece: usize, bonus: i32) {
        let (p, to, v) = Self::capture_slot(pos, m, piece);
        gravity16(&mut self.capture[p][to][v], bonus);
    }

    /// Ages history at the start of a search so old games weigh less.
    pub fn age(&mut self) {
        for side in self.butterfly.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
        self.killers.fill([Move::NULL; 2]);
    }
}

/// The table index (colour * 6 + role) of the piece that makes `m`.
pub fn piece_index(pos: &Position, m: Move) -> usize {
    pos.piece_at(m.from())
        .map_or(0, |p| p.color.index() * 6 + p.role.index())
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// Moves picked one by one (selection) before the rest is sorted at once.
const SELECT_FIRST: usize = 4;

/// Capacity of a picker's move list: more than any Makruk position has (two Ruea 28, two
/// Ma 16, two Khon 10, nine Met 36 and the Khun 8 make 98).
const MAX_MOVES: usize = 128;

#[derive(PartialEq, Eq, Clone, Copy)]
enum Stage {
    TtMove,
    Generate,
    Pick,
}

/// Hands out moves in stages, best first. The TT move comes before any move generation.
pub struct MovePicker {
    moves: [(Move, i32); MAX_MOVES],
    len: usize,
    next: usize,
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    conts: Conts,
    captures_only: bool,
    /// Quiet checks still to come once the captures are done (quiescence).
    checks_left: bool,
}

/// MVV-LVA for captures and promotions.
pub fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.captured(m).map_or(0, |r| SEE_VALUE[r.index()]);
    let attacker = pos.piece_at(m.from()).map_or(0, |p| p.role.index() as i32);
    let promo = if m.is_promotion() { PROMOTION_BONUS } else { 0 };
    victim * 8 + promo - attacker
}

impl MovePicker {
    /// A picker for all legal moves of `pos` (the search).
    pub fn new(tt_move: Move, killers: [Move; 2], counter: Move, conts: Conts) -> Self {
        MovePicker {
            moves: [(Move::NULL, 0); MAX_MOVES],
            len: 0,
            next: 0,
            stage: if tt_move == Move::NULL {
                Stage::Generate
            } else {
                Stage::TtMove
            },
            tt_move,
            killers,
            counter,
            conts,
            captures_only: false,
            checks_left: false,
        }
    }

    /// A picker for quiescence: captures and promotions, then the quiet checks if `checks`
    /// (all evasions when in check).
    pub fn quiescence(in_check: bool, checks: bool) -> Self {
        let mut p = MovePicker::new(Move::NULL, [Move::NULL; 2], Move::NULL, [NO_CONT; 2]);
        p.captures_only = !in_check;
        p.checks_left = checks && !in_check;
        p
    }

    /// The next move and its ordering score, or `None` when all are done.
    /// `tt_move` must be legal in `pos` (checked by the caller).
    pub fn next(&mut self, pos: &Position, history: &History) -> Option<(Move, i32)> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Generate;
            return Some((self.tt_move, i32::MAX));
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            self.generate(pos, history);
        }
        if self.next >= self.len {
            if !self.checks_left {
                return None;
            }
            self.checks_left = false;
            let checks = pos.quiet_checks();
            let n = checks.len().min(MAX_MOVES);
            for (slot, &m) in self.moves.iter_mut().zip(&checks[..n]) {
                *slot = (m, 0);
            }
            self.len = n;
            self.next = 0;
            return self.next(pos, history);
        }
        if self.next == SELECT_FIRST {
            // a node that got this far usually tries every move: sort the rest once
            sort_moves(&mut self.moves[SELECT_FIRST..self.len], pos);
        }
        if self.next >= SELECT_FIRST {
            self.next += 1;
            return Some(self.moves[self.next - 1]);
        }
        // selection sort step
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }

    fn generate(&mut self, pos: &Position, history: &History) {
        let list = if self.captures_only {
            pos.capture_moves()
        } else {
            pos.legal_moves()
        };
        debug_assert!(
            list.len() <= MAX_MOVES,
            "{} moves in {}",
            list.len(),
            pos.fen()
        );
        let us = pos.turn();
        for &m in list.iter() {
            if m == self.tt_move || self.len >= MAX_MOVES {
                continue;
            }
            let score = if pos.is_capture(m) || m.is_promotion() {
                let base = mvv_lva(pos, m) + history.capture(pos, m, piece_index(pos, m)) / 16;
                if self.captures_only || pos.see_ge(m, 0) {
                    GOOD_CAPTURE + base
                } else {
                    BAD_CAPTURE + base
                }
            } else if m == self.killers[0] {
                KILLER_1
            } else if m == self.killers[1] {
                KILLER_2
            } else if m == self.counter {
                COUNTER
            } else {
                history.quiet(us, m, piece_index(pos, m), &self.conts)
            };
            self.moves[self.len] = (m, score);
            self.len += 1;
        }
    }
}

/// Whether an ordering score came from a killer or the countermove.
pub fn is_refutation(score: i32) -> bool {
    (COUNTER..=KILLER_1).contains(&score)
}

/// Sorts moves by score, highest first; equal scores (quiet moves of the same history) by the
/// move's gain on the piece-square table, the better square first; then in their order. Each
/// key is computed once. An insertion sort: quick on a node's few dozen moves, and a fraction of
/// the library sort's code in the wasm module (3.6 KB gzip: docs/size.md).
fn sort_moves(moves: &mut [(Move, i32)], pos: &Position) {
    let mut keys = [(0, 0); MAX_MOVES];
    for (key, &(m, s)) in keys.iter_mut().zip(moves.iter()) {
        *key = (s, crate::eval::pst_gain(pos, m));
    }
    for i in 1..moves.len() {
        let (item, key) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = item;
        keys[j] = key;
    }
}

/// Sorts `items` by `key`, highest first, keeping the order of equal keys (as the library's
/// stable sort does): an insertion sort, quick on the root's few dozen moves, and a fraction
/// of the library sort's code in the wasm module.
pub(crate) fn sort_descending<T>(items: &mut [T], key: impl Fn(&T) -> i32) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) < key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn picker_hands_out_every_move_once_best_first() {
        let pos = Position::from_fen("r1s1kms1/8/ppnppppp/8/2P5/PPSPnPPP/3K4/RN1MSN1R w - - 0 1")
            .expect("test FEN");
        let mut history = History::new();
        // make the quiet moves' order depend on history
        for (i, &m) in pos.legal_moves().iter().enumerate() {
            if !pos.is_capture(m) {
                history.update_quiet(
                    pos.turn(),
                    m,
                    piece_index(&pos, m),
                    &[NO_CONT; 2],
                    i as i32 * 37,
                );
            }
        }
        let mut picker = MovePicker::new(Move::NULL, [Move::NULL; 2], Move::NULL, [NO_CONT; 2]);
        let mut seen = Vec::new();
        while let Some((m, score)) = picker.next(&pos, &history) {
            seen.push((m, score));
        }
        assert_eq!(seen.len(), pos.legal_moves().len());
        assert!(seen.windows(2).all(|w| w[0].1 >= w[1].1), "{seen:?}");
        assert!(
            pos.is_capture(seen[0].0),
            "the capture of the Ma comes first"
        );
    }

    #[test]
    fn correction_learns_towards_the_error_and_stays_bounded() {
        let pos = Position::startpos();
        let mut history = History::new();
        assert_eq!(history.corrected(&pos, 10), 10);
        for _ in 0..50 {
            let error = 30 - (history.corrected(&pos, 10) - 10);
            history.update_correction(&pos, error, 16);
        }
        assert!((history.corrected(&pos, 10) - 40).abs() <= 2);
        for _ in 0..200 {
            history.update_correction(&pos, 10_000, 16);
        }
        assert_eq!(history.corrected(&pos, 0), CORRECTION_MAX);
    }

    #[test]
    fn sort_descending_orders_by_score_and_keeps_ties_in_order() {
        let m = |k: u8| Move::new(Square::from_index(k), Square::from_index(k + 8), false);
        let mut moves = [(m(0), 3), (m(1), 7), (m(2), 3), (m(3), -1), (m(4), 7)];
        sort_descending(&mut moves, |&(_, s)| s);
        assert_eq!(
            moves,
            [(m(1), 7), (m(4), 7), (m(0), 3), (m(2), 3), (m(3), -1)]
        );
    }

    #[test]
    fn in_makpong_see_leaves_a_khun_recapture_out() {
        // after exd4 (docs/engine-log.md, 2026-12-04): the Ma takes the Bia beside the Khun,
        // which alone defends it; in Makpong the Khun's recapture is not counted
        let fen = "r1s2sn1/4mk1r/ppnpppp1/7p/2Pp1P2/PP1KP1PP/3MS3/RNS3NR w - - 0 8";
        for (variant, wins) in [(Variant::Makruk, false), (Variant::Makpong, true)] {
            let mut pos = Position::from_fen_variant(fen, variant).expect("test FEN");
            pos.play(crate::parse_uci(&pos, "e3d4").expect("e3d4"));
            let m = crate::parse_uci(&pos, "c6d4").expect("c6d4");
            assert_eq!(pos.see_ge(m, 0), wins, "{variant}");
        }
    }

    #[test]
    fn the_picker_orders_equal_scores_by_the_squares_gain() {
        // a Ma's quiet moves with no history: towards the centre before towards the edge
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").expect("test FEN");
        let m = |uci: &str| crate::parse_uci(&pos, uci).expect(uci);
        let mut moves = [(m("b1a3"), 0), (m("b1c3"), 0), (m("b1d2"), 5)];
        sort_moves(&mut moves, &pos);
        assert_eq!(moves.map(|(m, _)| m), [m("b1d2"), m("b1c3"), m("b1a3")]);
    }
}
