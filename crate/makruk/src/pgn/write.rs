//! Writing games as PGN: the tags, then the moves with their notes and variations.

use super::{MoveNumber, MoveTree, Note, PgnNode};
use crate::{Counting, Game, Position, Reason};

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
/// `Termination` on every finished game (`"time forfeit"` after a loss on time, else `"normal"`), the
/// other `tags` in their order, then the moves in SAN, lines of at most 79 characters.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    write_annotated(game, tags, &[])
}

/// [`write`](fn@write) with notes: move `k` is followed by the NAG and the comment of `notes[k]`
/// (fewer notes than moves: the rest have none; `}` is dropped from comments). Tag values
/// and comments are written on one line (a line break becomes a space).
pub fn write_annotated(game: &Game, tags: &[(&str, &str)], notes: &[Note]) -> String {
    let mut moves = Vec::new();
    for (i, (&mv, p)) in game.moves().iter().zip(game.positions()).enumerate() {
        let note = notes.get(i).cloned().unwrap_or_default();
        moves.push(PgnNode {
            mv,
            san: crate::to_san(p, mv),
            nags: if note.nag == 0 {
                Vec::new()
            } else {
                vec![note.nag]
            },
            comment: note.comment,
            variations: Vec::new(),
        });
    }
    let tree = MoveTree {
        comment: String::new(),
        moves,
    };
    write_tree(game, tags, &tree)
}

/// [`write`](fn@write) with a tree: the comment before the moves, then each move of the
/// tree's main line (which is `game`'s moves) with its NAGs, its comment and its variations
/// in parentheses, nested as deep as they are, as lichess and pychess write them. The count
/// actions of `game` are written at their plies (`{count: start}`).
///
/// ```
/// let text = "1. e4 $1 {best} (1. d4 d5 (1... e5) 2. c4) 1... e5 *";
/// let read = makruk::pgn::read(text).unwrap();
/// let written = makruk::pgn::write_tree(&read.game, &[], &read.tree);
/// assert!(written.ends_with("\n\n1. e4 $1 {best} (1. d4 d5 (1... e5) 2. c4) 1... e5 *\n"));
/// ```
pub fn write_tree(game: &Game, tags: &[(&str, &str)], tree: &MoveTree) -> String {
    let (mut out, result) = header(game, tags);
    let mut words = Vec::new();
    if !tree.comment.is_empty() {
        words.push(comment(&tree.comment));
    }
    words.extend(game.count_actions_at(0).map(count_word));
    line_words(&tree.moves, game.start(), Some(game), &mut words);
    words.push(result);
    let mut line_len = 0;
    let mut glued = true; // after `(`, and before `)`: no space
    for w in words {
        glued |= w == ")";
        if line_len > 0 && line_len + 1 + w.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 && !glued {
            out.push(' ');
            line_len += 1;
        }
        glued = w == "(";
        line_len += w.len();
        out.push_str(&w);
    }
    out.push('\n');
    out
}

/// The comment that records a count action.
fn count_word(action: crate::CountAction) -> String {
    format!("{{count: {action}}}")
}

/// A comment as written: on one line, in braces (a `}` in it is dropped).
fn comment(text: &str) -> String {
    format!("{{{}}}", one_line(text).replace('}', ""))
}

/// The tags and the blank line after them, and the result to write after the moves.
fn header(game: &Game, tags: &[(&str, &str)]) -> (String, String) {
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
    // how every finished game ended, in PGN's Termination values: a loss on time, or by the
    // rules, a resignation or a draw agreed ("normal")
    let termination = game.outcome().map(|o| match o.reason {
        Reason::Time | Reason::TimeNoMate => "time forfeit",
        _ => "normal",
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
    (out, result.to_string())
}

/// The words of a line from `start`: each move with its number where one is due (White's,
/// and Black's first in a line or after a comment or a variation), its NAGs and comment,
/// the count actions of `main` after it (the main line only), its variations.
fn line_words(nodes: &[PgnNode], start: &Position, main: Option<&Game>, words: &mut Vec<String>) {
    let mut at = MoveNumber {
        number: start.fullmove(),
        color: start.turn(),
    };
    let mut numbered = true; // a Black move's number is due
    let mut pos = *start; // before the node
    for (i, node) in nodes.iter().enumerate() {
        if at.color == crate::Color::White || numbered {
            words.push(at.to_string());
        }
        words.push(node.san.clone());
        words.extend(node.nags.iter().map(|n| format!("${n}")));
        numbered = !node.comment.is_empty() || !node.variations.is_empty();
        if !node.comment.is_empty() {
            words.push(comment(&node.comment));
        }
        if let Some(game) = main {
            let before = words.len();
            words.extend(game.count_actions_at(i + 1).map(count_word));
            numbered |= words.len() > before;
        }
        for line in &node.variations {
            words.push("(".into());
            line_words(line, &pos, None, words);
            words.push(")".into());
        }
        pos.play(node.mv);
        at = at.next();
    }
}
