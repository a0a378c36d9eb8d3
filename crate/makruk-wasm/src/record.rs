//! The game record's bindings: a whole game as the core's one line of text
//! (`makruk::Game::record`), which the engine worker and the review pass instead of a FEN and
//! a move list; and the move numbers. (One reader for all: each binding costs the page's
//! first visit some bytes.)

use crate::convert::{coded, text_up_to};
use crate::Game;
use makruk::{RecordError, MAX_RECORD};
use wasm_bindgen::prelude::*;

/// Sets `object[name] = value`.
fn set(object: &js_sys::Object, name: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &name.into(), value);
}

/// `{ply, part, message, code}` of what a record dropped: the number of moves before it, the
/// part refused (`"move"`, `"start"` or `"stop"` a count action, `"end"`, `"token"`), and why
/// (in English, and in the full module as the core's code).
fn dropped(error: &RecordError) -> JsValue {
    let (ply, part) = match error {
        RecordError::Move { ply, .. } => (*ply, "move"),
        RecordError::Count { ply, action, .. } => (*ply, action.name()),
        RecordError::End { ply, .. } => (*ply, "end"),
        RecordError::Token { ply, .. } => (*ply, "token"),
        _ => (0, "header"),
    };
    let object = js_sys::Object::new();
    set(&object, "ply", &(ply as f64).into());
    set(&object, "part", &part.into());
    set(&object, "message", &error.to_string().into());
    #[cfg(feature = "extras")]
    set(
        &object,
        "code",
        &crate::convert::code_js(&makruk::Coded::code(error)),
    );
    object.into()
}

#[wasm_bindgen]
impl Game {
    /// `Game.fromRecord(record, ply)`: `{game, dropped}`, the game of a record
    /// (`game.record()`) with what could be read of it, taken back to its first `ply` moves
    /// when `ply` is given (the position the engine searches, a review's); `dropped` is
    /// `undefined`, or `{ply, part, message, code}` of the first move, count action or end refused (it and
    /// what follows are dropped). A bad header (version, variant, counting, start position) is
    /// an Error that names it.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: JsValue, ply: JsValue) -> Result<JsValue, JsValue> {
        let text = text_up_to(&record, "the record", MAX_RECORD)?;
        let (mut inner, error) = makruk::Game::read_record(&text).map_err(coded)?;
        if let Some(ply) = ply.as_f64() {
            inner.truncate(ply.max(0.0) as usize);
        }
        let object = js_sys::Object::new();
        set(&object, "game", &Game { inner }.into());
        if let Some(e) = error {
            set(&object, "dropped", &dropped(&e));
        }
        Ok(object.into())
    }

    /// The whole game as its record: one line of text, `1.<variant>.<counting>.<start
    /// FEN>.<moves, count actions and end>` (the core's `Game::record`), URL-safe. In the
    /// full module: the game page writes the record of its line in parts (www/record.js) and
    /// the game module only reads records, 1.2 KB gzip smaller on the first visit.
    #[cfg(feature = "extras")]
    pub fn record(&self) -> String {
        self.inner.record()
    }

    /// The move number of the move made at `ply` (the number of moves before it), as the
    /// FEN counts moves, for every variant (the core's).
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self, ply: JsValue) -> u32 {
        let ply = ply.as_f64().unwrap_or(0.0).max(0.0) as usize;
        self.inner.move_number(ply)
    }
}
