//! Principal variation search, with the pruning and reductions of a modern alpha-beta engine
//! (the pruning in [`pruning`]) and quiescence ([`quiescence`]), and Makruk's draws
//! (repetition, counting, material) inside the tree.
//!
//! `negamax` is split by its phases; each phase is called from one place and is
//! `#[inline(always)]`, so the compiled search is the one function it was (as a call each, the
//! game's wasm module was 1,028 bytes larger).

use super::ordering::{
    cont_index, is_refutation, piece_index, Conts, History, MovePicker, NO_CONT,
};
use super::played::Played;
use super::tt::{Bound, Entry, TranspositionTable};
use super::{
    Clock, Limits, RootMove, Searcher, INFINITE, MATE, MATE_BOUND, MAX_PLY, NONE_SCORE, POLL_NODES,
};
use crate::eval::{evaluate, SEE_VALUE};
use crate::nnue::Nnue;
use crate::{Move, Position, Role};

mod pruning;
mod quiescence;

const HISTORY_LMR_DIVISOR: i32 = 10_000;

#[derive(Clone, Copy)]
struct Frame {
    hash: u64,
    /// Plies since the last capture or Bia move (reversible stretch), counted in the tree.
    reversible: usize,
    eval: i32,
    mv: Move,
    /// Piece index (colour * 6 + role) of `mv`, for the countermove table.
    piece: usize,
    /// A move left out of this node's search (the singular extension test), or `Move::NULL`.
    excluded: Move,
}

/// A node of the main search as its phases share it: its window and depth, its kind, what
/// the table and the static evaluation told it.
#[derive(Clone, Copy)]
struct Node {
    ply: usize,
    depth: i32,
    alpha: i32,
    beta: i32,
    cut_node: bool,
    pv_node: bool,
    in_check: bool,
    threat: bool,
    hash: u64,
    entry: Option<Entry>,
    tt_move: Move,
    excluded: Move,
    raw_eval: i32,
    static_eval: i32,
    eval: i32,
    improving: bool,
}

/// A move of a node as its search sees it.
struct MoveFacts {
    m: Move,
    /// Its score in the move picker's order.
    order: i32,
    quiet: bool,
    gives_check: bool,
    forcing: bool,
}

/// The moves of a node tried so far.
struct Tried {
    moves: usize,
    quiets_seen: i32,
    /// Quiet moves beyond this many are pruned at low depth.
    lmp_limit: i32,
    best_score: i32,
    best_move: Move,
    quiets: [Move; 64],
    n_quiets: usize,
    captures: [Move; 32],
    n_captures: usize,
}

const EMPTY_FRAME: Frame = Frame {
    hash: 0,
    reversible: 0,
    eval: NONE_SCORE,
    mv: Move::NULL,
    piece: 0,
    excluded: Move::NULL,
};

/// One search in progress: borrows the searcher's tables and the clock.
pub(super) struct Worker<'a> {
    tt: &'a mut TranspositionTable,
    history: &'a mut History,
    nnue: Option<&'a mut Nnue>,
    lmr: &'a [[u8; 64]; 64],
    clock: &'a mut dyn Clock,
    game: Played,
    hard_ms: Option<u64>,
    node_limit: u64,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    stack: Box<[Frame; MAX_PLY + 4]>,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nmp_min_ply: usize,
    root_hash: u64,
}

/// The table key: the position's hash, plus the count when one runs (the same placement
/// with less of the count left is a different position for the search).
fn tt_key(pos: &Position) -> u64 {
    match pos.count() {
        None => pos.hash(),
        Some(c) => {
            let mix = (u64::from(c.limit) << 16 | u64::from(c.ply)) + 1;
            pos.hash() ^ mix.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        }
    }
}

/// Kar Ouk: true when the side to move wins by a check it can give now (its last check).
fn check_wins_now(pos: &Position) -> bool {
    pos.variant().check_wins() && pos.checks_left(pos.turn()) == 1 && pos.has_checking_move()
}

/// Kar Ouk: true when the opponent would win by a check if the side to move passed; the
/// side to move must then parry, as if in check (no standing pat, no pruning of its moves).
/// Never without the feature `karouk-search` (the wasm modules turn it on).
fn check_threat(pos: &Position) -> bool {
    if !cfg!(feature = "karouk-search") || !pos.variant().check_wins() || pos.in_check() {
        return false;
    }
    let mut passed = *pos;
    passed.play_null();
    check_wins_now(&passed)
}

/// True when the move that led to `child` gave check or, in Kar Ouk, threatens a check
/// (that wins): such a move is neither pruned nor reduced as much as a quiet move.
pub(super) fn is_forcing(child: &Position) -> bool {
    child.in_check() || check_threat(child)
}

/// A move that can be undone by later moves: not a capture, a promotion, a Bia move, or a
/// move that uses or loses an Ouk Chatrang right (those change the hash for good).
fn is_reversible(pos: &Position, m: Move) -> bool {
    !pos.is_capture(m)
        && !m.is_promotion()
        && !pos.pieces(pos.turn(), Role::Bia).contains(m.from())
        && (pos.rights().is_empty()
            || pos.role_at(m.from()).is_some_and(|role| {
                pos.rights().after_move(pos.turn(), role, m.from(), m.to()) == pos.rights()
            }))
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        s: &'a mut Searcher,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        clock: &'a mut dyn Clock,
    ) -> Self {
        let mut stack = Box::new([EMPTY_FRAME; MAX_PLY + 4]);
        stack[0].hash = root.hash();
        Worker {
            tt: &mut s.tt,
            history: &mut s.history,
            nnue: s.nnue.as_mut(),
            lmr: &s.lmr,
            clock,
            game: Played::new(history),
            hard_ms: if limits.infinite && limits.movetime.is_none() {
                None
            } else {
                limits.hard_limit()
            },
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            stack,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            nmp_min_ply: 0,
            root_hash: tt_key(root),
        }
    }

    pub(super) fn elapsed(&mut self) -> u64 {
        self.clock.elapsed_ms()
    }

    pub(super) fn probe_root(&self) -> Option<Move> {
        self.tt
            .probe(self.root_hash)
            .map(|e| e.mv)
            .filter(|m| !m.is_null())
    }

    /// Counts a node and checks the limits; once stopped, no node is counted any more.
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(POLL_NODES) {
            if self.clock.stopped() {
                self.stopped = true;
            } else if let Some(hard) = self.hard_ms {
                if self.clock.elapsed_ms() >= hard {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn is_repetition(&self, ply: usize) -> bool {
        let hash = self.stack[ply].hash;
        let rev = self.stack[ply].reversible;
        let mut i = 2;
        while i <= rev.min(ply) {
            if self.stack[ply - i].hash == hash {
                return true;
            }
            i += 2;
        }
        rev >= ply && self.game.contains(hash)
    }

    fn push(&mut self, ply: usize, pos: &Position, m: Move, child: &Position) {
        self.stack[ply].mv = m;
        self.stack[ply].piece = piece_index(pos, m);
        let reversible = if is_reversible(pos, m) {
            self.stack[ply].reversible + 1
        } else {
            0
        };
        let next = &mut self.stack[ply + 1];
        next.hash = child.hash();
        next.reversible = reversible;
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = len;
    }

    /// Searches the root moves from `pv_idx` on; scores moves that do not raise alpha as
    /// `-INFINITE` so that a stable sort keeps the previous order among them.
    pub(super) fn root_search(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        pv_idx: usize,
        mut alpha: i32,
        beta: i32,
        depth: i32,
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        self.stack[0].reversible = 0;
        self.stack[0].hash = root.hash();
        for (i, r) in root_moves.iter_mut().enumerate().skip(pv_idx) {
            let m = r.mv;
            let mut child = *root;
            child.play(m);
            self.push(0, root, m, &child);
            let ext = i32::from(child.in_check());
            let new_depth = depth - 1 + ext;
            let mut score;
            if i == pv_idx {
                score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
            } else {
                score = -self.negamax(&child, -alpha - 1, -alpha, new_depth, 1, true);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
                }
            }
            if self.stopped {
                break;
            }
            if i == pv_idx || score > alpha {
                r.score = score;
                r.pv.clear();
                r.pv.push(m);
                r.pv.extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
            } else {
                r.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The search of one node: its draws and bounds, the table, the static evaluation, the
    /// pruning before any move ([`Worker::prune_node`]), then its moves, each perhaps pruned
    /// ([`Worker::prunes_move`]), extended ([`Worker::singular`]) and searched with
    /// reductions ([`Worker::search_move`]), and what was found stored ([`Worker::finish`]).
    fn negamax(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let in_check = pos.in_check();
        // Kar Ouk: a check threatened is parried as a check is, searched past the horizon
        let threat = check_threat(pos);
        if depth <= 0 && !in_check && !threat {
            return self.qsearch(pos, alpha, beta, ply, true);
        }
        let depth = depth.max(1);
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;

        // draws and mate distance pruning
        if self.is_repetition(ply) {
            return 0;
        }
        if let Some(score) = self.terminal_score(pos, in_check, ply) {
            return score;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // transposition table (not trusted while a move is left out)
        let excluded = self.stack[ply].excluded;
        let hash = tt_key(pos);
        let entry = self.tt.probe(hash).filter(|_| excluded.is_null());
        let mut tt_move = entry.map_or(Move::NULL, |e| e.mv);
        if !tt_move.is_null() && !pos.is_legal(tt_move) {
            tt_move = Move::NULL;
        }
        if let Some(e) = entry {
            let s = e.score(ply);
            if !pv_node && e.depth as i32 >= depth && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        let (raw_eval, static_eval, eval) = self.node_eval(pos, entry, in_check, ply);
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        self.stack[ply + 1].mv = Move::NULL;
        self.history.killers[ply + 1] = [Move::NULL; 2];
        let mut n = Node {
            ply,
            depth,
            alpha,
            beta,
            cut_node,
            pv_node,
            in_check,
            threat,
            hash,
            entry,
            tt_move,
            excluded,
            raw_eval,
            static_eval,
            eval,
            improving,
        };

        if !pv_node && !in_check && !threat && excluded.is_null() {
            if let Some(score) = self.prune_node(pos, &n) {
                return score;
            }
        }

        // internal iterative reduction
        if tt_move.is_null() && depth >= 4 && (pv_node || cut_node) {
            n.depth -= 1;
        }
        self.search_moves(pos, &mut n)
    }

    /// The node's static evaluation: the raw one, the one corrected by what searches found
    /// for this Bia structure, and the one the node uses (the table's score where its bound
    /// says it is better); stored in the stack for `improving`.
    #[inline(always)]
    fn node_eval(
        &mut self,
        pos: &Position,
        entry: Option<Entry>,
        in_check: bool,
        ply: usize,
    ) -> (i32, i32, i32) {
        let (raw_eval, static_eval) = if in_check {
            (NONE_SCORE, NONE_SCORE)
        } else {
            let raw = self.raw_eval(pos, entry);
            (raw, self.history.corrected(pos, raw))
        };
        let eval = match entry {
            _ if in_check => NONE_SCORE,
            Some(e)
                if (e.bound == Bound::Lower && e.score(ply) > static_eval)
                    || (e.bound == Bound::Upper && e.score(ply) < static_eval) =>
            {
                e.score(ply)
            }
            _ => static_eval,
        };
        self.stack[ply].eval = eval;
        (raw_eval, static_eval, eval)
    }

    /// The moves of a node, in the picker's order, until one fails high; then what was found
    /// is stored ([`Worker::finish`]).
    #[inline(always)]
    fn search_moves(&mut self, pos: &Position, n: &mut Node) -> i32 {
        let ply = n.ply;
        let counter = if ply > 0 && !self.stack[ply - 1].mv.is_null() {
            let prev = self.stack[ply - 1];
            self.history.counter[prev.piece][prev.mv.to().index()]
        } else {
            Move::NULL
        };
        let conts = self.conts(ply);
        let mut picker = MovePicker::new(n.tt_move, self.history.killers[ply], counter, conts);
        let mut tried = Tried {
            moves: 0,
            quiets_seen: 0,
            lmp_limit: (3 + n.depth * n.depth) / (2 - i32::from(n.improving)),
            best_score: -INFINITE,
            best_move: Move::NULL,
            quiets: [Move::NULL; 64],
            n_quiets: 0,
            captures: [Move::NULL; 32],
            n_captures: 0,
        };

        while let Some((m, order)) = picker.next(pos, self.history) {
            if m == n.excluded {
                continue;
            }
            tried.moves += 1;
            let mut child = *pos;
            child.play(m);
            let mv = MoveFacts {
                m,
                order,
                quiet: !pos.is_capture(m) && !m.is_promotion(),
                gives_check: child.in_check(),
                forcing: is_forcing(&child),
            };
            if self.prunes_move(pos, n, &mv, &mut tried) {
                continue;
            }
            let mut ext = i32::from(mv.gives_check);
            if m == n.tt_move && n.excluded.is_null() {
                match self.singular(pos, n, m) {
                    Ok(extend) => ext = ext.max(i32::from(extend)),
                    Err(score) => return score,
                }
            }
            if ply >= 2 * MAX_PLY / 3 {
                ext = 0;
            }

            self.push(ply, pos, m, &child);
            let score = self.search_move(&child, n, &mv, n.depth - 1 + ext, tried.moves, &conts);
            if self.stopped {
                return 0;
            }

            if score > tried.best_score {
                tried.best_score = score;
                if score > n.alpha {
                    tried.best_move = m;
                    if n.pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= n.beta {
                        let lists = (
                            &tried.quiets[..tried.n_quiets],
                            &tried.captures[..tried.n_captures],
                        );
                        self.reward(pos, ply, m, mv.quiet, n.depth, &conts, lists);
                        break;
                    }
                    n.alpha = score;
                }
            }
            if mv.quiet && tried.n_quiets < tried.quiets.len() {
                tried.quiets[tried.n_quiets] = m;
                tried.n_quiets += 1;
            } else if !mv.quiet && tried.n_captures < tried.captures.len() {
                tried.captures[tried.n_captures] = m;
                tried.n_captures += 1;
            }
        }
        self.finish(pos, n, &tried)
    }

    /// The score of the move that led to `child`, the `moves_seen`-th of node `n`: a late
    /// move reduced, a null window, then the full window where it may raise alpha.
    #[inline(always)]
    fn search_move(
        &mut self,
        child: &Position,
        n: &Node,
        mv: &MoveFacts,
        new_depth: i32,
        moves_seen: usize,
        conts: &Conts,
    ) -> i32 {
        let (alpha, beta, ply, depth, pv_node) = (n.alpha, n.beta, n.ply, n.depth, n.pv_node);
        let mut score;
        if moves_seen > 1 + usize::from(pv_node) && depth >= 3 && (mv.quiet || mv.order < 0) {
            // late move reductions
            let mut r = i32::from(self.lmr[depth.min(63) as usize][moves_seen.min(63)]);
            r += i32::from(!pv_node) + i32::from(n.cut_node);
            r -= i32::from(n.improving);
            r -= i32::from(mv.forcing);
            if mv.quiet {
                r -= i32::from(is_refutation(mv.order));
                let us = child.turn().other();
                r -= self.history.quiet(us, mv.m, self.stack[ply].piece, conts)
                    / HISTORY_LMR_DIVISOR;
            }
            let r = r.clamp(0, new_depth - 1);
            score = -self.negamax(child, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if score > alpha && r > 0 {
                score = -self.negamax(child, -alpha - 1, -alpha, new_depth, ply + 1, !n.cut_node);
            }
        } else if !pv_node || moves_seen > 1 {
            score = -self.negamax(child, -alpha - 1, -alpha, new_depth, ply + 1, !n.cut_node);
        } else {
            score = alpha + 1; // forces the full-window search below
        }
        if pv_node && (moves_seen == 1 || score > alpha) && (score < beta || moves_seen == 1) {
            score = -self.negamax(child, -beta, -alpha, new_depth, ply + 1, false);
        }
        score
    }

    /// The end of a node whose moves were searched: mate, stalemate or the excluded move's
    /// fail-low when none was, else the best score, stored in the table with its bound and
    /// taught to the evaluation's correction.
    #[inline(always)]
    fn finish(&mut self, pos: &Position, n: &Node, tried: &Tried) -> i32 {
        if tried.moves == 0 {
            return if !n.excluded.is_null() {
                n.alpha
            } else if n.in_check {
                -MATE + n.ply as i32
            } else {
                0
            };
        }
        // every move pruned: fail low safely
        let best_score = if tried.best_score == -INFINITE {
            n.alpha
        } else {
            tried.best_score
        };
        let best_move = tried.best_move;
        let bound = if best_score >= n.beta {
            Bound::Lower
        } else if n.pv_node && !best_move.is_null() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if n.excluded.is_null() {
            self.tt.store(
                n.hash, best_move, best_score, n.raw_eval, n.depth, bound, n.ply,
            );
            let quiet_best = best_move.is_null() || !pos.is_capture(best_move);
            if !n.in_check
                && quiet_best
                && best_score.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best_score <= n.static_eval)
                && !(bound == Bound::Upper && best_score >= n.static_eval)
            {
                self.history
                    .update_correction(pos, best_score - n.static_eval, n.depth);
            }
        }
        best_score
    }

    /// The continuation-history slots of the node at `ply`: the moves one and two plies before.
    fn conts(&self, ply: usize) -> Conts {
        let slot = |back: usize| {
            if ply < back {
                return NO_CONT;
            }
            let f = &self.stack[ply - back];
            if f.mv.is_null() {
                NO_CONT
            } else {
                cont_index(f.piece, f.mv)
            }
        };
        [slot(1), slot(2)]
    }

    /// Updates the move statistics after `m` (pushed at `ply`) caused a beta cutoff: rewards
    /// it, punishes the quiet moves (when `m` is quiet) and captures tried before it.
    #[allow(clippy::too_many_arguments)]
    fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        m: Move,
        quiet: bool,
        depth: i32,
        conts: &Conts,
        (quiets, captures): (&[Move], &[Move]),
    ) {
        let bonus = (depth * depth * 16 + 32).min(1600);
        let us = pos.turn();
        let piece = self.stack[ply].piece;
        if quiet {
            let h = &mut *self.history;
            h.update_quiet(us, m, piece, conts, bonus);
            for &q in quiets {
                h.update_quiet(us, q, piece_index(pos, q), conts, -bonus);
            }
            let k = &mut h.killers[ply];
            if k[0] != m {
                k[1] = k[0];
                k[0] = m;
            }
            if ply > 0 && !self.stack[ply - 1].mv.is_null() {
                let prev = self.stack[ply - 1];
                self.history.counter[prev.piece][prev.mv.to().index()] = m;
            }
        } else {
            self.history.update_capture(pos, m, piece, bonus);
        }
        for &c in captures {
            self.history
                .update_capture(pos, c, piece_index(pos, c), -bonus);
        }
    }

    /// The static evaluation of `pos`, from its table entry when one holds it.
    fn raw_eval(&mut self, pos: &Position, entry: Option<Entry>) -> i32 {
        match entry {
            Some(e) if e.eval as i32 != NONE_SCORE => e.eval as i32,
            _ => evaluate(pos, self.nnue.as_deref_mut()),
        }
    }

    /// The score of a node that is not searched further: a check that won (Kar Ouk), a draw
    /// by material, a count passed (unless the side to move is mated), or the ply limit.
    /// `None` for every other node.
    fn terminal_score(&mut self, pos: &Position, in_check: bool, ply: usize) -> Option<i32> {
        // Kar Ouk: the check just given won, and a check the side to move can give wins next
        if pos.lost_by_check() {
            return Some(-MATE + ply as i32);
        }
        if check_wins_now(pos) {
            return Some(MATE - ply as i32 - 1);
        }
        if pos.is_insufficient_material() {
            return Some(0);
        }
        if pos.count_exceeded() {
            let mated = in_check && !pos.has_legal_move();
            return Some(if mated { -MATE + ply as i32 } else { 0 });
        }
        if ply >= MAX_PLY - 1 {
            return Some(if in_check {
                0
            } else {
                evaluate(pos, self.nnue.as_deref_mut())
            });
        }
        None
    }
}
