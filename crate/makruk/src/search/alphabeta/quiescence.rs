//! Quiescence search: the captures and promotions after the horizon (every evasion in
//! check), with delta and SEE pruning, and the quiet checks of its first ply.

use super::{tt_key, Bound, Move, MovePicker, Position, Worker};
use super::{INFINITE, MATE, NONE_SCORE, SEE_VALUE};

/// A capture is skipped when even winning its piece leaves the score this far below alpha.
const QS_DELTA: i32 = 180;

impl Worker<'_> {
    /// Quiescence search: captures and promotions (every evasion when in check), and at its
    /// first ply (`checks`) the quiet checks that do not lose material.
    pub(super) fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        checks: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.in_check();
        if let Some(score) = self.terminal_score(pos, in_check, ply) {
            return score;
        }
        let hash = tt_key(pos);
        let entry = self.tt.probe(hash);
        if let Some(e) = entry {
            let s = e.score(ply);
            let pv_node = beta - alpha > 1;
            if !pv_node && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }
        let mut best = -INFINITE;
        let (stand_pat, raw_eval) = if in_check {
            (NONE_SCORE, NONE_SCORE)
        } else {
            let raw = self.raw_eval(pos, entry);
            let s = self.history.corrected(pos, raw);
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
            best = s;
            (s, raw)
        };
        let mut picker = MovePicker::quiescence(in_check, checks);
        let mut any = false;
        let mut best_move = Move::NULL;
        while let Some((m, _)) = picker.next(pos, self.history) {
            any = true;
            if !in_check {
                // delta pruning of captures and promotions (a quiet check gains no material)
                let futile = (pos.is_capture(m) || m.is_promotion()) && {
                    let gain = pos.captured(m).map_or(0, |r| SEE_VALUE[r.index()])
                        + if m.is_promotion() { SEE_VALUE[4] } else { 0 };
                    stand_pat + gain + QS_DELTA <= alpha
                };
                if futile || !pos.see_ge(m, 0) {
                    continue;
                }
            }
            let mut child = *pos;
            child.play(m);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, false);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && !any {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt
            .store(hash, best_move, best, raw_eval, 0, bound, ply);
        best
    }
}
