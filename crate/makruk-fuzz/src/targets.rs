//! The fuzz targets: each reads any bytes, checks the invariants of what it drives
//! (panicking with a message when one breaks) and returns the behaviour features it saw
//! for the driver's feedback (an input that shows a new feature is kept), the way a
//! coverage-guided fuzzer keeps inputs that reach new edges.

use makruk::{parse_san, parse_uci, to_san, Color, Counting, Game, Move, Position, Variant};
use makruk_uci::{engine::Engine, Flow, Uci};
use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A target: bytes in, behaviour features out; panics on a broken invariant.
pub type Target = fn(&[u8]) -> Vec<u64>;

/// Every target with its name (also the name of its seed folder under `corpus/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("fen", fen),
    ("fen_cambodian", fen_cambodian),
    ("san", san),
    ("uci_move", uci_move),
    ("uci_line", uci_line),
    ("play", play),
    ("pgn", pgn),
    ("count_request", count_request),
];

/// Positions the move readers and random play start from: the start, a middle game,
/// promotions on both sides, promoted Bia, a running count, a checked side.
pub const POSITIONS: &[&str] = &[
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "r2mk1nr/1s6/p1p1pnsp/P7/2pP4/4P1PN/4KS2/RNS1M2R b - - 0 16",
    "4k3/8/8/1P5P/p5p1/8/8/4K3 w - - 0 1",
    "4k3/8/8/1P5P/p5p1/8/8/4K3 b - - 0 1",
    "3k4/8/1M~6/8/8/6m~1/8/3K4 w - - 0 1",
    "8/5k2/4m3/8/8/2N5/R7/3KR3 w - 128 57 60",
    "8/8/4k3/2S5/8/7R/R7/4K3 b - 16 16 50",
    "r3k2r/8/8/8/4R3/8/8/R3K3 b - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
    "8/8/8/1k6/4P3/8/2N5/5K2 w - - 0 1",
];

fn signature(parts: &[&dyn Fn(&mut DefaultHasher)]) -> u64 {
    let mut h = DefaultHasher::new();
    for p in parts {
        p(&mut h);
    }
    h.finish()
}

/// The shape of an error message: the quoted user text and numbers left out, so the
/// driver keeps one input per kind of error rather than one per typo.
fn shape(message: &str) -> String {
    let head = message.split('\'').next().unwrap_or("");
    head.chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}

fn hash_str(s: &str) -> u64 {
    signature(&[&|h| s.hash(h)])
}

/// The position picked by an input's first byte, and the rest of the input as text.
fn split_position(data: &[u8]) -> (usize, Position, String) {
    let (&first, rest) = data.split_first().unwrap_or((&0, &[]));
    let i = first as usize % POSITIONS.len();
    let pos = Position::from_fen(POSITIONS[i]).expect("the fixed positions are valid");
    (i, pos, String::from_utf8_lossy(rest).into_owned())
}

/// Invariants of any position the readers accept or play reaches.
fn check_position(p: &Position) {
    assert_eq!(
        p.hash(),
        p.compute_hash(),
        "incremental hash of {}",
        p.fen()
    );
    let fen = p.fen();
    let back = Position::from_fen_variant(&fen, p.variant())
        .unwrap_or_else(|e| panic!("{fen} does not re-read: {e}"));
    assert_eq!(
        back.rights(),
        p.rights(),
        "rights after FEN round trip of {fen}"
    );
    assert_eq!(back.fen(), fen, "FEN round trip");
    assert_eq!(back.hash(), p.hash(), "hash after FEN round trip of {fen}");
    assert_eq!(
        back.count(),
        p.count(),
        "count after FEN round trip of {fen}"
    );
    assert_eq!(back.checkers(), p.checkers(), "checkers of {fen}");
    let legal = p.legal_moves();
    assert_eq!(p.count_legal(), legal.len() as u64, "count_legal of {fen}");
    assert_eq!(
        p.has_legal_move(),
        !legal.is_empty(),
        "has_legal_move of {fen}"
    );
}

/// The FEN reader: any text either reads into a position that keeps every invariant
/// (and whose moves keep them too), or gives an error with a message.
pub fn fen(data: &[u8]) -> Vec<u64> {
    fen_in(data, Variant::Makruk)
}

/// The FEN reader in Ouk Chatrang (the castling field holds the rights), as `fen`.
pub fn fen_cambodian(data: &[u8]) -> Vec<u64> {
    fen_in(data, Variant::Cambodian)
}

fn fen_in(data: &[u8], variant: Variant) -> Vec<u64> {
    let text = String::from_utf8_lossy(data);
    match Position::from_fen_variant(&text, variant) {
        Ok(p) => {
            check_position(&p);
            for &m in p.legal_moves().iter() {
                let mut next = p;
                next.play(m);
                assert_eq!(next.hash(), next.compute_hash(), "{m} from {}", p.fen());
                assert_eq!(
                    parse_san(&p, &to_san(&p, m)),
                    Ok(m),
                    "SAN of {m} in {}",
                    p.fen()
                );
            }
            let game =
                Game::from_fen_variant(&text, variant).expect("Game reads what Position reads");
            let _ = (game.outcome(), game.pgn());
            let n = p.legal_moves().len();
            vec![signature(&[
                &|h| "ok".hash(h),
                &|h| n.min(40).hash(h),
                &|h| p.count().map(|c| c.honour).hash(h),
                &|h| p.rights().hash(h),
            ])]
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty(), "an empty error for {text:?}");
            vec![hash_str(&shape(&message))]
        }
    }
}

/// The SAN reader (with its long forms): what it accepts is legal and writes back to
/// the same move.
pub fn san(data: &[u8]) -> Vec<u64> {
    let (i, pos, text) = split_position(data);
    let legal = pos.legal_moves();
    match parse_san(&pos, &text) {
        Ok(m) => {
            assert!(
                legal.contains(&m),
                "{text:?} read as illegal {m} in {}",
                pos.fen()
            );
            assert_eq!(parse_san(&pos, &to_san(&pos, m)), Ok(m));
            assert_eq!(
                pos.parse_move(&text).ok(),
                Some(m),
                "parse_move of {text:?}"
            );
            vec![signature(&[&|h| i.hash(h), &|h| m.bits().hash(h)])]
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            vec![hash_str(&shape(&message))]
        }
    }
}

/// Positions without a Bia, where a count may be asked for (counting on request).
const NO_BIA: &[&str] = &[
    "4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/R6R/3NK3 b - - 0 1",
    "r3k2r/8/8/8/4R3/8/8/R3K3 b - - 0 1",
    "8/5k2/4m3/8/8/2N5/R7/3KR3 w - - 0 1",
];

/// Counting on request: random moves, count starts and stops, and undos. A refused action
/// changes nothing; the game written to PGN reads back to the same moves, count actions and
/// final position.
pub fn count_request(data: &[u8]) -> Vec<u64> {
    let (&first, bytes) = data.split_first().unwrap_or((&0, &[]));
    let start = Position::from_fen(NO_BIA[first as usize % NO_BIA.len()])
        .expect("the fixed positions are valid");
    let mut game = Game::new(start).with_counting(Counting::Request);
    let mut kinds = std::collections::BTreeSet::new();
    for &b in bytes {
        let before = game.position().fen();
        let result = match b {
            0xf0.. => {
                game.undo();
                continue;
            }
            0xe0.. => game.start_count().map(|_| "start"),
            0xd0.. => game.stop_count().map(|()| "stop"),
            _ => {
                let legal = game.position().legal_moves();
                if legal.is_empty() || game.outcome().is_some() {
                    break;
                }
                game.play(legal[b as usize % legal.len()])
                    .expect("a legal move plays");
                Ok("move")
            }
        };
        match result {
            Ok(kind) => {
                kinds.insert(kind.to_string());
            }
            Err(e) => {
                assert_eq!(
                    game.position().fen(),
                    before,
                    "a refused {e} changed the game"
                );
                kinds.insert(shape(&e.to_string()));
            }
        }
    }
    let written = makruk::pgn::write(&game, &[]);
    let back = makruk::pgn::read(&written)
        .unwrap_or_else(|e| panic!("the game's PGN does not read back: {e}\n{written}"));
    assert_eq!(back.game.moves(), game.moves(), "{written}");
    assert_eq!(back.game.count_actions(), game.count_actions(), "{written}");
    assert_eq!(
        back.game.position().fen(),
        game.position().fen(),
        "{written}"
    );
    let end = format!("{:?}", game.outcome().map(|o| o.reason));
    kinds
        .iter()
        .map(|k| hash_str(k))
        .chain([hash_str(&end)])
        .collect()
}

/// The PGN reader: every game it reads replays in a `Game` to the same moves and writes back
/// to PGN that reads to them again; a refusal has a message.
pub fn pgn(data: &[u8]) -> Vec<u64> {
    let text = String::from_utf8_lossy(data);
    let games = makruk::pgn::read_games(&text);
    assert!(!games.is_empty(), "read_games gives at least one entry");
    let mut features = Vec::new();
    for game in games {
        match game {
            Ok(g) => {
                let mut replay = Game::new(*g.game.start());
                for &m in g.game.moves() {
                    replay
                        .play(m)
                        .expect("the reader's moves are legal in order");
                }
                let written = makruk::pgn::write(&g.game, &[]);
                let back = makruk::pgn::read(&written)
                    .unwrap_or_else(|e| panic!("written PGN does not read back: {e}\n{written}"));
                assert_eq!(back.game.moves(), g.game.moves(), "{written}");
                features.push(signature(&[
                    &|h| g.game.moves().len().min(8).hash(h),
                    &|h| g.tags.len().min(4).hash(h),
                ]));
            }
            Err(e) => {
                let message = e.to_string();
                assert!(message.starts_with("PGN"), "{message}");
                features.push(hash_str(&shape(&message)));
            }
        }
    }
    features
}

/// The UCI move reader: what it accepts is legal and prints back to itself (the
/// promotion letter may be left out on input).
pub fn uci_move(data: &[u8]) -> Vec<u64> {
    let (i, pos, text) = split_position(data);
    let legal = pos.legal_moves();
    match parse_uci(&pos, &text) {
        Ok(m) => {
            assert!(
                legal.contains(&m),
                "{text:?} read as illegal {m} in {}",
                pos.fen()
            );
            assert_eq!(parse_uci(&pos, &m.to_string()), Ok(m));
            vec![signature(&[&|h| i.hash(h), &|h| m.bits().hash(h)])]
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            vec![hash_str(&shape(&message))]
        }
    }
}

/// What kind of answer a line is, coarsely: the error's command and reason (without the
/// user's text), or the first word (perft lines all count as one).
fn answer_kind(line: &str) -> String {
    if let Some(error) = line.strip_prefix("info string error: ") {
        // the user's text is quoted and may hold colons: cut it first
        let error = error.split('\'').next().unwrap_or("");
        let mut parts = error.splitn(3, ':');
        let (cmd, why) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        return format!("error {} {}", shape(cmd), shape(why));
    }
    match line.split_once(": ") {
        Some((mv, n)) if mv.len() <= 5 && n.parse::<u64>().is_ok() => "perft".into(),
        _ => shape(line.split_whitespace().next().unwrap_or("")),
    }
}

/// The deepest `go perft` the fuzzer lets through (deeper ones are slow, not wrong).
const FUZZ_MAX_PERFT: u32 = 3;

thread_local! {
    // One engine for all inputs: a new one allocates its hash table each time.
    static UCI: RefCell<(Uci, Engine)> = RefCell::new((Uci::new(), Engine::new()));
}

/// Whether the fuzzer hands `line` to the engine: searches and `bench` run for seconds
/// and print from a thread, deep perft takes long, `Hash` allocates up to 4 GiB and
/// `ucinewgame` clears the 16 MiB table; those are skipped as slow, not wrong (the `go` arguments are still parsed, by the same parser).
fn fuzz_safe(line: &str, engine: &Engine) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["go", "perft", d] => d.parse::<u32>().map_or(true, |d| d <= FUZZ_MAX_PERFT),
        ["go", "perft"] => true,
        ["go", args @ ..] => {
            let _ = engine.parse_go(&args.join(" "), Color::White);
            let _ = engine.parse_go(&args.join(" "), Color::Black);
            false
        }
        ["bench" | "ucinewgame", ..] => false,
        ["setoption", ..] => !line.to_ascii_lowercase().contains("hash"),
        _ => true,
    }
}

/// The UCI command loop, one line at a time as the binary reads it (lines split at
/// `\n`, any bytes): it answers in UTF-8, never panics, and its position stays valid.
pub fn uci_line(data: &[u8]) -> Vec<u64> {
    UCI.with(|cell| {
        let (uci, engine) = &mut *cell.borrow_mut();
        uci.handle_line(b"position startpos");
        // the features: the kinds of answer seen
        let mut kinds = std::collections::BTreeSet::new();
        for line in data.split(|&b| b == b'\n') {
            if !fuzz_safe(&String::from_utf8_lossy(line), engine) {
                continue;
            }
            let (answer, flow) = uci.handle_line(line);
            let answer = String::from_utf8(answer).expect("answers are UTF-8");
            if let Some(first) = answer.lines().next() {
                kinds.insert(answer_kind(first));
            }
            if flow == Flow::Quit {
                break;
            }
        }
        // whatever came before, the engine still has a readable position
        let (answer, _) = uci.handle_line(b"d");
        let answer = String::from_utf8(answer).expect("answers are UTF-8");
        let fen = answer
            .lines()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("d prints the FEN");
        let p = Position::from_fen_variant(fen, uci.variant())
            .unwrap_or_else(|e| panic!("d printed {fen}: {e}"));
        check_position(&p);
        kinds.iter().map(|k| hash_str(k)).collect()
    })
}

/// Random legal play steered by the bytes: each byte picks a legal move (or, for
/// 0xF0..=0xFF, undoes one). Checks: the incremental hash equals the recomputed one,
/// the FEN round-trips, undo restores, a position re-read from its FEN continues the
/// same way, and the counting state equals a replay from the start.
pub fn play(data: &[u8]) -> Vec<u64> {
    let (&first, bytes) = data.split_first().unwrap_or((&0, &[]));
    let start = Position::from_fen(POSITIONS[first as usize % POSITIONS.len()])
        .expect("the fixed positions are valid");
    // for analysis: random play goes on past a draw by repetition or material
    let mut game = Game::new(start).for_analysis();
    let mut saved: Vec<Position> = Vec::new();
    // the features: the kinds of move and count the game went through, and its end
    let mut kinds = std::collections::BTreeSet::new();
    for (k, &b) in bytes.iter().enumerate() {
        if b >= 0xf0 {
            let before = saved.pop();
            let undone = game.undo();
            assert_eq!(undone.is_some(), before.is_some(), "undo with a history");
            if let Some(before) = before {
                let now = game.position();
                assert_eq!(now.fen(), before.fen(), "undo restores the FEN");
                assert_eq!(now.hash(), before.hash(), "undo restores the hash");
                assert_eq!(now.count(), before.count(), "undo restores the count");
            }
            continue;
        }
        let pos = *game.position();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            assert!(pos.in_check() || !pos.has_legal_move());
            break;
        }
        let m = legal[b as usize % legal.len()];
        let san = to_san(&pos, m);
        assert_eq!(
            parse_san(&pos, &san),
            Ok(m),
            "SAN {san} of {m} in {}",
            pos.fen()
        );
        assert_eq!(parse_uci(&pos, &m.to_string()), Ok(m));
        saved.push(pos);
        game.play(m).expect("a legal move plays");
        let mut copied = pos;
        copied.play(m);
        let mut reread = Position::from_fen(&pos.fen()).expect("FEN round trip");
        reread.play(m);
        let now = game.position();
        check_position(now);
        assert_eq!(copied.fen(), now.fen(), "copy-make equals Game::play");
        assert_eq!(reread.fen(), now.fen(), "re-read FEN continues the same");
        assert_eq!(reread.count(), now.count(), "count after a re-read FEN");
        if k % 16 == 15 {
            check_replay(&game);
        }
        kinds.insert(match (m.is_promotion(), now.in_check()) {
            (true, _) => "promotion",
            (_, true) => "check",
            _ => "move",
        });
        if let Some(c) = now.count() {
            kinds.insert(c.honour.name());
        }
    }
    check_replay(&game);
    let end = format!("{:?}", game.outcome().map(|o| o.reason));
    kinds
        .iter()
        .map(|k| hash_str(k))
        .chain([hash_str(&end)])
        .collect()
}

/// Replays the game's moves from its start on a plain position: same FEN, hash and count.
fn check_replay(game: &Game) {
    let mut p = *game.start();
    let moves: &[Move] = game.moves();
    for &m in moves {
        assert!(p.is_legal(m), "{m} replays legally");
        p.play(m);
    }
    let now = game.position();
    assert_eq!(p.fen(), now.fen(), "replay from the start");
    assert_eq!(p.hash(), now.hash());
    assert_eq!(p.count(), now.count(), "counting state of a replay");
    let _ = game.pgn();
}
