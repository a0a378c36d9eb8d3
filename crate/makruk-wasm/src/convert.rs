//! Reading JS arguments and writing JS values, shared by every export: a wrong type,
//! `undefined` or `null` becomes an `Error` with a message that names the argument, never a
//! panic.

#[cfg(feature = "extras")]
use makruk::ErrorCode;
use makruk::{Coded, Variant};
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
pub(crate) fn variant(value: &JsValue) -> Result<Variant, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Variant::Makruk);
    }
    if value.is_string() {
        return text(value, "the variant")?
            .parse::<Variant>()
            .map_err(coded);
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
    ))
    .into())
}

/// A core error's code as JS sees it: `{kind, square, to, text, moves, ply, at, field, rank,
/// found, max, piece, color, action, result, reason, cause}`, only the fields it has.
#[cfg(feature = "extras")]
pub(crate) fn code_js(code: &ErrorCode) -> JsValue {
    let object = js_sys::Object::new();
    let set = |name: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&object, &name.into(), &value);
    };
    let text = |name: &str, value: Option<&str>| {
        if let Some(v) = value {
            set(name, v.into());
        }
    };
    let number = |name: &str, value: Option<usize>| {
        if let Some(v) = value {
            set(name, (v as f64).into());
        }
    };
    set("kind", code.kind.name().into());
    text("square", code.square.map(|s| s.to_string()).as_deref());
    text("to", code.to.map(|s| s.to_string()).as_deref());
    text("text", code.text.as_deref());
    text("moves", code.moves.as_deref());
    text("at", code.at.as_deref());
    text("piece", code.piece.map(|r| r.name()));
    text("color", code.color.map(|c| c.name()));
    text("action", code.action);
    text("result", code.result);
    text("reason", code.reason);
    number("ply", code.ply);
    number("field", code.field.map(usize::from));
    number("rank", code.rank.map(usize::from));
    number("found", code.found);
    number("max", code.max);
    if let Some(cause) = &code.cause {
        set("cause", code_js(cause));
    }
    object.into()
}

/// A core error as a thrown `Error`: its English message (the console's) and, in the full
/// module, `code`, its kind and fields, which the page words in its language. (The game
/// module leaves the code out: some 3.5 KB gzip on the first visit, whose budget is spent. The
/// page asks the full module for the code of a game module's error: www/codes.js.)
pub(crate) fn coded<E: Coded + std::fmt::Display>(e: E) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    #[cfg(feature = "extras")]
    let _ = js_sys::Reflect::set(&error, &"code".into(), &code_js(&e.code()));
    error.into()
}
