//! PGN (the full module only): `Game.pgn` writes a game, `readPgn` reads the games of a
//! text. The core writes and reads; this maps tags, notes and games to and from JS values.

use crate::convert::{text_up_to, to_js};
use crate::game::Game;
use makruk::pgn::{Note, ROSTER};
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

/// Reads `{Event, Site, Date, Round, White, Black}` (the core's roster; each optional, a
/// string of at most 200 characters; `undefined` or `null`: no tags).
fn read_tags(tags: &JsValue) -> Result<Vec<(&'static str, String)>, JsError> {
    let mut values = Vec::new();
    if tags.is_undefined() || tags.is_null() {
        return Ok(values);
    }
    if !tags.is_object() {
        return Err(JsError::new("the PGN tags must be an object"));
    }
    for name in ROSTER {
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
    result: Option<String>,
    error: Option<String>,
}

/// Reads the games of a PGN text: `[{tags: [[name, value]], variant, counting, counts (as
/// the link), fen, moves (UCI), notes ([nag, comment] a move), result, error}]`, one entry a
/// game; a game that cannot be read has its `error` (and no moves).
#[wasm_bindgen(js_name = readPgn)]
pub fn read_pgn(text: JsValue) -> Result<JsValue, JsError> {
    let text = text_up_to(&text, "the PGN", makruk::pgn::MAX_TEXT)?;
    let games: Vec<PgnGameInfo> = makruk::pgn::read_games(&text)
        .into_iter()
        .map(|game| match game {
            Ok(g) => PgnGameInfo {
                variant: Some(g.game.start().variant().name()),
                counting: Some(g.game.counting().name()),
                counts: g.game.count_record(),
                fen: Some(g.game.start().fen()),
                moves: g.game.moves().iter().map(|m| m.to_string()).collect(),
                notes: g.notes.into_iter().map(|n| (n.nag, n.comment)).collect(),
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
                result: None,
                error: Some(e.to_string()),
            },
        })
        .collect();
    Ok(to_js(&games))
}
