//! PGN: games read from text and written.
//!
//! Reading takes the tags and the moves of each game in a file, and each move's notes: its
//! NAG (`$2`, or an annotation such as `?` read as one) and the `{..}` comments after it.
//! Other comments (`;`, before the first move), variations (`(..)`), both styles of move
//! numbers (`12.`, `12...`, `12.e4`) and escape lines (`%`) are skipped. The moves are SAN (or UCI) in
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

use crate::types::shorten;
use crate::{
    Bitboard, Color, CountAction, CountError, Counting, Game, ParseFenError, ParseMoveError,
    Position, Reason, Variant,
};
use std::fmt;

/// Most games read from one text.
pub const MAX_GAMES: usize = 1000;
/// Longest text read (bytes).
pub const MAX_TEXT: usize = 1 << 20;

/// One game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags in the order of the text (the first of a repeated name).
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, else the start) and the moves.
    pub game: Game,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// The notes of each move, one a move.
    pub notes: Vec<Note>,
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
        match split_game(rest) {
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

/// A game as written: tags and move words, not yet played.
struct RawGame {
    tags: Vec<(String, String)>,
    words: Vec<String>,
    /// The move number written last before each word (`12.`), if any: errors name moves so.
    numbers: Vec<Option<u32>>,
    notes: Vec<Note>,
    result: Option<String>,
}

/// The annotations that stand for NAGs 1 to 6, in their order.
const ANNOTATIONS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The index of the first byte at or after `from` for which `stop` holds, or the end.
fn scan(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| stop(b))
        .map_or(bytes.len(), |k| from + k)
}

/// Reads the next game from `text`: `None` when only blanks and comments are left.
fn split_game(text: &str) -> Result<Option<(RawGame, &str)>, PgnError> {
    let mut raw = RawGame {
        tags: Vec::new(),
        words: Vec::new(),
        numbers: Vec::new(),
        notes: Vec::new(),
        result: None,
    };
    let mut number = None; // the last move number written
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize; // inside ( variations )
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'[' if depth == 0 => {
                if !raw.words.is_empty() {
                    break; // the next game's tags: this game had no result
                }
                let (tag, end) = read_tag(text, i)?;
                if !raw.tags.iter().any(|(n, _)| *n == tag.0) {
                    raw.tags.push(tag);
                }
                i = end;
            }
            b'{' => {
                let end = scan(bytes, i, |b| b == b'}');
                if depth == 0 {
                    // the bytes around the comment are ASCII: char boundaries
                    let body = &text[i + 1..end];
                    if let Some(a) = count_comment(body) {
                        raw.words.push(comment(a));
                        raw.numbers.push(number);
                    } else if let Some(note) = raw.notes.last_mut() {
                        for word in body.split_ascii_whitespace() {
                            if !note.comment.is_empty() {
                                note.comment.push(' ');
                            }
                            note.comment.push_str(word);
                        }
                    }
                }
                i = end + 1;
            }
            b';' => i = scan(bytes, i, |b| b == b'\n'),
            b'%' if i == 0 || bytes[i - 1] == b'\n' => i = scan(bytes, i, |b| b == b'\n'),
            b'(' | b')' => {
                depth = if c == b'(' {
                    depth + 1
                } else {
                    depth.saturating_sub(1)
                };
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = scan(bytes, i + 1, |b| {
                    b.is_ascii_whitespace() || b"{}();[]".contains(&b)
                });
                // a word ends at ASCII: `end` is a char boundary
                let word = &text[i..end];
                i = end;
                if depth > 0 {
                    continue;
                }
                if RESULTS.contains(&word) {
                    raw.result = Some(word.to_string());
                    return Ok(Some((raw, &text[i..])));
                }
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 && word[digits..].starts_with('.') {
                    number = word[..digits].parse().ok();
                }
                if let Some(nag) = word.strip_prefix('$') {
                    if let (Ok(nag), Some(note)) = (nag.parse(), raw.notes.last_mut()) {
                        note.nag = nag;
                    }
                } else if let Some(w) = move_word(word) {
                    raw.words.push(w.to_string());
                    raw.numbers.push(number);
                    let mark = &word[word.trim_end_matches(['!', '?']).len()..];
                    let nag = ANNOTATIONS
                        .iter()
                        .position(|a| *a == mark)
                        .map_or(0, |k| k + 1);
                    raw.notes.push(Note {
                        nag: nag as u8,
                        comment: String::new(),
                    });
                }
            }
        }
    }
    let rest = &text[i.min(text.len())..];
    if raw.tags.is_empty() && raw.words.is_empty() {
        return Ok(None);
    }
    Ok(Some((raw, rest)))
}

/// The count action a comment records (`count: start`, `count: stop`), if any.
fn count_comment(text: &str) -> Option<CountAction> {
    let what = text.trim().strip_prefix("count:")?.trim();
    [CountAction::Start, CountAction::Stop]
        .into_iter()
        .find(|a| a.name() == what)
}

/// The comment that records a count action.
fn comment(action: CountAction) -> String {
    format!("{{count: {action}}}")
}

/// The move in a word of movetext, without its number and annotation; `None` for a NAG or a
/// bare move number.
fn move_word(word: &str) -> Option<&str> {
    if word.starts_with('$') {
        return None;
    }
    // "12." "12..." or "12.e4" (a number glued to its move)
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let word = match word[digits..].strip_prefix('.') {
        Some(rest) => rest.trim_start_matches('.'),
        None => word,
    };
    let word = word.trim_end_matches(['!', '?']);
    (!word.is_empty() && !word.bytes().all(|b| b.is_ascii_digit())).then_some(word)
}

/// Reads `[Name "value"]` at byte `at` of `text`: the tag and the index after it.
fn read_tag(text: &str, at: usize) -> Result<((String, String), usize), PgnError> {
    let bytes = text.as_bytes();
    let near = || PgnError::Tag(shorten(&text[at..scan(bytes, at, |b| b == b'\n')]));
    let skip_blanks = |i: usize| scan(bytes, i, |b| !(b == b' ' || b == b'\t'));
    let start = skip_blanks(at + 1);
    let end = scan(bytes, start, |b| !(b.is_ascii_alphanumeric() || b == b'_'));
    let quote = skip_blanks(end);
    if end == start || bytes.get(quote) != Some(&b'"') {
        return Err(near());
    }
    let mut i = quote + 1;
    let mut escaped = false;
    loop {
        match bytes.get(i) {
            Some(b'\\') => {
                escaped = true;
                i += 2;
            }
            Some(b'"') => break,
            Some(b'\n') | None => return Err(near()),
            Some(_) => i += 1,
        }
    }
    if i >= bytes.len() {
        return Err(near());
    }
    // the value lies between ASCII bytes: char boundaries
    let raw = &text[quote + 1..i];
    let value = if escaped {
        let mut value = String::new();
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            value.push(if c == '\\' {
                chars.next().unwrap_or(c)
            } else {
                c
            });
        }
        value
    } else {
        raw.to_string()
    };
    let close = skip_blanks(i + 1);
    if bytes.get(close) != Some(&b']') {
        return Err(near());
    }
    Ok(((text[start..end].to_string(), value), close + 1))
}

impl RawGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the moves use chess letters: no `Variant` tag, and PlayOK as the site or a
    /// letter that Makruk's notation does not use.
    fn chess_letters(&self) -> bool {
        let has = |text: &str, part: &[u8]| {
            text.as_bytes()
                .windows(part.len())
                .any(|w| w.eq_ignore_ascii_case(part))
        };
        self.tag("Variant").is_none()
            && (self.tag("Site").is_some_and(|s| has(s, b"playok"))
                || self
                    .words
                    .iter()
                    .any(|w| w.starts_with(['Q', 'B']) || has(w, b"=P") || is_promoted_bia_word(w)))
    }

    fn play(self) -> Result<PgnGame, PgnError> {
        let variant = match self.tag("Variant") {
            None => Variant::Makruk,
            Some(v) => Variant::ALL
                .into_iter()
                .find(|k| v.trim().eq_ignore_ascii_case(k.name()))
                .ok_or_else(|| PgnError::Variant(shorten(v)))?,
        };
        let game = match self.tag("FEN") {
            Some(fen) => Game::from_fen_variant(fen.trim(), variant).map_err(PgnError::Fen)?,
            None => Game::startpos_variant(variant),
        };
        let counting = match self.tag("Counting") {
            None => Counting::Auto,
            Some(v) => v
                .trim()
                .parse()
                .map_err(|_| PgnError::Counting(shorten(v)))?,
        };
        let mut game = game.with_counting(counting);
        let chess = self.chess_letters();
        for (word, written) in self.words.iter().zip(&self.numbers) {
            let pos = game.position();
            let at = MoveNumber {
                number: written.unwrap_or(pos.fullmove()),
                color: pos.turn(),
            };
            if let Some(action) = count_comment_word(word) {
                if counting == Counting::Request {
                    game.count_action(action).map_err(|error| PgnError::Count {
                        at,
                        action,
                        error,
                    })?;
                }
                continue;
            }
            if let Some(outcome) = game.outcome() {
                return Err(PgnError::AfterEnd {
                    at,
                    text: shorten(word),
                    outcome,
                });
            }
            let pos = *game.position();
            let read = if chess {
                parse_chess_letters(&pos, word)
            } else {
                pos.parse_move(word)
            };
            let refused = |error| PgnError::Move {
                at,
                text: shorten(word),
                error,
            };
            let m = read.map_err(refused)?;
            // not `expect`, which would format the error with Debug (size of the wasm module)
            game.play(m)
                .unwrap_or_else(|_| unreachable!("a move read against the position is legal"));
        }
        Ok(PgnGame {
            tags: self.tags,
            game,
            result: self.result,
            notes: self.notes,
        })
    }
}

/// The action of a count comment kept among the words (`{count: start}`).
fn count_comment_word(word: &str) -> Option<CountAction> {
    count_comment(word.strip_prefix('{')?.strip_suffix('}')?)
}

/// `P` and a square or file: a promoted Bia that moves, in chess letters (`Pxd5`, `Pbc4`).
fn is_promoted_bia_word(word: &str) -> bool {
    word.len() > 2
        && word.starts_with('P')
        && word[1..].starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// Reads a move written in chess letters: `Q` the Met, `B` the Khon, `=P` a promotion,
/// `P` a promoted Bia.
fn parse_chess_letters(pos: &Position, word: &str) -> Result<crate::Move, ParseMoveError> {
    let word = word.trim_end_matches(['+', '#']);
    let word = match word.strip_suffix("=P") {
        Some(body) => format!("{body}=M"),
        None => word.to_string(),
    };
    let (text, from) = match word.as_bytes().first() {
        Some(b'Q') => (format!("M{}", &word[1..]), !pos.promoted()),
        Some(b'B') => (format!("S{}", &word[1..]), Bitboard::ALL),
        Some(b'P') if is_promoted_bia_word(&word) => (format!("M{}", &word[1..]), pos.promoted()),
        _ => (word, Bitboard::ALL),
    };
    crate::san::parse_san_from(pos, &text, from).map_err(ParseMoveError::San)
}

/// The tags of the seven-tag roster that a writer is given (the seventh, `Result`, is the
/// game's): [`write`](fn@write) writes them first, in this order, `?` where not given.
pub const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// `text` on one line: a line break in a tag value would end the tag (and a reader would
/// take the rest for moves), so each one becomes a space.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

impl Game {
    /// The game as PGN, with the variant's tag (`[Variant "makruk"]` or `"cambodian"`) and
    /// `SetUp`/`FEN` tags unless it starts from the variant's start position (see
    /// [`write`](fn@write); here, above the game, as PGN is).
    pub fn pgn(&self) -> String {
        write(self, &[])
    }
}

/// Writes `game` as PGN: the seven-tag roster (`tags` give Event, Site, Date, Round, White,
/// Black; `?` where missing), `Variant`, `SetUp`/`FEN` when the game does not start from
/// the start position, `Result` (the game's, unless `tags` give one: an adjudication),
/// `Termination` after a resignation (`"normal"`) or a loss on time (`"time forfeit"`), the
/// other `tags` in their order, then the moves in SAN, lines of at most 79 characters.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    write_annotated(game, tags, &[])
}

/// [`write`](fn@write) with notes: move `k` is followed by the NAG and the comment of `notes[k]`
/// (fewer notes than moves: the rest have none; `}` is dropped from comments). Tag values
/// and comments are written on one line (a line break becomes a space).
pub fn write_annotated(game: &Game, tags: &[(&str, &str)], notes: &[Note]) -> String {
    let value = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let quote = |v: &str| one_line(v).replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::new();
    for name in ROSTER {
        out.push_str(&format!(
            "[{name} \"{}\"]\n",
            quote(value(name).unwrap_or("?"))
        ));
    }
    let start = game.start();
    out.push_str(&format!("[Variant \"{}\"]\n", start.variant()));
    if game.counting() == Counting::Request {
        out.push_str(&format!("[Counting \"{}\"]\n", game.counting()));
    }
    if start.fen() != Position::startpos_variant(start.variant()).fen() {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", start.fen()));
    }
    let result = value("Result").unwrap_or(game.result_str());
    out.push_str(&format!("[Result \"{}\"]\n", quote(result)));
    // a resignation or a loss on time, which the moves do not show (PGN's Termination values)
    let termination = game.outcome().and_then(|o| match o.reason {
        Reason::Resign => Some("normal"),
        Reason::Time | Reason::TimeNoMate => Some("time forfeit"),
        _ => None,
    });
    if let (Some(t), None) = (termination, value("Termination")) {
        out.push_str(&format!("[Termination \"{t}\"]\n"));
    }
    for (name, v) in tags {
        if !ROSTER.contains(name) && !["Variant", "SetUp", "FEN", "Result"].contains(name) {
            out.push_str(&format!("[{name} \"{}\"]\n", quote(v)));
        }
    }
    out.push('\n');
    let actions_at = |ply: usize| game.count_actions_at(ply).map(comment);
    let mut words: Vec<String> = actions_at(0).collect();
    for (i, (san, p)) in game
        .san_history()
        .into_iter()
        .zip(game.positions())
        .enumerate()
    {
        match p.turn() {
            crate::Color::White => words.push(format!("{}.", p.fullmove())),
            crate::Color::Black if i == 0 => words.push(format!("{}...", p.fullmove())),
            crate::Color::Black => {}
        }
        words.push(san);
        if let Some(note) = notes.get(i) {
            if note.nag != 0 {
                words.push(format!("${}", note.nag));
            }
            if !note.comment.is_empty() {
                words.push(format!("{{{}}}", one_line(&note.comment).replace('}', "")));
            }
        }
        words.extend(actions_at(i + 1));
    }
    words.push(result.to_string());
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.len();
        out.push_str(&w);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
