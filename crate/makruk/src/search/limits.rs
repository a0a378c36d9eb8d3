//! Search limits, time allocation from a game clock, and the levels for people.

use super::MAX_DEPTH;

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
        }
    }
}

/// Time kept back for communication, per move (milliseconds): UCI's default `Move Overhead`.
pub const MOVE_OVERHEAD_MS: u64 = 30;

/// Moves a game is planned to last from any position when the clock gives no `movestogo`.
pub const PLANNED_MOVES: u64 = 50;

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

    /// Sets soft and hard limits from a game clock: `time_ms` left, `inc_ms` increment per
    /// move, `movestogo` moves until the next time control (if any), and `overhead_ms` lost
    /// outside the search on every move (messages, the front end). Without `movestogo` the
    /// game is planned to last `PLANNED_MOVES` more moves, each with its overhead kept back
    /// (Stockfish's model): in sudden death the clock then runs down slowly enough for games
    /// of a few hundred plies, as Makruk's counted endings can make them.
    pub fn with_clock(
        mut self,
        time_ms: u64,
        inc_ms: u64,
        movestogo: Option<u32>,
        overhead_ms: u64,
    ) -> Self {
        let mtg = movestogo.map_or(PLANNED_MOVES, |m| u64::from(m.clamp(1, 50)));
        let left = time_ms.saturating_sub(overhead_ms).max(1);
        let pool = (time_ms + inc_ms * (mtg - 1))
            .saturating_sub(overhead_ms * (mtg + 2))
            .max(1);
        let soft = (pool / mtg).min(left / 2).max(1);
        let hard = if mtg == 1 {
            left * 9 / 10
        } else {
            (soft * 4).min(left / 3 + inc_ms / 2).max(soft)
        }
        .min(left)
        .max(1);
        self.soft_ms = Some(soft);
        self.hard_ms = Some(hard);
        self
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

/// Weakening of a search for people: with probability `chance_pct` percent a move other than
/// the best is played, chosen among the best `candidates` moves whose score is within
/// `margin_cp` of the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// How many root moves are compared.
    pub candidates: u32,
    /// How much worse than the best move (centi-Bia) an alternative may be.
    pub margin_cp: i32,
    /// How often (percent) an alternative is played when one qualifies.
    pub chance_pct: u32,
}

/// A level for people, 1 (beginner) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Per level: depth limit, node limit, candidates, margin, chance. Level 8 is full strength
/// within a node budget of about two seconds in a browser; each level below searches about a
/// third of the nodes of the next and sometimes plays a slightly worse move.
const LEVELS: [(u32, u64, u32, i32, u32); 8] = [
    (1, 600, 4, 150, 50),
    (2, 2_000, 4, 110, 40),
    (3, 6_000, 4, 80, 30),
    (5, 15_000, 3, 60, 22),
    (7, 40_000, 3, 40, 15),
    (9, 100_000, 3, 25, 10),
    (12, 300_000, 2, 12, 6),
    (100, 1_500_000, 1, 0, 0),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(8);

    /// A level, clamped to 1..=8.
    pub fn new(level: u8) -> Level {
        Level(level.clamp(1, 8))
    }

    /// The level number 1..=8.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The UCI `Skill Level` 0..=20 mapped to a level (20 is full strength).
    pub fn from_skill_level(skill: u32) -> Level {
        Level::new((1 + skill.min(20) * 7 / 20) as u8)
    }

    /// A UCI `UCI_Elo` mapped to a level. The scale is a rough estimate from matches between
    /// neighbouring levels (see README), 800 for level 1 up to 2400 and above for level 8.
    pub fn from_elo(elo: u32) -> Level {
        Level::new((1 + elo.saturating_sub(800) * 7 / 1600) as u8)
    }

    /// Limits for this level (always bounded by nodes); a caller may add a time limit
    /// (`movetime`) on top. A UCI engine at full strength uses its clock instead.
    pub fn limits(self) -> Limits {
        let (depth, nodes, candidates, margin_cp, chance_pct) = LEVELS[self.0 as usize - 1];
        Limits {
            depth: Some(depth),
            nodes: Some(nodes),
            skill: (self < Level::MAX).then_some(Skill {
                candidates,
                margin_cp,
                chance_pct,
            }),
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves played from `time_ms` with no increment before the clock falls, when every move
    /// spends twice its soft limit (an iteration that starts just before the soft limit takes
    /// about as long as all before it), at most its hard limit, and `overhead_ms` more.
    fn moves_until_flag(time_ms: u64, overhead_ms: u64) -> u32 {
        let mut left = time_ms;
        let mut moves = 0;
        while moves < 1000 {
            let limits = Limits::default().with_clock(left, 0, None, overhead_ms);
            let (soft, hard) = (limits.soft_ms.unwrap(), limits.hard_ms.unwrap());
            let spent = (2 * soft).min(hard) + overhead_ms;
            if spent >= left {
                break;
            }
            left -= spent;
            moves += 1;
        }
        moves
    }

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

    #[test]
    fn sudden_death_lasts_a_long_game() {
        // 1+0 in a browser (60 ms lost a move) and in UCI (30 ms): a counted ending can make
        // a game 250 plies long (the overhead kept back once, as before, gave 62 and 73 moves)
        assert!(
            moves_until_flag(60_000, 60) >= 130,
            "{}",
            moves_until_flag(60_000, 60)
        );
        assert!(
            moves_until_flag(60_000, 30) >= 150,
            "{}",
            moves_until_flag(60_000, 30)
        );
    }

    #[test]
    fn the_clock_limits_stay_inside_the_time_left() {
        for time in [1, 10, 100, 1_000, 60_000, 3_600_000] {
            for inc in [0, 2_000] {
                for mtg in [None, Some(1), Some(20)] {
                    let l = Limits::default().with_clock(time, inc, mtg, 30);
                    let (soft, hard) = (l.soft_ms.unwrap(), l.hard_ms.unwrap());
                    assert!(
                        1 <= soft && soft <= hard,
                        "{time} {inc} {mtg:?}: {soft} {hard}"
                    );
                    assert!(hard <= time.max(1), "{time} {inc} {mtg:?}: {hard}");
                }
            }
        }
    }
}
