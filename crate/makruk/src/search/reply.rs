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

/// The static evaluation (centi-Bia, the side to move's) from which the engine hopes to win
/// rather than to draw, and so starts no count on request.
const HOPES_TO_WIN: i32 = 150;

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

    /// The engine's turn in `game`. On request it starts a count when it may and does not
    /// hope to win (its static evaluation under `HOPES_TO_WIN`: a count binds the side that
    /// would mate), except where it stopped one (to mate: it would start it again forever); a
    /// mate during its own count would be a draw (docs/rules.md), so it stops the count first
    /// and mates at its next call. Otherwise, and with automatic counting, the search's move.
    ///
    /// ```
    /// use makruk::search::{Limits, NoClock, Reply, Searcher};
    /// use makruk::{CountAction, Counting, Game};
    ///
    /// let mut searcher = Searcher::new(1);
    /// let mut reply = |game: &Game| searcher.reply(game, Limits::depth(4), &mut NoClock, &mut |_| {});
    /// // Black, a bare Khun against a Ruea, hopes for a draw: it starts the count
    /// let fen = "7k/8/6K1/8/8/8/8/1R6 b - - 0 1";
    /// let game = Game::from_fen(fen).unwrap().with_counting(Counting::Request);
    /// assert_eq!(reply(&game), Reply::Count(CountAction::Start));
    /// // White, who mates with Rb8, starts none (Black's Met would let it count)
    /// let fen = "7k/8/6K1/8/8/8/8/mR6 w - - 0 1";
    /// let mut game = Game::from_fen(fen).unwrap().with_counting(Counting::Request);
    /// let best = |r: Reply| match r {
    ///     Reply::Move(result) => result.best.unwrap().to_string(),
    ///     other => panic!("{other:?}"),
    /// };
    /// assert_eq!(best(reply(&game)), "b1b8");
    /// // in a count of its own it stops the count first: Rb8# would draw in it
    /// game.start_count().unwrap();
    /// assert_eq!(reply(&game), Reply::Count(CountAction::Stop));
    /// game.stop_count().unwrap();
    /// assert_eq!(best(reply(&game)), "b1b8");
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
        if game.can_start_count().is_ok()
            && !stopped_here
            && self.evaluate(game.position()) < HOPES_TO_WIN
        {
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
