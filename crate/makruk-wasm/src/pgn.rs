//! PGN (the full module only): `Game.pgn` and `Game.pgnTree` write a game, `readPgn` reads
//! the games of a text. The core writes and reads; this maps tags, notes, trees and games to
//! and from JS values.

use crate::convert::{code_js, coded, text_up_to, to_js};
use crate::game::Game;
use makruk::pgn::{MoveTree, NodeText, Note, PgnNode, ROSTER};
use makruk::Coded;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Game {
    /// The game in PGN: the seven-tag roster from `tags` (`{Event, Site, Date, Round, White,
    /// Black}`, strings, all optional; `?` where missing), `[Variant "<name>"]` (`"makruk"`,
    /// `"cambodian"`, `"makpong"`, `"karouk"`), `[FEN]` when not from the variant's start.
    /// `notes` (optional): one `[nag, comment]` a move (`[4, "Better: Nd2"]`; `null` for
    /// none), written after it. (The core writes tag values and comments on one line.)
    pub fn pgn(&self, tags: JsValue, notes: JsValue) -> Result<String, JsError> {
        let values = read_tags(&tags)?;
        let tags: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        Ok(makruk::pgn::write_annotated(
            &self.inner,
            &tags,
            &read_notes(&notes)?,
        ))
    }
}

#[wasm_bindgen]
impl Game {
    /// The game in PGN with its tree: `tags` as for `pgn`; `tree` is `{comment, moves}`, the
    /// main line (this game's moves) as `[{uci, nags, comment, variations: [[node, ...],
    /// ...]}, ...]` (`nags`, `comment` and `variations` optional), written with every
    /// variation, comment and NAG. An illegal move is an error naming it.
    #[wasm_bindgen(js_name = pgnTree)]
    pub fn pgn_tree(&self, tags: JsValue, tree: JsValue) -> Result<String, JsValue> {
        let values = read_tags(&tags)?;
        let tags: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let comment = field(&tree, "comment")?;
        let comment = if comment.is_undefined() || comment.is_null() {
            String::new()
        } else {
            text_up_to(&comment, "the tree's comment", MAX_COMMENT)?
        };
        let moves = read_line(&field(&tree, "moves")?, 0)?;
        let tree = MoveTree::from_text(&self.inner, &comment, &moves).map_err(coded)?;
        if tree.main_line() != self.inner.moves() {
            return Err(JsError::new("the tree's main line is not the game's moves").into());
        }
        Ok(makruk::pgn::write_tree(&self.inner, &tags, &tree))
    }
}

/// Longest comment accepted (characters).
const MAX_COMMENT: usize = 4096;

/// Deepest nesting of variations accepted (the core reads no deeper).
const MAX_DEPTH: usize = 64;

/// Property `name` of `value` (an object).
fn field(value: &JsValue, name: &str) -> Result<JsValue, JsError> {
    if !value.is_object() {
        return Err(JsError::new(&format!(
            "the PGN tree must be an object with {name}"
        )));
    }
    js_sys::Reflect::get(value, &JsValue::from_str(name))
        .map_err(|_| JsError::new(&format!("{name} of the PGN tree cannot be read")))
}

/// Reads a line of the tree: `[{uci, nags, comment, variations}, ...]`.
fn read_line(value: &JsValue, depth: usize) -> Result<Vec<NodeText>, JsError> {
    let list = value
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| JsError::new("a line of the PGN tree must be an array of moves"))?;
    if depth > MAX_DEPTH {
        return Err(JsError::new(
            "the PGN tree's variations are nested too deep",
        ));
    }
    let mut line = Vec::new();
    for node in list.iter() {
        let mut text = NodeText {
            mv: text_up_to(&field(&node, "uci")?, "a move of the PGN tree", 16)?,
            ..NodeText::default()
        };
        let comment = field(&node, "comment")?;
        if !comment.is_undefined() && !comment.is_null() {
            text.comment = text_up_to(&comment, "a PGN comment", MAX_COMMENT)?;
        }
        if let Some(nags) = field(&node, "nags")?.dyn_ref::<js_sys::Array>() {
            for nag in nags.iter() {
                let n = nag.as_f64().filter(|n| (1.0..256.0).contains(n));
                text.nags.push(
                    n.ok_or_else(|| JsError::new("a NAG must be a number from 1 to 255"))? as u8,
                );
            }
        }
        if let Some(lines) = field(&node, "variations")?.dyn_ref::<js_sys::Array>() {
            for v in lines.iter() {
                text.variations.push(read_line(&v, depth + 1)?);
            }
        }
        line.push(text);
    }
    Ok(line)
}

/// Reads `{Event, Site, Date, Round, White, Black, TimeControl}` (the core's roster and the
/// clock's tag; each optional, a
/// string of at most 200 characters; `undefined` or `null`: no tags).
fn read_tags(tags: &JsValue) -> Result<Vec<(&'static str, String)>, JsError> {
    let mut values = Vec::new();
    if tags.is_undefined() || tags.is_null() {
        return Ok(values);
    }
    if !tags.is_object() {
        return Err(JsError::new("the PGN tags must be an object"));
    }
    // the roster's tags, and the clock's (PGN's `TimeControl`, "180+2")
    for name in ROSTER.iter().copied().chain(["TimeControl"]) {
        let value = js_sys::Reflect::get(tags, &JsValue::from_str(name))
            .map_err(|_| JsError::new(&format!("tag {name} cannot be read")))?;
        if !value.is_undefined() {
            values.push((name, text_up_to(&value, &format!("tag {name}"), 200)?));
        }
    }
    Ok(values)
}

/// Reads `[[nag, comment] | null, ...]` (`undefined` or `null`: no notes).
fn read_notes(value: &JsValue) -> Result<Vec<Note>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    let bad = || JsError::new("the PGN notes must be an array of [nag, comment] or null");
    let list = value.dyn_ref::<js_sys::Array>().ok_or_else(bad)?;
    let mut notes = Vec::new();
    for item in list.iter().take(makruk::pgn::MAX_TEXT) {
        let mut note = Note::default();
        if let Some(pair) = item.dyn_ref::<js_sys::Array>() {
            note.nag = pair
                .get(0)
                .as_f64()
                .filter(|n| (0.0..256.0).contains(n))
                .ok_or_else(bad)? as u8;
            let comment = pair.get(1);
            if !comment.is_undefined() && !comment.is_null() {
                note.comment = text_up_to(&comment, "a PGN comment", 200)?;
            }
        } else if !item.is_null() {
            return Err(bad());
        }
        notes.push(note);
    }
    Ok(notes)
}

#[derive(Serialize)]
struct PgnGameInfo {
    tags: Vec<(String, String)>,
    variant: Option<&'static str>,
    counting: Option<&'static str>,
    counts: Vec<String>,
    fen: Option<String>,
    moves: Vec<String>,
    /// `[nag, comment]` a move
    notes: Vec<(u8, String)>,
    /// The comment before the first move.
    comment: String,
    /// The main line with its notes and variations.
    tree: Vec<NodeInfo>,
    result: Option<String>,
    error: Option<String>,
}

/// A move of the tree as JS sees it.
#[derive(Serialize)]
struct NodeInfo {
    uci: String,
    san: String,
    nags: Vec<u8>,
    comment: String,
    variations: Vec<Vec<NodeInfo>>,
}

fn nodes(line: &[PgnNode]) -> Vec<NodeInfo> {
    line.iter()
        .map(|n| NodeInfo {
            uci: n.mv.to_string(),
            san: n.san.clone(),
            nags: n.nags.clone(),
            comment: n.comment.clone(),
            variations: n.variations.iter().map(|v| nodes(v)).collect(),
        })
        .collect()
}

/// Reads the games of a PGN text: `[{tags: [[name, value]], variant, counting, counts (as
/// the link), fen, moves (UCI), notes ([nag, comment] a move), comment (before the first
/// move), tree (the main line as `[{uci, san, nags, comment, variations: [[node, ...],
/// ...]}]`), result, error, code}]`, one entry a game; a game that cannot be read has its
/// `error` (English) and `code` (the core's kind and fields: the page words it), and no moves.
#[wasm_bindgen(js_name = readPgn)]
pub fn read_pgn(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text_up_to(&text, "the PGN", makruk::pgn::MAX_TEXT)?;
    let read = makruk::pgn::read_games(&text);
    let codes: Vec<Option<JsValue>> = read
        .iter()
        .map(|g| g.as_ref().err().map(|e| code_js(&e.code())))
        .collect();
    let games: Vec<PgnGameInfo> = read
        .into_iter()
        .map(|game| match game {
            Ok(g) => PgnGameInfo {
                variant: Some(g.game.start().variant().name()),
                counting: Some(g.game.counting().name()),
                counts: g.game.count_record(),
                fen: Some(g.game.start().fen()),
                moves: g.game.moves().iter().map(|m| m.to_string()).collect(),
                notes: g.notes.into_iter().map(|n| (n.nag, n.comment)).collect(),
                comment: g.tree.comment,
                tree: nodes(&g.tree.moves),
                tags: g.tags,
                result: g.result,
                error: None,
            },
            Err(e) => PgnGameInfo {
                tags: Vec::new(),
                variant: None,
                counting: None,
                counts: Vec::new(),
                fen: None,
                moves: Vec::new(),
                notes: Vec::new(),
                comment: String::new(),
                tree: Vec::new(),
                result: None,
                error: Some(e.to_string()),
            },
        })
        .collect();
    let list = to_js(&games);
    for (k, code) in codes.into_iter().enumerate() {
        if let Some(code) = code {
            let game = js_sys::Reflect::get_u32(&list, k as u32)?;
            js_sys::Reflect::set(&game, &"code".into(), &code)?;
        }
    }
    Ok(list)
}
