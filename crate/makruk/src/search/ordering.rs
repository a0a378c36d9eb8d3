//! Move ordering: static exchange evaluation, history tables and the staged move picker
//! (TT move, good captures and promotions, killers, countermove, quiets by history, bad
//! captures).

use super::MAX_PLY;
use crate::eval::SEE_VALUE;
use crate::{Color, Move, Position, Role};

// history values stay within +-HISTORY_MAX (gravity formula)
pub const HISTORY_MAX: i32 = 16_384;
const GOOD_CAPTURE: i32 = 3_000_000;
const KILLER_1: i32 = 2_000_002;
const KILLER_2: i32 = 2_000_001;
const COUNTER: i32 = 2_000_000;
const BAD_CAPTURE: i32 = -3_000_000;
const PROMOTION_BONUS: i32 = 150;

/// The index of a role in tables (Bia, Ma, Khon, Ruea, Met, Khun).
pub fn role_index(role: Role) -> usize {
    match role {
        Role::Bia => 0,
        Role::Ma => 1,
        Role::Khon => 2,
        Role::Ruea => 3,
        Role::Met => 4,
        Role::Khun => 5,
    }
}

/// A square's index 0..64 (a1 = 0).
pub fn sq_index(sq: crate::Square) -> usize {
    sq.index()
}

/// Static exchange evaluation: does `m` win at least `threshold` after the best sequence of
/// recaptures on its target square? (Pins are ignored.)
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let from = m.from();
    let to = m.to();
    let captured = pos.captured(m).map_or(0, |r| SEE_VALUE[role_index(r)]);
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
        SEE_VALUE[role_index(mover.role)]
    };
    swap = mover_value - swap;
    if swap <= 0 {
        return true;
    }
    let to_bit = 1u64 << sq_index(to);
    let mut occ = pos.occupied().0 ^ (1u64 << sq_index(from)) ^ to_bit;
    let mut stm = mover.color;
    let mut res = 1;
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
        let ours = attackers & pos.by_color(stm).0;
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
        swap = SEE_VALUE[role_index(role)] - swap;
        if swap < res {
            break;
        }
        occ ^= bit;
    }
    res != 0
}

/// Quiet-move statistics shared by the whole search.
pub struct History {
    /// Butterfly history: [colour][from][to].
    pub butterfly: Box<[[[i32; 64]; 64]; 2]>,
    /// Reply to the previous move: [piece (colour * 6 + role)][to].
    pub counter: Box<[[Move; 64]; 12]>,
    /// Two killer moves per ply.
    pub killers: Box<[[Move; 2]; MAX_PLY + 2]>,
}

impl History {
    /// Empty tables.
    pub fn new() -> Self {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[Move::NULL; 64]; 12]),
            killers: Box::new([[Move::NULL; 2]; MAX_PLY + 2]),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = History::new();
    }

    /// The butterfly score of a quiet move.
    pub fn quiet(&self, color: Color, m: Move) -> i32 {
        self.butterfly[color.index()][sq_index(m.from())][sq_index(m.to())]
    }

    /// Adds `bonus` (may be negative) with gravity towards zero.
    pub fn update(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.butterfly[color.index()][sq_index(m.from())][sq_index(m.to())];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
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

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// Capacity of a picker's move list.
const MAX_MOVES: usize = 256;

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
    captures_only: bool,
}

/// MVV-LVA for captures and promotions.
pub fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.captured(m).map_or(0, |r| SEE_VALUE[role_index(r)]);
    let attacker = pos
        .piece_at(m.from())
        .map_or(0, |p| role_index(p.role) as i32);
    let promo = if m.is_promotion() { PROMOTION_BONUS } else { 0 };
    victim * 8 + promo - attacker
}

impl MovePicker {
    /// A picker for all legal moves of `pos` (the search).
    pub fn new(tt_move: Move, killers: [Move; 2], counter: Move) -> Self {
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
            captures_only: false,
        }
    }

    /// A picker for quiescence: captures and promotions only (all evasions when in check).
    pub fn quiescence(in_check: bool) -> Self {
        let mut p = MovePicker::new(Move::NULL, [Move::NULL; 2], Move::NULL);
        p.captures_only = !in_check;
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
            return None;
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
        let us = pos.turn();
        for &m in list.iter() {
            if m == self.tt_move || self.len >= MAX_MOVES {
                continue;
            }
            let score = if pos.is_capture(m) || m.is_promotion() {
                let base = mvv_lva(pos, m);
                if self.captures_only || see_ge(pos, m, 0) {
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
                history.quiet(us, m)
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
