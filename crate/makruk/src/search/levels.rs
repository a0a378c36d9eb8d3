//! The levels for people: their table (horizon and way of choosing, [`Level::limits`]) and
//! the move a weakened search chooses among its root lines ([`choose`]).

use super::{Limits, RootMove, MATE_BOUND};
use crate::{Move, Position, Square};

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
pub const LEVEL_ELO: [u32; 8] = [800, 1080, 1310, 1550, 1830, 2040, 2290, 2530];

/// The Fairy-Stockfish Skill Level (100,000 nodes a move) that each level scores about 50%
/// against (docs/engine.md, Fairy-Stockfish; levels 2, 5 and 6 measured again after their
/// retune at bench 651,798): the new-game dialog names it.
pub const LEVEL_FS_SKILL: [i32; 8] = [3, 4, 6, 8, 10, 12, 17, 20];

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
    spec(3, 6_000, (6, 50, 22), (22, 45, 2)),
    spec(5, 20_000, (5, 50, 32), (32, 45, 0)),
    spec(6, 40_000, (5, 40, 20), (20, 30, 0)),
    spec(8, 20_000, (4, 15, 8), (8, 10, 0)),
    spec(9, 40_000, (3, 10, 5), (5, 6, 0)),
    spec(100, 80_000, (2, 12, 6), (6, 0, 0)),
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

/// Whether `m` is a move a person easily overlooks: a quiet long move (three squares or more,
/// the Ruea's) of a piece away from where the opponent just moved, or a quiet retreat.
fn easy_to_overlook(root: &Position, m: Move, focus: Option<Square>) -> bool {
    if root.is_capture(m) || root.in_check() {
        return false;
    }
    let (from, to) = (m.from(), m.to());
    let dist = |a: Square, b: Square| a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
    let near_focus = focus.is_some_and(|f| dist(from, f) <= 1 || dist(to, f) <= 1);
    let turn = root.turn();
    (dist(from, to) >= 3 && !near_focus) || to.relative_rank(turn) < from.relative_rank(turn)
}

/// The root move to play: the best one, or for a weakened search the one a person of its level
/// would choose among the searched lines: some easy-to-overlook moves go unseen, captures look
/// better than they are, and sometimes another move that looks about as good is played. A move
/// that gives material away ([`GIVEAWAY_CP`] below the best) is caught, unless the level
/// slips.
pub(super) fn choose(
    root: &Position,
    root_moves: &[RootMove],
    lines: usize,
    limits: &Limits,
) -> usize {
    let Some(skill) = limits.skill else { return 0 };
    let score = |i: usize| root_moves[i].score.max(root_moves[i].prev_score);
    let best = score(0);
    if best.abs() >= MATE_BOUND {
        return 0;
    }
    // random choices, a function of the search's seed and the root
    let mut rng = crate::Rng::new(limits.seed ^ root.hash());
    let n = lines.min(root_moves.len()).min(64);
    // the lines the level sees, as bits
    let mut seen = 0u64;
    for (i, r) in root_moves.iter().enumerate().take(n) {
        let overlooked =
            easy_to_overlook(root, r.mv, limits.focus) && (rng.below(100) as u32) < skill.blind_pct;
        if score(i) > -MATE_BOUND && !overlooked {
            seen |= 1 << i;
        }
    }
    if seen == 0 {
        return 0;
    }
    let looks = |i: usize| {
        score(i)
            + if root.is_capture(root_moves[i].mv) {
                skill.greed_cp
            } else {
                0
            }
    };
    let seen_lines = || (0..n).filter(move |&i| seen >> i & 1 == 1);
    let mut intended = seen.trailing_zeros() as usize;
    for i in seen_lines() {
        if looks(i) > looks(intended) {
            intended = i;
        }
    }
    let mut pick = intended;
    if (rng.below(100) as u32) < skill.chance_pct {
        let others = || {
            seen_lines().filter(|&i| i != intended && looks(i) >= looks(intended) - skill.margin_cp)
        };
        let count = others().count();
        if count > 0 {
            pick = others().nth(rng.below(count)).expect("fewer than count");
        }
    }
    if score(pick) < best - GIVEAWAY_CP && (rng.below(100) as u32) >= skill.slip_pct {
        pick = 0;
    }
    pick
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tests::search;
    use crate::search::{NoClock, Searcher};

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
    fn levels_play_legal_moves_deterministically() {
        let pos = Position::startpos();
        for level in 1..=7 {
            let mut limits = Level::new(level).limits();
            limits.seed = 7;
            let a = search(&pos.fen(), &limits);
            let b = search(&pos.fen(), &limits);
            let best = a.best.expect("a move");
            assert!(pos.is_legal(best));
            assert_eq!(a.best, b.best);
        }
    }

    #[test]
    fn every_level_takes_a_hanging_ruea() {
        for level in 1..=7 {
            for seed in 0..4 {
                let mut limits = Level::new(level).limits();
                limits.seed = seed;
                let r = search("4k3/8/8/r7/8/8/8/R3K3 w - - 0 1", &limits);
                assert_eq!(
                    r.best.map(|m| m.to_string()).as_deref(),
                    Some("a1a5"),
                    "level {level} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn cambodian_levels_play_legal_moves() {
        let pos = Position::startpos_variant(crate::Variant::Cambodian);
        for level in [1, 4, 8] {
            let r = Searcher::new(1).search(
                &pos,
                &[],
                &Level::new(level).limits(),
                &mut NoClock,
                &mut |_| {},
            );
            assert!(pos.is_legal(r.best.expect("a move")));
        }
    }
}
