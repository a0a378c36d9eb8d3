//! `Game`: a start position and the moves played, with undo, threefold repetition, the count
//! actions on request and the end-of-game verdict (a resignation and a loss on time included).
//! Above the position and the notations; PGN is above the game (`Game::pgn` is in pgn/write.rs).

use crate::counting::{Count, CountError, Counting};
use crate::explain::Illegal;
use crate::fen::ParseFenError;
use crate::movegen::MoveList;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::san::{to_san, ParseMoveError};
use crate::types::{Color, Move, Square};
use crate::variant::Variant;
use std::fmt;

/// The game is over: it takes no more moves, no resignation and no loss on time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameOverError(pub Outcome);

impl fmt::Display for GameOverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game is over ({} by {}): no more moves",
            self.0.result_str(),
            self.0.reason
        )
    }
}

impl std::error::Error for GameOverError {}

/// Why [`Game::play`] or [`Game::play_str`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a legal move of the position (`play_str`).
    Parse(ParseMoveError),
    /// The move is not legal in the position.
    Illegal(IllegalMoveError),
    /// The game is over (by the rules, a resignation or time).
    GameOver(GameOverError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Parse(e) => e.fmt(f),
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::GameOver(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

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

impl CountAction {
    /// The action made at `ply` (the number of moves before it) as a game's count record
    /// writes it, in links and saved games: `<ply>s` starts a count, `<ply>x` stops one.
    ///
    /// ```
    /// use makruk::CountAction;
    ///
    /// assert_eq!(CountAction::Start.record(0), "0s");
    /// assert_eq!(CountAction::read_record("12x"), Some((12, CountAction::Stop)));
    /// assert_eq!(CountAction::read_record("12y"), None);
    /// ```
    pub fn record(self, ply: usize) -> String {
        let letter = match self {
            CountAction::Start => 's',
            CountAction::Stop => 'x',
        };
        format!("{ply}{letter}")
    }

    /// Reads one entry of a count record (see [`record`](Self::record)): one to four digits,
    /// then `s` or `x`; `None` when it is not one.
    pub fn read_record(entry: &str) -> Option<(usize, CountAction)> {
        // (bytes, not slices of the text: a slice's panic path would add Unicode tables to
        // the wasm module)
        let (last, digits) = entry.as_bytes().split_last()?;
        let action = match last {
            b's' => CountAction::Start,
            b'x' => CountAction::Stop,
            _ => return None,
        };
        if !(1..=4).contains(&digits.len()) {
            return None;
        }
        let mut ply = 0;
        for &b in digits {
            if !b.is_ascii_digit() {
                return None;
            }
            ply = ply * 10 + usize::from(b - b'0');
        }
        Some((ply, action))
    }
}

/// A count action of a record that the game refused (see [`Game::apply_count_record`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountRecordError {
    /// The action refused.
    pub action: CountAction,
    /// Why.
    pub error: CountError,
}

impl fmt::Display for CountRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "count {}: {}", self.action, self.error)
    }
}

impl std::error::Error for CountRecordError {}

impl fmt::Display for CountAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game: the start position, the moves played and the position after each.
///
/// One policy for the end of a game: a game is over when the rules end it (checkmate,
/// counting, repetition, ...), when a side resigns or when a side has run out of time;
/// [`outcome`](Self::outcome) says which, and a game that is over takes no more moves.
/// [`undo`](Self::undo) takes the last move back, with a resignation or a loss on time after
/// it. To analyse a line that goes on past the end (UCI's `position`, where a GUI may judge
/// the end otherwise), make the game [`for_analysis`](Self::for_analysis).
///
/// ```
/// use makruk::{Color, Game, Outcome, PlayError, Reason};
///
/// let mut game = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
/// assert_eq!(game.outcome(), None);
/// game.play_str("Rh8").unwrap();
/// let mate = Outcome { winner: Some(Color::White), reason: Reason::Checkmate };
/// assert_eq!(game.outcome(), Some(mate));
/// assert_eq!(game.result_str(), "1-0");
/// assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("h1h8"));
///
/// // Black resigns: the game is over and refuses moves, until the resignation is undone.
/// game.play_str("Rh2").unwrap();
/// let resigned = game.resign(Color::Black).unwrap();
/// assert_eq!(resigned, Outcome { winner: Some(Color::White), reason: Reason::Resign });
/// assert_eq!(game.outcome(), Some(resigned));
/// assert!(matches!(game.play_str("Kb8"), Err(PlayError::GameOver(_))));
/// assert!(game.lose_on_time(Color::White).is_err());
/// game.undo();
/// assert_eq!(game.outcome(), None);
///
/// // White's flag falls: a loss, or a draw when Black could not mate any more.
/// let flag = game.lose_on_time(Color::White).unwrap();
/// assert_eq!(flag, Outcome { winner: None, reason: Reason::TimeNoMate });
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
    /// A resignation or a loss on time in the current position, with the side that resigned
    /// or ran out of time.
    ended: Option<(Color, Outcome)>,
    /// Moves are played after the end (analysis).
    analysis: bool,
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
            ended: None,
            analysis: false,
        }
    }

    /// A game from the current position with the other side to move, as if the side to move
    /// passed (a lesson's other side does, so that one side makes all the moves); its counts
    /// start as this game's. `None` when the side to move is in check: it may not pass.
    ///
    /// ```
    /// use makruk::{Color, Game};
    ///
    /// let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// game.play_str("Ra7").unwrap();
    /// let passed = game.passed().unwrap();
    /// assert_eq!(passed.position().turn(), Color::White);
    /// assert!(passed.moves().is_empty());
    /// game.play_str("Kd8").unwrap();
    /// game.play_str("Ra8").unwrap();
    /// assert!(game.passed().is_none(), "Black is in check");
    /// ```
    pub fn passed(&self) -> Option<Game> {
        let mut pos = *self.position();
        if pos.in_check() {
            return None;
        }
        pos.play_null();
        Some(Game::new(pos).with_counting(self.counting))
    }

    /// The same game, not yet played, with counts that start by themselves (`Auto`) or only
    /// on request.
    pub fn with_counting(mut self, counting: Counting) -> Game {
        self.counting = counting;
        self
    }

    /// The same game for analysis: it takes moves after its end, whose verdict
    /// [`outcome`](Self::outcome) still reports for the position reached (a move clears a
    /// resignation or a loss on time). For lines to analyse, never for a game being played.
    ///
    /// ```
    /// use makruk::Game;
    ///
    /// let mut bare = Game::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert!(bare.play_str("Kd1").is_err(), "a draw: the game is over");
    /// let mut line = bare.for_analysis();
    /// line.play_str("Kd1").unwrap();
    /// ```
    pub fn for_analysis(mut self) -> Game {
        self.analysis = true;
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

    /// The count actions made as a record (links and saved games keep it): `["0s", "4x"]`,
    /// each written by [`CountAction::record`].
    pub fn count_record(&self) -> Vec<String> {
        self.actions.iter().map(|&(ply, a)| a.record(ply)).collect()
    }

    /// The count actions made at `ply` (the number of moves before them), in their order.
    pub fn count_actions_at(&self, ply: usize) -> impl Iterator<Item = CountAction> + '_ {
        self.actions
            .iter()
            .filter(move |&&(at, _)| at == ply)
            .map(|&(_, a)| a)
    }

    /// Makes the actions of a count record (see [`count_record`](Self::count_record)) that
    /// were made at the current ply (the number of moves played), in their order; entries
    /// that are not well formed are skipped (a record comes from links and storage). Replaying
    /// a line, call it before the first move and after each.
    ///
    /// ```
    /// use makruk::{CountAction, Counting, Game};
    ///
    /// let mut game = Game::from_fen("4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1")
    ///     .unwrap()
    ///     .with_counting(Counting::Request);
    /// let record = ["0s", "junk", "1x"];
    /// game.apply_count_record(record).unwrap();
    /// assert_eq!(game.count_record(), ["0s"]);
    /// game.play_str("a2a3").unwrap();
    /// // at ply 1 Black is to move: White counts, and stops only at its own turn
    /// let refused = game.apply_count_record(record).unwrap_err();
    /// assert_eq!(refused.action, CountAction::Stop);
    /// ```
    pub fn apply_count_record<S: AsRef<str>>(
        &mut self,
        record: impl IntoIterator<Item = S>,
    ) -> Result<(), CountRecordError> {
        let ply = self.moves.len();
        for entry in record {
            match CountAction::read_record(entry.as_ref()) {
                Some((at, action)) if at == ply => self
                    .count_action(action)
                    .map_err(|error| CountRecordError { action, error })?,
                _ => {}
            }
        }
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

    /// Plays a legal move; a game that is over (see [`outcome`](Self::outcome)) takes none.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check_on()?;
        let pos = *self.position();
        if !pos.is_legal(m) {
            return Err(PlayError::Illegal(IllegalMoveError {
                uci: m.to_string(),
                fen: pos.fen(),
            }));
        }
        let mut next = pos;
        next.play_counting(m, self.counting);
        self.positions.push(next);
        self.moves.push(m);
        self.ended = None;
        Ok(())
    }

    /// The moves the side to move may play: the position's legal moves, or none once the
    /// game is over (a game that is over takes no move; see [`play`](Self::play)).
    ///
    /// ```
    /// use makruk::{Color, Game};
    ///
    /// let mut game = Game::startpos();
    /// assert_eq!(game.legal_moves().len(), 23);
    /// game.resign(Color::White).unwrap();
    /// assert!(game.legal_moves().is_empty());
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        match self.check_on() {
            Ok(()) => self.position().legal_moves(),
            Err(_) => MoveList::new(),
        }
    }

    /// Why the side to move may not move from `from` to `to` now, or `None` when it may:
    /// [`Illegal::GameOver`] once the game is over, else the position's reason
    /// ([`Position::why_illegal`]).
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<Illegal> {
        match self.check_on() {
            Ok(()) => self.position().why_illegal(from, to),
            Err(_) => Some(Illegal::GameOver),
        }
    }

    /// Refuses a move when the game is over (not in analysis).
    fn check_on(&self) -> Result<(), PlayError> {
        match self.outcome() {
            Some(outcome) if !self.analysis => Err(PlayError::GameOver(GameOverError(outcome))),
            _ => Ok(()),
        }
    }

    /// Reads a move in UCI form or SAN and plays it; returns the move.
    pub fn play_str(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_on()?;
        let m = self.position().parse_move(s).map_err(PlayError::Parse)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move, with the count actions made after it and a resignation or a
    /// loss on time, and returns it (`None` at the start, where a resignation stays).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        let n = self.moves.len();
        self.actions.retain(|&(ply, _)| ply <= n);
        self.ended = None;
        Some(m)
    }

    /// `color` resigns: the other side wins. Refused when the game is already over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.end(
            color,
            Outcome {
                winner: Some(color.other()),
                reason: Reason::Resign,
            },
        )
    }

    /// `color` has run out of time: the other side wins, or the game is drawn when it could
    /// not mate any more (docs/rules.md). Refused when the game is already over.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        let winner = color.other();
        let outcome = if self.position().can_mate(winner) {
            Outcome {
                winner: Some(winner),
                reason: Reason::Time,
            }
        } else {
            Outcome {
                winner: None,
                reason: Reason::TimeNoMate,
            }
        };
        self.end(color, outcome)
    }

    /// `color` accepts the other side's offer of a draw: the game is drawn by agreement.
    /// Refused when the game is already over.
    pub fn agree_draw(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.end(
            color,
            Outcome {
                winner: None,
                reason: Reason::Agreement,
            },
        )
    }

    fn end(&mut self, color: Color, outcome: Outcome) -> Result<Outcome, GameOverError> {
        if let Some(over) = self.outcome() {
            return Err(GameOverError(over));
        }
        self.ended = Some((color, outcome));
        Ok(outcome)
    }

    /// The side that resigned or ran out of time in the current position, with the end it
    /// made (`None` when no player ended the game).
    pub fn ended_by(&self) -> Option<(Color, Outcome)> {
        self.ended
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move after the first `ply` moves (the start's side when `ply` is even).
    pub fn turn_at(&self, ply: usize) -> Color {
        let first = self.start().turn();
        if ply.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
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

    /// The end of the game, if it has ended: a resignation or a loss on time, else by the
    /// rules: checkmate or stalemate, then counting, then repetition, then insufficient
    /// material (the reference engine's order). On request, a mate given by the counting
    /// side while its count runs is a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((_, outcome)) = self.ended {
            return Some(outcome);
        }
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
}
