//! `makruk-train`: trains the evaluation network (`makruk::Network`) on packed positions
//! (`makruk-pack`) and writes the weights file the engine includes
//! (`crate/makruk/src/eval.nnue`).
//!
//! The network learns, for the side to move, a blend of the winning probability of the
//! score and the game's result: `lambda * p(score) + (1 - lambda) * result`, with
//! `p(cp) = 1 / (1 + exp(-cp / LOGISTIC))` (`--lambda`, 1 by default). The packed files hold
//! only positions it learns from (quiet, no bare Khun: the evaluation handles those with its
//! own endgame knowledge). Adam on mini-batches, the learning rate (`--lr`) cut to a tenth
//! for the last quarter of the epochs. The held-out positions (`--held-out`, or else 1 in 20
//! of the others) give the loss printed before the first epoch and after each: the curve.
//! `--init` starts from a weights file instead of random weights, to train a network further
//! on new data. `--blend B` trains the network for the engine's blend (`eval.rs`: the
//! network's score is `B` of the evaluation, the hand-written `1 - B`, with `DEFAULT_WEIGHTS`):
//! the loss is that of the blended score, so the network learns what the hand-written terms
//! miss instead of the whole score.
//!
//! ```text
//! makruk-train <output> <epochs> [--lambda L] [--init NET] [--lr R] [--held-out FILE.bin]
//!     [--blend B] <packed file>...
//! ```
//!
//! How the network in `crate/makruk/src/eval.nnue` was made (2026-12-01, 2 cores):
//! 1. `makruk-datagen data21.txt 1000000 1500 21` and `... 22` (the engine of the time
//!    against itself, 1,500 nodes a move, stopped after 26 minutes: 2.6M positions).
//! 2. `makruk-label --depth 6 <Fairy-Stockfish 14> < data21.txt > scored21.txt` and the same
//!    for 22: each position scored by a depth-6 search of Fairy-Stockfish 14 (classical
//!    evaluation), 28 minutes for both files side by side.
//! 3. `makruk-train eval.nnue 30 scored21.txt scored22.txt` (today: `makruk-pack` them first):
//!    2.03M training positions (the quiet ones without a bare Khun), held-out loss 0.003401
//!    after 30 epochs, about 2 minutes.
//!
//! 4. (2026-12-03) `makruk-train eval.nnue 10 --init crate/makruk/src/eval.nnue --lr 0.0003
//!    --held-out crate/makruk-train/data/fsf14-d8-held.bin <the other fsf14-d8*.bin>`: that
//!    network trained further on the 939,828 positions of 2026-12-02/03 labelled at depth 8
//!    (`crate/makruk-train/data/`, docs/engine.md "Network"), 40 s.
//!
//! 5. (2026-12-03, the network in use) the hand-written weights refitted beside that network
//!    (`makruk-tune`, see there), then the network trained further for the blend with them:
//!    `makruk-train eval.nnue 10 --init crate/makruk/src/eval.nnue --lr 0.0003 --blend 0.5
//!    --held-out crate/makruk-train/data/fsf14-d8-133.bin <the other fsf14-d8*.bin but
//!    fsf14-d8-held.bin>` (1,048,757 positions, 25 s): held-out loss of the blended score
//!    0.003978 -> 0.003376 (the network alone, before: 0.003547). +49 ± 24 Elo against step 4
//!    (400 games, 10,000 nodes a move); the same training with the old weights +8 ± 23.
//!
//! What else was tried (branch `nnue-experiment`): Fairy-Stockfish's static evaluation as
//! the target (`makruk-label` without `--depth`) gave a network that lost to the
//! hand-written evaluation by 40 Elo on its own and won only 28 ± 39 at 50 ms a move as a
//! quarter of the evaluation (this one: 159 ± 45); our own search scores as the target lost
//! by 120 Elo. `LAMBDA` is 1: at 0.7, with our own search scores, the network learnt the
//! results of the few thousand games by heart and lost 0-44-16.

use makruk::training::{self, HIDDEN, INPUTS, MAGIC, MAX_W1, QA, QB, SCALE, W1_STEP};
use makruk::Rng;
use makruk_train::packed::{self, Record};
use std::io::Write;

const LOGISTIC: f32 = 400.0;
const BATCH: usize = 1024;
const LEARNING_RATE: f32 = 0.001;
const MAX_PIECES: usize = 32;
const CLIP_W1: f32 = MAX_W1 as f32 / QA as f32;
/// Shared rows, one per (side, role), added to each of the role's 64 square rows during
/// training and folded into them when the weights are written: what a piece is worth
/// anywhere is learnt from every square at once.
const FACTORS: usize = INPUTS / 64;

/// The rows a feature trains: its own and its (side, role) row.
fn rows(f: u16) -> [usize; 2] {
    [f as usize, INPUTS + f as usize / 64]
}

struct Sample {
    /// Active features from the side to move's view, then the other side's; `u16::MAX` pads.
    features: [[u16; MAX_PIECES]; 2],
    target: f32,
    /// The hand-written evaluation's part of the engine's score (centi-Bia, side to move):
    /// `1 - blend` of it; 0 when the network is trained alone.
    base: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn sample(r: &Record, lambda: f32, blend: f32) -> Result<Sample, String> {
    let mut features = [[u16::MAX; MAX_PIECES]; 2];
    for (view, list) in [r.turn, r.turn.other()].into_iter().zip(&mut features) {
        for (slot, &(color, role, sq)) in list.iter_mut().zip(&r.pieces) {
            *slot = training::feature(view, color, role, usize::from(sq)) as u16;
        }
    }
    let score = f32::from(r.score).clamp(-2000.0, 2000.0);
    let base = if blend < 1.0 {
        let hand = training::evaluate_with(&r.position()?, &training::DEFAULT_WEIGHTS, None);
        (1.0 - blend) * hand as f32
    } else {
        0.0
    };
    Ok(Sample {
        features,
        target: lambda * sigmoid(score / LOGISTIC) + (1.0 - lambda) * f32::from(r.result) / 2.0,
        base,
    })
}

/// The parameters in f32, in the order of the weights file.
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Params {
    fn zeros() -> Params {
        Params {
            w1: vec![0.0; (INPUTS + FACTORS) * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; 2 * HIDDEN],
            b2: vec![0.0; 1],
        }
    }

    fn tensors(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }
}

/// A uniform number in `-r..r`.
fn uniform(rng: &mut Rng, r: f32) -> f32 {
    ((rng.next_u64() >> 32) as f32 / u32::MAX as f32 * 2.0 - 1.0) * r
}

/// Forward pass; with `grad`, adds the loss gradient of this sample. Returns the loss of the
/// score the engine plays with: `blend` of the network's plus the sample's `base`.
fn step(p: &Params, s: &Sample, blend: f32, grad: Option<&mut Params>) -> f32 {
    let mut acc = [[0f32; HIDDEN]; 2];
    for (acc, list) in acc.iter_mut().zip(&s.features) {
        acc.copy_from_slice(&p.b1);
        for &f in list.iter().take_while(|&&f| f != u16::MAX) {
            for r in rows(f) {
                let row = &p.w1[r * HIDDEN..][..HIDDEN];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
    }
    let mut y = p.b2[0];
    for (acc, w2) in acc.iter().zip(p.w2.chunks_exact(HIDDEN)) {
        for (a, w) in acc.iter().zip(w2) {
            y += a.clamp(0.0, 1.0) * w;
        }
    }
    let k = blend * SCALE as f32 / LOGISTIC;
    let pred = sigmoid(y * k + s.base / LOGISTIC);
    let err = pred - s.target;
    if let Some(g) = grad {
        let dy = 2.0 * err * pred * (1.0 - pred) * k;
        g.b2[0] += dy;
        for (side, (acc, list)) in acc.iter().zip(&s.features).enumerate() {
            let mut dh = [0f32; HIDDEN];
            for i in 0..HIDDEN {
                let w = p.w2[side * HIDDEN + i];
                g.w2[side * HIDDEN + i] += dy * acc[i].clamp(0.0, 1.0);
                if acc[i] > 0.0 && acc[i] < 1.0 {
                    dh[i] = dy * w;
                }
            }
            for (g, d) in g.b1.iter_mut().zip(&dh) {
                *g += d;
            }
            for &f in list.iter().take_while(|&&f| f != u16::MAX) {
                for r in rows(f) {
                    let row = &mut g.w1[r * HIDDEN..][..HIDDEN];
                    for (g, d) in row.iter_mut().zip(&dh) {
                        *g += d;
                    }
                }
            }
        }
    }
    err * err
}

/// The mean loss of `samples`.
fn loss(p: &Params, samples: &[Sample], blend: f32) -> f32 {
    samples.iter().map(|s| step(p, s, blend, None)).sum::<f32>() / samples.len().max(1) as f32
}

/// Whether feature `f` can be active in a game: not a Bia behind its start rank or on or past
/// its promotion rank (the own side's Bia stand on ranks 3-5, the other side's on 4-6).
fn reachable(f: usize) -> bool {
    let (side, role, rank) = (f / 384, f % 384 / 64, f % 64 / 8);
    role != makruk::Role::Bia as usize || (2 + side..=4 + side).contains(&rank)
}

/// The parameters of a weights file (as `write` makes them), to train further from; the
/// shared (side, role) rows start at zero.
fn read(bytes: &[u8]) -> Result<Params, String> {
    let size = 8 + INPUTS * HIDDEN + 2 * 3 * HIDDEN + 4;
    if bytes.len() != size
        || bytes[..4] != MAGIC[..]
        || bytes[4..8] != (HIDDEN as u32).to_le_bytes()
    {
        return Err(format!(
            "not a network of {HIDDEN} hidden units ({size} bytes)"
        ));
    }
    let mut p = Params::zeros();
    let step = f32::from(W1_STEP) / QA as f32;
    let (w1, rest) = bytes[8..].split_at(INPUTS * HIDDEN);
    for (w, &b) in p.w1.iter_mut().zip(w1) {
        *w = f32::from(b as i8) * step;
    }
    let (words, b2) = rest.split_at(rest.len() - 4);
    let words: Vec<f32> = words
        .chunks_exact(2)
        .map(|w| f32::from(i16::from_le_bytes([w[0], w[1]])))
        .collect();
    for (w, &q) in p.b1.iter_mut().zip(&words[..HIDDEN]) {
        *w = q / QA as f32;
    }
    for (w, &q) in p.w2.iter_mut().zip(&words[HIDDEN..]) {
        *w = q / QB as f32;
    }
    p.b2[0] = i32::from_le_bytes([b2[0], b2[1], b2[2], b2[3]]) as f32 / (QA * QB) as f32;
    Ok(p)
}

fn write(path: &str, p: &Params) -> std::io::Result<()> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend((HIDDEN as u32).to_le_bytes());
    let quantize = |v: f32, q: i32, max: f32| (v.clamp(-max, max) * q as f32).round() as i16;
    // hidden weights: one byte each, in steps of W1_STEP/QA; a feature that no game reaches
    // keeps the zeros it never trained away from
    let step = f32::from(W1_STEP) / QA as f32;
    for i in 0..INPUTS * HIDDEN {
        let (f, unit) = (i / HIDDEN, i % HIDDEN);
        let w = if reachable(f) {
            p.w1[i] + p.w1[(INPUTS + f / 64) * HIDDEN + unit]
        } else {
            0.0
        };
        bytes.push((w / step).round().clamp(-128.0, 127.0) as i8 as u8);
    }
    for &w in &p.b1 {
        bytes.extend(quantize(w, QA, CLIP_W1).to_le_bytes());
    }
    for &w in &p.w2 {
        bytes.extend(quantize(w, QB, 127.0).to_le_bytes());
    }
    bytes.extend(((p.b2[0] * (QA * QB) as f32).round() as i32).to_le_bytes());
    std::fs::File::create(path)?.write_all(&bytes)
}

/// The samples of packed files; `None` with the reason if one cannot be read.
fn load(paths: &[String], lambda: f32, blend: f32) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let records = packed::read_all(&bytes).map_err(|e| format!("{path}: {e}"))?;
        for (i, r) in records.iter().enumerate() {
            samples.push(
                sample(r, lambda, blend).map_err(|e| format!("{path}: record {}: {e}", i + 1))?,
            );
        }
    }
    Ok(samples)
}

fn usage() -> ! {
    eprintln!(
        "usage: makruk-train <output> <epochs> [--lambda L] [--init NET] [--lr R] \
         [--held-out FILE.bin] [--blend B] <packed file>..."
    );
    std::process::exit(2);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(out), Some(Ok(epochs))) = (args.next(), args.next().map(|e| e.parse::<usize>()))
    else {
        usage()
    };
    let (mut lambda, mut held_paths, mut paths) = (1.0f32, Vec::new(), Vec::new());
    let (mut init, mut learning_rate, mut blend) = (None, LEARNING_RATE, 1.0);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--lambda" => {
                lambda = args
                    .next()
                    .and_then(|l| l.parse().ok())
                    .filter(|l| (0.0..=1.0).contains(l))
                    .unwrap_or_else(|| usage())
            }
            "--held-out" => held_paths.push(args.next().unwrap_or_else(|| usage())),
            "--init" => init = Some(args.next().unwrap_or_else(|| usage())),
            "--lr" => {
                learning_rate = args
                    .next()
                    .and_then(|l| l.parse().ok())
                    .filter(|&l: &f32| l > 0.0)
                    .unwrap_or_else(|| usage())
            }
            "--blend" => {
                blend = args
                    .next()
                    .and_then(|b| b.parse().ok())
                    .filter(|b: &f32| *b > 0.0 && *b <= 1.0)
                    .unwrap_or_else(|| usage())
            }
            _ => paths.push(arg),
        }
    }
    let fail = |e: String| -> ! {
        eprintln!("{e}");
        std::process::exit(2);
    };
    let mut train = load(&paths, lambda, blend).unwrap_or_else(|e| fail(e));
    let mut held = load(&held_paths, lambda, blend).unwrap_or_else(|e| fail(e));
    if held.is_empty() {
        // no held-out file: 1 in 20 of the training positions
        let all = std::mem::take(&mut train);
        for (i, s) in all.into_iter().enumerate() {
            if i % 20 == 0 {
                held.push(s)
            } else {
                train.push(s)
            }
        }
    }
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        held.len()
    );
    if train.is_empty() {
        std::process::exit(2);
    }
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let p = match &init {
        Some(path) => std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| read(&bytes))
            .unwrap_or_else(|e| fail(format!("{path}: {e}"))),
        None => {
            let mut p = Params::zeros();
            for w in p.w1.iter_mut() {
                *w = uniform(&mut rng, 0.1);
            }
            for w in p.w2.iter_mut() {
                *w = uniform(&mut rng, 0.1);
            }
            p.b1.iter_mut().for_each(|b| *b = 0.25);
            p
        }
    };
    let mut p = p;
    let (mut m, mut v) = (Params::zeros(), Params::zeros());
    let mut t = 0;
    let mut order: Vec<usize> = (0..train.len()).collect();
    eprintln!("epoch 0: held-out loss {:.6}", loss(&p, &held, blend));
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = if epoch > epochs * 3 / 4 {
            learning_rate / 10.0
        } else {
            learning_rate
        };
        let mut total = 0.0;
        for batch in order.chunks(BATCH) {
            let mut g = Params::zeros();
            for &i in batch {
                total += step(&p, &train[i], blend, Some(&mut g));
            }
            t += 1;
            let (b1, b2) = (0.9f32, 0.999f32);
            let correction = (1.0 - b2.powi(t)).sqrt() / (1.0 - b1.powi(t));
            let scale = 1.0 / batch.len() as f32;
            for (((p, g), m), v) in p
                .tensors()
                .into_iter()
                .zip(g.tensors())
                .zip(m.tensors())
                .zip(v.tensors())
            {
                for j in 0..p.len() {
                    let g = g[j] * scale;
                    m[j] = b1 * m[j] + (1.0 - b1) * g;
                    v[j] = b2 * v[j] + (1.0 - b2) * g * g;
                    p[j] -= lr * correction * m[j] / (v[j].sqrt() + 1e-8);
                }
            }
            for w in p.w1.iter_mut().chain(p.b1.iter_mut()) {
                *w = w.clamp(-CLIP_W1, CLIP_W1);
            }
        }
        eprintln!(
            "epoch {epoch}: training loss {:.6}, held-out loss {:.6}",
            total / train.len() as f32,
            loss(&p, &held, blend)
        );
    }
    if let Err(e) = write(&out, &p) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
}
