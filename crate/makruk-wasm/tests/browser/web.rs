//! The bindings' API in headless Chromium (wasm-bindgen-test-runner), every error path
//! included: wrong types, `undefined`, `null`, huge strings and numbers.
use js_sys::{Array, Object, Reflect};
use makruk_wasm::{perft, tablebase_stats, Engine, Game};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

use crate::common::{sans, ucis};

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("an object")
}

fn error_message(error: JsValue) -> String {
    let error: js_sys::Error = error.dyn_into().expect("a thrown Error");
    String::from(error.message())
}

fn js_err<T>(result: Result<T, impl Into<JsValue>>) -> String {
    match result {
        Ok(_) => panic!("expected an error"),
        Err(e) => error_message(e.into()),
    }
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

#[wasm_bindgen_test]
fn new_game_from_nothing_or_a_fen() {
    assert_eq!(Game::new(JsValue::UNDEFINED).unwrap().fen(), START);
    assert_eq!(Game::new(JsValue::NULL).unwrap().fen(), START);
    let fen = "8/8/8/4k3/8/8/R6R/3NK3 b - 16 10 40";
    assert_eq!(Game::new(fen.into()).unwrap().fen(), fen);
}

#[wasm_bindgen_test]
fn bad_fens_and_wrong_types_are_errors() {
    let msg = js_err(Game::new(
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1".into(),
    ));
    assert!(msg.contains("field 2"), "{msg}");
    assert!(js_err(Game::new(JsValue::from_f64(42.0))).contains("must be a string"));
    assert!(js_err(Game::new(JsValue::TRUE)).contains("must be a string"));
    assert!(js_err(Game::new("x".repeat(1 << 20).into())).contains("too long"));
    assert!(!js_err(Game::new("".into())).is_empty());
}

#[wasm_bindgen_test]
fn legal_moves_are_plain_objects() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let moves = Array::from(&game.legal_moves());
    assert_eq!(moves.length(), 23);
    let e4 = moves
        .iter()
        .find(|m| get(m, "uci").as_string().as_deref() == Some("e3e4"))
        .expect("e3e4 is legal");
    assert_eq!(get(&e4, "san").as_string().unwrap(), "e4");
    assert_eq!(get(&e4, "from").as_string().unwrap(), "e3");
    assert_eq!(get(&e4, "to").as_string().unwrap(), "e4");
    assert_eq!(get(&e4, "promotion"), JsValue::FALSE);
    // the core's facts in one number: a Bia's move ('P'), nothing more
    assert_eq!(get(&e4, "facts").as_f64(), Some(f64::from(b'P')));
}

#[wasm_bindgen_test]
fn play_accepts_uci_and_san_and_undo_restores() {
    let mut game = Game::new(JsValue::UNDEFINED).unwrap();
    let played = game.play("e3e4".into()).unwrap();
    assert_eq!(get(&played, "san").as_string().unwrap(), "e4");
    game.play("d5".into()).unwrap();
    assert_eq!(sans(&game), vec!["e4", "d5"]);
    assert_eq!(ucis(&game), vec!["e3e4", "d6d5"]);
    assert_eq!(game.undo().as_deref(), Some("d6d5"));
    assert_eq!(game.undo().as_deref(), Some("e3e4"));
    assert_eq!(game.undo(), None);
    assert_eq!(game.fen(), START);
}

#[wasm_bindgen_test]
fn bad_moves_are_errors_and_the_game_stays_usable() {
    let mut game = Game::new(JsValue::UNDEFINED).unwrap();
    for bad in ["e3e5", "Ke5", "", "zz", "e3e4e5e6", "💥"] {
        let msg = js_err(game.play(bad.into()));
        assert!(!msg.is_empty(), "{bad}");
    }
    for bad in [
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(1e308),
        Object::new().into(),
    ] {
        assert!(js_err(game.play(bad)).contains("must be a string"));
    }
    assert!(js_err(game.play("e".repeat(100_000).into())).contains("too long"));
    assert_eq!(game.fen(), START);
    game.play("e4".into()).unwrap();
    assert_eq!(sans(&game), vec!["e4"]);
}

#[wasm_bindgen_test]
fn status_reports_turn_check_result_and_count() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let status = game.status();
    assert_eq!(get(&status, "turn").as_string().unwrap(), "white");
    assert_eq!(get(&status, "check"), JsValue::FALSE);
    assert_eq!(get(&status, "result").as_string().unwrap(), "*");
    assert!(get(&status, "reason").is_null());
    assert!(get(&status, "count").is_null());
    assert_eq!(get(&status, "cambodianCounting"), JsValue::FALSE);

    let counting = Game::new("8/8/8/4k3/8/8/R6R/3NK3 b - 16 10 40".into()).unwrap();
    let count = get(&counting.status(), "count");
    assert_eq!(get(&count, "kind").as_string().unwrap(), "pieces");
    assert_eq!(get(&count, "ply").as_f64().unwrap(), 10.0);
    assert_eq!(get(&count, "limit").as_f64().unwrap(), 16.0);
    assert_eq!(get(&count, "side").as_string().unwrap(), "black");
}

#[wasm_bindgen_test]
fn a_finished_game_reports_its_end_and_takes_no_move() {
    let mut game = Game::new("k7/8/SK6/8/8/8/8/8 w - - 0 1".into()).unwrap();
    game.play("a6a7".into()).unwrap();
    let status = game.status();
    assert_eq!(get(&status, "result").as_string().unwrap(), "1-0");
    assert_eq!(get(&status, "reason").as_string().unwrap(), "checkmate");
    assert_eq!(Array::from(&game.legal_moves()).length(), 0);
    assert!(js_err(game.play("a8b8".into())).contains("over"));
}

#[wasm_bindgen_test]
fn board_and_pgn() {
    let game = Game::new("8/8/4M~3/8/2k5/8/2N5/5K2 b - 128 8 2".into()).unwrap();
    let board = game.board();
    assert_eq!(board.len(), 64);
    assert_eq!(board[44], "M~"); // e6
    assert_eq!(board[10], "N"); // c2
    let pgn = Game::new(JsValue::UNDEFINED)
        .unwrap()
        .pgn(JsValue::UNDEFINED, JsValue::UNDEFINED)
        .unwrap();
    assert!(pgn.contains("[Variant \"makruk\"]"), "{pgn}");
}

#[wasm_bindgen_test]
fn why_illegal_names_the_core_reason_and_refuses_bad_squares() {
    let game = Game::new("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1".into()).unwrap();
    assert!(game
        .why_illegal("a1".into(), "a3".into())
        .unwrap()
        .is_undefined());
    let why = game.why_illegal("a1".into(), "a6".into()).unwrap();
    assert_eq!(get(&why, "reason").as_string().unwrap(), "blocked");
    assert!(get(&why, "piece").is_null());
    let why = game.why_illegal("a1".into(), "b2".into()).unwrap();
    assert_eq!(get(&why, "reason").as_string().unwrap(), "notThatWay");
    assert_eq!(get(&why, "piece").as_string().unwrap(), "Ruea");
    assert!(js_err(game.why_illegal("a9".into(), "a1".into())).contains("square"));
    assert!(js_err(game.why_illegal(JsValue::NULL, "a1".into())).contains("from"));
    let mut over = Game::new("k7/8/SK6/8/8/8/8/8 w - - 0 1".into()).unwrap();
    over.play("a6a7".into()).unwrap();
    let why = over.why_illegal("b6".into(), "b7".into()).unwrap();
    assert_eq!(get(&why, "reason").as_string().unwrap(), "gameOver");
}

#[wasm_bindgen_test]
fn engine_searches_with_limits_and_reports_progress() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let mut engine = Engine::new();
    let infos = Array::new();
    let sink = infos.clone();
    let callback = Closure::<dyn FnMut(JsValue)>::new(move |info: JsValue| {
        sink.push(&info);
    });
    let limits = object(&[("depth", JsValue::from_f64(4.0))]);
    let result = engine
        .search(&game, limits, callback.as_ref().clone())
        .unwrap();
    let best = get(&result, "move").as_string().unwrap();
    let legal = Array::from(&game.legal_moves());
    assert!(legal
        .iter()
        .any(|m| get(&m, "uci").as_string().as_deref() == Some(best.as_str())));
    assert_eq!(infos.length(), 4);
    let last = infos.get(3);
    assert_eq!(get(&last, "depth").as_f64().unwrap(), 4.0);
    assert!(get(&get(&last, "score"), "cp").as_f64().is_some());
}

#[wasm_bindgen_test]
fn engine_rejects_bad_limits() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let mut engine = Engine::new();
    let cases = [
        (JsValue::from_str("fast"), "object"),
        (object(&[]), "movetime, depth, nodes or level"),
        (
            object(&[("depth", JsValue::from_f64(-3.0))]),
            "limits.depth",
        ),
        (
            object(&[("nodes", JsValue::from_str("many"))]),
            "limits.nodes",
        ),
        (
            object(&[("movetime", JsValue::from_f64(f64::NAN))]),
            "limits.movetime",
        ),
        (object(&[("level", JsValue::from_f64(9.0))]), "limits.level"),
        (
            object(&[("depth", JsValue::from_f64(1e300))]),
            "limits.depth",
        ),
    ];
    for (limits, expected) in cases {
        let msg = js_err(engine.search(&game, limits, JsValue::UNDEFINED));
        assert!(msg.contains(expected), "{msg}");
    }
    let ok = object(&[("level", JsValue::from_f64(1.0))]);
    assert!(engine.search(&game, ok, JsValue::from_f64(3.0)).is_ok());
}

#[wasm_bindgen_test]
fn engine_manages_the_time_of_the_side_to_move() {
    let game = Game::new(JsValue::UNDEFINED).unwrap();
    let mut engine = Engine::new();
    // White to move with 200 ms left: the search stops at its clock limit, not at level 8's
    // node budget (which takes seconds); Black's minutes do not count
    let limits = object(&[
        ("level", JsValue::from_f64(8.0)),
        ("wtime", JsValue::from_f64(200.0)),
        ("btime", JsValue::from_f64(600_000.0)),
        ("winc", JsValue::from_f64(0.0)),
    ]);
    let start = js_sys::Date::now();
    let result = engine.search(&game, limits, JsValue::UNDEFINED).unwrap();
    assert!(get(&result, "move").as_string().is_some());
    let spent = js_sys::Date::now() - start;
    assert!(
        spent < 200.0,
        "searched {spent} ms with 200 ms on the clock"
    );
    let bad = object(&[("wtime", JsValue::from_f64(-1.0))]);
    let msg = js_err(engine.search(&game, bad, JsValue::UNDEFINED));
    assert!(msg.contains("limits.wtime"), "{msg}");
}

#[wasm_bindgen_test]
fn bench_and_perft_match_the_native_build() {
    assert_eq!(
        perft(JsValue::UNDEFINED, JsValue::from_f64(3.0)).unwrap(),
        12012.0
    );
    assert!(js_err(perft(JsValue::UNDEFINED, JsValue::from_f64(99.0))).contains("depth"));
    let mut engine = Engine::new();
    assert!(js_err(engine.bench(JsValue::from_str("deep"))).contains("depth"));
    let native = |network| makruk::bench::run(3, network, |_, _| {}) as f64;
    assert_eq!(engine.bench(JsValue::from_f64(3.0)).unwrap(), native(None));
    engine
        .set_network(js_sys::Uint8Array::from(NETWORK).into())
        .expect("the network installs");
    let network = makruk::Network::from_bytes(NETWORK).unwrap();
    assert_eq!(
        engine.bench(JsValue::from_f64(3.0)).unwrap(),
        native(Some(std::sync::Arc::new(network)))
    );
}

const NETWORK: &[u8] = include_bytes!("../../../makruk/src/eval.nnue");

#[wasm_bindgen_test]
fn an_engine_evaluates_with_the_network_it_is_given() {
    let start = makruk::Position::startpos();
    let mut searcher = makruk::search::Searcher::new(1);
    let without = searcher.evaluate(&start);
    assert_eq!(
        searcher.network().map(|_| ()),
        None,
        "the module has none built in"
    );
    let network = makruk::Network::from_bytes(NETWORK).expect("the project's network");
    searcher.set_network(Some(std::sync::Arc::new(network)));
    assert_ne!(searcher.evaluate(&start), without, "the network takes part");
    let mut engine = Engine::new();
    let again = js_err(engine.set_network(js_sys::Uint8Array::from(&NETWORK[..9]).into()));
    assert!(again.starts_with("network file: 9 bytes"), "{again}");
}

const CAMBODIAN_START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[wasm_bindgen_test]
fn a_game_of_either_variant() {
    let makruk = Game::create(JsValue::UNDEFINED, JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    assert_eq!(
        (makruk.fen(), makruk.variant()),
        (START.into(), "makruk".into())
    );
    let makruk = Game::create(JsValue::NULL, "makruk".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(makruk.variant(), "makruk");
    let mut game =
        Game::create(JsValue::UNDEFINED, "cambodian".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(game.fen(), CAMBODIAN_START);
    assert_eq!(game.variant(), "cambodian");
    let moves: Array = game.legal_moves().dyn_into().unwrap();
    assert_eq!(moves.length(), 25);
    let sans: Vec<String> = moves
        .iter()
        .map(|m| get(&m, "san").as_string().unwrap())
        .collect();
    assert!(sans.contains(&"Kf2".to_string()) && sans.contains(&"Kb2".to_string()));
    for m in ["e4", "e5", "Kf2"] {
        game.play(m.into()).unwrap();
    }
    assert_eq!(
        game.fen(),
        "rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/5K2/RNS1MSNR b Ede - 1 2"
    );
    assert_eq!(ucis(&game), vec!["e3e4", "e6e5", "d1f2"]);
    assert!(game
        .pgn(JsValue::UNDEFINED, JsValue::UNDEFINED)
        .unwrap()
        .contains("[Variant \"cambodian\"]"));
    // a Cambodian FEN keeps its rights; Makruk refuses them
    let fen = "4k3/8/p7/8/8/8/P7/3KM3 w E - 0 1";
    let mut step = Game::create(fen.into(), "cambodian".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(step.start_fen(), fen);
    let info = step.play("Me3".into()).unwrap();
    assert_eq!(get(&info, "uci").as_string().as_deref(), Some("e1e3"));
    let msg = js_err(Game::create(
        fen.into(),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ));
    assert!(msg.contains("castling must be '-'"), "{msg}");
    // the worker builds its games with both arguments and sees the variant in the status
    let status = Game::create(JsValue::UNDEFINED, "cambodian".into(), JsValue::UNDEFINED)
        .unwrap()
        .status();
    assert_eq!(get(&status, "turn").as_string().as_deref(), Some("white"));
    assert_eq!(get(&status, "cambodianCounting"), JsValue::TRUE);
}

#[wasm_bindgen_test]
fn a_bad_variant_is_an_error_naming_it() {
    let msg = js_err(Game::create(
        JsValue::UNDEFINED,
        "chess".into(),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        msg,
        "unknown variant 'chess' (expected 'makruk', 'cambodian', 'makpong' or 'karouk')"
    );
    assert!(js_err(Game::create(
        JsValue::UNDEFINED,
        "Cambodian".into(),
        JsValue::UNDEFINED
    ))
    .contains("'Cambodian'"));
    let msg = js_err(Game::create(
        JsValue::UNDEFINED,
        JsValue::from_f64(42.0),
        JsValue::UNDEFINED,
    ));
    assert!(msg.contains("the number 42"), "{msg}");
    let msg = js_err(Game::create(
        JsValue::UNDEFINED,
        JsValue::TRUE,
        JsValue::UNDEFINED,
    ));
    assert!(msg.contains("boolean"), "{msg}");
    assert!(js_err(Game::create(
        JsValue::UNDEFINED,
        "x".repeat(1 << 20).into(),
        JsValue::UNDEFINED
    ))
    .contains("too long"));
    let msg = js_err(Game::create(
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSMKSNR w DEde - 0 1".into(),
        "cambodian".into(),
        JsValue::UNDEFINED,
    ));
    assert!(
        msg.contains("right 'D' needs the white Khun on d1"),
        "{msg}"
    );
}

#[wasm_bindgen_test]
fn tablebase_stats_build_in_the_browser() {
    assert!(js_err(tablebase_stats(JsValue::from_str("KR"))).contains("not an ending"));
    assert!(js_err(tablebase_stats(JsValue::UNDEFINED)).contains("string"));
    // the slowest table, timed in the browser (docs/endgames.md)
    let start = js_sys::Date::now();
    let stats = tablebase_stats(JsValue::from_str("SM")).expect("an ending");
    console_log!("Khon + Met built in {} ms", js_sys::Date::now() - start);
    // the core's name of the ending, which reads back
    assert_eq!(get(&stats, "ending").as_string().as_deref(), Some("SM"));
    let longest = Array::from(&get(&stats, "longestPlies"));
    assert_eq!(longest.get(0).as_f64(), Some(113.0));
    assert_eq!(get(&stats, "bytes").as_f64(), Some(8_388_608.0));
}

#[wasm_bindgen_test]
fn engine_answers_a_bare_khun_ending_from_the_tables() {
    let game = Game::new(JsValue::from_str("k7/8/1K6/8/8/8/8/7R w - - 0 1")).unwrap();
    let mut engine = Engine::new();
    let limits = object(&[("depth", JsValue::from_f64(6.0))]);
    let result = engine.search(&game, limits, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&result, "move").as_string().as_deref(), Some("h1h8"));
    assert_eq!(get(&get(&result, "score"), "mate").as_f64(), Some(1.0));
    assert_eq!(get(&result, "nodes").as_f64(), Some(0.0));
}
