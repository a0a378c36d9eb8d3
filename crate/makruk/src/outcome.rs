//! How a game ends: [`Outcome`], who won and the [`Reason`]. Below the position, whose own
//! verdict (`Position::outcome`) is one, and the game, which adds a resignation, a loss on
//! time and repetition.

use crate::types::Color;
use std::fmt;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move: the other side wins.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// The count passed its limit: a draw.
    Counting,
    /// The same placement with the same side to move occurred a third time: a draw.
    Repetition,
    /// Neither side can mate any more: a draw.
    Material,
    /// Kar Ouk: the side that moved gave check (its last check left), and wins.
    Check,
    /// A side resigned: the other side wins.
    Resign,
    /// A side ran out of time: the other side wins.
    Time,
    /// A side ran out of time, but the other side could not mate any more: a draw.
    TimeNoMate,
    /// A side accepted the other's offer of a draw: a draw.
    Agreement,
}

impl Reason {
    /// Every reason, in the order above.
    pub const ALL: [Reason; 10] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Counting,
        Reason::Repetition,
        Reason::Material,
        Reason::Check,
        Reason::Resign,
        Reason::Time,
        Reason::TimeNoMate,
        Reason::Agreement,
    ];

    /// The lowercase name used by the UCI `d` command and the wasm API.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Counting => "counting",
            Reason::Repetition => "repetition",
            Reason::Material => "material",
            Reason::Check => "check",
            Reason::Resign => "resign",
            Reason::Time => "time",
            Reason::TimeNoMate => "timeNoMate",
            Reason::Agreement => "agreement",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: who won (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// "1-0", "0-1" or "1/2-1/2".
    pub const fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Reason;

    /// `ALL` holds each reason once, in the order of the enum (a new reason needs its place
    /// in this match to compile; the last place is the list's length).
    #[test]
    fn all_holds_every_reason_in_order() {
        let place = |r: Reason| match r {
            Reason::Checkmate => 0,
            Reason::Stalemate => 1,
            Reason::Counting => 2,
            Reason::Repetition => 3,
            Reason::Material => 4,
            Reason::Check => 5,
            Reason::Resign => 6,
            Reason::Time => 7,
            Reason::TimeNoMate => 8,
            Reason::Agreement => 9,
        };
        let places: Vec<usize> = Reason::ALL.iter().map(|&r| place(r)).collect();
        assert_eq!(places, (0..=place(Reason::Agreement)).collect::<Vec<_>>());
        let names: std::collections::HashSet<&str> = Reason::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), Reason::ALL.len());
    }
}
