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
//! The score is the mover's own search score (`makruk-label` replaces it). Each game's lines
//! end with a mark, `# makruk-datagen seed S game N` (the other tools skip it).
//!
//! ```text
//! makruk-datagen <output> <games> [nodes per move] [seed]
//!     [--levels 3,5,6] [--variant cambodian] [--openings FILE] [--every K] [--resume]
//! ```
//!
//! Lines are appended, so several runs with different seeds can fill one file. Game `N` of
//! seed `S` draws its random choices from its own generator (seeded by `S` and `N`), so each
//! game is the same whichever games were played before it: `--resume` continues a run
//! stopped part way (the same command, `--resume` added) after the last game its output
//! marks for this seed; lines after the file's last mark (a game cut short) are dropped.

use makruk::search::{Level, Limits, Score, Searcher};
use makruk::{Color, Game, Position, Rng, Variant};
use makruk_train::opening::random_continuation;
use makruk_train::search_game;
use std::io::Write;

/// The mark written after each game's lines.
const MARK: &str = "# makruk-datagen seed ";

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
         [--levels L,L,...] [--variant V] [--openings FILE] [--every K] [--resume]"
    );
    std::process::exit(2);
}

/// The games of `seed` that the output `text` holds (the number of the last marked), and
/// the length of the text up to the end of its last mark (of any seed): what a resumed run
/// keeps. `None` when the text holds no mark (a file of an older version, or none).
fn resume_point(text: &str, seed: u64) -> Option<(u64, usize)> {
    let (mut games, mut keep, mut at, mut marked) = (0, 0, 0, false);
    for line in text.split_inclusive('\n') {
        at += line.len();
        let Some(rest) = line.strip_prefix(MARK) else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let (Some(s), Some("game"), Some(n)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        if !line.ends_with('\n') {
            break;
        }
        (keep, marked) = (at, true);
        if s.parse() == Ok(seed) {
            games = n.parse().unwrap_or(games);
        }
    }
    marked.then_some((games, keep))
}

/// For `--resume`: the number of games of `seed` already in the output at `path`, which is
/// cut after its last mark.
fn resume(path: &str, seed: u64) -> Result<u64, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--resume {path}: {e}"))?;
    let (games, keep) = resume_point(&text, seed).ok_or(format!(
        "--resume {path}: no game marked in it (written by an older makruk-datagen?)"
    ))?;
    if keep < text.len() {
        let file = std::fs::OpenOptions::new().write(true).open(path);
        file.and_then(|f| f.set_len(keep as u64))
            .map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(games)
}

fn main() {
    let mut positional = Vec::new();
    let mut resuming = false;
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
            "--resume" => resuming = true,
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
    let done = if resuming {
        resume(path, seed).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        })
    } else {
        0
    };
    if done > 0 {
        eprintln!("resumed after game {done} of seed {seed}");
    }
    let mut file = makruk_train::append_or_exit(path);
    let mut searcher = Searcher::new(16);
    let mut positions = 0;
    for n in done + 1..=games {
        let game_no = seed.wrapping_mul(1 << 32) + n;
        let mut rng = Rng::new(game_no);
        let mut lines = play(&mut rng, &mut searcher, &cfg, game_no);
        positions += lines.len();
        lines.push(format!("{MARK}{seed} game {n}\n"));
        if let Err(e) = file.write_all(lines.concat().as_bytes()) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
        if n % 100 == 0 {
            eprintln!("{n} games, {positions} positions");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::resume_point;

    #[test]
    fn a_run_resumes_after_its_last_marked_game() {
        let text = "a ; 1 ; 0\n# makruk-datagen seed 7 game 1\n\
                    # makruk-datagen seed 9 game 1\nb ; 2 ; 1\n\
                    # makruk-datagen seed 7 game 2\nc ; 3 ; 0.5\nd ; 4";
        let keep = text.find("c ;").unwrap();
        assert_eq!(resume_point(text, 7), Some((2, keep)));
        assert_eq!(resume_point(text, 8), Some((0, keep)));
        assert_eq!(resume_point("a ; 1 ; 0\n", 7), None);
        // a mark cut short is not one
        let cut = "# makruk-datagen seed 7 game 1\n# makruk-datagen seed 7 game 2";
        assert_eq!(resume_point(cut, 7), Some((1, 31)));
    }
}
