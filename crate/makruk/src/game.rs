//! `Game`: a start position and the moves played, with undo, threefold repetition, the
//! end-of-game verdict and PGN.

use crate::counting::{Count, CountError, Counting};
use crate::fen::ParseFenError;
use crate::position::Position;
use crate::san::{to_san, ParseMoveError};
use crate::types::{Color, Move};
use crate::variant::Variant;
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
}

impl Reason {
    /// The lowercase name used by the UCI `d` command and the wasm API.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Counting => "counting",
            Reason::Repetition => "repetition",
            Reason::Material => "material",
            Reason::Check => "check",
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

/// A move that is not legal in the game's current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move in UCI form.
    pub uci: String,
    /// The position it was tried in.
    pub fen: String,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} is not legal in {}", self.uci, self.fen)
    }
}

impl std::error::Error for IllegalMoveError {}

/// A count started or stopped on request.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CountAction {
    /// The side to move started a count.
    Start,
    /// The counting side stopped its count.
    Stop,
}

impl CountAction {
    /// "start" or "stop".
    pub const fn name(self) -> &'static str {
        match self {
            CountAction::Start => "start",
            CountAction::Stop => "stop",
        }
    }
}

impl fmt::Display for CountAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game: the start position, the moves played and the position after each.
///
/// ```
/// use makruk::{Color, Game, Outcome, Reason};
///
/// let mut game = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
/// assert_eq!(game.outcome(), None);
/// game.play_str("Rh8").unwrap();
/// let mate = Outcome { winner: Some(Color::White), reason: Reason::Checkmate };
/// assert_eq!(game.outcome(), Some(mate));
/// assert_eq!(game.result_str(), "1-0");
/// assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("h1h8"));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// The start position, before any count action.
    start: Position,
    /// `positions[i]` follows `moves[i - 1]` (`positions[0]` the start) and the count
    /// actions made at ply `i`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    counting: Counting,
    /// The count actions with the ply they were made at (the number of moves before them).
    actions: Vec<(usize, CountAction)>,
}

impl Default for Game {
    fn default() -> Game {
        Game::startpos()
    }
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            positions: vec![start],
            moves: Vec::new(),
            counting: Counting::Auto,
            actions: Vec::new(),
        }
    }

    /// The same game, not yet played, with counts that start by themselves (`Auto`) or only
    /// on request.
    pub fn with_counting(mut self, counting: Counting) -> Game {
        self.counting = counting;
        self
    }

    /// How counts start in this game.
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// The count actions made, each with its ply (the number of moves played before it).
    pub fn count_actions(&self) -> &[(usize, CountAction)] {
        &self.actions
    }

    /// Whether the side to move may start a count now (counting on request).
    pub fn can_start_count(&self) -> Result<(), CountError> {
        self.check_request()?;
        let mut pos = *self.position();
        pos.start_count()
    }

    /// Whether the side to move may stop the running count now (counting on request).
    pub fn can_stop_count(&self) -> Result<(), CountError> {
        self.check_request()?;
        let mut pos = *self.position();
        pos.stop_count()
    }

    /// The side to move starts a count (docs/rules.md, counting on request); returns it.
    pub fn start_count(&mut self) -> Result<Count, CountError> {
        self.check_request()?;
        self.last_mut().start_count()?;
        self.actions.push((self.moves.len(), CountAction::Start));
        Ok(self.position().count().expect("a count just started runs"))
    }

    /// The counting side stops its count at its turn.
    pub fn stop_count(&mut self) -> Result<(), CountError> {
        self.check_request()?;
        self.last_mut().stop_count()?;
        self.actions.push((self.moves.len(), CountAction::Stop));
        Ok(())
    }

    /// Makes a count action (for replaying a record).
    pub fn count_action(&mut self, action: CountAction) -> Result<(), CountError> {
        match action {
            CountAction::Start => self.start_count().map(|_| ()),
            CountAction::Stop => self.stop_count(),
        }
    }

    fn check_request(&self) -> Result<(), CountError> {
        if self.counting != Counting::Request {
            Err(CountError::Automatic)
        } else if self.outcome().is_some() {
            Err(CountError::GameOver)
        } else {
            Ok(())
        }
    }

    fn last_mut(&mut self) -> &mut Position {
        let last = self.positions.len() - 1;
        &mut self.positions[last]
    }

    /// A Makruk game from the start position.
    pub fn startpos() -> Game {
        Game::new(Position::startpos())
    }

    /// A game from the start position of `variant`.
    pub fn startpos_variant(variant: Variant) -> Game {
        Game::new(Position::startpos_variant(variant))
    }

    /// A Makruk game starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, ParseFenError> {
        Position::from_fen(fen).map(Game::new)
    }

    /// A game of `variant` starting from a FEN.
    pub fn from_fen_variant(fen: &str, variant: Variant) -> Result<Game, ParseFenError> {
        Position::from_fen_variant(fen, variant).map(Game::new)
    }

    /// The rules the game follows (its start position's).
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // Never empty: `new` pushes the start and `undo` keeps it.
        &self.positions[self.positions.len() - 1]
    }

    /// The positions from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The hashes of the positions before the current one (for the search's repetition check).
    pub fn history_hashes(&self) -> Vec<u64> {
        let n = self.positions.len() - 1;
        self.positions[..n].iter().map(|p| p.hash()).collect()
    }

    /// Plays a legal move. Moves after the game has ended are allowed (for analysis);
    /// check `outcome()` first to stop play.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let pos = *self.position();
        if !pos.is_legal(m) {
            return Err(IllegalMoveError {
                uci: m.to_string(),
                fen: pos.fen(),
            });
        }
        let mut next = pos;
        next.play_counting(m, self.counting);
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Reads a move in UCI form or SAN and plays it; returns the move.
    pub fn play_str(&mut self, s: &str) -> Result<Move, ParseMoveError> {
        let m = self.position().parse_move(s)?;
        self.play(m).expect("parse_move returns legal moves");
        Ok(m)
    }

    /// Takes back the last move, with the count actions made after it, and returns it
    /// (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        let n = self.moves.len();
        self.actions.retain(|&(ply, _)| ply <= n);
        Some(m)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in SAN.
    pub fn san_history(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| to_san(p, m))
            .collect()
    }

    /// True when the current placement with the same side to move occurred at least twice
    /// before (threefold repetition; the counting fields do not matter).
    pub fn is_repetition(&self) -> bool {
        let cur = self.position();
        // Same side to move: every second position back from the current one.
        let mut seen = 1;
        for p in self.positions.iter().rev().skip(2).step_by(2) {
            if p.same_placement(cur) {
                seen += 1;
                if seen >= 3 {
                    return true;
                }
            }
        }
        false
    }

    /// The end of the game, if it has ended: checkmate or stalemate, then counting, then
    /// repetition, then insufficient material (the reference engine's order).
    /// On request, a mate given by the counting side while its count runs is a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        match pos.outcome() {
            Some(Outcome {
                winner: Some(winner),
                ..
            }) if self.counting == Counting::Request
                && pos.count().is_some_and(|c| c.side == winner) =>
            {
                Some(Outcome {
                    winner: None,
                    reason: Reason::Counting,
                })
            }
            Some(o) if o.reason != Reason::Material => Some(o),
            material => {
                if self.is_repetition() {
                    Some(Outcome {
                        winner: None,
                        reason: Reason::Repetition,
                    })
                } else {
                    material
                }
            }
        }
    }

    /// "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    pub fn result_str(&self) -> &'static str {
        self.outcome().map_or("*", |o| o.result_str())
    }

    /// The game as PGN, with the variant's tag (`[Variant "makruk"]` or `"cambodian"`) and
    /// `SetUp`/`FEN` tags unless it starts from the variant's start position.
    pub fn pgn(&self) -> String {
        crate::pgn::write(self, &[])
    }
}
