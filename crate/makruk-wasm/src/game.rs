//! `Game`: the core's game behind an opaque handle, its moves, counts, ends and status as
//! plain JS values.

use crate::convert::{coded, text, text_up_to, to_js, variant};
use makruk::{Color, Counting, Move, Position, Square};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    from: String,
    to: String,
    promotion: bool,
    /// the core's facts of the move in one number ([`facts`])
    facts: u16,
}

impl MoveInfo {
    fn new(pos: &Position, m: Move) -> MoveInfo {
        MoveInfo {
            uci: m.to_string(),
            san: makruk::to_san(pos, m),
            from: m.from().to_string(),
            to: m.to().to_string(),
            promotion: m.is_promotion(),
            facts: facts(pos, m),
        }
    }
}

/// The core's facts of legal move `m` in `pos` (`makruk::move_facts`) in one number, small on
/// the first visit: the FEN letter of the piece that moves (uppercase) as its char code in the
/// low byte, then one bit each: 0x100 a capture, 0x200 a check (mate included), 0x400 a mate,
/// 0x800 a Bia's promotion, 0x1000 the SAN names the square it comes from. 0 when `m` is not
/// legal in `pos`.
fn facts(pos: &Position, m: Move) -> u16 {
    makruk::move_facts(pos, m).map_or(0, |f| {
        f.role.char() as u16
            | u16::from(f.capture) << 8
            | u16::from(f.check) << 9
            | u16::from(f.mate) << 10
            | u16::from(f.promotion) << 11
            | u16::from(f.from_named) << 12
    })
}

/// The rule sets and the levels, as `Game.rules()` gives them.
#[cfg(feature = "extras")]
#[derive(Serialize)]
struct Rules {
    variants: Vec<RuleSet>,
    levels: Levels,
    ends: Vec<&'static str>,
}

#[cfg(feature = "extras")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleSet {
    name: &'static str,
    start_fen: &'static str,
    promotion_rank: u8,
    tie_break: &'static str,
    handicaps: Vec<HandicapInfo>,
}

#[cfg(feature = "extras")]
#[derive(Serialize)]
struct HandicapInfo {
    name: &'static str,
    white: &'static str,
    black: &'static str,
}

#[cfg(feature = "extras")]
#[derive(Serialize)]
struct Levels {
    elo: &'static [u32],
    skill: &'static [i32],
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
    /// Whether counting is in reach (the core's `Position::count_in_reach`: on request, the
    /// page shows its count buttons).
    #[serde(rename = "countInReach")]
    count_in_reach: bool,
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
    pub(crate) inner: makruk::Game,
}

impl Game {
    /// A Makruk game (Rust callers; JS calls the constructor, whose variant may be left out).
    pub fn new(fen: JsValue) -> Result<Game, JsValue> {
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
    pub fn create(fen: JsValue, variant: JsValue, counting: JsValue) -> Result<Game, JsValue> {
        let variant = self::variant(&variant)?;
        let counting: Counting = if counting.is_undefined() || counting.is_null() {
            Counting::Auto
        } else {
            text_up_to(&counting, "the counting", 16)?
                .parse()
                .map_err(coded)?
        };
        let inner = if fen.is_undefined() || fen.is_null() {
            makruk::Game::startpos_variant(variant)
        } else {
            makruk::Game::from_fen_variant(&text(&fen, "the FEN")?, variant).map_err(coded)?
        };
        Ok(Game {
            inner: inner.with_counting(counting),
        })
    }

    /// `Game.rules()`: the rule sets and the levels the core plays, `{variants: [{name,
    /// startFen, promotionRank, tieBreak, handicaps: [{name, white, black}]}], levels: {elo,
    /// skill}, ends}`: the variants in the core's order (Makruk, the default, first), a Bia's
    /// promotion rank counted from its side, each one's tie-break variant, its handicap starts
    /// by the side giving the odds; each level's measured Elo and Fairy-Stockfish skill, level 1
    /// first, one a level; every reason a game ends (a status's `reason`, the core's
    /// `Reason::name`). In the full module: some 1,100 bytes gzip that the first visit, whose
    /// budget is spent, does without (the New game dialog loads it).
    #[cfg(feature = "extras")]
    pub fn rules() -> JsValue {
        let variants = makruk::Variant::ALL
            .iter()
            .map(|&v| RuleSet {
                name: v.name(),
                start_fen: v.start_fen(),
                promotion_rank: v.promotion_rank(),
                tie_break: v.tie_break().name(),
                handicaps: v
                    .handicaps()
                    .iter()
                    .map(|h| HandicapInfo {
                        name: h.name(),
                        white: h.fen(Color::White),
                        black: h.fen(Color::Black),
                    })
                    .collect(),
            })
            .collect();
        let levels = Levels {
            elo: &makruk::search::LEVEL_ELO,
            skill: &makruk::search::LEVEL_FS_SKILL,
        };
        let ends = makruk::Reason::ALL.iter().map(|r| r.name()).collect();
        to_js(&Rules {
            variants,
            levels,
            ends,
        })
    }

    /// A game from the current position with the other side to move, as if the side to move
    /// passed (a lesson's other side: the core's `Game::passed`), or `undefined` when the side
    /// to move is in check (it may not pass). In the full module.
    #[cfg(feature = "extras")]
    pub fn passed(&self) -> Option<Game> {
        self.inner.passed().map(|inner| Game { inner })
    }

    /// The variant a match of this game's variant plays its tie-breaks in (the core's
    /// `Variant::tie_break`; the same for every variant of a family).
    #[wasm_bindgen(js_name = tieBreak)]
    pub fn tie_break(&self) -> String {
        self.inner.variant().tie_break().name().to_string()
    }

    /// The side to move after the first `ply` moves of the game (the core's `Game::turn_at`):
    /// `"white"` or `"black"`.
    #[wasm_bindgen(js_name = turnAt)]
    pub fn turn_at(&self, ply: JsValue) -> String {
        let ply = ply.as_f64().unwrap_or(0.0).max(0.0) as usize;
        self.inner.turn_at(ply).name().to_string()
    }

    /// `"auto"` or `"request"`.
    pub fn counting(&self) -> String {
        self.inner.counting().name().to_string()
    }

    /// Counting on request: the side to move starts a count (an Error says why not, its
    /// `code` the core's kind).
    #[wasm_bindgen(js_name = startCount)]
    pub fn start_count(&mut self) -> Result<(), JsValue> {
        self.inner.start_count().map(|_| ()).map_err(coded)
    }

    /// Counting on request: the counting side stops its count (an Error says why not).
    #[wasm_bindgen(js_name = stopCount)]
    pub fn stop_count(&mut self) -> Result<(), JsValue> {
        self.inner.stop_count().map_err(coded)
    }

    /// What the side to move may do now: `{start: bool, stop: bool}`.
    #[wasm_bindgen(js_name = countActions)]
    pub fn count_actions(&self) -> JsValue {
        to_js(&CountActions {
            start: self.inner.can_start_count().is_ok(),
            stop: self.inner.can_stop_count().is_ok(),
        })
    }

    /// The count actions made, as links and saved games keep them: `["0s", "4x"]` (the
    /// core's record, `<ply>s` a start, `<ply>x` a stop).
    #[wasm_bindgen(js_name = countRecord)]
    pub fn count_record(&self) -> Vec<String> {
        self.inner.count_record()
    }

    /// The end a player makes: `end(color, "resign")`, `color` (`"white"` or `"black"`)
    /// resigns; `end(color, "time")`, its time has run out: it loses, or draws when the other
    /// side could not mate any more (the status says which); `end(color, "agree")`, `color`
    /// accepts the other side's offer of a draw. An Error when the game is
    /// already over. (One export for both: the game module's size.)
    pub fn end(&mut self, color: JsValue, how: JsValue) -> Result<(), JsValue> {
        let color = match color.as_string().as_deref() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => return Err(JsError::new("the color must be 'white' or 'black'").into()),
        };
        match how.as_string().as_deref() {
            Some("resign") => self.inner.resign(color).map_err(coded)?,
            Some("time") => self.inner.lose_on_time(color).map_err(coded)?,
            Some("agree") => self.inner.agree_draw(color).map_err(coded)?,
            _ => return Err(JsError::new("the end must be 'resign', 'time' or 'agree'").into()),
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

    /// The legal moves: `[{uci, san, from, to, promotion, facts}]`; none once the game is over
    /// (the core's `Game::legal_moves`).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.inner.position();
        let moves: Vec<MoveInfo> = self
            .inner
            .legal_moves()
            .iter()
            .map(|&m| MoveInfo::new(pos, m))
            .collect();
        to_js(&moves)
    }

    /// Plays a move given in UCI (`e3e4`) or SAN (`e4`); returns `{uci, san, from, to,
    /// promotion, facts}`. A finished game takes no more moves (the core's rule).
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, JsValue> {
        let s = text(&mv, "the move")?;
        let pos = *self.inner.position();
        let m = self.inner.play_str(s.trim()).map_err(coded)?;
        Ok(to_js(&MoveInfo::new(&pos, m)))
    }

    /// Takes back the last move (with a resignation or a loss on time after it); returns it
    /// in UCI, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|m| m.to_string())
    }

    /// The moves played, each as a legal move is given: `[{uci, san, from, to, promotion,
    /// facts}]` (their UCI alone or their SAN alone: the npm package's `moves()` and
    /// `history()`).
    pub fn played(&self) -> JsValue {
        let played = self.inner.moves().iter().zip(self.inner.positions());
        let moves: Vec<MoveInfo> = played.map(|(&m, pos)| MoveInfo::new(pos, m)).collect();
        to_js(&moves)
    }

    /// The FEN of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start().fen()
    }

    /// `{turn, check, result, reason, count: {kind, ply, limit, moves, limitMoves, side} | null,
    /// cambodianCounting, canMate: {white, black}, countInReach}`; `reason` is the core's (`"checkmate"`,
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
            count_in_reach: pos.count_in_reach(),
        })
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
