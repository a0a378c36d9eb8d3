//! Replays every game-end case of the reference engine: the result and the final FEN
//! (counting fields included) must match exactly, in Makruk and in Ouk Chatrang.

use makruk::{Game, Reason, Variant};

/// Replays every case of a results file in `variant`; returns how many there were.
fn replay_cases(text: &str, variant: Variant) -> usize {
    let mut cases = 0;
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(" ; ").map(str::trim).collect();
        assert!(f.len() >= 7, "malformed case line: {line}");
        let (id, start, moves, result, reason, fin) = (f[0], f[2], f[3], f[4], f[5], f[6]);
        let mut game =
            Game::from_fen_variant(start, variant).unwrap_or_else(|e| panic!("{id}: {e}"));
        let moves = moves.strip_prefix("moves ").expect("moves field");
        if moves != "-" {
            for m in moves.split_whitespace() {
                game.play_str(m).unwrap_or_else(|e| panic!("{id}: {e}"));
            }
        }
        let result = result.strip_prefix("result ").expect("result field");
        let fin = fin.strip_prefix("final ").expect("final field");
        assert_eq!(game.result_str(), result, "{id}: result");
        assert_eq!(game.position().fen(), fin, "{id}: final FEN");
        // The reason field opens with a word naming the verdict.
        if let Some(o) = game.outcome() {
            let expected = match o.reason {
                Reason::Checkmate => "checkmate",
                Reason::Stalemate => "stalemate",
                Reason::Counting => "counting",
                Reason::Repetition => "threefold",
                Reason::Material => "insufficient",
                Reason::Check => "check:",
                Reason::Resign | Reason::Time | Reason::TimeNoMate | Reason::Agreement => {
                    unreachable!("{id}: the rules' records have no resignation and no clock")
                }
            };
            assert!(
                reason.starts_with(expected),
                "{id}: reason {:?} vs '{reason}'",
                o.reason
            );
        }
        cases += 1;
    }
    cases
}

#[test]
fn every_public_result_case() {
    let cases = replay_cases(include_str!("../testdata/results.txt"), Variant::Makruk);
    assert_eq!(cases, 31);
}

#[test]
fn every_public_cambodian_result_case() {
    let text = include_str!("../testdata/cambodian_results.txt");
    assert_eq!(replay_cases(text, Variant::Cambodian), 18);
}

#[test]
fn every_makpong_and_karouk_case() {
    let makpong = include_str!("../testdata/makpong_results.txt");
    assert_eq!(replay_cases(makpong, Variant::Makpong), 30);
    let karouk = include_str!("../testdata/karouk_results.txt");
    assert_eq!(replay_cases(karouk, Variant::KarOuk), 31);
}

#[test]
fn random_games_end_in_the_reference_fen() {
    // 150 games; half of them end with a count running. The reference prints no '~'.
    let mut games = 0;
    for line in include_str!("../testdata/fs_games.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (moves, fen) = line.split_once(" ; ").expect("moves ; fen");
        let mut game = Game::default();
        for m in moves.split_whitespace() {
            game.play_str(m)
                .unwrap_or_else(|e| panic!("game {games}: {e}"));
        }
        assert_eq!(
            game.position().fen().replace('~', ""),
            fen.trim(),
            "game {games}"
        );
        games += 1;
    }
    assert_eq!(games, 150);
}
