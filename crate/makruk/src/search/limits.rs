//! Search limits: what a caller asks of a search ([`Limits`]), and the one policy that turns a
//! UCI `go` or a worker request into them ([`Go`]).

use super::{Level, Skill, MAX_DEPTH};
use crate::Square;

/// How long and how deep to search. `Default` is an unlimited search of one line.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes (checked at every node: deterministic).
    pub nodes: Option<u64>,
    /// Search exactly this long (milliseconds), unless stopped.
    pub movetime: Option<u64>,
    /// Do not start a new iteration after about this many milliseconds (from a game clock).
    pub soft_ms: Option<u64>,
    /// Abort the search after this many milliseconds.
    pub hard_ms: Option<u64>,
    /// Search until stopped (other limits still apply if set).
    pub infinite: bool,
    /// Number of principal variations reported (at least 1).
    pub multipv: u32,
    /// Weakening for people; `None` is full strength.
    pub skill: Option<Skill>,
    /// Seed of the random choices of a weakened search.
    pub seed: u64,
    /// Where the opponent's last move went, if known: a weakened search overlooks long moves
    /// far from it more easily.
    pub focus: Option<Square>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            soft_ms: None,
            hard_ms: None,
            infinite: false,
            multipv: 1,
            skill: None,
            seed: 0,
            focus: None,
        }
    }
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed time in milliseconds.
    pub fn movetime(ms: u64) -> Self {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }

    /// The effective hard limit in milliseconds, if any.
    pub fn hard_limit(&self) -> Option<u64> {
        match (self.movetime, self.hard_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The most principal variations reported.
pub const MAX_MULTIPV: u32 = 64;

/// A request for a search as UCI's `go` and the page's worker word it: the one policy that
/// turns it into [`Limits`], shared by the UCI front end and the wasm bindings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// A level for people; `None` is full strength with no node budget.
    pub level: Option<Level>,
    /// Maximum depth (plies).
    pub depth: Option<u64>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Time for this move (milliseconds).
    pub movetime: Option<u64>,
    /// The clock of the side to move (milliseconds).
    pub time: Option<u64>,
    /// The increment of the side to move (milliseconds).
    pub inc: u64,
    /// Moves to the next time control.
    pub movestogo: Option<u64>,
    /// Search until stopped.
    pub infinite: bool,
    /// Principal variations reported.
    pub multipv: Option<u64>,
    /// Seed of a weakened search's random choices.
    pub seed: u64,
}

impl Go {
    /// The limits: a level's depth and nodes, narrowed by `depth` (1 to [`MAX_DEPTH`]) and
    /// `nodes` (at least 1) when smaller; `movetime` less a tenth of `overhead_ms` (the caller
    /// grants movetime itself, unlike a clock that must not run out), at least 1 ms; the clock
    /// with `overhead_ms` kept back a move ([`Limits::with_clock`]); 1 to [`MAX_MULTIPV`] lines.
    pub fn limits(&self, overhead_ms: u64) -> Limits {
        let mut limits = self.level.map_or_else(Limits::default, Level::limits);
        if let Some(d) = self.depth {
            let d = d.clamp(1, u64::from(MAX_DEPTH)) as u32;
            limits.depth = Some(limits.depth.map_or(d, |l| l.min(d)));
        }
        if let Some(n) = self.nodes {
            let n = n.max(1);
            limits.nodes = Some(limits.nodes.map_or(n, |l| l.min(n)));
        }
        if let Some(t) = self.movetime {
            limits.movetime = Some(t.saturating_sub(overhead_ms / 10).max(1));
        }
        if let Some(time) = self.time {
            let mtg = self.movestogo.map(|m| m.clamp(1, 1000) as u32);
            limits = limits.with_clock(time, self.inc, mtg, overhead_ms);
        }
        limits.infinite = self.infinite;
        limits.multipv = self
            .multipv
            .map_or(1, |m| m.clamp(1, u64::from(MAX_MULTIPV)) as u32);
        limits.seed = self.seed;
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Level;

    #[test]
    fn one_policy_turns_a_request_into_limits() {
        let level = Level::new(3).limits();
        let go = |go: Go| go.limits(30);
        // a level's budget is narrowed, never widened
        let narrowed = go(Go {
            level: Some(Level::new(3)),
            depth: Some(1),
            nodes: Some(u64::MAX),
            ..Go::default()
        });
        assert_eq!((narrowed.depth, narrowed.nodes), (Some(1), level.nodes));
        // out-of-range values are brought into range
        let clamped = go(Go {
            depth: Some(0),
            nodes: Some(0),
            movetime: Some(0),
            multipv: Some(1000),
            ..Go::default()
        });
        assert_eq!(clamped.depth, Some(1));
        assert_eq!(clamped.nodes, Some(1));
        assert_eq!(clamped.movetime, Some(1));
        assert_eq!(clamped.multipv, MAX_MULTIPV);
        // movetime keeps back a tenth of the overhead; full strength has no node budget
        let timed = go(Go {
            movetime: Some(1000),
            ..Go::default()
        });
        assert_eq!(
            (timed.movetime, timed.nodes, timed.skill),
            (Some(997), None, None)
        );
        let clock = go(Go {
            time: Some(60_000),
            ..Go::default()
        });
        assert_eq!(clock, Limits::default().with_clock(60_000, 0, None, 30));
    }
}
