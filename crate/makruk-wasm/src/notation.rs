//! `thaiLine`: a line of moves written in Thai notation by the core (`makruk::to_thai_san`).

use crate::convert::{coded, text, text_up_to, variant};
use makruk::{parse_uci, to_thai_san, Position};
use wasm_bindgen::prelude::*;

/// Longest line of moves accepted (UCI moves, space separated: some 1,300 moves).
const MAX_LINE: usize = 8192;

/// The moves `moves` (UCI, space separated) played from `fen` in `variant` (as `Game`'s), each
/// in Thai notation (`["จ๔", "ง๕", "จxง๕"]`). The list stops before the first move that is
/// not legal where it stands.
#[wasm_bindgen(js_name = thaiLine)]
pub fn thai_line(
    fen: JsValue,
    variant_name: JsValue,
    moves: JsValue,
) -> Result<Vec<String>, JsValue> {
    let variant = variant(&variant_name)?;
    let mut pos = Position::from_fen_variant(&text(&fen, "the FEN")?, variant).map_err(coded)?;
    let moves = text_up_to(&moves, "the moves", MAX_LINE)?;
    let mut out = Vec::new();
    for uci in moves.split_whitespace() {
        let Ok(m) = parse_uci(&pos, uci) else { break };
        out.push(to_thai_san(&pos, m));
        pos.play(m);
    }
    Ok(out)
}
