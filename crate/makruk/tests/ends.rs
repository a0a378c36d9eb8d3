//! The end of a game, one policy in `Game` (issue 35): the rules, a resignation or a loss on
//! time end it, `outcome()` says which, and a game that is over takes no more moves; `undo`
//! takes a resignation or a loss on time back with the last move. And the count record, which
//! the core writes and reads (links and saved games keep it).

use makruk::{pgn, Color, CountAction, CountError, Counting, Game, Outcome, PlayError, Reason};

fn played(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::from_fen(fen).unwrap();
    for m in moves {
        g.play_str(m).unwrap();
    }
    g
}

fn refused_over(g: &mut Game, m: &str) -> Outcome {
    match g.play_str(m) {
        Err(PlayError::GameOver(e)) => {
            assert!(e.to_string().contains("the game is over"), "{e}");
            e.0
        }
        other => panic!("{m} after the end: {other:?}"),
    }
}

#[test]
fn a_game_over_by_the_rules_takes_no_more_moves() {
    // threefold repetition: the moves are still legal on the board, but the game is over
    let shuffle = ["b1d2", "b8d7", "d2b1", "d7b8"];
    let mut g = Game::startpos();
    for m in shuffle.iter().chain(&shuffle) {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
    assert_eq!(refused_over(&mut g, "b1d2").reason, Reason::Repetition);
    assert_eq!(g.moves().len(), 8, "nothing was played");
    let m = g.position().parse_move("b1d2").unwrap();
    assert!(matches!(g.play(m), Err(PlayError::GameOver(_))));
    // a bare Khun each: a draw by material, though the Khun could move
    let mut bare = Game::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(refused_over(&mut bare, "e1d1").reason, Reason::Material);
    // after the mate
    let mut mate = played("k7/8/1K6/8/8/8/8/7R w - - 0 1", &["Rh8"]);
    assert_eq!(refused_over(&mut mate, "a8b8").reason, Reason::Checkmate);
    // undo reopens the game at the position before the end
    mate.undo();
    assert_eq!(mate.outcome(), None);
    mate.play_str("Rh2").unwrap();
}

#[test]
fn a_resignation_ends_the_game_until_undone() {
    let mut g = Game::startpos();
    g.play_str("e3e4").unwrap();
    let won = Outcome {
        winner: Some(Color::White),
        reason: Reason::Resign,
    };
    assert_eq!(g.resign(Color::Black), Ok(won));
    assert_eq!((g.outcome(), g.result_str()), (Some(won), "1-0"));
    assert_eq!(refused_over(&mut g, "e6e5"), won);
    // over once: no second end
    assert_eq!(g.resign(Color::White).unwrap_err().0, won);
    assert_eq!(g.lose_on_time(Color::Black).unwrap_err().0, won);
    // the PGN says how it ended
    let text = g.pgn();
    assert!(
        text.contains("[Result \"1-0\"]\n[Termination \"normal\"]\n"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("1. e4 1-0"), "{text}");
    // taking the last move back takes the resignation with it
    assert_eq!(g.undo().map(|m| m.to_string()).as_deref(), Some("e3e4"));
    assert_eq!(g.outcome(), None);
    g.play_str("e3e4").unwrap();
    // a resignation before any move stays: there is no move to take back
    let mut start = Game::startpos();
    start.resign(Color::White).unwrap();
    assert_eq!(start.undo(), None);
    assert_eq!(start.result_str(), "0-1");
}

#[test]
fn a_draw_by_agreement_ends_the_game_in_its_record_and_pgn_until_undone() {
    let mut g = Game::startpos();
    g.play_str("e3e4").unwrap();
    g.play_str("e6e5").unwrap();
    let drawn = Outcome {
        winner: None,
        reason: Reason::Agreement,
    };
    // Black accepts White's offer
    assert_eq!(g.agree_draw(Color::Black), Ok(drawn));
    assert_eq!((g.outcome(), g.result_str()), (Some(drawn), "1/2-1/2"));
    assert_eq!(g.ended_by(), Some((Color::Black, drawn)));
    assert_eq!(refused_over(&mut g, "a3a4"), drawn);
    assert_eq!(g.resign(Color::White).unwrap_err().0, drawn);
    assert_eq!(g.agree_draw(Color::White).unwrap_err().0, drawn);
    // the record keeps it, and reads it back
    assert_eq!(g.record(), "1.makruk.auto..e3e4-e6e5-db");
    let back = Game::from_record(&g.record()).unwrap();
    assert_eq!(back.outcome(), Some(drawn));
    // the PGN: drawn, a normal end
    let text = g.pgn();
    assert!(
        text.contains("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("1. e4 e5 1/2-1/2"), "{text}");
    // taking the last move back takes the agreement with it
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_loss_on_time_is_a_draw_when_the_other_side_cannot_mate() {
    let mut g = Game::startpos();
    let lost = g.lose_on_time(Color::White).unwrap();
    assert_eq!(
        lost,
        Outcome {
            winner: Some(Color::Black),
            reason: Reason::Time
        }
    );
    assert_eq!(refused_over(&mut g, "e3e4"), lost);
    let text = pgn::write(&g, &[]);
    assert!(
        text.contains("[Result \"0-1\"]\n[Termination \"time forfeit\"]\n"),
        "{text}"
    );
    // Black has a bare Khun: White's flag falls, but Black could never mate
    let mut bare = Game::from_fen("4k3/8/8/8/8/8/R7/4K3 w - - 0 1").unwrap();
    let drawn = bare.lose_on_time(Color::White).unwrap();
    assert_eq!(
        drawn,
        Outcome {
            winner: None,
            reason: Reason::TimeNoMate
        }
    );
    assert_eq!(
        (bare.result_str(), drawn.reason.name()),
        ("1/2-1/2", "timeNoMate")
    );
    // the game's own tags win
    let text = pgn::write(&bare, &[("Termination", "adjudication")]);
    assert!(text.contains("[Termination \"adjudication\"]") && !text.contains("time forfeit"));
}

#[test]
fn the_count_record_is_written_and_read_by_the_core() {
    for (ply, action, entry) in [
        (0, CountAction::Start, "0s"),
        (12, CountAction::Stop, "12x"),
        (9999, CountAction::Start, "9999s"),
    ] {
        assert_eq!(action.record(ply), entry);
        assert_eq!(CountAction::read_record(entry), Some((ply, action)));
    }
    for junk in [
        "", "s", "x", "12", "12y", "12345s", "+1s", "-1x", " 1s", "1s ", "1S", "١s",
    ] {
        assert_eq!(CountAction::read_record(junk), None, "{junk:?}");
    }
    // a line replayed from its record: the actions at each ply, junk skipped
    const RUEA_EACH: &str = "4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1";
    let record = ["0s", "zz", "2x", "7s"];
    let mut g = Game::from_fen(RUEA_EACH)
        .unwrap()
        .with_counting(Counting::Request);
    g.apply_count_record(record).unwrap();
    for m in ["a2a3", "d5d4"] {
        g.play_str(m).unwrap();
        g.apply_count_record(record).unwrap();
    }
    assert_eq!(g.count_record(), ["0s", "2x"]);
    assert_eq!(g.position().count(), None, "stopped at ply 2");
    assert_eq!(
        g.count_actions_at(2).collect::<Vec<_>>(),
        [CountAction::Stop]
    );
    // a refused action is named with its reason
    let mut auto = Game::from_fen(RUEA_EACH).unwrap();
    let e = auto.apply_count_record(["0s"]).unwrap_err();
    assert_eq!(
        (e.action, e.error),
        (CountAction::Start, CountError::Automatic)
    );
    assert!(e.to_string().starts_with("count start: "), "{e}");
}

/// The moves a game offers and why it refuses one, from the core (the wasm layer only maps
/// them): none once the game is over, by the rules, a resignation or time; again after an
/// undo; and a line for analysis goes on past the end.
#[test]
fn a_game_over_offers_no_moves_and_says_why() {
    use makruk::Illegal;
    let sq = |s: &str| s.parse::<makruk::Square>().unwrap();
    let mut g = played("k7/8/1K6/8/8/8/8/7R w - - 0 1", &[]);
    assert_eq!(g.legal_moves().len(), g.position().legal_moves().len());
    assert_eq!(g.why_illegal(sq("h1"), sq("h8")), None);
    assert_eq!(
        g.why_illegal(sq("h1"), sq("g2")),
        Some(Illegal::NotThatWay(makruk::Role::Ruea))
    );
    g.play_str("Rh8").unwrap(); // mate
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.why_illegal(sq("a8"), sq("a7")), Some(Illegal::GameOver));
    assert_eq!(Illegal::GameOver.name(), "gameOver");
    g.undo();
    g.play_str("Rh2").unwrap();
    g.resign(Color::Black).unwrap();
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.why_illegal(sq("a8"), sq("b8")), Some(Illegal::GameOver));
    g.undo();
    g.play_str("Rh2").unwrap();
    g.lose_on_time(Color::Black).unwrap();
    assert!(g.legal_moves().is_empty());
    g.undo(); // the loss on time goes with the move before it
    assert_eq!(g.legal_moves().len(), g.position().legal_moves().len());
    // the bare Khun: a draw by material at once, yet a line for analysis goes on
    let bare = played("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert!(bare.legal_moves().is_empty());
    let line = bare.for_analysis();
    assert_eq!(
        line.legal_moves().len(),
        line.position().legal_moves().len()
    );
    assert_eq!(line.why_illegal(sq("e1"), sq("d1")), None);
}

#[test]
fn every_finished_game_has_a_termination_in_its_pgn() {
    // a mate, a repetition: ended by the rules ("normal"); a game that goes on: none
    let mate = played("k7/8/1K6/8/8/8/8/7R w - - 0 1", &["Rh8"]);
    assert!(pgn::write(&mate, &[]).contains("[Result \"1-0\"]\n[Termination \"normal\"]\n"));
    let shuffle = ["b1d2", "b8d7", "d2b1", "d7b8"];
    let mut g = Game::startpos();
    for m in shuffle.iter().chain(&shuffle) {
        g.play_str(m).unwrap();
    }
    assert!(pgn::write(&g, &[]).contains("[Termination \"normal\"]"));
    g.undo();
    assert!(!pgn::write(&g, &[]).contains("Termination"));
}
