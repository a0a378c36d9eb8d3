//! `makruk-tune`: fits the evaluation weights to reference scores by coordinate descent on
//! the squared difference of winning probabilities (Texel's method, with a reference
//! engine's score in place of the game result).
//!
//! Input lines: `<FEN> ; <score in centi-Bia from the side to move>`, e.g. positions from
//! `makruk-match --fens` scored by Fairy-Stockfish. Only quiet positions are used (not in
//! check, no winning capture). Prints the tuned `DEFAULT_WEIGHTS`.
//!
//! ```text
//! makruk-tune scored.txt [passes]
//! ```
//!
//! How the current weights were made: positions from `makruk-match --fens` games
//! (Fairy-Stockfish `Skill Level` 8 against this engine at depth 6, and Fairy-Stockfish
//! `Skill Level` 6 against `Skill Level` 9 at depth 5; 24k positions) were scored by
//! Fairy-Stockfish at depth 8 (`go depth 8`, variant makruk); 16.8k of them are quiet. Six
//! passes took the loss from 0.0207 to 0.0145; the tuned weights won 64.6% (+18 =17 -6)
//! against the old ones at 20000 nodes per move. With the threat terms added, all 64 weights
//! were refitted on the same positions (loss 0.012961 without the threats -> 0.012330 with
//! them, 6 passes); at 40000 nodes a move against Fairy-Stockfish that took the score from
//! 12.5% (60 games) to 17.0% (100 games). A refit on 25k more positions from games against
//! Fairy-Stockfish `Skill Level` 12 scored 14.5% and was not kept.

use makruk::training::{evaluate_with, weight, Nnue, Weights, DEFAULT_WEIGHTS, N_WEIGHTS};
use makruk::{Network, Position};
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: makruk-tune <scored positions> [passes]");
        std::process::exit(2);
    };
    let passes: usize = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(4);
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let data: Vec<(Position, f64)> = text
        .lines()
        .filter_map(|l| {
            let (fen, score) = l.rsplit_once(';')?;
            let pos = Position::from_fen(fen.trim()).ok()?;
            let score: f64 = score.trim().parse().ok()?;
            (score.abs() < 1500.0 && pos.is_quiet()).then(|| (pos, win_prob(score)))
        })
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
