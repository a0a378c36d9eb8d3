//! `makruk-levels`: how each level for people errs, judged by the full engine.
//!
//! A fixed set of varied positions: from each of the first openings of `openings-wide.txt` the
//! engine plays itself at level 1 (a game of people's mistakes, seeded by the opening's
//! number) and a position is taken every few plies. In each position
//! every level 1-8 chooses its move (its own limits, a seed from the position's number), and a
//! judge, the full engine at a fixed depth, scores the move against the judge's own first
//! choice. Per level it prints the rate of moves that lose at least 300 centi-Bia by the
//! judge's search (blunders), the rate of moves equal to the judge's first choice (top moves)
//! and the mean loss.
//!
//! ```text
//! makruk-levels [positions (default 400)] [judge depth (default 8)]
//! ```

use makruk::search::{Level, Limits, Score, Searcher};
use makruk::{Game, Move};
use makruk_train::search_game;

const OPENINGS: &str = include_str!("../../../makruk-match/openings-wide.txt");
// plies played from an opening before the first position taken, and between two
const FIRST_PLY: usize = 4;
// the level whose games give the positions
const PLAYED_LEVEL: u8 = 1;
const STRIDE: usize = 9;
const TAKEN_PER_GAME: usize = 5;
const BLUNDER_CP: i32 = 300;
// mate scores are clamped to this before differences are taken
const CLAMP_CP: i32 = 3000;

fn cp(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c.clamp(-CLAMP_CP, CLAMP_CP),
        Score::Mate(m) if m > 0 => CLAMP_CP,
        Score::Mate(_) => -CLAMP_CP,
    }
}

/// The positions to judge, each with its game so far (repetitions, the last move).
fn samples(count: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut searcher = Searcher::new(16);
    for (n, fen) in OPENINGS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
    {
        let Ok(mut game) = Game::from_fen(fen.trim()) else {
            continue;
        };
        searcher.clear();
        for ply in 0..FIRST_PLY + STRIDE * TAKEN_PER_GAME {
            if game.outcome().is_some() || out.len() >= count {
                break;
            }
            if ply >= FIRST_PLY && (ply - FIRST_PLY).is_multiple_of(STRIDE) {
                out.push(game.clone());
            }
            let mut limits = Level::new(PLAYED_LEVEL).limits();
            limits.seed = (n * 1000 + ply) as u64;
            let r = search_game(&mut searcher, &game, &limits);
            let Some(m) = r.best else { break };
            if game.play(m).is_err() {
                break;
            }
        }
        if out.len() >= count {
            break;
        }
    }
    out
}

/// The judge's score (side to move) of the position after `m`, from the mover's side.
fn judge_move(judge: &mut Searcher, game: &Game, m: Move, depth: u32) -> i32 {
    let mut next = game.clone();
    if next.play(m).is_err() {
        return -CLAMP_CP;
    }
    if let Some(outcome) = next.outcome() {
        // the mover won, or a draw
        return match outcome.winner {
            Some(c) if c == game.position().turn() => CLAMP_CP,
            Some(_) => -CLAMP_CP,
            None => 0,
        };
    }
    let r = search_game(judge, &next, &Limits::depth(depth - 1));
    -cp(r.score)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let samples = samples(count);
    eprintln!("{} positions, judge depth {depth}", samples.len());
    let mut judge = Searcher::new(16);
    let judged: Vec<(Move, i32)> = samples
        .iter()
        .map(|s| {
            judge.clear();
            let r = search_game(&mut judge, s, &Limits::depth(depth));
            let best = r.best.expect("a sample has a legal move");
            (best, judge_move(&mut judge, s, best, depth))
        })
        .collect();
    println!("| level | blunders (lose >= {BLUNDER_CP} cp) | top moves | mean loss (cp) |");
    println!("|---|---|---|---|");
    for level in 1..=8 {
        let mut searcher = Searcher::new(16);
        let (mut blunders, mut top, mut loss) = (0, 0, 0i64);
        for (i, (s, &(best, best_score))) in samples.iter().zip(&judged).enumerate() {
            searcher.clear();
            let mut limits = Level::new(level).limits();
            limits.seed = i as u64 + 1;
            let r = search_game(&mut searcher, s, &limits);
            let m = r.best.expect("a sample has a legal move");
            let lost = if m == best {
                top += 1;
                0
            } else {
                judge.clear();
                (best_score - judge_move(&mut judge, s, m, depth)).max(0)
            };
            blunders += usize::from(lost >= BLUNDER_CP);
            loss += i64::from(lost);
        }
        let n = samples.len().max(1);
        println!(
            "| {level} | {:.1}% | {:.1}% | {} |",
            100.0 * blunders as f64 / n as f64,
            100.0 * top as f64 / n as f64,
            loss / n as i64
        );
    }
}
