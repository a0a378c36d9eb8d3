//! Reading a PGN text into games as written: tags and movetext tokens (moves, NAGs,
//! comments, count actions, the brackets of variations), not yet played.

use super::PgnError;
use crate::types::shorten;
use crate::CountAction;

/// Deepest nesting of variations read: deeper is refused, not followed (a stack for each).
pub(super) const MAX_DEPTH: usize = 64;

/// A game as written: tags and movetext, not yet played.
pub(super) struct RawGame {
    pub(super) tags: Vec<(String, String)>,
    pub(super) tokens: Vec<Token>,
    pub(super) result: Option<String>,
}

/// One unit of movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// A move as written, without number and annotation, with the number written last
    /// before it (errors name moves so) and its annotation read as a NAG (0 for none).
    Move {
        word: String,
        number: Option<u32>,
        nag: u8,
    },
    /// `$n`.
    Nag(u8),
    /// A comment, its blanks made single spaces.
    Comment(String),
    /// A count action (`{count: start}`), with the number written last before it.
    Count(CountAction, Option<u32>),
    /// `(`: a variation of the last move begins.
    Open,
    /// `)`.
    Close,
}

/// The annotations that stand for NAGs 1 to 6, in their order.
pub(super) const ANNOTATIONS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The index of the first byte at or after `from` for which `stop` holds, or the end.
fn scan(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| stop(b))
        .map_or(bytes.len(), |k| from + k)
}

impl RawGame {
    /// The value of tag `name`, if present.
    pub(super) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves as written.
    pub(super) fn words(&self) -> impl Iterator<Item = &str> {
        self.tokens.iter().filter_map(|t| match t {
            Token::Move { word, .. } => Some(word.as_str()),
            _ => None,
        })
    }

    fn has_movetext(&self) -> bool {
        self.tokens.iter().any(|t| matches!(t, Token::Move { .. }))
    }
}

/// Reads the next game from `text`: `None` when only blanks and comments are left.
pub(super) fn split_game(text: &str) -> Result<Option<(RawGame, &str)>, PgnError> {
    let mut raw = RawGame {
        tags: Vec::new(),
        tokens: Vec::new(),
        result: None,
    };
    let mut number = None; // the last move number written
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'[' => {
                if raw.has_movetext() {
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
                // the bytes around the comment are ASCII: char boundaries
                raw.tokens.push(comment_token(&text[i + 1..end], number));
                i = end + 1;
            }
            b';' => i = scan(bytes, i, |b| b == b'\n'),
            b'%' if i == 0 || bytes[i - 1] == b'\n' => i = scan(bytes, i, |b| b == b'\n'),
            b'(' => {
                // a number written in a variation is not the line's after it
                number = None;
                raw.tokens.push(Token::Open);
                i += 1;
            }
            b')' => {
                number = None;
                raw.tokens.push(Token::Close);
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
                if RESULTS.contains(&word) && depth(&raw.tokens) == 0 {
                    raw.result = Some(word.to_string());
                    return Ok(Some((raw, &text[i..])));
                }
                word_tokens(word, &mut number, &mut raw.tokens);
            }
        }
    }
    let rest = &text[i.min(text.len())..];
    if raw.tags.is_empty() && !raw.has_movetext() {
        return Ok(None);
    }
    Ok(Some((raw, rest)))
}

/// How many variations are open after `tokens`.
fn depth(tokens: &[Token]) -> usize {
    tokens.iter().fold(0usize, |d, t| match t {
        Token::Open => d + 1,
        Token::Close => d.saturating_sub(1),
        _ => d,
    })
}

/// A comment's token: a count action or the text with its blanks made single spaces.
fn comment_token(body: &str, number: Option<u32>) -> Token {
    match count_comment(body) {
        Some(action) => Token::Count(action, number),
        None => Token::Comment(body.split_whitespace().collect::<Vec<_>>().join(" ")),
    }
}

/// The tokens of a word of movetext: a move number (remembered), a NAG, a move with its
/// annotation; a result inside a variation and other words give none.
fn word_tokens(word: &str, number: &mut Option<u32>, tokens: &mut Vec<Token>) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        *number = word[..digits].parse().ok();
    }
    if let Some(nag) = word.strip_prefix('$') {
        if let Ok(nag) = nag.parse() {
            tokens.push(Token::Nag(nag));
        }
    } else if let Some(w) = move_word(word) {
        if RESULTS.contains(&w) {
            return;
        }
        let mark = &word[word.trim_end_matches(['!', '?']).len()..];
        let nag = ANNOTATIONS
            .iter()
            .position(|a| *a == mark)
            .map_or(0, |k| k + 1);
        tokens.push(Token::Move {
            word: w.to_string(),
            number: *number,
            nag: nag as u8,
        });
    } else if word.len() <= 2 && word.bytes().all(|b| b == b'!' || b == b'?') {
        // an annotation written apart from its move (`e4 !?`)
        if let Some(k) = ANNOTATIONS.iter().position(|a| *a == word) {
            tokens.push(Token::Nag(k as u8 + 1));
        }
    }
}

/// The count action a comment records (`count: start`, `count: stop`), if any.
pub(super) fn count_comment(text: &str) -> Option<CountAction> {
    let what = text.trim().strip_prefix("count:")?.trim();
    [CountAction::Start, CountAction::Stop]
        .into_iter()
        .find(|a| a.name() == what)
}

/// The move in a word of movetext, without its number and annotation; `None` for a NAG, a
/// bare move number or an annotation alone.
pub(super) fn move_word(word: &str) -> Option<&str> {
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
pub(super) fn read_tag(text: &str, at: usize) -> Result<((String, String), usize), PgnError> {
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
