//! `makruk-datagen`: training positions for the evaluation network, from games the engine
//! plays against itself at a fixed number of nodes a move.
//!
//! Each game starts with a few random moves (kept only if a short search finds the position
//! balanced), then the engine plays both sides until the rules end the game. Every position
//! where the side to move is not in check and the engine's move is quiet is written as
//!
//! ```text
//! <FEN> ; <score in centi-Bia, side to move> ; <result for the side to move: 1, 0.5 or 0>
//! ```
//!
//! ```text
//! makruk-datagen <output> <games> [nodes per move] [seed]
//! ```
//!
//! Lines are appended, so several runs with different seeds can fill one file.

use makruk::search::{Limits, Score, Searcher};
use makruk::Color;
use makruk::Rng;
use makruk_train::opening::random_opening;
use makruk_train::search_game;
use std::io::Write;

const RANDOM_PLIES: u64 = 8;
const MAX_PLIES: usize = 400;
const BALANCED: i32 = 300;

/// Plays one game; returns the lines to write.
fn play(rng: &mut Rng, searcher: &mut Searcher, nodes: u64) -> Vec<String> {
    searcher.clear();
    let plies = RANDOM_PLIES + rng.below(4) as u64;
    let Some(mut game) = random_opening(rng, searcher, plies, BALANCED) else {
        return Vec::new();
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut records: Vec<(String, Color, i32)> = Vec::new();
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let pos = *game.position();
        let result = search_game(searcher, &game, &limits);
        let Some(best) = result.best else { break };
        if let Score::Cp(cp) = result.score {
            if !pos.in_check() && !pos.is_capture(best) {
                records.push((pos.fen(), pos.turn(), cp));
            }
        }
        if game.play(best).is_err() {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner);
    records
        .into_iter()
        .map(|(fen, turn, cp)| {
            let result = match winner {
                None => "0.5",
                Some(c) if c == turn => "1",
                Some(_) => "0",
            };
            format!("{fen} ; {cp} ; {result}\n")
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(Ok(games))) = (args.get(1), args.get(2).map(|g| g.parse::<u32>())) else {
        eprintln!("usage: makruk-datagen <output> <games> [nodes per move] [seed]");
        std::process::exit(2);
    };
    let nodes = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(8000);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut file = makruk_train::append_or_exit(path);
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let mut positions = 0;
    for n in 1..=games {
        let lines = play(&mut rng, &mut searcher, nodes);
        positions += lines.len();
        if let Err(e) = file.write_all(lines.concat().as_bytes()) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
        if n % 100 == 0 {
            eprintln!("{n} games, {positions} positions");
        }
    }
}
