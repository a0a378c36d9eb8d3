//! PGN: games read from text and written.
//!
//! Reading takes the tags and the moves of each game in a file as a tree ([`MoveTree`]): the
//! main line and its variations (`(..)`, nested to any depth up to 64), each move with its
//! NAGs (`$2`, or an annotation such as `?` read as one) and the `{..}` comments after it,
//! and the comment before the first move, as lichess and pychess write them. `;` comments,
//! both styles of move numbers (`12.`, `12...`, `12.e4`) and escape lines (`%`) are
//! skipped; [`write_tree`] writes the tree back. The moves are SAN (or UCI) in
//! this project's letters (docs/rules.md), or in the chess letters of sites such as PlayOK, which
//! write no `[Variant]` tag: `Q` for the Met, `B` for the Khon, `=P` for a promotion and `P`
//! for a promoted Bia that moves (`Pxd5`, `Pbc4`). Writing follows docs/rules.md (`M`, `S`).
//!
//! Counting on request (`[Counting "request"]`) writes each count action as a comment after
//! the move it follows, `{count: start}` or `{count: stop}` (before the first move when made at
//! the start); other programs read the moves and skip the tag and the comments.
//!
//! ```
//! let text = "[Event \"Casual\"]\n[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. e4 {a comment} e5 $1 2. Bf2 *";
//! let games = makruk::pgn::read_games(text);
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("Site"), Some("PlayOK"));
//! assert_eq!(game.game.san_history(), ["e4", "e5", "Sf2"]);
//! ```

mod lex;
mod play;
mod write;

pub use write::{write, write_annotated, write_tree, ROSTER};

use crate::{Color, CountAction, CountError, Game, Move, ParseFenError, ParseMoveError};
use std::fmt;

/// Most games read from one text.
pub const MAX_GAMES: usize = 1000;
/// Longest text read (bytes).
pub const MAX_TEXT: usize = 1 << 20;

/// Deepest nesting of variations read.
pub(crate) const MAX_VARIATION_DEPTH: usize = lex::MAX_DEPTH;

/// One game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags in the order of the text (the first of a repeated name).
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, else the start) and the moves.
    pub game: Game,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// The notes of each move of the main line, one a move (its last NAG and its comment).
    pub notes: Vec<Note>,
    /// The moves as a tree: the main line (the game's moves) with every note and variation.
    pub tree: MoveTree,
}

/// The moves of a game as a tree: the main line, each move with the lines played instead
/// of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTree {
    /// The comment before the first move (empty for none).
    pub comment: String,
    /// The main line.
    pub moves: Vec<PgnNode>,
}

impl MoveTree {
    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<Move> {
        self.moves.iter().map(|n| n.mv).collect()
    }
}

/// A move of a [`MoveTree`], with its notes and its alternatives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnNode {
    /// The move.
    pub mv: Move,
    /// The move in SAN, from the position before it.
    pub san: String,
    /// Its NAGs in their order (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, others as
    /// numbers).
    pub nags: Vec<u8>,
    /// The comments after it, joined by a space (empty for none); a comment written before
    /// the first move of a variation is put before its own.
    pub comment: String,
    /// The variations: the lines played instead of this move, each from the position before
    /// it, in the order written (the first is the main alternative).
    pub variations: Vec<Vec<PgnNode>>,
}

/// A move of a tree as a caller gives it, before it is checked: the move in UCI or SAN,
/// its notes and its variations (see [`MoveTree::from_text`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeText {
    /// The move, UCI (`e3e4`) or SAN.
    pub mv: String,
    /// Its NAGs.
    pub nags: Vec<u8>,
    /// Its comment.
    pub comment: String,
    /// The lines played instead of it.
    pub variations: Vec<Vec<NodeText>>,
}

/// What is written after a move: a NAG (`$2` is `?`; 0 for none) and a comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// The Numeric Annotation Glyph: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`; 0 none.
    pub nag: u8,
    /// The comments after the move, joined by a space (empty for none).
    pub comment: String,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A move's number as a PGN text writes it: `3.` before White's third move, `3...` before
/// Black's (the number written last in the text, else the position's full-move number).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number.
    pub number: u32,
    /// The side that moves.
    pub color: Color,
}

impl MoveNumber {
    /// The number of the move after this one.
    pub fn next(self) -> MoveNumber {
        match self.color {
            Color::White => MoveNumber {
                number: self.number,
                color: Color::Black,
            },
            Color::Black => MoveNumber {
                number: self.number + 1,
                color: Color::White,
            },
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.color == Color::White {
            "."
        } else {
            "..."
        };
        write!(f, "{}{dots}", self.number)
    }
}

/// Why a game of a PGN text was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The text is longer than [`MAX_TEXT`].
    TooLong(usize),
    /// No tags and no moves.
    Empty,
    /// A tag that is not `[Name "value"]`; the text near it.
    Tag(String),
    /// The `Variant` tag names a game other than Makruk, Ouk Chatrang (`cambodian`), Makpong
    /// and Kar Ouk (`karouk`).
    Variant(String),
    /// The `FEN` tag is not a position.
    Fen(ParseFenError),
    /// The `Counting` tag is neither `auto` nor `request`.
    Counting(String),
    /// A count action (a `{count: ..}` comment) was refused before move `at`.
    Count {
        /// The number of the move that follows it.
        at: MoveNumber,
        /// The action.
        action: CountAction,
        /// Why it was refused.
        error: CountError,
    },
    /// Move `at` comes after the end of the game (by the rules: mate, a count, ...).
    AfterEnd {
        /// The move's number, as the text numbers it.
        at: MoveNumber,
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: crate::Outcome,
    },
    /// A variation before the first move of its line: it stands for no move (the number
    /// of the line's first move).
    LoneVariation(MoveNumber),
    /// Variations nested deeper than 64.
    Depth,
    /// An error in a variation (the error names the move).
    InVariation(Box<PgnError>),
    /// Move `at` is not legal or not readable.
    Move {
        /// The move's number, as the text numbers it (`3. Ke4`).
        at: MoveNumber,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: ParseMoveError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::TooLong(n) => write!(f, "PGN: {n} bytes, at most {MAX_TEXT}"),
            PgnError::Empty => write!(f, "PGN: no game found (no tags and no moves)"),
            PgnError::Tag(near) => write!(f, "PGN: a tag is malformed near \"{near}\""),
            PgnError::Variant(v) => write!(
                f,
                "PGN: this is not a Makruk game (Variant \"{v}\"; makruk, cambodian, makpong and karouk are read)"
            ),
            PgnError::Fen(e) => write!(f, "PGN tag FEN: {e}"),
            PgnError::Counting(v) => write!(f, "PGN tag Counting: \"{v}\" is not auto or request"),
            PgnError::Count { at, action, error } => {
                write!(f, "PGN: count {action} before {at} was refused: {error}")
            }
            PgnError::AfterEnd { at, text, outcome } => write!(
                f,
                "PGN: {at} {text} comes after the end of the game ({} by {})",
                outcome.result_str(),
                outcome.reason
            ),
            PgnError::Move { at, text, error } => {
                write!(f, "PGN: {at} {text} was rejected: {error}")
            }
            PgnError::LoneVariation(at) => {
                write!(f, "PGN: a variation before {at} stands for no move")
            }
            PgnError::Depth => write!(
                f,
                "PGN: variations nested deeper than {}",
                lex::MAX_DEPTH
            ),
            PgnError::InVariation(e) => write!(f, "{e} (in a variation)"),
        }
    }
}

impl std::error::Error for PgnError {}

/// The games of `text` (at most [`MAX_GAMES`]), each read or the reason why not.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    if text.len() > MAX_TEXT {
        return vec![Err(PgnError::TooLong(text.len()))];
    }
    let mut games = Vec::new();
    let mut rest = text;
    while games.len() < MAX_GAMES {
        match lex::split_game(rest) {
            Ok(None) => break,
            Ok(Some((raw, next))) => {
                games.push(raw.play());
                rest = next;
            }
            Err(e) => {
                games.push(Err(e));
                break;
            }
        }
    }
    if games.is_empty() {
        games.push(Err(PgnError::Empty));
    }
    games
}

/// The first game of `text`.
///
/// ```
/// let text = "[White \"Somchai\"]\n\n1. e4 e5 2. Nd2 {a comment} 1/2-1/2";
/// let pgn = makruk::pgn::read(text).unwrap();
/// assert_eq!(pgn.tag("White"), Some("Somchai"));
/// assert_eq!(pgn.game.san_history(), ["e4", "e5", "Nd2"]);
/// assert_eq!(pgn.result.as_deref(), Some("1/2-1/2"));
/// assert!(makruk::pgn::read("1. e4 Kxe8 *").is_err()); // an illegal move, named in the error
/// ```
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    read_games(text)
        .into_iter()
        .next()
        .unwrap_or(Err(PgnError::Empty))
}

#[cfg(test)]
mod tests {
    use super::lex::{move_word, read_tag};
    use super::*;
    use crate::{Counting, Variant};

    #[test]
    fn movetext_words_without_numbers_and_annotations() {
        assert_eq!(move_word("12.e4"), Some("e4"));
        assert_eq!(move_word("12..."), None);
        assert_eq!(move_word("3."), None);
        assert_eq!(move_word("$14"), None);
        assert_eq!(move_word("Nd2!?"), Some("Nd2"));
        assert_eq!(move_word("7"), None);
    }

    #[test]
    fn tags_with_escapes_and_malformed_ones() {
        let ((name, value), len) = read_tag(r#"[White "a \"b\" \\ c"] rest"#, 0).unwrap();
        assert_eq!(
            (name.as_str(), value.as_str(), len),
            ("White", r#"a "b" \ c"#, 22)
        );
        for bad in [
            r#"[White a"]"#,
            r#"[ "x"]"#,
            "[White \"open\n\"]",
            r#"[White "x" "#,
        ] {
            let e = read_tag(bad, 0).unwrap_err();
            assert!(matches!(e, PgnError::Tag(_)), "{bad}: {e}");
        }
    }

    #[test]
    fn several_games_and_what_is_skipped() {
        let text = "[Event \"1\"]\n\n1. e4 (1. d4 d5) e5 {c} 2. Nd2 ; rest of line\n1-0\n\n\
                    [Event \"2\"]\n%escaped line\n1. d4 $2 *\n[Event \"3\"]\n1. e4 e5";
        let games = read_games(text);
        assert_eq!(games.len(), 3);
        let g: Vec<&PgnGame> = games.iter().map(|g| g.as_ref().unwrap()).collect();
        assert_eq!(g[0].game.san_history(), ["e4", "e5", "Nd2"]);
        assert_eq!(g[0].result.as_deref(), Some("1-0"));
        assert_eq!(g[1].game.san_history(), ["d4"]);
        assert_eq!(g[2].tag("Event"), Some("3"));
        assert_eq!(g[2].result, None);
        assert!(matches!(
            read_games("  {only a comment} ")[0],
            Err(PgnError::Empty)
        ));
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let msg = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(
            msg("[Variant \"chess\"]\n1. e4 *"),
            "PGN: this is not a Makruk game (Variant \"chess\"; makruk, cambodian, makpong and karouk are read)"
        );
        assert!(msg("[FEN \"8/8 w\"]\n*").starts_with("PGN tag FEN: "));
        // the move as the text numbers it, from the FEN's move number too
        assert!(msg("1. e4 e5 2. e5 *").starts_with("PGN: 2. e5 was rejected: "));
        assert!(msg("1. e4 e5 2. Nd2 Ke4 *").starts_with("PGN: 2... Ke4 was rejected: "));
        // no numbers written: the position's
        assert!(msg("e4 e5 e5 *").starts_with("PGN: 2. e5 was rejected: "));
        assert!(
            msg("[FEN \"8/8/4k3/2S5/8/7R/R7/4K3 w - - 0 30\"]\n\n30. Rh4 Ke7 31. Ke4 *")
                .starts_with("PGN: 31. Ke4 was rejected: ")
        );
        assert!(msg("[Event x]").contains("malformed"));
        assert_eq!(
            msg("[FEN \"8/8/4k3/2S5/8/7R/R7/4K3 b - 16 16 50\"]\n\n1... Ke7 2. Rh7+ *"),
            "PGN: 2. Rh7+ comes after the end of the game (1/2-1/2 by counting)"
        );
        assert!(msg(&" ".repeat(MAX_TEXT + 1)).contains("at most"));
    }

    #[test]
    fn written_games_read_back() {
        let mut game = Game::default();
        for m in ["e4", "e5", "Nd2", "Nd7"] {
            game.play_str(m).unwrap();
        }
        let text = write(&game, &[("White", "Som \"chai\""), ("Date", "2026.12.01")]);
        assert!(
            text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.12.01\"]\n"),
            "{text}"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.tag("White"), Some("Som \"chai\""));
        assert_eq!(back.game.moves(), game.moves());
    }

    /// A native writer is as safe as the page's: a line break in a tag value or a comment
    /// would end the tag early (the rest read as moves, or a forged tag); the roster's tags
    /// come first in their order.
    #[test]
    fn line_breaks_never_leave_a_tag() {
        let mut game = Game::default();
        game.play_str("e4").unwrap();
        let forged = "Som\n[Result \"0-1\"]\r\n1. d4";
        let notes = [Note {
            nag: 0,
            comment: "two\nlines".into(),
        }];
        let text = write_annotated(&game, &[("White", forged), ("Annotator", "a\rb")], &notes);
        let tags: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(
            tags[4], "[White \"Som [Result \\\"0-1\\\"]  1. d4\"]",
            "{text}"
        );
        assert!(tags.contains(&"[Annotator \"a b\"]"), "{text}");
        assert!(text.contains("1. e4 {two lines} *"), "{text}");
        let names: Vec<&str> = tags[..6]
            .iter()
            .map(|t| t[1..].split(' ').next().unwrap())
            .collect();
        assert_eq!(names, ROSTER);
        let back = read(&text).unwrap();
        assert_eq!(back.tag("White"), Some("Som [Result \"0-1\"]  1. d4"));
        assert_eq!(back.tag("Result"), Some("*"));
        assert_eq!(back.game.moves(), game.moves());
    }

    #[test]
    fn notes_written_and_read_back() {
        let mut game = Game::default();
        for m in ["e4", "e5", "Nd2", "Nd7"] {
            game.play_str(m).unwrap();
        }
        let better = Note {
            nag: 4,
            comment: "Better: Nd2".into(),
        };
        let notes = [Note::default(), better.clone(), Note::default()];
        let text = write_annotated(&game, &[], &notes);
        assert!(
            text.contains("1. e4 e5 $4 {Better: Nd2} 2. Nd2 Nd7 *"),
            "{text}"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(
            back.notes,
            [Note::default(), better, Note::default(), Note::default()]
        );
        // annotations as NAGs, comments joined, a comment before the moves and in a variation dropped
        let back = read("{intro} 1. e4?! {a} {b} (1. d4 {no}) e5!! $2 2. Nd2?? *").unwrap();
        let got: Vec<(u8, &str)> = back
            .notes
            .iter()
            .map(|n| (n.nag, n.comment.as_str()))
            .collect();
        assert_eq!(got, [(6, "a b"), (2, ""), (4, "")]);
    }

    #[test]
    fn ouk_chatrang_games_in_and_out() {
        let mut game = Game::startpos_variant(Variant::Cambodian);
        for m in ["e4", "d5", "Kf2", "Md6"] {
            game.play_str(m).unwrap();
        }
        let text = write(&game, &[]);
        assert!(text.contains("[Variant \"cambodian\"]\n[Result"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.game.start().variant(), Variant::Cambodian);
        assert_eq!(back.game.moves(), game.moves());
        // the leap is not a Makruk move
        let makruk = text.replace("cambodian", "makruk");
        assert!(read(&makruk)
            .unwrap_err()
            .to_string()
            .contains("PGN: 2. Kf2 was rejected"));
    }

    #[test]
    fn count_actions_in_comments_and_the_counting_tag() {
        let mut game = Game::from_fen("4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1")
            .unwrap()
            .with_counting(Counting::Request);
        game.start_count().unwrap();
        game.play_str("Ra3").unwrap();
        game.play_str("Rd4").unwrap();
        game.stop_count().unwrap();
        let text = write(&game, &[]);
        assert!(text.contains("[Counting \"request\"]"), "{text}");
        assert!(
            text.contains("{count: start} 1. Ra3 Rd4 {count: stop} *"),
            "{text}"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.game.counting(), Counting::Request);
        assert_eq!(back.game.count_actions(), game.count_actions());
        // without the tag the comments are comments; a refused action is named
        assert!(read(&text.replace("[Counting \"request\"]\n", ""))
            .unwrap()
            .game
            .count_actions()
            .is_empty());
        let refused = text.replace("Rd4 {count: stop}", "{count: stop} Rd4");
        assert_eq!(
            read(&refused).unwrap_err().to_string(),
            "PGN: count stop before 1... was refused: \
             no count may stop now: the running count belongs to the other side"
        );
        assert!(read(&text.replace("request", "often"))
            .unwrap_err()
            .to_string()
            .contains("\"often\" is not auto or request"));
    }
}
