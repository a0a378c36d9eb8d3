//! `makruk-openings`: balanced Makruk openings for matches, as `openings-wide.txt` and
//! `openings-held.txt` were made: 8-10 random plies from the start position (a generator
//! seeded with `seed`), kept when this engine (depth 9) scores the position within 40
//! centi-Bia and the reference engine (depth 13) within 60 of its centipawns, and when it is
//! none of the positions of the `--exclude` files (other opening sets, one FEN a line;
//! training positions, `makruk-label`'s lines or `makruk-pack`'s files, `.bin`), by placement
//! and side to move. Writes `count` FENs to stdout, one a line.
//!
//! ```text
//! makruk-openings <count> <seed> [--exclude FILE]... <reference engine command>
//! ```

use makruk::search::{Limits, Score, Searcher};
use makruk::{Game, Position, Rng};
use makruk_match::uci::{Engine, EngineSpec, MATE_CP};
use makruk_train::packed;
use makruk_train::search_game;
use std::collections::HashSet;
use std::time::Duration;

const OURS_DEPTH: u32 = 9;
const OURS_WITHIN: i32 = 40;
const REFERENCE_DEPTH: u32 = 13;
const REFERENCE_WITHIN: i32 = 60;
const TIMEOUT: Duration = Duration::from_secs(600);

/// A position's placement and side to move (the first two fields of its FEN).
fn key(pos: &Position) -> String {
    pos.fen()
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The positions of an exclusion file: packed records (`.bin`) or text lines whose first
/// `;`-field is a FEN (lines that are not are skipped).
fn excluded(path: &str, keys: &mut HashSet<String>) -> Result<(), String> {
    if path.ends_with(".bin") {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        for r in packed::read_all(&bytes).map_err(|e| format!("{path}: {e}"))? {
            keys.insert(key(&r.position().map_err(|e| format!("{path}: {e}"))?));
        }
        return Ok(());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    for line in text.lines() {
        let fen = line.split(';').next().unwrap_or_default().trim();
        if let Ok(pos) = Position::from_fen(fen) {
            keys.insert(key(&pos));
        }
    }
    Ok(())
}

/// A candidate: the position after 8-10 random plies, if the game goes on and the side to
/// move is not in check.
fn candidate(rng: &mut Rng) -> Option<Position> {
    let mut game = Game::new(Position::startpos());
    for _ in 0..8 + rng.below(3) {
        let moves = game.position().legal_moves();
        let m = *moves.get(rng.below(moves.len().max(1)))?;
        game.play(m).ok()?;
    }
    let pos = *game.position();
    (game.outcome().is_none() && !pos.in_check()).then_some(pos)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: makruk-openings <count> <seed> [--exclude FILE]... <reference engine command>"
        );
        std::process::exit(2);
    };
    let fail = |e: String| -> ! {
        eprintln!("{e}");
        std::process::exit(2);
    };
    let (Some(Ok(count)), Some(Ok(seed))) = (
        args.first().map(|a| a.parse::<usize>()),
        args.get(1).map(|a| a.parse::<u64>()),
    ) else {
        usage()
    };
    args.drain(..2);
    let mut seen = HashSet::new();
    while args.first().map(String::as_str) == Some("--exclude") {
        let path = args.get(1).cloned().unwrap_or_else(|| usage());
        excluded(&path, &mut seen).unwrap_or_else(|e| fail(e));
        args.drain(..2);
    }
    if args.is_empty() {
        usage()
    }
    eprintln!("{} positions excluded", seen.len());
    let spec = EngineSpec {
        name: args[0].clone(),
        command: args,
        options: vec![("Use NNUE".into(), "false".into())],
        variant: makruk::Variant::Makruk,
    };
    let mut reference = Engine::start(&spec).unwrap_or_else(|e| fail(e.to_string()));
    let mut searcher = Searcher::new(16);
    let mut rng = Rng::new(seed);
    let (mut kept, mut tried) = (0, 0);
    while kept < count {
        let Some(pos) = candidate(&mut rng) else {
            continue;
        };
        tried += 1;
        if !seen.insert(key(&pos)) {
            continue;
        }
        searcher.clear();
        let ours = search_game(&mut searcher, &Game::new(pos), &Limits::depth(OURS_DEPTH));
        if !matches!(ours.score, Score::Cp(cp) if cp.abs() <= OURS_WITHIN) {
            continue;
        }
        let _ = reference.new_game();
        let theirs = reference
            .search(
                &format!("position fen {}", pos.fen()),
                &format!("depth {REFERENCE_DEPTH}"),
                TIMEOUT,
            )
            .unwrap_or_else(|e| fail(e.to_string()));
        if theirs
            .score
            .is_some_and(|cp| cp.abs() < MATE_CP && cp.abs() <= REFERENCE_WITHIN)
        {
            println!("{}", pos.fen());
            kept += 1;
        }
    }
    reference.quit();
    eprintln!("{kept} kept of {tried} tried");
}
