//! Match statistics: score, Elo difference with a 95% error margin, and the sequential
//! probability ratio test (the normal approximation used by fishtest).

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Wdl {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction 0..1 of the first engine.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// Elo difference and its 95% margin (half-width).
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let se = (self.variance() / n).sqrt();
        let lo = elo_of(s - 1.96 * se);
        let hi = elo_of(s + 1.96 * se);
        (elo_of(s), (hi - lo) / 2.0)
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        let s = self.score();
        self.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

/// SPRT parameters and bounds.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// (lower, upper) LLR bounds: below the lower H0 is accepted, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

/// What one engine searched: the moves on which it reported a node count, those nodes, and
/// the wall time of those moves from `go` to `bestmove` (milliseconds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    pub moves: u64,
    pub nodes: u64,
    pub ms: u64,
}

impl Searched {
    /// Adds one move's nodes and time.
    pub fn add_move(&mut self, nodes: u64, ms: u64) {
        self.moves += 1;
        self.nodes += nodes;
        self.ms += ms;
    }

    /// Adds another count (a game's to the match's).
    pub fn add(&mut self, other: Searched) {
        self.moves += other.moves;
        self.nodes += other.nodes;
        self.ms += other.ms;
    }

    /// Nodes per second of search time, if any time was counted.
    pub fn nps(&self) -> Option<u64> {
        (self.ms > 0).then(|| self.nodes * 1000 / self.ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let w = Wdl {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        assert!((w.elo().0).abs() < 1e-9);
        assert!(w.elo().1 > 0.0);
    }

    #[test]
    fn llr_grows_with_wins() {
        let a = Wdl {
            wins: 60,
            draws: 20,
            losses: 40,
        };
        let b = Wdl {
            wins: 40,
            draws: 20,
            losses: 60,
        };
        assert!(a.llr(0.0, 10.0) > 0.0);
        assert!(b.llr(0.0, 10.0) < 0.0);
        let (lo, hi) = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
        .bounds();
        assert!(lo < 0.0 && hi > 0.0);
    }

    #[test]
    fn nodes_per_second_over_the_moves_counted() {
        let mut game = Searched::default();
        assert_eq!(game.nps(), None);
        game.add_move(50_000, 100);
        game.add_move(30_000, 60);
        let mut total = Searched::default();
        total.add(game);
        total.add(game);
        assert_eq!(
            total,
            Searched {
                moves: 4,
                nodes: 160_000,
                ms: 320
            }
        );
        assert_eq!(total.nps(), Some(500_000));
    }
}
