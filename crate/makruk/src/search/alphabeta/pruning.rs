//! The pruning of the main search: what cuts a node before its moves (reverse futility,
//! null move, probcut), what skips a move at low depth, and the singular extension test.

use super::MATE_BOUND;
use super::{Bound, Move, MoveFacts, MovePicker, Node, Position, Role, Tried, Worker};

const RFP_DEPTH: i32 = 7;
const RFP_MARGIN: i32 = 80;
const NMP_MIN_DEPTH: i32 = 3;
const NMP_VERIFY_DEPTH: i32 = 10;
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_BASE: i32 = 90;
const FUTILITY_MARGIN: i32 = 90;
const LMP_DEPTH: i32 = 6;
const SEE_QUIET_MARGIN: i32 = -60;
const SEE_CAPTURE_MARGIN: i32 = -90;
const SINGULAR_DEPTH: i32 = 8;
const HISTORY_PRUNE_DEPTH: i32 = 4;
const HISTORY_PRUNE_MARGIN: i32 = -2500;
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 200;

impl Worker<'_> {
    /// Reverse futility, null move and probcut, before any move of a node that is neither a
    /// PV node nor in check (nor threatened): the score to return when one of them cuts.
    #[inline(always)]
    pub(super) fn prune_node(&mut self, pos: &Position, n: &Node) -> Option<i32> {
        let (depth, beta, eval, ply) = (n.depth, n.beta, n.eval, n.ply);
        // reverse futility pruning
        if depth <= RFP_DEPTH
            && eval.abs() < MATE_BOUND
            && eval - RFP_MARGIN * (depth - i32::from(n.improving)) >= beta
        {
            return Some(eval);
        }
        // null move pruning, not where zugzwang is likely (only Khun, Bia and Met left)
        let us = pos.turn();
        let has_pieces =
            (pos.pieces(us, Role::Ruea) | pos.pieces(us, Role::Ma) | pos.pieces(us, Role::Khon))
                .any();
        if depth >= NMP_MIN_DEPTH
            && eval >= beta
            && ply >= self.nmp_min_ply
            && has_pieces
            && ply > 0
            && !self.stack[ply - 1].mv.is_null()
        {
            let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
            let mut child = *pos;
            child.play_null();
            self.stack[ply].mv = Move::NULL;
            self.stack[ply].piece = 0;
            self.stack[ply + 1].hash = child.hash();
            self.stack[ply + 1].reversible = 0;
            let s = -self.negamax(&child, -beta, -beta + 1, depth - r, ply + 1, !n.cut_node);
            if self.stopped {
                return Some(0);
            }
            if s >= beta {
                let s = if s >= MATE_BOUND { beta } else { s };
                if depth < NMP_VERIFY_DEPTH {
                    return Some(s);
                }
                // verification search without null moves near the root of this subtree
                self.nmp_min_ply = ply + 3 * (depth - r) as usize / 4;
                let v = self.negamax(pos, beta - 1, beta, depth - r, ply, false);
                self.nmp_min_ply = 0;
                if v >= beta {
                    return Some(s);
                }
            }
        }

        // probcut: a good capture that beats beta by a margin at reduced depth
        let pc_beta = beta + PROBCUT_MARGIN;
        if depth >= PROBCUT_DEPTH && beta.abs() < MATE_BOUND {
            let mut picker = MovePicker::quiescence(false, false);
            while let Some((m, _)) = picker.next(pos, self.history) {
                if !pos.see_ge(m, pc_beta - eval) {
                    continue;
                }
                let mut child = *pos;
                child.play(m);
                self.push(ply, pos, m, &child);
                let mut s = -self.qsearch(&child, -pc_beta, -pc_beta + 1, ply + 1, false);
                if s >= pc_beta {
                    s = -self.negamax(
                        &child,
                        -pc_beta,
                        -pc_beta + 1,
                        depth - 4,
                        ply + 1,
                        !n.cut_node,
                    );
                }
                if self.stopped {
                    return Some(0);
                }
                if s >= pc_beta {
                    self.tt
                        .store(n.hash, m, s, n.raw_eval, depth - 3, Bound::Lower, ply);
                    return Some(s);
                }
            }
        }
        None
    }

    /// Shallow-depth pruning of a move, once a move that does not lose is known: late move,
    /// history, futility and SEE pruning of quiet moves, SEE pruning of captures.
    #[inline(always)]
    pub(super) fn prunes_move(
        &self,
        pos: &Position,
        n: &Node,
        mv: &MoveFacts,
        tried: &mut Tried,
    ) -> bool {
        if n.ply == 0 || tried.best_score <= -MATE_BOUND || n.in_check || n.threat || mv.forcing {
            return false;
        }
        let depth = n.depth;
        if !mv.quiet {
            return depth <= 6 && !pos.see_ge(mv.m, SEE_CAPTURE_MARGIN * depth);
        }
        tried.quiets_seen += 1;
        (depth <= LMP_DEPTH && tried.quiets_seen > tried.lmp_limit)
            || (depth <= HISTORY_PRUNE_DEPTH && mv.order < HISTORY_PRUNE_MARGIN * depth)
            || (depth <= FUTILITY_DEPTH
                && n.eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= n.alpha)
            || (depth <= 4 && !pos.see_ge(mv.m, SEE_QUIET_MARGIN * depth))
    }

    /// The singular extension test of the table's move `m` (from depth 8, not at the root): `Ok(true)` to extend it when
    /// every other move fails clearly below its score, `Err(score)` to cut the node when
    /// even without it the node fails high (or the search stopped), else `Ok(false)`.
    pub(super) fn singular(&mut self, pos: &Position, n: &Node, m: Move) -> Result<bool, i32> {
        let Some(e) = n.entry.filter(|_| n.depth >= SINGULAR_DEPTH && n.ply > 0) else {
            return Ok(false);
        };
        let tt_score = e.score(n.ply);
        if i32::from(e.depth) < n.depth - 3
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
            || tt_score.abs() >= MATE_BOUND
        {
            return Ok(false);
        }
        let singular_beta = tt_score - 2 * n.depth;
        self.stack[n.ply].excluded = m;
        let s = self.negamax(
            pos,
            singular_beta - 1,
            singular_beta,
            (n.depth - 1) / 2,
            n.ply,
            n.cut_node,
        );
        self.stack[n.ply].excluded = Move::NULL;
        if self.stopped {
            return Err(0);
        }
        if s < singular_beta {
            Ok(true)
        } else if singular_beta >= n.beta {
            Err(singular_beta)
        } else {
            Ok(false)
        }
    }
}
