//! Thin wasm-bindgen bindings over the makruk core: each export reads its arguments, calls
//! the core and maps the result; no rule is decided here. Arguments are taken as `JsValue` so
//! that a wrong type, `undefined` or `null` becomes a thrown `Error` with a message, never a
//! panic.
//!
//! One module a concern: `convert` (reading arguments, writing plain JS values), `game`
//! (`Game`: moves, counts, ends, status), `record` (`Game.fromRecord`, `game.record()`: the
//! whole game as the core's one line of text; move numbers), `engine` (`Engine`: search,
//! network, bench), and in the full module (feature `extras`) `explain` (`Game.whyIllegal`:
//! why a move is refused, loaded with the first refusal), `notation` (`thaiLine`), `pgn`
//! (`Game.pgn`, `readPgn`), `draw` (`acceptsDraw`: the engine's answer to a draw offer) and
//! `trainer` (`Trainer`, `tablebaseStats`); here `perft` (full module) and the panic
//! hook.

mod convert;
#[cfg(feature = "extras")]
mod draw;
mod engine;
#[cfg(feature = "extras")]
mod explain;
mod game;
#[cfg(feature = "extras")]
mod notation;
#[cfg(feature = "extras")]
mod pgn;
mod record;
#[cfg(feature = "extras")]
mod trainer;

#[cfg(feature = "extras")]
use convert::text;
#[cfg(feature = "extras")]
pub use draw::accepts_draw_js;
pub use engine::Engine;
pub use game::Game;
#[cfg(feature = "extras")]
pub use notation::thai_line;
#[cfg(feature = "extras")]
pub use pgn::read_pgn;
#[cfg(feature = "extras")]
pub use trainer::{tablebase_stats, Trainer};

use wasm_bindgen::prelude::*;

/// Perft from a FEN (or the start position) to `depth`: the number of leaf nodes. In the full
/// module only (its move counter is some 500 bytes gzip of the game module).
#[cfg(feature = "extras")]
#[wasm_bindgen]
pub fn perft(fen: JsValue, depth: JsValue) -> Result<f64, JsValue> {
    let pos = if fen.is_undefined() || fen.is_null() {
        makruk::Position::startpos()
    } else {
        makruk::Position::from_fen(&text(&fen, "the FEN")?).map_err(convert::coded)?
    };
    let depth = match depth.as_f64() {
        Some(d) if (0.0..=8.0).contains(&d) && d.fract() == 0.0 => d as u32,
        _ => return Err(JsError::new("perft depth must be an integer from 0 to 8").into()),
    };
    Ok(makruk::perft(&pos, depth) as f64)
}

/// Every kind of error the core can produce (`"fen.fields"`, `"move.noPiece"`, ...: the
/// `kind` of a thrown Error's `code`), and every reason a move is refused (`whyIllegal`'s
/// `reason`, with its piece where the words differ by piece: `"firstMoveGone.Khun"`): the
/// page has words for each, in each language (tests/error-codes.node.test.mjs).
#[cfg(feature = "extras")]
#[wasm_bindgen(js_name = errorKinds)]
pub fn error_kinds() -> JsValue {
    let kinds: Vec<&str> = makruk::ErrorKind::ALL.iter().map(|k| k.name()).collect();
    let reasons: Vec<String> = makruk::Illegal::ALL
        .iter()
        .map(|r| match (r, r.role()) {
            (makruk::Illegal::NotThatWay(_), _) | (_, None) => r.name().to_string(),
            (_, Some(role)) => format!("{}.{}", r.name(), role.name()),
        })
        .collect();
    convert::to_js(&(kinds, reasons))
}

// The console's `error`, for the game module's own panic message (see `start`).
#[cfg(not(any(feature = "extras", debug_assertions)))]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Installs the panic hook when the module is instantiated: a panic shows its message in the
/// console and is then thrown as a `WebAssembly.RuntimeError` with that message instead of the
/// bare trap `unreachable`, so that the engine worker reports it to the page (fatal, as any
/// trap) and a player's bug report says what went wrong. The full module and debug builds log
/// through `console_error_panic_hook` (the message and the JS stack); the game module through
/// `console.error` alone, 573 bytes gzip smaller, within its first visit's budget
/// (docs/size.md).
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        #[cfg(any(feature = "extras", debug_assertions))]
        console_error_panic_hook::hook(info);
        #[cfg(not(any(feature = "extras", debug_assertions)))]
        console_error(&message);
        wasm_bindgen::throw_val(js_sys::WebAssembly::RuntimeError::new(&message).into());
    }));
}

/// Panics with `message`, deliberately: the tests check that a panic reaches the console and
/// the worker's report (`tests/robust.browser.test.mjs`).
#[wasm_bindgen(js_name = panicForTest)]
pub fn panic_for_test(message: JsValue) {
    panic!("{}", message.as_string().unwrap_or_default());
}
