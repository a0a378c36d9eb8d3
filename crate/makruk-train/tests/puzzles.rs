//! The puzzle file that the puzzle page loads (`www/pages/puzzles/puzzles.txt`, made by
//! `makruk-puzzles`, see docs/puzzles.md): every line reads, every solution is legal, and each
//! first move is the only clear win by the engine at the check depth.

use makruk_train::puzzle::{self, Puzzle};
use std::collections::HashSet;

const FILE: &str = include_str!("../../../www/pages/puzzles/puzzles.txt");

fn puzzles() -> Vec<Puzzle> {
    FILE.lines()
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn every_puzzle_is_sound() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 500, "{} puzzles", puzzles.len());
    let ids: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), puzzles.len(), "ids repeat");
    // in as many threads as there are cores (each its own searcher): the longest Rust test
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let chunks = puzzles.chunks(puzzles.len().div_ceil(threads));
        let workers: Vec<_> = chunks
            .map(|chunk| {
                scope.spawn(move || {
                    let mut searcher = puzzle::searcher();
                    chunk
                        .iter()
                        .filter_map(|p| {
                            puzzle::verify(&mut searcher, p)
                                .err()
                                .map(|e| format!("{}: {e}", p.id))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a verifying thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_doctored_puzzle_fails() {
    let mut searcher = puzzle::searcher();
    let good = puzzles().remove(0);
    assert_eq!(puzzle::verify(&mut searcher, &good), Ok(()));
    // another legal first move
    let pos = makruk::Position::from_fen(&good.fen).expect("the file's FEN");
    let other = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .find(|m| *m != good.moves[0])
        .expect("a puzzle has two legal moves or more");
    let mut doctored = good.clone();
    doctored.moves = vec![other];
    assert!(puzzle::verify(&mut searcher, &doctored).is_err());
    // an illegal move in the line
    let mut doctored = good.clone();
    doctored.moves.push("a1a1".into());
    doctored.moves.push("a1a1".into());
    assert!(puzzle::verify(&mut searcher, &doctored).is_err());
    // a mate that is not one
    let mut doctored = good;
    doctored.themes = vec!["mate1".into()];
    doctored.moves.truncate(1);
    let pos_after = {
        let mut p = pos;
        p.play(makruk::parse_uci(&pos, &doctored.moves[0]).expect("legal"));
        p
    };
    if !pos_after.legal_moves().is_empty() {
        assert!(puzzle::verify(&mut searcher, &doctored).is_err());
    }
}
