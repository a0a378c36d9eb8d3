//! Time management, as Stockfish's `timeman`: how long a move may take from a game clock
//! (soft and hard limits, [`Limits::with_clock`]) and when iterative deepening stops early.
//! The core has no clock of its own: time and stop requests come in through [`Clock`].

use super::Limits;

/// Time and stop requests from the outside (native: `Instant` and an atomic flag; wasm:
/// `performance.now()`).
pub trait Clock {
    /// Milliseconds since the search started.
    fn elapsed_ms(&mut self) -> u64;
    /// Whether the search must stop now.
    fn stopped(&mut self) -> bool;
}

/// A clock that never stops a search (depth- or node-limited searches, tests, bench).
#[derive(Default, Clone, Copy, Debug)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&mut self) -> u64 {
        0
    }
    fn stopped(&mut self) -> bool {
        false
    }
}

/// Time kept back for communication, per move (milliseconds): UCI's default `Move Overhead`.
pub const MOVE_OVERHEAD_MS: u64 = 30;

/// Moves a game is planned to last from any position when the clock gives no `movestogo`.
pub const PLANNED_MOVES: u64 = 50;

// iterations stop once this fraction (percent) of the soft limit is used
const SOFT_STOP_PCT: u64 = 60;

impl Limits {
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
}

/// Whether iterative deepening stops after completing `depth` (a clock's soft limit only):
/// early when the best move has been `stable` for some iterations or is the only one.
pub(super) fn stop_iterating(
    limits: &Limits,
    elapsed_ms: u64,
    stable: u32,
    root_moves: usize,
    depth: u32,
) -> bool {
    if limits.infinite {
        return false;
    }
    let Some(soft) = limits.soft_ms else {
        return false;
    };
    let factor = match stable {
        0 => 150,
        1 => 110,
        2..=4 => 90,
        _ => 70,
    };
    elapsed_ms * 100 >= soft * SOFT_STOP_PCT * factor / 100 || (root_moves == 1 && depth >= 4)
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
