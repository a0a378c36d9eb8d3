//! The counting rules (board's honour and pieces' honour), exactly as RULES.md words them
//! and as Fairy-Stockfish plays them. The state (limit and count, in plies) lives in
//! `Position` because it is part of the FEN; this file computes it.

use crate::position::Position;
use crate::types::{Color, Role};
use std::fmt;

/// Which honour a running count is under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Honour {
    /// Board's honour: counting began when the last Bia left, both sides having pieces.
    Board,
    /// Pieces' honour: the bare Khun's side counts against what the opponent has.
    Pieces,
}

impl Honour {
    /// "board" or "pieces".
    pub const fn name(self) -> &'static str {
        match self {
            Honour::Board => "board",
            Honour::Pieces => "pieces",
        }
    }
}

impl fmt::Display for Honour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A running count, in plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies (FEN field 4).
    pub limit: u16,
    /// The count so far in plies (FEN field 5).
    pub ply: u16,
    /// The honour, derived from the material (the FEN does not record it).
    pub honour: Honour,
    /// The counting side, for display: the bare Khun under pieces' honour; under board's
    /// honour the side that was to move when the count started (from the count's parity).
    pub side: Color,
}

impl Count {
    /// The count as players read it, in moves: `⌈ply/2⌉`.
    pub fn moves(&self) -> u16 {
        self.ply.div_ceil(2)
    }

    /// The limit in moves.
    pub fn limit_moves(&self) -> u16 {
        self.limit / 2
    }
}

/// True when `side` has nothing but its Khun.
#[inline]
fn bare(pos: &Position, side: Color) -> bool {
    !pos.by_color(side).more_than_one()
}

/// `L(S)` of RULES.md: the limit in moves for `side` to count, 0 if it cannot count.
pub fn limit_moves(pos: &Position, side: Color) -> u16 {
    let opp = side.other();
    if pos.by_role(Role::Bia).any() || bare(pos, opp) {
        return 0;
    }
    if !bare(pos, side) {
        return 64;
    }
    let n = |role: Role| pos.pieces(opp, role).count();
    match () {
        _ if n(Role::Ruea) >= 2 => 8,
        _ if n(Role::Ruea) == 1 => 16,
        _ if n(Role::Khon) >= 2 => 22,
        _ if n(Role::Ma) >= 2 => 32,
        _ if n(Role::Khon) == 1 => 44,
        _ => 64,
    }
}

/// Rules 1-3, after a move by `x` (the position already shows the move, `y` to move).
/// `captured` is what the move took; `promotion` whether a Bia turned into a Met.
pub(crate) fn after_move(pos: &mut Position, x: Color, captured: Option<Role>, promotion: bool) {
    let y = x.other();
    let mut running = pos.count_limit > 0;
    // 1. a running count goes up by one ply
    if running {
        pos.count_ply = pos.count_ply.saturating_add(1);
    }
    // While an unpromoted Bia is left, L is 0 for both sides: rules 2 and 3 cannot apply.
    if pos.by_role(Role::Bia).any() {
        return;
    }
    let n = pos.occupied().count() as u16;
    // 2. the bare Khun took the last Bia
    if captured == Some(Role::Bia) && bare(pos, x) {
        let l = limit_moves(pos, x);
        if l > 0 {
            pos.count_limit = 2 * l;
            pos.count_ply = 2 * n - 1;
            running = true;
        }
    }
    // 3. a count starts, or pieces' honour restarts for a side just left with a bare Khun
    if !running || ((captured.is_some() || promotion) && bare(pos, y)) {
        let l = limit_moves(pos, y);
        if l > 0 {
            pos.count_limit = 2 * l;
            pos.count_ply = if bare(pos, y) { 2 * n } else { 0 };
        }
    }
}

impl Position {
    /// True when either side has nothing but its Khun (the endings the evaluation network is
    /// not trained on or used in).
    pub fn has_bare_khun(&self) -> bool {
        bare(self, Color::White) || bare(self, Color::Black)
    }

    /// The running count, if any.
    pub fn count(&self) -> Option<Count> {
        if self.count_limit == 0 {
            return None;
        }
        let (white_bare, black_bare) = (bare(self, Color::White), bare(self, Color::Black));
        let (honour, side) = match (white_bare, black_bare) {
            (true, false) => (Honour::Pieces, Color::White),
            (false, true) => (Honour::Pieces, Color::Black),
            _ if self.count_ply.is_multiple_of(2) => (Honour::Board, self.turn),
            _ => (Honour::Board, self.turn.other()),
        };
        Some(Count {
            limit: self.count_limit,
            ply: self.count_ply,
            honour,
            side,
        })
    }

    /// True when a count runs and has passed its limit (rule 4: a draw, unless the side to
    /// move is checkmated).
    pub fn count_exceeded(&self) -> bool {
        self.count_limit > 0 && self.count_ply > self.count_limit
    }

    /// Sets the counting fields (limit 0 = no count); for FEN reading and tests.
    pub(crate) fn set_count(&mut self, limit: u16, ply: u16) {
        self.count_limit = limit;
        self.count_ply = if limit > 0 { ply } else { 0 };
    }
}
