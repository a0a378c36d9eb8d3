//! The game record: a whole [`Game`] as one line of text (variant, start position, counting
//! mode, the moves, the count actions at their ply, and an end by resignation, time or a draw
//! agreed), which
//! the engine worker, the review, links and saved games pass instead of a FEN and a move list,
//! so that only the core replays a game. Also the move numbers of a game's plies.
//!
//! The text, version 1, uses only characters that a URL keeps as they are
//! (`A-Z a-z 0-9 - . _ ~` and `/`):
//!
//! ```text
//! 1.<variant>.<counting>.<start FEN>.<play>
//! ```
//!
//! - `<variant>`: `makruk`, `cambodian`, `makpong` or `karouk`;
//! - `<counting>`: `auto` or `request`;
//! - `<start FEN>`: empty for the variant's start position, else the FEN with `_` for each
//!   space and `-` for the `+` of Kar Ouk's checks field (`..._-_1-1_3_20`; a promoted Bia
//!   keeps its `~`);
//! - `<play>`: tokens joined by `-`, in the order they happened: a move in UCI (`e3e4`,
//!   `a5a6m`), `s` (the side to move started a count), `x` (the counting side stopped it),
//!   and last, if a player ended the game, `rw`/`rb` (White/Black resigned), `tw`/`tb`
//!   (White's/Black's time ran out) or `dw`/`db` (White/Black accepted a draw offered).
//!
//! ```
//! use makruk::{Counting, Game};
//!
//! let text = "1.makruk.request.8/8/8/3k4/8/8/8/K2S4_w_-_-_0_1.a1b2-s-d5e5";
//! let game = Game::from_record(text).unwrap();
//! assert_eq!(game.counting(), Counting::Request);
//! assert_eq!(game.moves().len(), 2);
//! assert!(game.position().count().is_some(), "the count started at ply 1 runs");
//! assert_eq!(game.record(), text);
//! assert_eq!(Game::startpos().record(), "1.makruk.auto..");
//! ```

use crate::counting::{CountError, Counting, ParseCountingError};
use crate::fen::ParseFenError;
use crate::game::{CountAction, Game, GameOverError, PlayError};
use crate::outcome::Reason;
use crate::types::{shorten, Color};
use crate::variant::{ParseVariantError, Variant};
use std::fmt;

/// The version of the record's text that [`Game::record`] writes and [`Game::from_record`]
/// reads.
pub const RECORD_VERSION: &str = "1";

/// Longest record read, in bytes (a game of a thousand moves is some 5,000).
pub const MAX_RECORD: usize = 32_768;

/// Why a record could not be read, in whole or from some point on (see
/// [`Game::read_record`]). The message names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Longer than [`MAX_RECORD`] bytes (the length given).
    TooLong(usize),
    /// Not five fields separated by `.` (the number found).
    Fields(usize),
    /// A version this reader does not know (the text found).
    Version(String),
    /// An unknown variant.
    Variant(ParseVariantError),
    /// An unknown counting mode.
    Counting(ParseCountingError),
    /// The start position is not a FEN of the variant.
    Fen(ParseFenError),
    /// A token after an end (which must be the last).
    Token {
        /// The number of moves before it.
        ply: usize,
        /// The token (shortened if long).
        token: String,
    },
    /// A move the game refused.
    Move {
        /// The number of moves before it.
        ply: usize,
        /// Why.
        error: PlayError,
    },
    /// A count action the game refused.
    Count {
        /// The number of moves before it.
        ply: usize,
        /// The action.
        action: CountAction,
        /// Why.
        error: CountError,
    },
    /// A resignation or a loss on time in a game already over.
    End {
        /// The number of moves before it.
        ply: usize,
        /// The end the game had.
        error: GameOverError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLong(n) => {
                write!(f, "the record is too long ({n} bytes; at most {MAX_RECORD})")
            }
            RecordError::Fields(n) => write!(
                f,
                "the record needs 5 fields (version.variant.counting.fen.play), found {n}"
            ),
            RecordError::Version(v) => write!(
                f,
                "the record's version '{v}' is unknown (this page reads {RECORD_VERSION})"
            ),
            RecordError::Variant(e) => write!(f, "the record's variant: {e}"),
            RecordError::Counting(e) => write!(f, "the record's counting: {e}"),
            RecordError::Fen(e) => write!(f, "the record's start position: {e}"),
            RecordError::Token { ply, token } => write!(
                f,
                "the record's {}: '{token}' comes after the game's end (a resignation or a loss on time)",
                at(*ply)
            ),
            RecordError::Move { ply, error } => write!(f, "the record's {}: {error}", at(*ply)),
            RecordError::Count { ply, action, error } => {
                write!(f, "the record's {}: count {action}: {error}", at(*ply))
            }
            RecordError::End { ply, error } => write!(f, "the record's {}: {error}", at(*ply)),
        }
    }
}

/// The record's FEN as a FEN: `_` a space, and a `-` between two digits the `+` of Kar Ouk's
/// checks (no other field has a `-` beside a digit).
fn record_fen(fen: &str) -> String {
    let b = fen.as_bytes();
    let digit = |k: Option<usize>| k.and_then(|k| b.get(k)).is_some_and(u8::is_ascii_digit);
    b.iter()
        .enumerate()
        .map(|(k, &c)| match c {
            b'_' => ' ',
            b'-' if digit(k.checked_sub(1)) && digit(Some(k + 1)) => '+',
            c => char::from(c),
        })
        .collect()
}

/// "ply 12" as the messages name a place in the record.
fn at(ply: usize) -> String {
    format!("ply {}", ply + 1)
}

impl std::error::Error for RecordError {}

/// One token of the play field.
enum Token {
    Move,
    Count(CountAction),
    End(Color, Reason),
}

impl Token {
    /// Reads a token; what is not a count action or an end is a move (UCI, or SAN in a line
    /// that a link gives), which the game judges.
    fn read(text: &str) -> Token {
        let color = |c: u8| match c {
            b'w' => Some(Color::White),
            b'b' => Some(Color::Black),
            _ => None,
        };
        let end = |how, c: &u8| color(*c).map_or(Token::Move, |c| Token::End(c, how));
        match text.as_bytes() {
            b"s" => Token::Count(CountAction::Start),
            b"x" => Token::Count(CountAction::Stop),
            [b'r', c] => end(Reason::Resign, c),
            [b't', c] => end(Reason::Time, c),
            [b'd', c] => end(Reason::Agreement, c),
            _ => Token::Move,
        }
    }
}

impl Game {
    /// The game as its record's text (see the [module](self)): what [`from_record`]
    /// (Self::from_record) reads back into the same game.
    pub fn record(&self) -> String {
        let start = self.start();
        let fen = if start.fen() == self.variant().start_fen() {
            String::new()
        } else {
            start.fen().replace(' ', "_").replace('+', "-")
        };
        let mut tokens: Vec<String> = Vec::new();
        for ply in 0..=self.moves().len() {
            if ply > 0 {
                tokens.push(self.moves()[ply - 1].to_string());
            }
            tokens.extend(self.count_actions_at(ply).map(|a| match a {
                CountAction::Start => "s".to_string(),
                CountAction::Stop => "x".to_string(),
            }));
        }
        if let Some((color, outcome)) = self.ended_by() {
            let how = match outcome.reason {
                Reason::Resign => 'r',
                Reason::Agreement => 'd',
                _ => 't',
            };
            tokens.push(format!("{how}{}", color.name().as_bytes()[0] as char));
        }
        format!(
            "{RECORD_VERSION}.{}.{}.{fen}.{}",
            self.variant(),
            self.counting(),
            tokens.join("-")
        )
    }

    /// Reads a record's text (see the [module](self)) into the game it holds; the first thing
    /// wrong is the error. To keep what comes before a refused token, use
    /// [`read_record`](Self::read_record).
    ///
    /// ```
    /// use makruk::{Game, RecordError};
    ///
    /// let e = Game::from_record("1.makruk.auto..e3e4-e4e5").unwrap_err();
    /// assert!(matches!(e, RecordError::Move { ply: 1, .. }));
    /// assert!(e.to_string().starts_with("the record's ply 2: "));
    /// ```
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        match Game::read_record(text)? {
            (game, None) => Ok(game),
            (_, Some(error)) => Err(error),
        }
    }

    /// Reads a record's text, keeping what it could: an error in the header (version,
    /// variant, counting, start position) is `Err`; a move, count action or end that is
    /// refused gives the game up to it with the error (everything after it is dropped).
    ///
    /// ```
    /// use makruk::Game;
    ///
    /// let (game, dropped) = Game::read_record("1.makruk.auto..e3e4-zz-d6d5").unwrap();
    /// assert_eq!(game.moves().len(), 1);
    /// assert!(dropped.unwrap().to_string().starts_with("the record's ply 2: "));
    /// ```
    pub fn read_record(text: &str) -> Result<(Game, Option<RecordError>), RecordError> {
        let (mut game, play) = Game::record_header(text)?;
        let error = play
            .split('-')
            .filter(|t| !t.is_empty())
            .try_for_each(|token| game.record_token(token))
            .err();
        Ok((game, error))
    }

    /// The game a record's header sets up (no move played yet).
    fn record_header(text: &str) -> Result<(Game, &str), RecordError> {
        if text.len() > MAX_RECORD {
            return Err(RecordError::TooLong(text.len()));
        }
        let fields: Vec<&str> = text.split('.').collect();
        let n = fields.len();
        if n < 5 {
            return Err(RecordError::Fields(n));
        }
        let [version, variant, counting] = [fields[0], fields[1], fields[2]];
        // the FEN between the third `.` and the last: a bad one is named as a FEN
        let (fen, play) = (fields[3..n - 1].join("."), fields[n - 1]);
        if version != RECORD_VERSION {
            return Err(RecordError::Version(shorten(version)));
        }
        let variant: Variant = variant.parse().map_err(RecordError::Variant)?;
        let counting: Counting = counting.parse().map_err(RecordError::Counting)?;
        let game = if fen.is_empty() {
            Game::startpos_variant(variant)
        } else {
            Game::from_fen_variant(&record_fen(&fen), variant).map_err(RecordError::Fen)?
        };
        Ok((game.with_counting(counting), play))
    }

    /// Makes one token of the play field (after an end, nothing is taken).
    fn record_token(&mut self, token: &str) -> Result<(), RecordError> {
        let ply = self.moves().len();
        let bad = || RecordError::Token {
            ply,
            token: shorten(token),
        };
        if self.ended_by().is_some() {
            return Err(bad());
        }
        match Token::read(token) {
            Token::Move => self
                .play_str(token)
                .map(|_| ())
                .map_err(|error| RecordError::Move { ply, error }),
            Token::Count(action) => self
                .count_action(action)
                .map_err(|error| RecordError::Count { ply, action, error }),
            Token::End(color, reason) => {
                let ended = match reason {
                    Reason::Resign => self.resign(color),
                    Reason::Agreement => self.agree_draw(color),
                    _ => self.lose_on_time(color),
                };
                ended
                    .map(|_| ())
                    .map_err(|error| RecordError::End { ply, error })
            }
        }
    }

    /// Reads a line as links and older saved games give it, in parts: the variant, the
    /// counting, the start FEN (`None`: the variant's start), the moves (UCI or SAN) and the
    /// count record (`["0s", "4x"]`, see [`CountAction::record`]; entries not well formed are
    /// skipped). As [`read_record`](Self::read_record): a bad FEN is `Err`, a refused move or
    /// count action ends the line there, with the error.
    ///
    /// ```
    /// use makruk::{Counting, Game, Variant};
    ///
    /// let (game, dropped) =
    ///     Game::read_line(Variant::Makruk, Counting::Auto, None, &["e4", "d6d5", "Kd9"], &[]).unwrap();
    /// assert_eq!(game.record(), "1.makruk.auto..e3e4-d6d5");
    /// assert!(dropped.unwrap().to_string().starts_with("the record's ply 3: "));
    /// ```
    pub fn read_line<S: AsRef<str>>(
        variant: Variant,
        counting: Counting,
        fen: Option<&str>,
        moves: &[S],
        counts: &[S],
    ) -> Result<(Game, Option<RecordError>), RecordError> {
        let game = match fen {
            None => Game::startpos_variant(variant),
            Some(fen) => Game::from_fen_variant(fen, variant).map_err(RecordError::Fen)?,
        };
        let mut game = game.with_counting(counting);
        let counts: Vec<(usize, CountAction)> = counts
            .iter()
            .filter_map(|c| CountAction::read_record(c.as_ref()))
            .collect();
        let mut tokens = Vec::new();
        for ply in 0..=moves.len() {
            for &(_, action) in counts.iter().filter(|(at, _)| *at == ply) {
                tokens.push(if action == CountAction::Start {
                    "s"
                } else {
                    "x"
                });
            }
            if let Some(m) = moves.get(ply) {
                tokens.push(m.as_ref());
            }
        }
        let error = tokens
            .into_iter()
            .try_for_each(|token| game.record_token(token))
            .err();
        Ok((game, error))
    }

    /// Takes moves back until `ply` remain (with the count actions and an end after them), as
    /// [`undo`](Self::undo) does one by one; a game shorter than that stays as it is.
    ///
    /// ```
    /// use makruk::Game;
    ///
    /// let mut game = Game::from_record("1.makruk.auto..e3e4-d6d5-rw").unwrap();
    /// game.truncate(1);
    /// assert_eq!(game.record(), "1.makruk.auto..e3e4");
    /// ```
    pub fn truncate(&mut self, ply: usize) {
        while self.moves().len() > ply {
            self.undo();
        }
    }

    /// The move number of the move played at `ply` (the number of moves before it), as the
    /// FEN's move number counts (Black's move has its White move's number): right for every
    /// variant, Kar Ouk's checks field included.
    ///
    /// ```
    /// use makruk::{Game, Variant};
    ///
    /// let fen = "rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR b DEde - 1+1 3 20";
    /// let game = Game::from_fen_variant(fen, Variant::KarOuk).unwrap();
    /// assert_eq!((game.move_number(0), game.move_number(1), game.move_number(2)), (20, 21, 21));
    /// ```
    pub fn move_number(&self, ply: usize) -> u32 {
        let start = self.start();
        let black_first = usize::from(start.turn() == Color::Black);
        let more = u32::try_from((ply + black_first) / 2).unwrap_or(u32::MAX);
        start.fullmove().saturating_add(more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, NoClock, Score, Searcher};

    #[test]
    fn a_whole_game_round_trips_with_its_counts_and_end() {
        let mut game = Game::from_fen("4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1")
            .unwrap()
            .with_counting(Counting::Request);
        game.start_count().unwrap();
        game.play_str("a2a3").unwrap();
        game.play_str("d5d6").unwrap();
        game.stop_count().unwrap();
        game.play_str("a3a4").unwrap();
        game.resign(Color::Black).unwrap();
        let text = game.record();
        assert_eq!(
            text,
            "1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d6-x-a3a4-rb"
        );
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.record(), text);
        assert_eq!(back.count_actions(), game.count_actions());
        assert_eq!(back.outcome(), game.outcome());
        assert_eq!(back.ended_by(), game.ended_by());
        assert_eq!(back.position().fen(), game.position().fen());
    }

    #[test]
    fn every_variant_and_a_loss_on_time_round_trip() {
        for variant in Variant::ALL {
            let mut game = Game::startpos_variant(variant);
            game.play_str("e3e4").unwrap();
            game.lose_on_time(Color::Black).unwrap();
            let text = game.record();
            assert_eq!(text, format!("1.{variant}.auto..e3e4-tb"));
            let back = Game::from_record(&text).unwrap();
            assert_eq!(back.variant(), variant);
            assert_eq!(back.outcome(), game.outcome());
        }
        let fen = "rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR b DEde - 1+1 3 20";
        let game = Game::from_fen_variant(fen, Variant::KarOuk).unwrap();
        let text = game.record();
        assert_eq!(
            text,
            "1.karouk.auto.rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR_b_DEde_-_1-1_3_20."
        );
        assert!(text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~/".contains(&b)));
        assert_eq!(Game::from_record(&text).unwrap().start().fen(), fen);
        // a promoted Bia keeps its `~`
        let promoted = "4k3/8/M~7/8/8/8/8/4K3 w - - 0 1";
        let text = Game::from_fen(promoted).unwrap().record();
        assert_eq!(text, "1.makruk.auto.4k3/8/M~7/8/8/8/8/4K3_w_-_-_0_1.");
        assert_eq!(Game::from_record(&text).unwrap().start().fen(), promoted);
    }

    #[test]
    fn a_bad_header_is_an_error_that_names_the_field() {
        let error = |text: &str| Game::from_record(text).unwrap_err();
        assert_eq!(error("1.makruk.auto"), RecordError::Fields(3));
        let dotted = error("1.makruk.auto.4k3/8.8/8_w.e3e4");
        assert!(
            matches!(dotted, RecordError::Fen(_)),
            "a FEN with a dot is named as a FEN"
        );
        assert_eq!(error("2.makruk.auto.."), RecordError::Version("2".into()));
        assert!(matches!(error("1.chess.auto.."), RecordError::Variant(_)));
        assert!(matches!(
            error("1.makruk.often.."),
            RecordError::Counting(_)
        ));
        let fen = error("1.makruk.auto.8_w.");
        assert!(matches!(fen, RecordError::Fen(_)));
        assert!(fen.to_string().starts_with("the record's start position: "));
        let long = "1".repeat(MAX_RECORD + 1);
        assert_eq!(error(&long), RecordError::TooLong(MAX_RECORD + 1));
        assert_eq!(
            error("2.makruk.auto..").to_string(),
            "the record's version '2' is unknown (this page reads 1)"
        );
    }

    #[test]
    fn a_refused_token_keeps_what_came_before_it() {
        let (game, dropped) = Game::read_record("1.makruk.auto..e3e4-d6d5-s").unwrap();
        assert_eq!(game.moves().len(), 2);
        let dropped = dropped.unwrap();
        assert_eq!(
            dropped,
            RecordError::Count {
                ply: 2,
                action: CountAction::Start,
                error: CountError::Automatic
            }
        );
        assert_eq!(
            dropped.to_string(),
            "the record's ply 3: count start: no count may be asked for: this game counts by itself"
        );
        let (game, dropped) = Game::read_record("1.makruk.auto..e3e4-rw-d6d5").unwrap();
        assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Resign));
        assert_eq!(game.moves().len(), 1, "nothing after an end");
        assert!(matches!(dropped, Some(RecordError::Token { ply: 1, .. })));
        let (_, dropped) = Game::read_record("1.makruk.auto..e3e4-e3e4").unwrap();
        assert!(matches!(dropped, Some(RecordError::Move { ply: 1, .. })));
        let (_, dropped) = Game::read_record("1.makruk.auto..e3e4-zz").unwrap();
        assert!(matches!(dropped, Some(RecordError::Move { ply: 1, .. })));
        let bare = "1.makruk.auto.4k3/8/8/8/8/8/8/4K3_w_-_-_0_1.rw";
        assert!(matches!(
            Game::from_record(bare),
            Err(RecordError::End { ply: 0, .. })
        ));
    }

    #[test]
    fn a_line_in_parts_reads_into_the_same_game_as_its_record() {
        let fen = Some("4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1");
        let (game, dropped) = Game::read_line(
            Variant::Makruk,
            Counting::Request,
            fen,
            &["a2a3", "Rd6", "a3a4"],
            &["0s", "junk", "2x"],
        )
        .unwrap();
        assert_eq!(dropped, None);
        assert_eq!(
            game.record(),
            "1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d6-x-a3a4"
        );
        let (game, dropped) =
            Game::read_line(Variant::Makruk, Counting::Request, fen, &["a2a3"], &["1x"]).unwrap();
        assert_eq!(game.moves().len(), 1);
        assert!(matches!(dropped, Some(RecordError::Count { ply: 1, .. })));
        let bad = Game::read_line::<&str>(Variant::Makruk, Counting::Auto, Some("8 w"), &[], &[]);
        assert!(matches!(bad, Err(RecordError::Fen(_))));
    }

    #[test]
    fn move_numbers_follow_the_start_fen_in_every_variant() {
        assert_eq!(Game::startpos().move_number(0), 1);
        assert_eq!(Game::startpos().move_number(3), 2);
        let black = Game::from_fen("4k3/8/8/8/8/8/R7/4K3 b - - 0 7").unwrap();
        assert_eq!((black.move_number(0), black.move_number(1)), (7, 8));
    }

    /// The best move and the score of a depth-5 search of the record's current position.
    fn search(text: &str) -> (String, Score) {
        let game = Game::from_record(text).unwrap();
        let mut searcher = Searcher::new(1);
        let limits = Limits::depth(5);
        let hashes = game.history_hashes();
        let r = searcher.search(game.position(), &hashes, &limits, &mut NoClock, &mut |_| {});
        (r.best.unwrap().to_string(), r.score)
    }

    /// A Khun and a Met against two Ruea: lost, but White counts (board's honour) with one
    /// move left, so any move that escapes a mate at once draws. The search must see the
    /// record's count: with it the best move changes and the score is a draw.
    #[test]
    fn a_running_count_of_the_record_changes_the_best_move() {
        let placement = "8/8/8/8/2r1M3/7K/3r4/2k5_w_-";
        let counted = search(&format!("1.makruk.request.{placement}_128_126_40."));
        let uncounted = search(&format!("1.makruk.request.{placement}_-_0_40."));
        assert_eq!(counted.1, Score::Cp(0), "a draw by the count");
        assert!(
            matches!(uncounted.1, Score::Cp(cp) if cp < -500),
            "{uncounted:?}"
        );
        assert_ne!(counted.0, uncounted.0);
    }

    /// A count started on request (`s`) reaches the search: two Ruea mate a bare Khun in 5,
    /// more than the count leaves, so the search sees a draw; without it, the mate.
    #[test]
    fn a_count_started_on_request_reaches_the_search() {
        let start = "1.makruk.request.8/8/8/4k3/8/8/8/R3K2R_b_-_-_0_1.";
        assert_eq!(search(&format!("{start}e5d4")).1, Score::Mate(5));
        assert_eq!(search(&format!("{start}s-e5d4")).1, Score::Cp(0));
    }
}
