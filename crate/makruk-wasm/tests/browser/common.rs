//! What both wasm test files read of a game.

use js_sys::Reflect;
use makruk_wasm::Game;
use wasm_bindgen::JsValue;

/// The field `key` (`uci`, `san`) of each move played (`played()`).
fn played(game: &Game, key: &str) -> Vec<String> {
    js_sys::Array::from(&game.played())
        .iter()
        .map(|m| {
            let value = Reflect::get(&m, &JsValue::from_str(key)).expect("an object");
            value.as_string().expect("a string")
        })
        .collect()
}

/// The UCI of the moves played.
pub fn ucis(game: &Game) -> Vec<String> {
    played(game, "uci")
}

/// The SAN of the moves played.
pub fn sans(game: &Game) -> Vec<String> {
    played(game, "san")
}
