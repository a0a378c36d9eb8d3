//! Search limits, time allocation from a game clock, and the levels for people.

use super::MAX_DEPTH;
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

/// Weakening of a search for people, in the kinds of mistakes people make. The horizon is the
/// level's depth and node budget; on top of it the move is chosen among the best `candidates`
/// root lines as a person would: some moves go unseen, captures look better than they are, and
/// sometimes a move about as good as the best is played instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// How many root moves are compared (lines searched).
    pub candidates: u32,
    /// How much worse than the intended move (centi-Bia) an alternative may be.
    pub margin_cp: i32,
    /// How often (percent) an alternative is played when one qualifies.
    pub chance_pct: u32,
    /// How often (percent) a quiet move that is easy to overlook goes unseen: a long move
    /// (three squares or more) away from the piece the opponent just moved, or a retreat.
    pub blind_pct: u32,
    /// How much better a capture looks than it is (greed for material, centi-Bia).
    pub greed_cp: i32,
    /// How often (percent) a move that loses material for nothing by the level's own search
    /// is not caught (only at the lowest levels); otherwise such a move is never played
    /// while a move at most [`GIVEAWAY_CP`] worse than the best exists.
    pub slip_pct: u32,
}

/// A move scoring this much (centi-Bia) below the best root move gives material away: a level
/// does not play it, unless it slips.
pub const GIVEAWAY_CP: i32 = 200;

/// A level for people, 1 (beginner) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// The strength of levels 1-8 on one Elo-like scale: level 1 anchored at 800, each level above
/// it by its measured result against the level below (100 games a pair, docs/engine.md, The
/// ladder), rounded to 10; the numbers the new-game dialog shows and `UCI_Elo` maps from.
pub const LEVEL_ELO: [u32; 8] = [800, 1040, 1250, 1490, 1770, 2020, 2310, 2550];

/// The Fairy-Stockfish Skill Level (100,000 nodes a move) that each level scores about 50%
/// against (docs/engine.md, Fairy-Stockfish): the new-game dialog names it.
pub const LEVEL_FS_SKILL: [i32; 8] = [3, 4, 6, 7, 9, 11, 19, 20];

/// One level: its horizon and its way of choosing (see [`Skill`]).
struct LevelSpec {
    depth: u32,
    nodes: u64,
    candidates: u32,
    margin_cp: i32,
    chance_pct: u32,
    blind_pct: u32,
    greed_cp: i32,
    slip_pct: u32,
}

const fn spec(
    depth: u32,
    nodes: u64,
    (candidates, margin_cp, chance_pct): (u32, i32, u32),
    (blind_pct, greed_cp, slip_pct): (u32, i32, u32),
) -> LevelSpec {
    LevelSpec {
        depth,
        nodes,
        candidates,
        margin_cp,
        chance_pct,
        blind_pct,
        greed_cp,
        slip_pct,
    }
}

/// The levels: depth, nodes, (candidates, margin, chance), (blind, greed, slip). Level 8 is
/// full strength within a node budget of about 0.4 s in a browser (within the page's second a
/// move). Below it the horizon shortens (level 1 sees one move and the captures after it) and
/// the choice grows more human; the horizon and the choices together make each step about
/// 250 Elo (docs/engine.md, The ladder).
#[rustfmt::skip]
const LEVELS: [LevelSpec; 8] = [
    spec(1, 2_000, (6, 80, 40), (40, 70, 8)),
    spec(3, 6_000, (6, 55, 28), (28, 50, 3)),
    spec(5, 20_000, (5, 50, 32), (32, 45, 0)),
    spec(6, 40_000, (5, 45, 25), (25, 35, 0)),
    spec(8, 70_000, (4, 35, 20), (20, 30, 0)),
    spec(9, 120_000, (3, 10, 5), (5, 6, 0)),
    spec(100, 150_000, (2, 12, 6), (6, 0, 0)),
    spec(100, 250_000, (1, 0, 0), (0, 0, 0)),
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

    /// A UCI `UCI_Elo` mapped to a level: the strongest level whose measured strength
    /// ([`LEVEL_ELO`]) is at most `elo`, level 1 below its own.
    pub fn from_elo(elo: u32) -> Level {
        let below = LEVEL_ELO.iter().filter(|&&e| e <= elo).count();
        Level::new(below.max(1) as u8)
    }

    /// The measured strength of this level on the scale of [`LEVEL_ELO`].
    pub fn elo(self) -> u32 {
        LEVEL_ELO[self.0 as usize - 1]
    }

    /// Limits for this level (always bounded by nodes); a caller may add a time limit
    /// (`movetime`) on top. A UCI engine at full strength uses its clock instead.
    pub fn limits(self) -> Limits {
        let l = &LEVELS[self.0 as usize - 1];
        Limits {
            depth: Some(l.depth),
            nodes: Some(l.nodes),
            skill: (self < Level::MAX).then_some(Skill {
                candidates: l.candidates,
                margin_cp: l.margin_cp,
                chance_pct: l.chance_pct,
                blind_pct: l.blind_pct,
                greed_cp: l.greed_cp,
                slip_pct: l.slip_pct,
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
    fn elo_maps_onto_the_levels_measured_strength() {
        assert_eq!(Level::from_elo(0), Level::MIN);
        for level in 1..=8 {
            let l = Level::new(level);
            assert_eq!(Level::from_elo(l.elo()), l);
            assert_eq!(Level::from_elo(l.elo() + 1), l);
            if level > 1 {
                assert_eq!(Level::from_elo(l.elo() - 1), Level::new(level - 1));
            }
        }
        assert_eq!(Level::from_elo(5000), Level::MAX);
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]));
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
