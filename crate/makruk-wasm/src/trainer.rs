//! The endgame tables (the full module only): the trainer's `Trainer` and
//! `tablebaseStats`. Endings are named by the core's `Ending::letters` (`"RS"`), which read
//! back.

use crate::convert::{text, to_js};
use makruk::{Ending, Position, Tablebase};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableStats {
    ending: String,
    limit_moves: u16,
    positions: [u64; 2],
    won: [u64; 2],
    won_from_count_start: [u64; 2],
    longest_plies: [u16; 2],
    bytes: usize,
}

/// Builds the endgame table of a bare Khun against `pieces` (one or two FEN letters of Ruea,
/// Khon, Ma, Met: `"R"`, `"SM"`, ...) and returns its figures: `{ending, limitMoves,
/// positions, won, wonFromCountStart, longestPlies, bytes}` (`ending` as the core's
/// `Ending::letters`, which reads back), each pair as [the strong side to
/// move, the bare Khun to move]. The table is dropped afterwards.
#[wasm_bindgen(js_name = tablebaseStats)]
pub fn tablebase_stats(pieces: JsValue) -> Result<JsValue, JsError> {
    let ending: Ending = text(&pieces, "the pieces")?.parse()?;
    let s = Tablebase::new().stats(ending);
    Ok(to_js(&TableStats {
        ending: ending.letters(),
        limit_moves: ending.limit_moves(),
        positions: s.positions,
        won: s.won,
        won_from_count_start: s.won_from_count_start,
        longest_plies: s.longest_plies,
        bytes: s.bytes,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TrainerProbe {
    ending: String,
    limit_moves: u16,
    strong: &'static str,
    won: bool,
    dtm_plies: Option<u16>,
    /// the strong side's moves in that mate (the core's `Probe::dtm_moves`)
    dtm_moves: Option<u16>,
    won_within_count: bool,
    best: Option<String>,
    /// the strong side's moves the count leaves for the mate (the core's `count_moves_left`)
    moves_left: u16,
    /// the number the count starts at, in moves (the core's `count_start`)
    count_start: u16,
}

/// The counting-mates trainer's tables: a `Tablebase` that keeps what it builds.
#[wasm_bindgen]
pub struct Trainer {
    tables: Tablebase,
}

#[wasm_bindgen]
impl Trainer {
    /// No table built yet.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Trainer {
        Trainer {
            tables: Tablebase::new(),
        }
    }

    /// What the tables say of `fen`, building its table first (about a second for four men):
    /// `{ending: "RS", limitMoves, strong, won, dtmPlies, dtmMoves, wonWithinCount, best,
    /// movesLeft, countStart}`, or `null`
    /// when it is not a bare Khun against one or two of Ruea, Khon, Ma, Met (or not legal).
    pub fn probe(&mut self, fen: JsValue) -> Result<JsValue, JsError> {
        let pos = Position::from_fen(&text(&fen, "the FEN")?)?;
        let Some((ending, strong)) = Ending::of(&pos) else {
            return Ok(JsValue::NULL);
        };
        Ok(match self.tables.probe(&pos) {
            None => JsValue::NULL,
            Some(p) => to_js(&TrainerProbe {
                ending: ending.letters(),
                limit_moves: ending.limit_moves(),
                strong: strong.name(),
                won: p.dtm_plies.is_some(),
                dtm_plies: p.dtm_plies,
                dtm_moves: p.dtm_moves(),
                won_within_count: p.won_within_count,
                best: p.best_move.map(|m| m.to_string()),
                moves_left: p.moves_left,
                count_start: p.count_start,
            }),
        })
    }

    /// A random start of `ending` (`"R"`, `"SM"`, ...) from `seed` (a number): White strong
    /// and to move, won within the count. Throws when the ending has no such start.
    #[wasm_bindgen(js_name = randomStart)]
    pub fn random_start(&mut self, ending: JsValue, seed: JsValue) -> Result<String, JsError> {
        let ending: Ending = text(&ending, "the ending")?.parse()?;
        let seed = seed
            .as_f64()
            .ok_or_else(|| JsError::new("the seed must be a number"))?;
        self.tables
            .random_start(ending, seed as u64)
            .map(|p| p.fen())
            .ok_or_else(|| JsError::new(&format!("{ending}: no start won within the count")))
    }
}
