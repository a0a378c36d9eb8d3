//! The search, laid out as Stockfish's: iterative deepening with aspiration windows (here)
//! over a principal variation search (`alphabeta`), the move ordering (`ordering`), the
//! transposition table (`tt`), the game's positions for repetitions (`played`), time
//! management (`timeman`), the limits a caller sets (`limits`), and the levels for people
//! with their move choice (`levels`), the answer to a draw offer (`draw`), and the engine's
//! turn in a game, a count action on request or a move (`reply`).
//!
//! The core has no clock: time and stop requests come in through [`Clock`], progress goes
//! out through a callback.

mod alphabeta;
mod draw;
mod levels;
mod limits;
mod ordering;
mod played;
mod reply;
mod timeman;
mod tt;

pub use draw::{accepts_draw, win_impossible, DRAW_AFTER_MOVE, DRAW_MARGIN_CP};
pub use levels::{Level, Skill, GIVEAWAY_CP, LEVEL_ELO, LEVEL_FS_SKILL};
pub use limits::{Go, Limits, MAX_MULTIPV};
pub use reply::Reply;
pub use timeman::{Clock, NoClock, MOVE_OVERHEAD_MS};

use crate::nnue::{Network, Nnue};
use crate::tablebase::Tablebase;
use crate::{Move, Position};
use ordering::History;
use std::sync::Arc;
use tt::TranspositionTable;

/// Deepest ply the search reaches (stack sizes).
pub const MAX_PLY: usize = 128;
/// The deepest search asked for, in plies.
pub const MAX_DEPTH: u32 = 100;
pub(crate) const INFINITE: i32 = 32_000;
pub(crate) const MATE: i32 = 31_000;
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub(crate) const NONE_SCORE: i32 = -32_001;
const ASPIRATION_WINDOW: i32 = 25;
// 1000 ln(i) for i < 64, rounded (late move reductions)
#[rustfmt::skip]
const LN_1000: [u32; 64] = [0, 0, 693, 1099, 1386, 1609, 1792, 1946, 2079, 2197, 2303, 2398, 2485,
    2565, 2639, 2708, 2773, 2833, 2890, 2944, 2996, 3045, 3091, 3135, 3178, 3219, 3258, 3296, 3332,
    3367, 3401, 3434, 3466, 3497, 3526, 3555, 3584, 3611, 3638, 3664, 3689, 3714, 3738, 3761, 3784,
    3807, 3829, 3850, 3871, 3892, 3912, 3932, 3951, 3970, 3989, 4007, 4025, 4043, 4060, 4078, 4094,
    4111, 4127, 4143];
// the longest line shown from the endgame tables
const TABLE_PV_PLIES: usize = 16;
// how often (in nodes) the clock is asked
const POLL_NODES: u64 = 1024;

/// A score for people and UCI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centi-Bia from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

impl std::fmt::Display for Score {
    /// The UCI form: `cp 34` or `mate -3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Progress of a search: one principal variation after an iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best).
    pub multipv: u32,
    /// The line's score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// The line.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time_ms)
    }
}

/// Nodes per second: `nodes` searched in `time_ms` milliseconds (at least one), the one formula
/// of UCI's `info` and `bench` and of the page's engine reports.
pub fn nps(nodes: u64, time_ms: u64) -> u64 {
    nodes * 1000 / time_ms.max(1)
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` when there is no legal move).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// The score of the best line.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
}

/// A searcher: the transposition table and move-ordering statistics, kept between moves,
/// the evaluation network with its accumulators, and the bare-Khun endgame tables, built the
/// first time their ending is at the root.
///
/// ```
/// use makruk::search::{Level, Limits, NoClock, Score, Searcher};
/// use makruk::Position;
///
/// let mut searcher = Searcher::new(1); // a 1 MB transposition table
/// let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
/// let result = searcher.search(&pos, &[], &Limits::depth(4), &mut NoClock, &mut |_| {});
/// assert_eq!(result.best.unwrap().to_string(), "h1h8");
/// assert_eq!(result.score, Score::Mate(1));
/// // progress after each iteration; a level for people, with its own budget and move choice
/// let start = Position::startpos();
/// let mut depths = Vec::new();
/// searcher.search(&start, &[], &Limits::depth(3), &mut NoClock, &mut |info| {
///     depths.push(info.depth)
/// });
/// assert_eq!(depths, [1, 2, 3]);
/// let weak = searcher.search(&start, &[], &Level::new(2).limits(), &mut NoClock, &mut |_| {});
/// assert!(start.is_legal(weak.best.unwrap()));
/// ```
pub struct Searcher {
    tt: TranspositionTable,
    history: History,
    nnue: Option<Nnue>,
    lmr: Box<[[u8; 64]; 64]>,
    tablebase: Tablebase,
    use_tablebase: bool,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes, evaluating with
    /// the built-in network (feature `embedded-network`; without it, with none until
    /// [`Searcher::set_network`]).
    pub fn new(hash_mb: usize) -> Self {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                // 0.75 + ln(d) ln(m) / 2.25, in integers so that wasm and native agree
                *r = ((750_000 + LN_1000[d] * LN_1000[m] / 2250 * 1000) / 1_000_000) as u8;
            }
        }
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            history: History::new(),
            #[cfg(feature = "embedded-network")]
            nnue: Some(Nnue::new(Arc::new(Network::builtin()))),
            #[cfg(not(feature = "embedded-network"))]
            nnue: None,
            lmr,
            tablebase: Tablebase::new(),
            use_tablebase: true,
        }
    }

    /// The evaluation network from now on; `None` plays with the hand-written evaluation alone.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.nnue = network.map(Nnue::new);
        self.tt.clear();
    }

    /// The evaluation network in use, if any.
    pub fn network(&self) -> Option<Arc<Network>> {
        self.nnue.as_ref().map(|n| Arc::clone(n.network()))
    }

    /// The static evaluation of `pos` (centi-Bia, for the side to move), as the search sees it.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        crate::eval::evaluate(pos, self.nnue.as_mut())
    }

    /// Whether a root position with a bare Khun against one or two pieces is answered from
    /// the endgame tables (the default) instead of searched.
    pub fn set_use_tablebase(&mut self, on: bool) {
        self.use_tablebase = on;
    }

    /// The endgame tables built so far (for probing them without a search).
    pub fn tablebase(&mut self) -> &mut Tablebase {
        &mut self.tablebase
    }

    /// Resizes (and clears) the transposition table.
    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Permille of the transposition table filled by the last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `root`. `history` holds the hashes of the positions of the game before the
    /// root (for repetitions); `on_info` receives each completed line.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        clock: &mut dyn Clock,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if self.use_tablebase {
            if let Some(result) = self.table_move(root, clock, on_info) {
                return result;
            }
        }
        self.tt.new_search();
        self.history.age();
        let mut w = alphabeta::Worker::new(self, root, history, limits, clock);
        let moves = root.legal_moves();
        let mut root_moves: Vec<RootMove> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        if root_moves.is_empty() {
            let score = if root.in_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            return SearchResult {
                best: None,
                ponder: None,
                score,
                depth: 0,
                nodes: 0,
            };
        }
        // a TT move first, if any
        if let Some(e) = w.probe_root() {
            if let Some(i) = root_moves.iter().position(|r| r.mv == e) {
                root_moves[..=i].rotate_right(1);
            }
        }
        let wanted_lines = limits.multipv.max(1) as usize;
        let lines = limits
            .skill
            .map_or(wanted_lines, |s| wanted_lines.max(s.candidates as usize))
            .min(root_moves.len());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut completed = 0;
        let mut last_best = root_moves[0].mv;
        let mut stable = 0;
        for depth in 1..=max_depth {
            for pv_idx in 0..lines {
                let prev = root_moves[pv_idx].prev_score;
                let mut delta = ASPIRATION_WINDOW;
                let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                    ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let score =
                        w.root_search(root, &mut root_moves, pv_idx, alpha, beta, depth as i32);
                    ordering::sort_descending(&mut root_moves[pv_idx..], |r| r.score);
                    if w.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2 + 10;
                    if delta > 1000 {
                        alpha = -INFINITE;
                        beta = INFINITE;
                    }
                }
                if w.stopped {
                    break;
                }
                if pv_idx < wanted_lines {
                    let r = &root_moves[pv_idx];
                    on_info(&Info {
                        depth,
                        seldepth: w.seldepth as u32,
                        multipv: pv_idx as u32 + 1,
                        score: Score::from_internal(r.score),
                        nodes: w.nodes,
                        time_ms: w.elapsed(),
                        pv: r.pv.clone(),
                    });
                }
            }
            if w.stopped {
                break;
            }
            completed = depth;
            for r in root_moves.iter_mut() {
                r.prev_score = r.score;
            }
            if root_moves[0].mv == last_best {
                stable += 1;
            } else {
                stable = 0;
                last_best = root_moves[0].mv;
            }
            // time: stop early when the best move is stable or forced
            if timeman::stop_iterating(limits, w.elapsed(), stable, root_moves.len(), depth) {
                break;
            }
        }
        let nodes = w.nodes;
        drop(w);
        let chosen = levels::choose(root, &root_moves, lines, limits);
        let r = &root_moves[chosen];
        SearchResult {
            best: Some(r.mv),
            ponder: r.pv.get(1).copied(),
            score: Score::from_internal(if r.score == -INFINITE {
                r.prev_score
            } else {
                r.score
            }),
            depth: completed,
            nodes,
        }
    }
}

impl Searcher {
    /// The endgame table's move at the root, with its line: the strong side's fastest mate,
    /// the bare Khun's longest resistance. `None` (search instead) outside these endings and
    /// when the strong side cannot force mate at all.
    fn table_move(
        &mut self,
        root: &Position,
        clock: &mut dyn Clock,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let probe = self.tablebase.probe(root)?;
        let best = probe.best_move?;
        let score = match probe.dtm_plies {
            Some(d) if probe.won_within_count && root.turn() == probe.strong => {
                Score::Mate((i32::from(d) + 1) / 2)
            }
            Some(d) if probe.won_within_count => Score::Mate(-(i32::from(d) / 2)),
            _ => Score::Cp(0),
        };
        let mut pv = vec![best];
        let mut pos = *root;
        pos.play(best);
        while pv.len() < TABLE_PV_PLIES {
            match self.tablebase.probe(&pos).and_then(|p| p.best_move) {
                Some(m) => {
                    pv.push(m);
                    pos.play(m);
                }
                None => break,
            }
        }
        on_info(&Info {
            depth: 1,
            seldepth: pv.len() as u32,
            multipv: 1,
            score,
            nodes: 0,
            time_ms: clock.elapsed_ms(),
            pv: pv.clone(),
        });
        Some(SearchResult {
            best: Some(best),
            ponder: pv.get(1).copied(),
            score,
            depth: 1,
            nodes: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of `fen` with a fresh searcher (the levels' tests use it too).
    pub(super) fn search(fen: &str, limits: &Limits) -> SearchResult {
        let pos = Position::from_fen(fen).expect("test FEN");
        Searcher::new(1).search(&pos, &[], limits, &mut NoClock, &mut |_| {})
    }

    #[test]
    fn finds_mate_in_one() {
        let r = search("k7/8/1K6/8/8/8/8/7R w - - 0 1", &Limits::depth(4));
        assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("h1h8"));
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn no_move_when_mated() {
        let r = search("R6k/8/7K/8/8/8/8/8 b - - 0 1", &Limits::depth(3));
        assert_eq!(r.best, None);
        assert_eq!(r.score, Score::Mate(0));
    }

    #[test]
    fn count_about_to_expire_is_a_draw() {
        // two Ruea against a bare Khun, but the count runs out before any mate
        let r = search("7k/8/8/8/8/8/1R6/R3K3 w - 16 16 80", &Limits::depth(6));
        assert_eq!(r.score, Score::Cp(0));
    }

    fn search_cambodian(fen: &str, depth: u32) -> SearchResult {
        let pos = Position::from_fen_variant(fen, crate::Variant::Cambodian).expect("test FEN");
        Searcher::new(1).search(&pos, &[], &Limits::depth(depth), &mut NoClock, &mut |_| {})
    }

    #[test]
    fn karouk_a_check_wins_and_is_scored_as_mate() {
        let pos =
            Position::from_fen_variant("4k3/8/8/8/8/8/8/R2K4 w - - 0 1", crate::Variant::KarOuk)
                .expect("test FEN");
        let r = Searcher::new(1).search(&pos, &[], &Limits::depth(3), &mut NoClock, &mut |_| {});
        let best = r.best.expect("a move");
        let mut next = pos;
        next.play(best);
        assert!(next.lost_by_check(), "{best} gives check");
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    #[cfg(feature = "karouk-search")]
    fn karouk_a_move_that_threatens_a_check_is_forcing_as_a_check_is() {
        // after Rh2-g2 White's Khun on d1 must parry Rg1 and Rd2: in Kar Ouk that is forcing
        let fen = "4k3/8/p7/8/8/PP6/6r1/3K4 w - - 1+1 0 1";
        let after = Position::from_fen_variant(fen, crate::Variant::KarOuk).expect(fen);
        assert!(alphabeta::is_forcing(&after));
        let makruk = Position::from_fen(&fen.replace(" 1+1", "")).expect(fen);
        assert!(!alphabeta::is_forcing(&makruk));
    }

    #[test]
    #[cfg(feature = "karouk-search")]
    fn karouk_a_check_threat_is_parried_past_the_horizon() {
        // Kf8 Sf5 Nb2 against Kh8 Sc4 Md1: Sg6 threatens checks Black cannot all parry, and a
        // search of one ply sees it (Black, threatened at the horizon, must parry: it cannot)
        let pos = Position::from_fen_variant(
            "5K1k/8/8/5S2/2s5/8/1N6/3m4 w - - 0 1",
            crate::Variant::KarOuk,
        )
        .expect("test FEN");
        assert!(!pos.has_checking_move());
        let r = Searcher::new(1).search(&pos, &[], &Limits::depth(1), &mut NoClock, &mut |_| {});
        assert_eq!(r.score, Score::Mate(2));
        assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("f5g6"));
    }

    #[test]
    fn cambodian_double_step_mates_by_landing_never_by_its_right() {
        // the double step mates from where it lands (e3 attacks d4)
        let r = search_cambodian("8/8/8/R7/3k4/1S4N1/3K4/4M3 w E - 0 1", 4);
        assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("e1e3"));
        assert_eq!(r.score, Score::Mate(1));
        // but the right does not cover e3, the Khun's escape from Nf4
        for fen in [
            "8/8/8/7N/R7/3k4/1S6/3KM3 w E - 0 1",
            "8/8/8/7N/R7/3k4/1S6/3KM3 w - - 0 1",
        ] {
            assert_ne!(search_cambodian(fen, 4).score, Score::Mate(1), "{fen}");
        }
    }

    #[test]
    fn multipv_reports_each_line() {
        let pos = Position::startpos();
        let mut lines = Vec::new();
        let limits = Limits {
            multipv: 3,
            ..Limits::depth(3)
        };
        Searcher::new(1).search(&pos, &[], &limits, &mut NoClock, &mut |i| {
            lines.push((i.depth, i.multipv))
        });
        assert!(lines.contains(&(3, 3)));
    }
}
