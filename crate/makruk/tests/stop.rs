//! A stop request ends a search within 1,024 nodes of being made (the clock is asked every
//! 1,024 nodes; at most one node follows the one that heard it): what UCI's `stop` relies on.
//! How long those nodes take is a benchmark's figure (`node scripts/timing-bench.mjs stop`),
//! not a test's.

use makruk::search::{Clock, Limits, Searcher};
use makruk::Position;

/// Answers "stop" from its `stop_at`-th question on, and counts the questions.
struct StopAt {
    asked: u64,
    stop_at: u64,
}

impl Clock for StopAt {
    fn elapsed_ms(&mut self) -> u64 {
        0
    }
    fn stopped(&mut self) -> bool {
        self.asked += 1;
        self.asked >= self.stop_at
    }
}

#[test]
fn an_infinite_search_stops_within_1024_nodes_of_the_request() {
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    for stop_at in [1, 2, 40, 300] {
        let mut searcher = Searcher::new(8);
        let mut clock = StopAt { asked: 0, stop_at };
        let result = searcher.search(&Position::default(), &[], &limits, &mut clock, &mut |_| {});
        assert!(
            result.nodes <= stop_at * 1024 + 1,
            "stop asked for at question {stop_at}: {} nodes",
            result.nodes
        );
        assert!(result.best.is_some(), "a move even when stopped at once");
    }
}
