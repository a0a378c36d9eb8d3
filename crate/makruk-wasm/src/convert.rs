//! Reading JS arguments and writing JS values, shared by every export: a wrong type,
//! `undefined` or `null` becomes an `Error` with a message that names the argument, never a
//! panic.

use makruk::Variant;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Longest text argument accepted (a FEN or a move is far shorter).
pub(crate) const MAX_TEXT: usize = 4096;

/// Serializes to a plain JS object (maps as objects, no `Map`s or `BigInt`s).
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// Reads a string argument, naming it in the error.
pub(crate) fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    text_up_to(value, what, MAX_TEXT)
}

/// Reads a string argument of at most `max` characters, naming it in the error.
pub(crate) fn text_up_to(value: &JsValue, what: &str, max: usize) -> Result<String, JsError> {
    let js = value
        .dyn_ref::<js_sys::JsString>()
        .ok_or_else(|| JsError::new(&format!("{what} must be a string")))?;
    // measured in JS before the copy: a huge string must not grow the wasm memory for good
    // (UTF-16 units; a UTF-8 byte count can only be larger)
    if js.length() as usize > max {
        return Err(JsError::new(&format!(
            "{what} is too long ({} characters; at most {max})",
            js.length()
        )));
    }
    let s = String::from(js);
    if s.len() > max {
        return Err(JsError::new(&format!(
            "{what} is too long ({} characters; at most {max})",
            s.len()
        )));
    }
    Ok(s)
}

/// Reads the variant argument: `undefined` or `null` for Makruk, else `"makruk"`,
/// `"cambodian"`, `"makpong"` or `"karouk"`; anything else is an error that shows what was
/// given.
pub(crate) fn variant(value: &JsValue) -> Result<Variant, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Variant::Makruk);
    }
    if value.is_string() {
        return Ok(text(value, "the variant")?.parse::<Variant>()?);
    }
    // no toString of a stranger's value (a Symbol or a Proxy would throw)
    // (integers only: formatting an f64 would add some 25 KB of code to the module)
    let found = match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("the number {}", n as i64),
        Some(_) => "a number".to_string(),
        None => format!(
            "a value of type {}",
            value.js_typeof().as_string().unwrap_or_default()
        ),
    };
    Err(JsError::new(&format!(
        "the variant must be 'makruk', 'cambodian', 'makpong' or 'karouk' (or undefined), found {found}"
    )))
}
