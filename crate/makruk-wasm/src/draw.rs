//! The engine's answer to a draw offer (the full module only): the core's `accepts_draw`.

use crate::game::Game;
use makruk::search::{accepts_draw, Score};
use makruk::{Color, Tablebase};
use wasm_bindgen::prelude::*;

/// Whether the engine playing `color` (`"white"` or `"black"`) accepts a draw in the game's
/// current position, given its search's score of it (`{cp}` or `{mate}`, as `Engine.search`
/// returns it). The rule is the core's (docs/engine-worker.md).
#[wasm_bindgen(js_name = acceptsDraw)]
pub fn accepts_draw_js(game: &Game, color: JsValue, score: JsValue) -> Result<bool, JsError> {
    let color = match color.as_string().as_deref() {
        Some("white") => Color::White,
        Some("black") => Color::Black,
        _ => return Err(JsError::new("the color must be 'white' or 'black'")),
    };
    let field = |name: &str| {
        js_sys::Reflect::get(&score, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.is_finite() && n.fract() == 0.0 && n.abs() <= 1e9)
            .map(|n| n as i32)
    };
    let score = match (field("cp"), field("mate")) {
        (Some(cp), None) => Score::Cp(cp),
        (None, Some(mate)) => Score::Mate(mate),
        _ => return Err(JsError::new("the score must be {cp} or {mate}, an integer")),
    };
    let pos = game.inner.position();
    Ok(accepts_draw(pos, color, score, &mut Tablebase::new()))
}
