//! Search limits, time allocation from a game clock, and the levels for people.

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

/// Time kept back for communication, per move (milliseconds).
pub const MOVE_OVERHEAD_MS: u64 = 30;

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
    /// move, and `movestogo` moves until the next time control (if any).
    pub fn with_clock(mut self, time_ms: u64, inc_ms: u64, movestogo: Option<u32>) -> Self {
        let mtg = u64::from(movestogo.unwrap_or(30).clamp(1, 40));
        let left = time_ms.saturating_sub(MOVE_OVERHEAD_MS).max(1);
        let soft = (left / mtg + inc_ms * 3 / 4).min(left / 2).max(1);
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
