//! `Game.whyIllegal`: the core's reason a move is refused (`Game::why_illegal`), as a plain
//! object.

use crate::convert::{coded, text_up_to, to_js};
use crate::game::Game;
use makruk::Square;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct Illegal {
    reason: &'static str,
    piece: Option<&'static str>,
}

#[wasm_bindgen]
impl Game {
    /// Why the side to move may not move from `from` to `to` (square names): `undefined` when
    /// it may, else `{reason, piece}` with the core's reason (`"notThatWay"`, `"blocked"`,
    /// `"intoCheck"`, ... or `"gameOver"`) and the piece it is about (`"Ma"`, or `null`).
    #[wasm_bindgen(js_name = whyIllegal)]
    pub fn why_illegal(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsValue> {
        let square = |v: &JsValue, what: &str| -> Result<Square, JsValue> {
            text_up_to(v, what, 8)?.parse::<Square>().map_err(coded)
        };
        let (from, to) = (square(&from, "from")?, square(&to, "to")?);
        Ok(match self.inner.why_illegal(from, to) {
            None => JsValue::UNDEFINED,
            Some(why) => to_js(&Illegal {
                reason: why.name(),
                piece: why.role().map(|role| role.name()),
            }),
        })
    }
}
