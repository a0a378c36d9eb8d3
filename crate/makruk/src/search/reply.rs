//! The engine's turn in a game: the search of the game's position (its history for
//! repetitions, its last move as the levels' focus), and on request the count the engine
//! starts or stops first. One policy for every front end: the UCI engine and the page's worker.

use super::{Clock, Info, Limits, SearchResult, Searcher};
use crate::san::move_facts;
use crate::{CountAction, Game};

/// What the engine does at its turn: a count action (counting on request), or the search's
/// move.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Start or stop a count before moving: the engine's turn goes on after it.
    Count(CountAction),
    /// The search's answer.
    Move(SearchResult),
}

impl Searcher {
    /// Searches the current position of `game`: its earlier positions count for repetitions,
    /// and the square its last move went to is the limits' `focus` (a level overlooks long
    /// moves far from it more easily).
    pub fn search_game(
        &mut self,
        game: &Game,
        mut limits: Limits,
        clock: &mut dyn Clock,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        limits.focus = game.moves().last().map(|m| m.to());
        self.search(
            game.position(),
            &game.history_hashes(),
            &limits,
            clock,
            on_info,
        )
    }

    /// The engine's turn in `game`. On request it starts a count when it may, except where it
    /// stopped one (to mate: it would start it again forever); a mate during its own count
    /// would be a draw (docs/rules.md), so it stops the count first and mates at its next
    /// call. Otherwise, and with automatic counting, the search's move.
    ///
    /// ```
    /// use makruk::search::{Limits, NoClock, Reply, Searcher};
    /// use makruk::{CountAction, Counting, Game};
    ///
    /// let mut searcher = Searcher::new(1);
    /// // White mates with Rb8; Black's Met keeps White able to count
    /// let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/mR6 w - - 0 1")
    ///     .unwrap()
    ///     .with_counting(Counting::Request);
    /// let mut reply = || searcher.reply(&game, Limits::depth(4), &mut NoClock, &mut |_| {});
    /// assert_eq!(reply(), Reply::Count(CountAction::Start));
    /// game.start_count().unwrap();
    /// let mut reply = || searcher.reply(&game, Limits::depth(4), &mut NoClock, &mut |_| {});
    /// assert_eq!(reply(), Reply::Count(CountAction::Stop)); // Rb8# would draw in its count
    /// game.stop_count().unwrap();
    /// match searcher.reply(&game, Limits::depth(4), &mut NoClock, &mut |_| {}) {
    ///     Reply::Move(result) => assert_eq!(result.best.unwrap().to_string(), "b1b8"),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn reply(
        &mut self,
        game: &Game,
        limits: Limits,
        clock: &mut dyn Clock,
        on_info: &mut dyn FnMut(&Info),
    ) -> Reply {
        let ply = game.moves().len();
        let stopped_here = game.count_actions_at(ply).any(|a| a == CountAction::Stop);
        if game.can_start_count().is_ok() && !stopped_here {
            return Reply::Count(CountAction::Start);
        }
        let result = self.search_game(game, limits, clock, on_info);
        let mates = result
            .best
            .and_then(|m| move_facts(game.position(), m))
            .is_some_and(|f| f.mate);
        if mates && game.can_stop_count().is_ok() {
            return Reply::Count(CountAction::Stop);
        }
        Reply::Move(result)
    }
}
