//! The wasm boundary against any JS value (issue 8, item 2), beyond `web.rs`: every export
//! gets every kind of hostile value (symbols, BigInts, functions, arrays, objects with a
//! `toString`, String objects, proxies that throw, NaN/Infinity/-0/2^53+1, lone surrogates,
//! NUL, markup, huge strings); each bad one is a thrown `Error` with a message, the `Game`
//! is unchanged and still plays, and a huge string never grows the wasm memory.
use js_sys::{Array, BigInt, Function, JsString, Object, Reflect, Symbol};
use makruk_wasm::{perft, tablebase_stats, Engine, Game};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common::{sans, ucis};

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

fn message(result: Result<impl Sized, impl Into<JsValue>>, what: &str) -> String {
    match result {
        Ok(_) => panic!("{what}: expected an error"),
        Err(e) => {
            let error: js_sys::Error = e.into().dyn_into().expect("a thrown Error");
            let text = String::from(error.message());
            assert!(!text.is_empty(), "{what}: an empty message");
            text
        }
    }
}

/// `new Proxy({}, handler)` whose every trap throws.
fn throwing_proxy() -> JsValue {
    Function::new_no_args(
        "const boom = () => { throw new Error('trap'); };
         return new Proxy({}, { get: boom, has: boom, ownKeys: boom,
           getOwnPropertyDescriptor: boom, getPrototypeOf: boom });",
    )
    .call0(&JsValue::NULL)
    .expect("a proxy")
}

fn eval(code: &str) -> JsValue {
    Function::new_no_args(&format!("return ({code});"))
        .call0(&JsValue::NULL)
        .expect(code)
}

/// Every kind of value a page (or a stranger's postMessage) could pass, with a name.
fn hostile_values() -> Vec<(&'static str, JsValue)> {
    vec![
        ("true", JsValue::TRUE),
        ("0", JsValue::from_f64(0.0)),
        ("-0", JsValue::from_f64(-0.0)),
        ("NaN", JsValue::from_f64(f64::NAN)),
        ("Infinity", JsValue::from_f64(f64::INFINITY)),
        ("-1e308", JsValue::from_f64(-1e308)),
        ("2^53+1", JsValue::from_f64(9_007_199_254_740_993.0)),
        ("BigInt", BigInt::from(u64::MAX).into()),
        ("Symbol", Symbol::for_("e3e4").into()),
        ("function", eval("function () { return 'e3e4'; }")),
        ("array", Array::of1(&"e3e4".into()).into()),
        ("toString object", eval("{ toString() { return 'e3e4'; } }")),
        ("String object", eval("new String('e3e4')")),
        ("Date", eval("new Date()")),
        ("empty object", Object::new().into()),
        ("throwing proxy", throwing_proxy()),
    ]
}

/// Strings that are strings but no FEN or move.
fn hostile_strings() -> Vec<(&'static str, JsValue)> {
    vec![
        ("empty", "".into()),
        ("lone surrogate", JsString::from_char_code1(0xd800).into()),
        ("NUL", "e3\0e4".into()),
        ("markup", "<img src=x onerror=alert(1)>".into()),
        ("script", "</script><script>alert(1)</script>".into()),
        ("RTL override", "\u{202e}e3e4".into()),
        ("4097 chars", "8".repeat(4097).into()),
        ("1 MiB", "e".repeat(1 << 20).into()),
    ]
}

#[wasm_bindgen_test]
fn set_network_rejects_every_hostile_value() {
    let mut engine = Engine::new();
    let sized = |n: u32| JsValue::from(js_sys::Uint8Array::new_with_length(n));
    let wrong_bytes = [
        ("empty bytes", sized(0), "0 bytes"),
        ("too many bytes", sized(1 << 22), "4194304 bytes"),
        ("zeros", sized(makruk::Network::BYTES as u32), "(tag)"),
    ];
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        let text = message(engine.set_network(value), name);
        assert_eq!(text, "the network must be a Uint8Array", "{name}");
    }
    for (name, value, why) in wrong_bytes {
        let text = message(engine.set_network(value), name);
        assert!(
            text.starts_with("network file: ") && text.contains(why),
            "{name}: {text}"
        );
    }
}

#[wasm_bindgen_test]
fn new_game_rejects_every_hostile_value() {
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        let text = message(Game::new(value), name);
        assert!(!text.contains("panicked"), "{name}: {text}");
    }
    // a near-FEN with hostile fields
    for fen in [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 99999999999999999999 0 1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 18446744073709551616 1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 -1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w <img> - 0 1",
        "rnsmksnr/8/pppppppp/99999999999999999999/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    ] {
        message(Game::new(fen.into()), fen);
    }
}

#[wasm_bindgen_test]
fn new_game_rejects_every_hostile_variant() {
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        let text = message(
            Game::create(JsValue::UNDEFINED, value, JsValue::UNDEFINED),
            name,
        );
        assert!(!text.contains("panicked"), "{name}: {text}");
    }
}

#[wasm_bindgen_test]
fn play_rejects_every_hostile_value_and_the_game_stays() {
    let mut game = Game::new(JsValue::UNDEFINED).unwrap();
    game.play("e3e4".into()).unwrap();
    let fen = game.fen();
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        message(game.play(value), name);
        assert_eq!(game.fen(), fen, "after {name}");
        assert_eq!(ucis(&game), vec!["e3e4"], "after {name}");
    }
    game.play("d5".into()).unwrap();
    assert_eq!(sans(&game), vec!["e4", "d5"]);
    assert_eq!(game.undo().as_deref(), Some("d6d5"));
    assert_eq!(game.undo().as_deref(), Some("e3e4"));
    assert_eq!(game.undo(), None, "undo at the start is no error");
    assert_eq!(game.undo(), None);
    assert_eq!(game.fen(), START);
}

#[wasm_bindgen_test]
fn perft_rejects_hostile_fens_and_depths() {
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        message(perft(value, JsValue::from_f64(1.0)), name);
    }
    for (name, value) in hostile_values() {
        if name == "0" || name == "-0" {
            assert_eq!(perft(JsValue::UNDEFINED, value).unwrap(), 1.0, "{name}");
        } else {
            message(perft(JsValue::UNDEFINED, value), name);
        }
    }
    message(perft(JsValue::UNDEFINED, JsValue::from_f64(2.5)), "2.5");
}

#[wasm_bindgen_test]
fn tablebase_stats_rejects_hostile_values() {
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        message(tablebase_stats(value), name);
    }
}

#[wasm_bindgen_test]
fn search_survives_hostile_limits_and_callbacks() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let mut engine = Engine::new();
    for (name, value) in hostile_values().into_iter().chain(hostile_strings()) {
        message(engine.search(&game, value, JsValue::UNDEFINED), name);
    }
    // hostile field values
    for (name, value) in hostile_values() {
        if name == "0" || name == "-0" {
            continue; // depth 0 is read as depth 1: a valid limit
        }
        let limits = Object::new();
        Reflect::set(&limits, &"depth".into(), &value).unwrap();
        message(
            engine.search(&game, limits.into(), JsValue::UNDEFINED),
            name,
        );
    }
    // a callback that throws, or is no function, does not stop the search
    let limits = eval("{ depth: 3 }");
    let thrower = eval("function () { throw new Error('page bug'); }");
    for on_info in [thrower, JsValue::from_str("callback"), throwing_proxy()] {
        let result = engine.search(&game, limits.clone(), on_info).unwrap();
        let best = Reflect::get(&result, &"move".into()).unwrap();
        assert!(best.as_string().is_some_and(|m| m.len() == 4));
    }
    // and the game searched is unchanged
    assert_eq!(game.fen(), START);
}

fn memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length() as f64
}

#[wasm_bindgen_test]
fn huge_strings_and_many_errors_do_not_grow_memory() {
    let mut game = Game::new(JsValue::UNDEFINED).unwrap();
    // warm up: the allocator's first growth is not a leak
    for _ in 0..100 {
        let _ = game.play("zz".into());
    }
    let before = memory_bytes();
    // made in JS: a Rust-made string would pass through the wasm memory itself
    let huge = eval("'e'.repeat(64 * 1024 * 1024)");
    for _ in 0..4 {
        message(game.play(huge.clone()), "64 MiB move");
        message(Game::new(huge.clone()), "64 MiB FEN");
    }
    for i in 0..5000 {
        let _ = game.play(format!("<b>{i}</b>").into());
        let _ = Game::new(JsValue::from_f64(i as f64));
        drop(Game::new(JsValue::UNDEFINED).unwrap());
    }
    let after = memory_bytes();
    assert!(
        after - before <= 1024.0 * 1024.0,
        "wasm memory grew from {before} to {after} bytes"
    );
    game.play("e4".into()).unwrap();
}
