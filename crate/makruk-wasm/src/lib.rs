//! Thin wasm-bindgen bindings over the makruk core: each export reads its arguments, calls
//! the core and maps the result. Arguments are taken as `JsValue` so that a wrong type,
//! `undefined` or `null` becomes a thrown `Error` with a message, never a panic.

#[cfg(feature = "extras")]
use makruk::pgn::Note;
use makruk::search::{Clock, Go, Info, Level, Limits, Score, Searcher};
use makruk::{Color, Counting, Move, Network, NetworkError, Position, Square, Variant};
#[cfg(feature = "extras")]
use makruk::{Ending, Tablebase};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// Longest text argument accepted (a FEN or a move is far shorter).
const MAX_TEXT: usize = 4096;
/// Transposition table of the browser engine (megabytes).
const HASH_MB: usize = 16;

/// Serializes to a plain JS object (maps as objects, no `Map`s or `BigInt`s).
fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// Reads a string argument, naming it in the error.
fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    text_up_to(value, what, MAX_TEXT)
}

/// Reads a string argument of at most `max` characters, naming it in the error.
fn text_up_to(value: &JsValue, what: &str, max: usize) -> Result<String, JsError> {
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

/// Reads the variant argument: `undefined` or `null` for Makruk, else `"makruk"`,
/// `"cambodian"`, `"makpong"` or `"karouk"`; anything else is an error that shows what was
/// given.
fn variant(value: &JsValue) -> Result<Variant, JsError> {
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

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    from: String,
    to: String,
    promotion: bool,
}

impl MoveInfo {
    fn new(pos: &Position, m: Move) -> MoveInfo {
        MoveInfo {
            uci: m.to_string(),
            san: makruk::to_san(pos, m),
            from: m.from().to_string(),
            to: m.to().to_string(),
            promotion: m.is_promotion(),
        }
    }
}

#[derive(Serialize)]
struct Illegal {
    reason: &'static str,
    piece: Option<&'static str>,
}

#[derive(Serialize)]
struct CountInfo {
    kind: &'static str,
    ply: u16,
    limit: u16,
    /// the count and its limit in moves, as players read them (the core's `Count::moves`)
    moves: u16,
    #[serde(rename = "limitMoves")]
    limit_moves: u16,
    side: &'static str,
}

#[derive(Serialize)]
struct CountActions {
    start: bool,
    stop: bool,
}

#[derive(Serialize)]
struct Status {
    turn: &'static str,
    check: bool,
    result: &'static str,
    reason: Option<&'static str>,
    count: Option<CountInfo>,
    /// Whether the variant counts by the Cambodian rules (for the page to say so).
    #[serde(rename = "cambodianCounting")]
    cambodian_counting: bool,
    #[serde(rename = "canMate")]
    can_mate: CanMate,
}

/// Whether each side could still mate by material (a loss on time against a side that cannot
/// is a draw).
#[derive(Serialize)]
struct CanMate {
    white: bool,
    black: bool,
}

/// A game: a start position and the moves played.
#[wasm_bindgen]
pub struct Game {
    inner: makruk::Game,
}

impl Game {
    /// A Makruk game (Rust callers; JS calls the constructor, whose variant may be left out).
    pub fn new(fen: JsValue) -> Result<Game, JsError> {
        Game::create(fen, JsValue::UNDEFINED, JsValue::UNDEFINED)
    }
}

#[wasm_bindgen]
impl Game {
    /// `new Game(fen, variant, counting)`: a game from a FEN, or from the variant's start
    /// position when `fen` is `undefined` or `null`. `variant` is `"makruk"` (also when
    /// `undefined` or `null`), `"cambodian"` (Ouk Chatrang; its FEN's castling field holds
    /// the rights), `"makpong"` or `"karouk"` (Kar Ouk; its FEN also holds the checks left,
    /// `1+1`). `counting` is `"auto"` (also when `undefined` or `null`) or `"request"`.
    #[wasm_bindgen(constructor)]
    pub fn create(fen: JsValue, variant: JsValue, counting: JsValue) -> Result<Game, JsError> {
        let variant = self::variant(&variant)?;
        let counting: Counting = if counting.is_undefined() || counting.is_null() {
            Counting::Auto
        } else {
            text_up_to(&counting, "the counting", 16)?.parse()?
        };
        let inner = if fen.is_undefined() || fen.is_null() {
            makruk::Game::startpos_variant(variant)
        } else {
            makruk::Game::from_fen_variant(&text(&fen, "the FEN")?, variant)?
        };
        Ok(Game {
            inner: inner.with_counting(counting),
        })
    }

    /// `"auto"` or `"request"`.
    pub fn counting(&self) -> String {
        self.inner.counting().name().to_string()
    }

    /// Counting on request: the side to move starts a count (an Error says why not).
    #[wasm_bindgen(js_name = startCount)]
    pub fn start_count(&mut self) -> Result<(), JsError> {
        Ok(self.inner.start_count().map(|_| ())?)
    }

    /// Counting on request: the counting side stops its count (an Error says why not).
    #[wasm_bindgen(js_name = stopCount)]
    pub fn stop_count(&mut self) -> Result<(), JsError> {
        Ok(self.inner.stop_count()?)
    }

    /// What the side to move may do now: `{start: bool, stop: bool}`.
    #[wasm_bindgen(js_name = countActions)]
    pub fn count_actions(&self) -> JsValue {
        to_js(&CountActions {
            start: self.inner.can_start_count().is_ok(),
            stop: self.inner.can_stop_count().is_ok(),
        })
    }

    /// Whether a count was stopped at this ply (the engine does not start one again where it
    /// stopped to mate).
    #[wasm_bindgen(js_name = countStopped)]
    pub fn count_stopped(&self) -> bool {
        let ply = self.inner.moves().len();
        self.inner
            .count_actions_at(ply)
            .any(|a| a == makruk::CountAction::Stop)
    }

    /// The count actions made, as links and saved games keep them: `["0s", "4x"]` (the
    /// core's record, `<ply>s` a start, `<ply>x` a stop).
    #[wasm_bindgen(js_name = countRecord)]
    pub fn count_record(&self) -> Vec<String> {
        self.inner.count_record()
    }

    /// Makes the actions of a count record (an array as `countRecord` gives) made at the
    /// current ply; entries that are not well formed are skipped. Returns `undefined`, or
    /// `[action, error]` for the first one refused (`"count start"` or `"count stop"`, and why).
    #[wasm_bindgen(js_name = applyCounts)]
    pub fn apply_counts(&mut self, record: JsValue) -> Option<Vec<String>> {
        let list = record.dyn_ref::<js_sys::Array>()?;
        let entries = list.iter().take(MAX_TEXT).filter_map(|v| v.as_string());
        let refused = self.inner.apply_count_record(entries).err()?;
        Some(vec![
            format!("count {}", refused.action),
            refused.error.to_string(),
        ])
    }

    /// The end a player makes: `end(color, "resign")`, `color` (`"white"` or `"black"`)
    /// resigns; `end(color, "time")`, its time has run out: it loses, or draws when the other
    /// side could not mate any more (the status says which). An Error when the game is
    /// already over. (One export for both: the game module's size.)
    pub fn end(&mut self, color: JsValue, how: JsValue) -> Result<(), JsError> {
        let color = match color.as_string().as_deref() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => return Err(JsError::new("the color must be 'white' or 'black'")),
        };
        match how.as_string().as_deref() {
            Some("resign") => self.inner.resign(color)?,
            Some("time") => self.inner.lose_on_time(color)?,
            _ => return Err(JsError::new("the end must be 'resign' or 'time'")),
        };
        Ok(())
    }

    /// The variant's name: `"makruk"`, `"cambodian"`, `"makpong"` or `"karouk"`.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.inner.position().fen()
    }

    /// The legal moves: `[{uci, san, from, to, promotion}]`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.inner.position();
        let moves: Vec<MoveInfo> = if self.inner.outcome().is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
                .iter()
                .map(|&m| MoveInfo::new(pos, m))
                .collect()
        };
        to_js(&moves)
    }

    /// Plays a move given in UCI (`e3e4`) or SAN (`e4`); returns `{uci, san, from, to,
    /// promotion}`. A finished game takes no more moves (the core's rule).
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, JsError> {
        let s = text(&mv, "the move")?;
        let pos = *self.inner.position();
        let m = self.inner.play_str(s.trim())?;
        Ok(to_js(&MoveInfo::new(&pos, m)))
    }

    /// Takes back the last move (with a resignation or a loss on time after it); returns it
    /// in UCI, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|m| m.to_string())
    }

    /// The moves played, in SAN.
    pub fn history(&self) -> Vec<String> {
        self.inner.san_history()
    }

    /// The moves played, in UCI.
    pub fn moves(&self) -> Vec<String> {
        self.inner.moves().iter().map(|m| m.to_string()).collect()
    }

    /// The FEN of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start().fen()
    }

    /// `{turn, check, result, reason, count: {kind, ply, limit, moves, limitMoves, side} | null,
    /// cambodianCounting, canMate: {white, black}}`; `reason` is the core's (`"checkmate"`,
    /// ..., `"resign"`, `"time"`, `"timeNoMate"`) or `null` while the game goes on.
    pub fn status(&self) -> JsValue {
        let pos = self.inner.position();
        let outcome = self.inner.outcome();
        let count = pos.count().map(|c| CountInfo {
            kind: c.honour.name(),
            ply: c.ply,
            limit: c.limit,
            moves: c.moves(),
            limit_moves: c.limit_moves(),
            side: c.side.name(),
        });
        to_js(&Status {
            turn: pos.turn().name(),
            check: pos.in_check(),
            result: self.inner.result_str(),
            reason: outcome.map(|o| o.reason.name()),
            count,
            cambodian_counting: pos.variant().cambodian_counting(),
            can_mate: CanMate {
                white: pos.can_mate(Color::White),
                black: pos.can_mate(Color::Black),
            },
        })
    }

    /// Why the side to move may not move from `from` to `to` (square names): `undefined` when
    /// it may, else `{reason, piece}` with the core's reason (`"notThatWay"`, `"blocked"`,
    /// `"intoCheck"`, ... or `"gameOver"`) and the piece it is about (`"Ma"`, or `null`).
    #[wasm_bindgen(js_name = whyIllegal)]
    pub fn why_illegal(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsError> {
        let square = |v: &JsValue, what: &str| -> Result<Square, JsError> {
            Ok(text_up_to(v, what, 8)?.parse::<Square>()?)
        };
        let (from, to) = (square(&from, "from")?, square(&to, "to")?);
        let reason = if self.inner.outcome().is_some() {
            Some(("gameOver", None))
        } else {
            self.inner
                .position()
                .why_illegal(from, to)
                .map(|r| (r.name(), r.role().map(|role| role.name())))
        };
        Ok(match reason {
            None => JsValue::UNDEFINED,
            Some((reason, piece)) => to_js(&Illegal { reason, piece }),
        })
    }

    #[cfg(feature = "extras")]
    /// The game in PGN: the seven-tag roster from `tags` (`{Event, Site, Date, Round, White,
    /// Black}`, strings, all optional; `?` where missing), `[Variant "<name>"]`
    /// (`"makruk"`, `"cambodian"`, `"makpong"`, `"karouk"`), `[FEN]` when not from the variant's start. `notes` (optional): one
    /// `[nag, comment]` a move (`[4, "Better: Nd2"]`; `null` for none), written after it.
    pub fn pgn(&self, tags: JsValue, notes: JsValue) -> Result<String, JsError> {
        let mut values = Vec::new();
        if !(tags.is_undefined() || tags.is_null()) {
            if !tags.is_object() {
                return Err(JsError::new("the PGN tags must be an object"));
            }
            for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
                let value = js_sys::Reflect::get(&tags, &JsValue::from_str(name))
                    .map_err(|_| JsError::new(&format!("tag {name} cannot be read")))?;
                if !value.is_undefined() {
                    let value = text_up_to(&value, &format!("tag {name}"), 200)?;
                    values.push((name, value.replace(['\n', '\r'], " ")));
                }
            }
        }
        let tags: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        Ok(makruk::pgn::write_annotated(
            &self.inner,
            &tags,
            &read_notes(&notes)?,
        ))
    }

    /// The board from a1 to h8: FEN letters, `M~`/`m~` for a promoted Bia, `""` when empty.
    pub fn board(&self) -> Vec<String> {
        let pos = self.inner.position();
        Square::all()
            .map(|sq| match pos.piece_at(sq) {
                None => String::new(),
                Some(p) if pos.promoted().contains(sq) => format!("{}~", p.char()),
                Some(p) => p.char().to_string(),
            })
            .collect()
    }
}

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
    /// multipv}`, all optional); `onInfo` receives each progress line. Returns `{move, ponder,
    /// score, depth, nodes}`.
    pub fn search(
        &mut self,
        game: &Game,
        limits: JsValue,
        on_info: JsValue,
    ) -> Result<JsValue, JsError> {
        let mut limits = read_limits(&limits, game.inner.position().turn())?;
        limits.focus = game.inner.moves().last().map(|m| m.to());
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
        let result = self.searcher.search(
            game.inner.position(),
            &game.inner.history_hashes(),
            &limits,
            &mut clock,
            &mut report,
        );
        Ok(to_js(&BestMove {
            best: result.best.map(|m| m.to_string()),
            ponder: result.ponder.map(|m| m.to_string()),
            score: result.score.into(),
            depth: result.depth,
            nodes: result.nodes,
        }))
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

#[cfg(feature = "extras")]
/// Reads `[[nag, comment] | null, ...]` (`undefined` or `null`: no notes).
fn read_notes(value: &JsValue) -> Result<Vec<Note>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    let bad = || JsError::new("the PGN notes must be an array of [nag, comment] or null");
    let list = value.dyn_ref::<js_sys::Array>().ok_or_else(bad)?;
    let mut notes = Vec::new();
    for item in list.iter().take(makruk::pgn::MAX_TEXT) {
        let mut note = Note::default();
        if let Some(pair) = item.dyn_ref::<js_sys::Array>() {
            note.nag = pair
                .get(0)
                .as_f64()
                .filter(|n| (0.0..256.0).contains(n))
                .ok_or_else(bad)? as u8;
            let comment = pair.get(1);
            if !comment.is_undefined() && !comment.is_null() {
                note.comment =
                    text_up_to(&comment, "a PGN comment", 200)?.replace(['\n', '\r'], " ");
            }
        } else if !item.is_null() {
            return Err(bad());
        }
        notes.push(note);
    }
    Ok(notes)
}

#[cfg(feature = "extras")]
#[derive(Serialize)]
struct PgnGameInfo {
    tags: Vec<(String, String)>,
    variant: Option<&'static str>,
    counting: Option<&'static str>,
    counts: Vec<String>,
    fen: Option<String>,
    moves: Vec<String>,
    /// `[nag, comment]` a move
    notes: Vec<(u8, String)>,
    result: Option<String>,
    error: Option<String>,
}

#[cfg(feature = "extras")]
/// Reads the games of a PGN text: `[{tags: [[name, value]], variant, counting, counts (as
/// the link), fen, moves (UCI), notes ([nag, comment] a move), result, error}]`, one entry a
/// game; a game that cannot be read has its `error` (and no moves).
#[wasm_bindgen(js_name = readPgn)]
pub fn read_pgn(text: JsValue) -> Result<JsValue, JsError> {
    let text = text_up_to(&text, "the PGN", makruk::pgn::MAX_TEXT)?;
    let games: Vec<PgnGameInfo> = makruk::pgn::read_games(&text)
        .into_iter()
        .map(|game| match game {
            Ok(g) => PgnGameInfo {
                variant: Some(g.game.start().variant().name()),
                counting: Some(g.game.counting().name()),
                counts: g.game.count_record(),
                fen: Some(g.game.start().fen()),
                moves: g.game.moves().iter().map(|m| m.to_string()).collect(),
                notes: g.notes.into_iter().map(|n| (n.nag, n.comment)).collect(),
                tags: g.tags,
                result: g.result,
                error: None,
            },
            Err(e) => PgnGameInfo {
                tags: Vec::new(),
                variant: None,
                counting: None,
                counts: Vec::new(),
                fen: None,
                moves: Vec::new(),
                notes: Vec::new(),
                result: None,
                error: Some(e.to_string()),
            },
        })
        .collect();
    Ok(to_js(&games))
}

#[cfg(feature = "extras")]
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

#[cfg(feature = "extras")]
/// Builds the endgame table of a bare Khun against `pieces` (one or two FEN letters of Ruea,
/// Khon, Ma, Met: `"R"`, `"SM"`, ...) and returns its figures: `{ending, limitMoves,
/// positions, won, wonFromCountStart, longestPlies, bytes}`, each pair as [the strong side to
/// move, the bare Khun to move]. The table is dropped afterwards.
#[wasm_bindgen(js_name = tablebaseStats)]
pub fn tablebase_stats(pieces: JsValue) -> Result<JsValue, JsError> {
    let ending: Ending = text(&pieces, "the pieces")?.parse()?;
    let s = Tablebase::new().stats(ending);
    Ok(to_js(&TableStats {
        ending: ending.to_string(),
        limit_moves: ending.limit_moves(),
        positions: s.positions,
        won: s.won,
        won_from_count_start: s.won_from_count_start,
        longest_plies: s.longest_plies,
        bytes: s.bytes,
    }))
}

/// Perft from a FEN (or the start position) to `depth`: the number of leaf nodes.
#[wasm_bindgen]
pub fn perft(fen: JsValue, depth: JsValue) -> Result<f64, JsError> {
    let pos = if fen.is_undefined() || fen.is_null() {
        Position::startpos()
    } else {
        Position::from_fen(&text(&fen, "the FEN")?)?
    };
    let depth = match depth.as_f64() {
        Some(d) if (0.0..=8.0).contains(&d) && d.fract() == 0.0 => d as u32,
        _ => return Err(JsError::new("perft depth must be an integer from 0 to 8")),
    };
    Ok(makruk::perft(&pos, depth) as f64)
}

#[cfg(feature = "extras")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TrainerProbe {
    ending: String,
    limit_moves: u16,
    strong: &'static str,
    won: bool,
    dtm_plies: Option<u16>,
    won_within_count: bool,
    best: Option<String>,
    /// the strong side's moves the count leaves for the mate (the core's `count_moves_left`)
    moves_left: u16,
}

#[cfg(feature = "extras")]
/// The counting-mates trainer's tables: a `Tablebase` that keeps what it builds.
#[wasm_bindgen]
pub struct Trainer {
    tables: Tablebase,
}

#[cfg(feature = "extras")]
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
    /// `{ending: "RS", limitMoves, strong, won, dtmPlies, wonWithinCount, best}`, or `null`
    /// when it is not a bare Khun against one or two of Ruea, Khon, Ma, Met (or not legal).
    pub fn probe(&mut self, fen: JsValue) -> Result<JsValue, JsError> {
        let pos = Position::from_fen(&text(&fen, "the FEN")?)?;
        let Some((ending, strong)) = Ending::of(&pos) else {
            return Ok(JsValue::NULL);
        };
        Ok(match self.tables.probe(&pos) {
            None => JsValue::NULL,
            Some(p) => to_js(&TrainerProbe {
                ending: ending
                    .roles()
                    .iter()
                    .map(|r| r.char().to_ascii_uppercase())
                    .collect(),
                limit_moves: ending.limit_moves(),
                strong: strong.name(),
                won: p.dtm_plies.is_some(),
                dtm_plies: p.dtm_plies,
                won_within_count: p.won_within_count,
                best: p.best_move.map(|m| m.to_string()),
                moves_left: p.moves_left,
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
