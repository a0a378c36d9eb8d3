//! Errors as codes (issue 56 item 2): every kind has a unique name, and the errors of each
//! family (FEN, UCI, SAN, PGN, record, counting, play) carry their kind and fields, the error
//! they wrap as their cause.

use makruk::{Coded, ErrorKind, Game, Position, Role, Square, Variant};
use std::collections::HashSet;

#[test]
fn every_kind_has_its_own_name() {
    let names: HashSet<&str> = ErrorKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(names.len(), ErrorKind::ALL.len());
    assert!(names.iter().all(|n| !n.is_empty() && n.is_ascii()));
}

#[test]
fn fen_errors_name_their_field() {
    let e = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1 x")
        .unwrap_err()
        .code();
    assert_eq!(
        (e.kind, e.found, e.text.as_deref()),
        (ErrorKind::FenFields, Some(7), Some("x"))
    );
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 z")
        .unwrap_err()
        .code();
    assert_eq!(
        (e.kind, e.field, e.text.as_deref()),
        (ErrorKind::FenNumber, Some(6), Some("z"))
    );
    let e = Position::from_fen_variant("4k3/8/8/8/8/8/8/4K3 w D - 0 1", Variant::Cambodian)
        .unwrap_err()
        .code();
    assert_eq!(e.kind, ErrorKind::FenRightsSquare);
    assert_eq!(
        (e.piece, e.square),
        (Some(Role::Khun), "d1".parse::<Square>().ok())
    );
}

#[test]
fn move_errors_name_the_square_and_the_move() {
    let mut game = Game::startpos();
    game.play_str("e3e4").unwrap();
    let e = game.play_str("e3e4").unwrap_err().code();
    assert_eq!(e.kind, ErrorKind::MoveNoPiece);
    assert_eq!(e.square, "e3".parse::<Square>().ok());
    assert_eq!(e.moves.as_deref(), Some("e3e4"));
    let e = Game::startpos().play_str("Qxx9").unwrap_err().code();
    assert_eq!(e.kind, ErrorKind::SanTarget);
    let e = Game::startpos().play_str("Ne4").unwrap_err().code();
    assert_eq!((e.kind, e.piece), (ErrorKind::MoveNone, Some(Role::Ma)));
}

#[test]
fn wrapping_errors_keep_their_cause() {
    let (_, dropped) = Game::read_record("1.makruk.auto..e3e4-e3e4").unwrap();
    let e = dropped.unwrap().code();
    assert_eq!((e.kind, e.ply), (ErrorKind::RecordMove, Some(1)));
    assert_eq!(e.cause.unwrap().kind, ErrorKind::MoveNoPiece);
    let games = makruk::pgn::read_games("1. e4 e5 2. Qxx9");
    let e = games[0].as_ref().unwrap_err().code();
    assert_eq!(
        (e.kind, e.at.as_deref(), e.moves.as_deref()),
        (ErrorKind::PgnMove, Some("2."), Some("Qxx9"))
    );
    assert_eq!(e.cause.unwrap().kind, ErrorKind::SanTarget);
    let e = Game::startpos().start_count().unwrap_err().code();
    assert_eq!(e.kind, ErrorKind::CountAutomatic);
}
