//! `makruk-tune`: fits the evaluation weights to reference scores by coordinate descent on
//! the squared difference of winning probabilities (Texel's method, with a reference
//! engine's score in place of the game result).
//!
//! Input: text files of `<FEN> ; <score in centi-Bia from the side to move>` lines (e.g.
//! positions from `makruk-match --fens` scored by Fairy-Stockfish) or packed files
//! (`makruk-pack`, `.bin`), read in the order given; `--every K` keeps one position in K.
//! Only quiet positions are used (not in check, no winning capture). The loss is that of the
//! evaluation as the engine plays it, the built-in network blended in. Prints the tuned
//! `DEFAULT_WEIGHTS`.
//!
//! ```text
//! makruk-tune [--passes N] [--every K] <scored.txt or packed.bin>...
//! ```
//!
//! How the first weights were made: positions from `makruk-match --fens` games
//! (Fairy-Stockfish `Skill Level` 8 against this engine at depth 6, and Fairy-Stockfish
//! `Skill Level` 6 against `Skill Level` 9 at depth 5; 24k positions) were scored by
//! Fairy-Stockfish at depth 8 (`go depth 8`, variant makruk); 16.8k of them are quiet. Six
//! passes took the loss from 0.0207 to 0.0145; the tuned weights won 64.6% (+18 =17 -6)
//! against the old ones at 20000 nodes per move. With the threat terms added, all 64 weights
//! were refitted on the same positions (loss 0.012961 without the threats -> 0.012330 with
//! them, 6 passes); at 40000 nodes a move against Fairy-Stockfish that took the score from
//! 12.5% (60 games) to 17.0% (100 games). A refit on 25k more positions from games against
//! Fairy-Stockfish `Skill Level` 12 scored 14.5% and was not kept.
//!
//! 2026-12-03, the weights in use: refitted beside the network of that day (half of the
//! evaluation), on one in ten of the depth-8 positions of `crate/makruk-train/data/` (all but
//! `fsf14-d8-133.bin` and `fsf14-d8-held.bin`, held out for the network; 101,460 quiet):
//! `makruk-tune --passes 4 --every 10 <those files, in name order>`, loss 0.009123 -> 0.008367,
//! 30 s. The material weights fell by about a sixth (the network carries material too), the
//! threat weights rose. Alone, +19 ± 25 Elo (400 games, 10,000 nodes a move); with the network
//! retrained beside them (`makruk-train --blend`), +49 ± 24.

use makruk::training::{evaluate_with, weight, Nnue, Weights, DEFAULT_WEIGHTS, N_WEIGHTS};
use makruk::{Network, Position};
use makruk_train::packed;
use std::sync::Arc;

fn win_prob(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The mean squared error of `w` (the network blended in, as the engine plays).
fn loss(data: &[(Position, f64)], w: &Weights, nnue: &mut Nnue) -> f64 {
    data.iter()
        .map(|(p, target)| (win_prob(f64::from(evaluate_with(p, w, Some(nnue)))) - target).powi(2))
        .sum::<f64>()
        / data.len().max(1) as f64
}

/// The range each weight may move in around its default (regularisation: correlated terms
/// and a few thousand positions would otherwise drift to nonsense).
fn bounds(i: usize) -> (i32, i32) {
    let d = DEFAULT_WEIGHTS[i];
    if i < weight::PST {
        (d * 3 / 4, d * 4 / 3)
    } else if i < weight::MOBILITY {
        (8, 24)
    } else {
        (d - 12.max(d.abs() / 2), d + 12.max(d.abs() / 2))
    }
}

/// `<FEN> ; <score>` lines.
fn read_text(path: &str) -> Result<Vec<(Position, f64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    Ok(text
        .lines()
        .filter_map(|l| {
            let (fen, score) = l.rsplit_once(';')?;
            Some((
                Position::from_fen(fen.trim()).ok()?,
                score.trim().parse().ok()?,
            ))
        })
        .collect())
}

/// The positions and labels of a packed file (`makruk-pack`).
fn read_packed(path: &str) -> Result<Vec<(Position, f64)>, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    packed::read_all(&bytes)?
        .iter()
        .map(|r| Ok((r.position()?, f64::from(r.score))))
        .collect()
}

fn usage() -> ! {
    eprintln!("usage: makruk-tune [--passes N] [--every K] <scored positions or packed file>...");
    std::process::exit(2);
}

fn main() {
    let (mut passes, mut every, mut paths) = (4usize, 1usize, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || -> usize {
            args.next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| usage())
        };
        match arg.as_str() {
            "--passes" => passes = number(),
            "--every" => every = number(),
            _ => paths.push(arg),
        }
    }
    if paths.is_empty() {
        usage();
    }
    let mut scored = Vec::new();
    for path in &paths {
        let read = if path.ends_with(".bin") {
            read_packed(path)
        } else {
            read_text(path)
        };
        scored.extend(read.unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }));
    }
    // one in `every`, counted across the files in the order given
    let data: Vec<(Position, f64)> = scored
        .into_iter()
        .step_by(every)
        .filter(|(pos, score)| score.abs() < 1500.0 && pos.is_quiet())
        .map(|(pos, score)| (pos, win_prob(score)))
        .collect();
    eprintln!("{} quiet positions", data.len());
    let mut w: Weights = DEFAULT_WEIGHTS;
    let mut nnue = Nnue::new(Arc::new(Network::builtin()));
    let mut best = loss(&data, &w, &mut nnue);
    eprintln!("start loss {best:.6}");
    for pass in 0..passes {
        let step_div = if pass < passes / 2 { 8 } else { 20 };
        for i in 0..N_WEIGHTS {
            if i == weight::DANGER_DIV {
                continue;
            }
            let step = (w[i].abs() / step_div).max(1);
            for dir in [1, -1] {
                loop {
                    let mut t = w;
                    t[i] += dir * step;
                    let (lo, hi) = bounds(i);
                    if t[i] < lo || t[i] > hi {
                        break;
                    }
                    let l = loss(&data, &t, &mut nnue);
                    if l < best {
                        best = l;
                        w = t;
                    } else {
                        break;
                    }
                }
            }
        }
        eprintln!("pass {} loss {best:.6}", pass + 1);
    }
    let items: Vec<String> = w.iter().map(|v| v.to_string()).collect();
    println!(
        "pub const DEFAULT_WEIGHTS: Weights = [{}];",
        items.join(", ")
    );
}
