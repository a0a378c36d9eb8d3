//! `makruk-datagen`: training positions for the evaluation network, from games the engine
//! plays against itself.
//!
//! Each game starts with a few random moves, from the start position or from a random line of
//! `--openings` (kept only if a short search finds the position balanced). Each side then
//! plays either the full engine at `nodes` a move or, with `--levels`, half of the time one of
//! the listed levels (1-8, `Level::limits`: shorter horizons and a person's mistakes, so the
//! games reach unbalanced positions too), until the rules end the game. Every position where
//! the side to move is not in check and the move played is quiet is written, or 1 in
//! `--every` of them, as
//!
//! ```text
//! <FEN> ; <score in centi-Bia, side to move> ; <result for the side to move: 1, 0.5 or 0>
//! ```
//!
//! The score is the mover's own search score (`makruk-label` replaces it).
//!
//! ```text
//! makruk-datagen <output> <games> [nodes per move] [seed]
//!     [--levels 3,5,6] [--variant cambodian] [--openings FILE] [--every K]
//! ```
//!
//! Lines are appended, so several runs with different seeds can fill one file.

use makruk::search::{Level, Limits, Score, Searcher};
use makruk::{Color, Game, Position, Rng, Variant};
use makruk_train::opening::random_continuation;
use makruk_train::search_game;
use std::io::Write;

const RANDOM_PLIES: u64 = 8;
/// Random plies after a line of `--openings` (0 to this, minus one).
const OPENING_PLIES: usize = 4;
const MAX_PLIES: usize = 400;
const BALANCED: i32 = 300;

struct Config {
    nodes: u64,
    levels: Vec<u8>,
    variant: Variant,
    openings: Vec<String>,
    every: usize,
}

/// How one side plays a game: the full engine at `nodes`, or a random level of `levels`.
fn side_limits(rng: &mut Rng, cfg: &Config, game_no: u64) -> Limits {
    if cfg.levels.is_empty() || rng.below(2) == 0 {
        return Limits {
            nodes: Some(cfg.nodes),
            ..Limits::default()
        };
    }
    let mut limits = Level::new(cfg.levels[rng.below(cfg.levels.len())]).limits();
    limits.seed = game_no;
    limits
}

/// Plays one game; returns the lines to write.
fn play(rng: &mut Rng, searcher: &mut Searcher, cfg: &Config, game_no: u64) -> Vec<String> {
    searcher.clear();
    let (start, plies) = if cfg.openings.is_empty() {
        let start = Game::new(Position::startpos_variant(cfg.variant));
        (start, RANDOM_PLIES + rng.below(4) as u64)
    } else {
        let fen = &cfg.openings[rng.below(cfg.openings.len())];
        let Ok(start) = Game::from_fen_variant(fen, cfg.variant) else {
            return Vec::new();
        };
        (start, rng.below(OPENING_PLIES) as u64)
    };
    let Some(mut game) = random_continuation(rng, searcher, start, plies, BALANCED) else {
        return Vec::new();
    };
    let sides = [
        side_limits(rng, cfg, game_no),
        side_limits(rng, cfg, game_no),
    ];
    let mut records: Vec<(String, Color, i32)> = Vec::new();
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let pos = *game.position();
        let mut limits = sides[pos.turn().index()].clone();
        limits.seed = limits.seed.wrapping_mul(1000) + game.moves().len() as u64;
        limits.focus = game.moves().last().map(|m| m.to());
        let result = search_game(searcher, &game, &limits);
        let Some(best) = result.best else { break };
        if let Score::Cp(cp) = result.score {
            if !pos.in_check() && !pos.is_capture(best) && rng.below(cfg.every) == 0 {
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

fn usage() -> ! {
    eprintln!(
        "usage: makruk-datagen <output> <games> [nodes per move] [seed] \
         [--levels L,L,...] [--variant V] [--openings FILE] [--every K]"
    );
    std::process::exit(2);
}

fn main() {
    let mut positional = Vec::new();
    let mut cfg = Config {
        nodes: 8000,
        levels: Vec::new(),
        variant: Variant::Makruk,
        openings: Vec::new(),
        every: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--levels" => {
                cfg.levels = value()
                    .split(',')
                    .map(|l| l.parse().unwrap_or_else(|_| usage()))
                    .collect()
            }
            "--variant" => cfg.variant = value().parse().unwrap_or_else(|_| usage()),
            "--openings" => {
                let path = value();
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                    eprintln!("{path}: {e}");
                    std::process::exit(2);
                });
                cfg.openings = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(String::from)
                    .collect();
            }
            "--every" => {
                cfg.every = value()
                    .parse()
                    .ok()
                    .filter(|&k| k > 0)
                    .unwrap_or_else(|| usage())
            }
            _ => positional.push(arg),
        }
    }
    let (Some(path), Some(Ok(games))) = (
        positional.first(),
        positional.get(1).map(|g| g.parse::<u64>()),
    ) else {
        usage()
    };
    if let Some(n) = positional.get(2) {
        cfg.nodes = n.parse().unwrap_or_else(|_| usage());
    }
    let seed: u64 = positional.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut file = makruk_train::append_or_exit(path);
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let mut positions = 0;
    for n in 1..=games {
        let lines = play(
            &mut rng,
            &mut searcher,
            &cfg,
            seed.wrapping_mul(1 << 32) + n,
        );
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
