//! FEN, SAN and UCI move notation: writing, reading, and a typed error for bad input.

mod common;
use common::pos;
use makruk::Rng;
use makruk::{parse_san, parse_uci, to_san, Color, Game, Move, Position, SanError, Square};

fn mv(s: &str) -> Move {
    let sq = |t: &str| t.parse::<Square>().expect("square");
    Move::new(sq(&s[0..2]), sq(&s[2..4]), s.len() == 5)
}

fn san(fen: &str, uci: &str) -> String {
    to_san(&pos(fen), mv(uci))
}

#[test]
fn san_writes_rules_md_forms() {
    let start = Position::startpos().fen();
    assert_eq!(san(&start, "e3e4"), "e4");
    assert_eq!(san(&start, "b1d2"), "Nd2");
    assert_eq!(san(&start, "e1f2"), "Mf2");
    assert_eq!(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    assert_eq!(san("4k3/8/8/8/8/8/2n5/1S2K3 w - - 0 1", "b1c2"), "Sxc2");
    assert_eq!(san("8/8/8/P7/8/8/8/K6k w - - 0 1", "a5a6m"), "a6=M");
    assert_eq!(san("8/8/1n6/P7/8/8/8/K6k w - - 0 1", "a5b6m"), "axb6=M");
    assert_eq!(san("4r3/8/8/8/8/8/8/R2K3k w - - 0 1", "a1a8"), "Ra8");
    assert_eq!(san("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"), "Rh8#");
    assert_eq!(san("k7/8/8/8/8/8/8/K6R w - - 0 1", "h1h8"), "Rh8+");
}

#[test]
fn san_disambiguates_by_file_then_rank() {
    assert_eq!(san("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1c1"), "Rac1");
    assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    // three Ma reach e4: one shares d2's file, one its rank
    assert_eq!(san("7k/8/3N4/8/8/8/3N1N2/4K3 w - - 0 1", "d2e4"), "Nd2e4");
}

#[test]
fn san_reads_short_and_long_forms() {
    let start = Position::startpos();
    for (text, uci) in [
        ("e4", "e3e4"),
        ("Nd2", "b1d2"),
        ("Nbd2", "b1d2"),
        ("Nb1d2", "b1d2"),
        ("Nb1-d2", "b1d2"),
        ("b1d2", "b1d2"),
        ("e3e4", "e3e4"),
        ("e3-e4", "e3e4"),
        ("e4+", "e3e4"),
        ("Mf2", "e1f2"),
    ] {
        assert_eq!(parse_san(&start, text), Ok(mv(uci)), "{text}");
        assert_eq!(start.parse_move(text), Ok(mv(uci)), "{text}");
    }
    let p = pos("8/8/1n6/P7/8/8/8/K6k w - - 0 1");
    for text in ["axb6=M", "axb6", "axb6M", "a5b6m", "a5b6"] {
        assert_eq!(p.parse_move(text), Ok(mv("a5b6m")), "{text}");
    }
}

#[test]
fn san_errors_say_why() {
    let start = Position::startpos();
    let err = |t: &str| parse_san(&start, t).unwrap_err().to_string();
    assert!(err("").contains("empty"));
    assert!(err("O-O").contains("no castling"));
    assert!(err("Qd2").contains("'Q' is not a piece letter"));
    assert!(err("Nd9").contains("target square"));
    assert!(err("Ke3").contains("no Khun of white can move to e3"));
    assert!(err("เบี้ย").contains("ASCII"));
    assert!(err("e3xe4").contains("'x' marks a capture"));
    let two = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    match parse_san(&two, "Rd1") {
        Err(SanError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("expected ambiguity, got {other:?}"),
    }
    // a very long input is shortened in the message
    let long = "N".repeat(100_000) + "d2";
    assert!(parse_san(&start, &long).unwrap_err().to_string().len() < 300);
}

#[test]
fn uci_reads_and_explains() {
    let start = Position::startpos();
    assert_eq!(parse_uci(&start, "b1d2"), Ok(mv("b1d2")));
    let err = |t: &str| parse_uci(&start, t).unwrap_err().to_string();
    assert!(err("e3e9").contains("to-square"));
    assert!(err("e3e4q").contains("'m'"));
    assert!(err("e3e4m").contains("does not promote"));
    assert!(err("e4e5").contains("no piece on e4"));
    assert!(err("e6e5").contains("black's"));
    assert!(err("a1a4").contains("cannot go to a4"));
    assert!(err("0000").contains("null move"));
    assert_eq!(mv("a5a6m").to_string(), "a5a6m");
    assert_eq!(Move::NULL.to_string(), "0000");
}

#[test]
fn fen_round_trips_counting_and_promoted() {
    for fen in [
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "8/8/8/4k3/8/8/R6R/3NK3 b - 16 10 40",
        "6k1/8/7m/8/3n1M~2/2M5/8/3K4 w - - 0 1",
        "8/8/4M~3/8/2k5/8/2N5/5K2 b - 128 8 2",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // missing trailing fields take their defaults
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3").fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn fen_errors_name_the_field() {
    let cases = [
        ("", "FEN: empty"),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "FEN field 2: side to move must be 'w' or 'b', found 'x'",
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            "FEN field 1: expected 8 ranks",
        ),
        (
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            "FEN field 1: rank 1 has more than 8 squares",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            "FEN field 1: rank 1 has 7 squares",
        ),
        (
            "4k3/8/8/8/8/8/8/4Q3 w - - 0 1",
            "FEN field 1: rank 1: 'Q' is not a piece letter",
        ),
        (
            "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
            "FEN field 1: white has 2 Khun",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            "FEN field 1: white has 0 Khun",
        ),
        (
            "4k3/8/P7/8/8/8/8/4K3 w - - 0 1",
            "FEN field 1: white Bia on a6 should have been promoted",
        ),
        (
            "4k3/8/8/8/8/8/8/4KN~2 w - - 0 1",
            "FEN field 1: rank 1: '~'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
            "FEN field 3: castling must be '-'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            "FEN field 4: the counting limit (plies) must be a whole number, found 'e3'",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - 16", "FEN field 5: missing"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "FEN field 5: the half-move clock must be a whole number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - 99999999 1 1",
            "FEN field 4: the counting limit (plies) is too large",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 -1",
            "FEN field 6: the move number must be a whole number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "FEN: expected at most 6 fields",
        ),
        (
            "4k3/8/8/8/8/8/8/4R2K w - - 0 1",
            "FEN: the side not to move (black) is in check",
        ),
        (
            "4k3/8/8/8/8/8/8/RRRRKRRR w - - 0 1\n8/8/8/8/8/8/8/8 w",
            "FEN: expected at most 6 fields",
        ),
    ];
    for (fen, msg) in cases {
        let e = Position::from_fen(fen).expect_err(fen).to_string();
        assert!(e.starts_with(msg), "{fen:?}: got {e:?}, want {msg:?}");
    }
}

#[test]
fn a_board_of_pieces_reads_as_its_fen() {
    // Position::from_board: the board part of a FEN, with its refusals
    let board_of = |fen: &str| {
        let mut board = [None; 64];
        for (rank, text) in fen.split('/').rev().enumerate() {
            let mut file = 0;
            for c in text.chars() {
                match c.to_digit(10) {
                    Some(d) => file += d as u8,
                    None => {
                        let sq = Square::new(file, rank as u8);
                        board[sq.index()] = makruk::Piece::from_char(c);
                        file += 1;
                    }
                }
            }
        }
        board
    };
    for (board, turn) in [
        ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR", Color::White),
        ("8/8/8/4k3/8/8/R6R/3NK3", Color::Black),
        ("4k3/8/8/8/8/8/8/4KK2", Color::White),
        ("4k3/8/P7/8/8/8/8/4K3", Color::White),
        ("4k3/8/8/8/8/8/8/4R2K", Color::White),
        ("4k3/8/8/8/8/8/8/4R2K", Color::Black),
    ] {
        let fen = format!("{board} {}", turn.char());
        let read = Position::from_board(&board_of(board), turn).map_err(|e| e.to_string());
        assert_eq!(
            read,
            Position::from_fen(&fen).map_err(|e| e.to_string()),
            "{fen}"
        );
    }
    assert!(Position::from_board(&[None; 64], Color::White).is_err());
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(0x1234_5678);
    let alphabet: Vec<char> = "kmsnrpKMSNRP12345678/~ -wbx0e3a9เบี้ย\u{0}\n\t"
        .chars()
        .collect();
    let start = Position::startpos();
    for _ in 0..20_000 {
        let len = rng.below(80);
        let s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = Position::from_fen(&s);
        let _ = parse_san(&start, &s);
        let _ = parse_uci(&start, &s);
        let _ = start.parse_move(&s);
        let _ = Game::from_fen(&s);
    }
    let huge = "8/".repeat(1 << 16) + &"\u{1F600}".repeat(10_000);
    assert!(Position::from_fen(&huge).is_err());
    assert!(start.parse_move(&huge).is_err());
}

#[test]
fn game_pgn_and_san_history() {
    let mut g = Game::default();
    for m in ["e4", "d5", "exd5"] {
        g.play_str(m).expect("legal");
    }
    assert_eq!(g.san_history(), vec!["e4", "d5", "exd5"]);
    assert!(g.pgn().contains("1. e4 d5 2. exd5 *"));
    assert_eq!(g.undo(), Some(mv("e4d5")));
    assert_eq!(g.moves().len(), 2);
    assert!(g.play(mv("e3e5")).is_err());
    let black = common::game("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "Kd8 Ra2");
    assert!(black
        .pgn()
        .contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]"));
    assert!(black.pgn().contains("1... Kd8 2. Ra2 *"));
}

/// A move as PlayOK writes it: chess letters (Q the Met, B the Khon), `=P` for a promotion,
/// `P` for a promoted Bia that moves.
fn playok_san(pos: &Position, m: Move) -> String {
    let san = to_san(pos, m);
    let san = san.replace("=M", "=P");
    match san.as_bytes()[0] {
        b'M' if pos.promoted().contains(m.from()) => format!("P{}", &san[1..]),
        b'M' => format!("Q{}", &san[1..]),
        b'S' => format!("B{}", &san[1..]),
        _ => san,
    }
}

#[test]
fn pgn_reads_playok_games() {
    // random games with promotions and promoted Bia on the move, written as PlayOK writes
    // them: tags of its own, no Variant tag, move numbers both ways, comments and NAGs
    let mut rng = Rng::new(0x5eed);
    let (mut promoted_moves, mut promotions, mut games) = (0, 0, 0);
    while games < 40 || promoted_moves < 20 {
        let mut game = Game::default();
        let mut text = String::from(
            "[Event \"Makruk\"]\n[Site \"PlayOK\"]\n[Date \"2026.11.30\"]\n[White \"somchai\"]\n\
             [Black \"anan\"]\n[Result \"*\"]\n[TimeControl \"300+5\"]\n[WhiteElo \"1650\"]\n\
             [BlackElo \"1580\"]\n\n",
        );
        for ply in 0..160 {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let word = playok_san(&pos, m);
            promoted_moves += usize::from(word.starts_with('P'));
            promotions += usize::from(word.contains("=P"));
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            } else if ply % 7 == 1 {
                text.push_str(&format!("{}... ", ply / 2 + 1));
            }
            text.push_str(&word);
            text.push_str(if ply % 11 == 3 {
                " {a comment} $2 "
            } else {
                " "
            });
            game.play(m).expect("legal");
        }
        text.push_str("*\n");
        let read = makruk::pgn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.game.moves(), game.moves(), "{text}");
        assert_eq!(read.tag("WhiteElo"), Some("1650"));
        games += 1;
        assert!(games < 2000, "no promoted Bia moved in {games} games");
    }
    assert!(
        promotions > 0 && promoted_moves >= 20,
        "{promotions} {promoted_moves}"
    );
}

#[test]
fn pgn_playok_promoted_bia_apart_from_the_met() {
    // a promoted Bia on b3 and a Met on d3 both step to c4: in chess letters `Pc4` is the
    // promoted Bia and `Qc4` the Met, where this project's SAN writes `Mbc4` and `Mdc4`
    let fen = "4k3/8/8/8/8/1M~1M4/8/R3K3 w - - 0 1";
    let first = |word: &str| {
        let pgn = format!("[Site \"PlayOK\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. {word} *");
        let read = makruk::pgn::read(&pgn).unwrap_or_else(|e| panic!("{word}: {e}"));
        read.game.moves()[0].to_string()
    };
    assert_eq!(first("Pc4"), "b3c4");
    assert_eq!(first("Qc4"), "d3c4");
    assert_eq!(
        first("Mbc4"),
        "b3c4",
        "this project's letters read in the same file"
    );
    assert_eq!(
        makruk::pgn::read(&format!("[FEN \"{fen}\"]\n\n1. Mc4 *"))
            .unwrap_err()
            .to_string(),
        "PGN: 1. Mc4 was rejected: move 'Mc4': ambiguous, it could be b3c4 or d3c4"
    );
}

/// Each move's facts say what its SAN writes: the piece, `x`, `+` or `#`, `=M`, and whether the
/// square it comes from is named; a move that is not legal has none.
#[test]
fn move_facts_agree_with_the_san() {
    use makruk::{move_facts, to_san, Role};
    let fens = [
        makruk::Variant::Makruk.start_fen(),
        // captures, a promotion, two Ruea that need telling apart, checks and a mate
        "4k3/8/3p4/2P5/8/R6R/8/4K3 w - - 0 1",
        "7k/8/6K1/8/8/8/8/mR6 w - - 0 1",
        "r3k3/8/8/8/3p4/2P1P3/8/R3K2R w - - 0 1",
    ];
    let mut seen = [false; 5];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        for &m in pos.legal_moves().iter() {
            let (san, f) = (to_san(&pos, m), move_facts(&pos, m).unwrap());
            let letter = san.chars().next().unwrap();
            let role = if letter.is_ascii_lowercase() {
                Role::Bia
            } else {
                Role::from_char(letter).unwrap()
            };
            assert_eq!(f.role, role, "{san}");
            assert_eq!(f.capture, san.contains('x'), "{san}");
            assert_eq!(f.check, san.ends_with('+') || san.ends_with('#'), "{san}");
            assert_eq!(f.mate, san.ends_with('#'), "{san}");
            assert_eq!(f.promotion, san.contains("=M"), "{san}");
            let bare = san
                .trim_end_matches(['+', '#'])
                .trim_end_matches("=M")
                .replace('x', "");
            let named = if role == Role::Bia {
                bare.len() > 2
            } else {
                bare.len() > 3
            };
            assert_eq!(f.from_named, named, "{san}");
            for (k, fact) in [f.capture, f.check, f.mate, f.promotion, f.from_named]
                .into_iter()
                .enumerate()
            {
                seen[k] |= fact;
            }
        }
    }
    assert_eq!(seen, [true; 5], "every fact is met at least once");
    // a Ruea cannot jump over its Bia
    assert_eq!(move_facts(&Position::startpos(), mv("a1a5")), None);
}

/// Whose turn it is at each ply follows the start's side to move.
#[test]
fn the_turn_at_a_ply_follows_the_start() {
    use makruk::{Color, Game};
    let white = Game::startpos();
    let black = Game::from_fen("4k3/8/8/8/8/8/R7/4K3 b - - 0 1").unwrap();
    assert_eq!(
        [0, 1, 2, 7].map(|p| white.turn_at(p)),
        [Color::White, Color::Black, Color::White, Color::Black]
    );
    assert_eq!(
        [0, 1, 2].map(|p| black.turn_at(p)),
        [Color::Black, Color::White, Color::Black]
    );
}
