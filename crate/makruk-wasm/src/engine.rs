//! `Engine`: the core's searcher behind an opaque handle; its limits read from a JS object,
//! its progress and answer written as plain JS values, its clock the host's `Date.now()`.

use crate::convert::to_js;
use crate::game::Game;
use makruk::search::{Clock, Go, Info, Level, Limits, Reply, Score, Searcher};
use makruk::{Color, Network, NetworkError};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Transposition table of the browser engine (megabytes).
const HASH_MB: usize = 16;

/// Wall time from the host (`Date.now()`); the core has no clock of its own.
struct JsClock {
    start: f64,
}

impl Clock for JsClock {
    fn elapsed_ms(&mut self) -> u64 {
        (js_sys::Date::now() - self.start).max(0.0) as u64
    }
    fn stopped(&mut self) -> bool {
        // A search is cancelled by terminating its worker.
        false
    }
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsScore {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for JsScore {
    fn from(score: Score) -> JsScore {
        match score {
            Score::Cp(cp) => JsScore::Cp(cp),
            Score::Mate(m) => JsScore::Mate(m),
        }
    }
}

#[derive(Serialize)]
struct InfoMessage {
    depth: u32,
    seldepth: u32,
    multipv: u32,
    score: JsScore,
    nodes: u64,
    nps: u64,
    time: u64,
    pv: Vec<String>,
}

impl From<&Info> for InfoMessage {
    fn from(info: &Info) -> InfoMessage {
        InfoMessage {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: info.score.into(),
            nodes: info.nodes,
            nps: info.nps(),
            time: info.time_ms,
            pv: info.pv.iter().map(|m| m.to_string()).collect(),
        }
    }
}

#[derive(Serialize)]
struct BestMove {
    #[serde(rename = "move")]
    best: Option<String>,
    ponder: Option<String>,
    score: JsScore,
    depth: u32,
    nodes: u64,
}

/// The engine: a searcher whose table and statistics persist between searches.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a 16 MB transposition table.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Engine {
        Engine {
            searcher: Searcher::new(HASH_MB),
        }
    }

    /// Searches the game's current position with `limits` (`{movetime, depth, nodes, level,
    /// multipv, reply}`, all optional); `onInfo` receives each progress line. Returns `{move,
    /// ponder, score, depth, nodes}`. With `reply: 1` it is the engine's turn in the game (the
    /// core's `Searcher::reply`): on request the answer may be `{count: "start" | "stop"}`
    /// instead, a count action to make before moving. (A field, not an export of its own: the
    /// first visit's bytes.)
    pub fn search(
        &mut self,
        game: &Game,
        limits: JsValue,
        on_info: JsValue,
    ) -> Result<JsValue, JsError> {
        let reply = limits.is_object() && field_u64(&limits, "reply")? == Some(1);
        self.run(game, &limits, on_info, reply)
    }

    /// Forgets what was learnt (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Evaluates with this network from now on (the bytes of `eval.nnue`, which the worker
    /// fetches; the module leaves them out to stay small). Until then the engine plays with
    /// the hand-written evaluation alone.
    #[wasm_bindgen(js_name = setNetwork)]
    pub fn set_network(&mut self, bytes: JsValue) -> Result<(), JsError> {
        let array = bytes
            .dyn_ref::<js_sys::Uint8Array>()
            .ok_or_else(|| JsError::new("the network must be a Uint8Array"))?;
        // measured before the copy, as for text
        let size = array.length() as usize;
        if size != Network::BYTES {
            return Err(NetworkError::Size(size).into());
        }
        let network = Network::from_bytes(&array.to_vec())?;
        self.searcher.set_network(Some(Arc::new(network)));
        Ok(())
    }

    /// Runs the search's `bench` (fixed positions, fixed depth) with this engine's network;
    /// returns the node count, which equals the native `makruk-uci bench`.
    pub fn bench(&self, depth: JsValue) -> Result<f64, JsError> {
        let depth = match depth.as_f64() {
            None if depth.is_undefined() || depth.is_null() => makruk::bench::DEPTH,
            Some(d) if (1.0..=30.0).contains(&d) && d.fract() == 0.0 => d as u32,
            _ => return Err(JsError::new("bench depth must be an integer from 1 to 30")),
        };
        Ok(makruk::bench::run(depth, self.searcher.network(), |_, _| {}) as f64)
    }
}

impl Engine {
    /// `search`'s search, or with `reply` the core's `Searcher::reply`.
    fn run(
        &mut self,
        game: &Game,
        limits: &JsValue,
        on_info: JsValue,
        reply: bool,
    ) -> Result<JsValue, JsError> {
        let limits = read_limits(limits, game.inner.position().turn())?;
        let callback = on_info.dyn_into::<js_sys::Function>().ok();
        let mut report = |info: &Info| {
            if let Some(f) = &callback {
                // An exception in the page's callback must not stop the search.
                let _ = f.call1(&JsValue::NULL, &to_js(&InfoMessage::from(info)));
            }
        };
        let mut clock = JsClock {
            start: js_sys::Date::now(),
        };
        let (game, searcher) = (&game.inner, &mut self.searcher);
        let result = if reply {
            match searcher.reply(game, limits, &mut clock, &mut report) {
                Reply::Count(action) => {
                    // (one field: no serde for it, bytes on the first visit)
                    let object = js_sys::Object::new();
                    let _ = js_sys::Reflect::set(&object, &"count".into(), &action.name().into());
                    return Ok(object.into());
                }
                Reply::Move(result) => result,
            }
        } else {
            searcher.search_game(game, limits, &mut clock, &mut report)
        };
        Ok(to_js(&BestMove {
            best: result.best.map(|m| m.to_string()),
            ponder: result.ponder.map(|m| m.to_string()),
            score: result.score.into(),
            depth: result.depth,
            nodes: result.nodes,
        }))
    }
}

/// Time lost outside the search on each move of the browser engine: the page's store and view,
/// the messages to and from the worker, replaying the game (milliseconds; about 30 measured
/// in Chromium between a best move and the next request, doubled for a busy machine).
const BROWSER_OVERHEAD_MS: u64 = 60;

/// Reads `{movetime, depth, nodes, level, multipv, seed, wtime, btime, winc, binc}`; a level
/// sets the weakening and the other fields limit it further. The clock of `turn` (its time
/// left and increment, as in UCI's `go`) sets the time management.
fn read_limits(value: &JsValue, turn: Color) -> Result<Limits, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Limits::default());
    }
    if !value.is_object() {
        return Err(JsError::new("limits must be an object"));
    }
    let level = match field_u64(value, "level")? {
        Some(level @ 1..=8) => Some(Level::new(level as u8)),
        Some(level) => {
            return Err(JsError::new(&format!(
                "limits.level must be 1 to 8, found {level}"
            )))
        }
        None => None,
    };
    let (time, inc) = match turn {
        Color::White => ("wtime", "winc"),
        Color::Black => ("btime", "binc"),
    };
    let go = Go {
        level,
        depth: field_u64(value, "depth")?,
        nodes: field_u64(value, "nodes")?,
        movetime: field_u64(value, "movetime")?,
        time: field_u64(value, time)?,
        inc: field_u64(value, inc)?.unwrap_or(0),
        multipv: field_u64(value, "multipv")?,
        seed: field_u64(value, "seed")?.unwrap_or(0),
        ..Go::default()
    };
    let limits = go.limits(BROWSER_OVERHEAD_MS);
    if limits.depth.is_none() && limits.nodes.is_none() && limits.hard_limit().is_none() {
        return Err(JsError::new(
            "limits need a movetime, depth, nodes or level, or the clock of the side to move: an unlimited search would never end",
        ));
    }
    Ok(limits)
}

/// Reads an optional non-negative integer field of a JS object. (Not through serde: its
/// `Deserialize` for the limits, with `serde_path_to_error` to keep the field's name in the
/// message, made the module 12,452 bytes gzip larger, 99,317 -> 111,769.)
fn field_u64(object: &JsValue, name: &str) -> Result<Option<u64>, JsError> {
    let value = js_sys::Reflect::get(object, &JsValue::from_str(name))
        .map_err(|_| JsError::new(&format!("limits.{name} cannot be read")))?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= 1e15 => Ok(Some(n as u64)),
        _ => Err(JsError::new(&format!(
            "limits.{name} must be a non-negative integer"
        ))),
    }
}
