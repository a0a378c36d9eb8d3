//! `makruk-puzzles`: mines puzzles from games the engine plays against itself.
//!
//! Each game starts with a few random moves (kept if a short search finds the position
//! balanced); then each side plays at a level drawn for the game (3 to 6: levels that
//! sometimes miss a tactic, which is what makes puzzles). Every position is screened by a
//! two-line search; where exactly one move wins clearly (see `makruk_train::puzzle`) a deeper
//! two-line search must agree, and so must the check that the puzzle file's test repeats.
//! The solution then follows the deep search: the opponent's best replies, and the solver's
//! moves as long as each is again the only clear win (for a mate: the only mating move, any
//! mate at the last one) and, unless it mates, wins at least two Bia of material. A puzzle is appended to the output as one line
//! (`id;FEN;solution;rating;themes`), unless a puzzle of that id is in the file already.
//!
//! ```text
//! makruk-puzzles <output> <games> [seed]
//! ```
//!
//! Progress and, at the end, the figures (games, positions, puzzles per theme, time) go to
//! standard error.

use makruk::search::{Level, Limits, NoClock, Score, Searcher};
use makruk::Rng;
use makruk::{Move, Position};
use makruk_train::opening::random_opening;
use makruk_train::puzzle::{self, Puzzle, TopTwo, CHECK_DEPTH};
use makruk_train::search_game;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::time::Instant;

// the cheap search that every position gets
const SCREEN_DEPTH: u32 = 6;
// the deeper search that confirms a candidate and gives the solution and the rating
const VERIFY_DEPTH: u32 = 10;
// a side's next puzzle comes at least this many plies after its last one in a game
const PUZZLE_GAP: usize = 6;
// the solver's moves in a line that does not mate
const MAX_SOLVER_MOVES: usize = 4;
const MAX_PLIES: usize = 300;
const BALANCED: i32 = 200;
// each side's level: the first, and how many from there
const LEVELS: (u8, usize) = (1, 3);
// a game ends once the screening has scored it beyond this for this many plies in a row
// (a won game has few puzzles left: every move wins)
const LOPSIDED: (i32, u32) = (1500, 8);

/// The best move of a one-line search to `depth`.
fn best_move(searcher: &mut Searcher, pos: &Position, depth: u32) -> Option<Move> {
    searcher
        .search(pos, &[], &Limits::depth(depth), &mut NoClock, &mut |_| {})
        .best
}

/// The solution from `root`, where `top` is the deep search's verdict; `None` when a mating
/// line has two ways on before its last move, or the engine changes its mind, or a line that
/// does not mate wins less than [`puzzle::GAIN_CP`] of material by its end.
fn solution(searcher: &mut Searcher, root: &Position, top: &TopTwo) -> Option<Vec<Move>> {
    let mate = match top.score {
        Score::Mate(n) => Some(n),
        Score::Cp(_) => None,
    };
    let mut line = vec![top.best()];
    let mut pos = *root;
    pos.play(top.best());
    let mut solver_moves = 1;
    loop {
        if pos.legal_moves().is_empty() || pos.outcome().is_some() {
            break;
        }
        if mate.is_none() && solver_moves == MAX_SOLVER_MOVES {
            break;
        }
        let reply = best_move(searcher, &pos, VERIFY_DEPTH)?;
        let mut next = pos;
        next.play(reply);
        let next_top = puzzle::top_two(searcher, &next, VERIFY_DEPTH);
        match (mate, next_top) {
            (Some(n), Some(t)) => {
                let left = n - solver_moves as i32;
                if t.score != Score::Mate(left) || (left > 1 && puzzle::mates(t.second)) {
                    return None;
                }
                line.extend([reply, t.best()]);
                next.play(t.best());
            }
            // a single legal move (or a material line's plain win) ends the line, unless
            // it mates
            (Some(_), None) => {
                let m = best_move(searcher, &next, VERIFY_DEPTH)?;
                line.extend([reply, m]);
                next.play(m);
            }
            (None, Some(t)) if t.only_win() => {
                line.extend([reply, t.best()]);
                next.play(t.best());
            }
            (None, _) => break,
        }
        pos = next;
        solver_moves += 1;
    }
    if mate.is_some() {
        return pos.legal_moves().is_empty().then_some(line);
    }
    // the material is won, the opponent's best reply to the last move included
    if let Some(reply) = best_move(searcher, &pos, VERIFY_DEPTH) {
        pos.play(reply);
    }
    let us = root.turn();
    let gain = puzzle::material(&pos, us) - puzzle::material(root, us);
    (gain >= puzzle::GAIN_CP).then_some(line)
}

/// The themes of a puzzle.
fn themes(root: &Position, top: &TopTwo, line: &[Move]) -> Vec<String> {
    let mut themes = vec![match top.score {
        Score::Mate(1) => "mate1",
        Score::Mate(2) => "mate2",
        Score::Mate(_) => "mate3+",
        Score::Cp(_) => "material",
    }];
    if line.iter().step_by(2).any(|m| m.is_promotion()) {
        themes.push("promotion");
    }
    if root.count().is_some() {
        themes.push("counting");
    }
    if puzzle::is_fork(root, line[0]) {
        themes.push("fork");
    }
    if puzzle::is_pin(root, line[0]) {
        themes.push("pin");
    }
    themes.into_iter().map(str::to_owned).collect()
}

/// A puzzle from `pos`, if the deeper searches confirm the screening's verdict.
fn confirm(searcher: &mut Searcher, pos: &Position, screened: &TopTwo) -> Option<Puzzle> {
    searcher.clear();
    let top = puzzle::top_two(searcher, pos, VERIFY_DEPTH)?;
    if !top.only_win() || top.best() != screened.best() {
        return None;
    }
    puzzle::check(searcher, pos, top.best()).ok()?;
    searcher.clear();
    let line = solution(searcher, pos, &top)?;
    let rating = puzzle::rating(searcher, pos, top.best(), VERIFY_DEPTH);
    Some(Puzzle {
        id: Puzzle::id_of(pos),
        fen: pos.fen(),
        moves: line.iter().map(|m| m.to_string()).collect(),
        rating,
        themes: themes(pos, &top, &line),
    })
}

#[derive(Default)]
struct Figures {
    games: u32,
    positions: u64,
    candidates: u64,
    puzzles: u64,
    themes: BTreeMap<String, u64>,
}

impl Figures {
    fn report(&self, start: &Instant) -> String {
        let themes: Vec<String> = self
            .themes
            .iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect();
        format!(
            "{} games, {} positions, {} candidates, {} puzzles ({}), {} s",
            self.games,
            self.positions,
            self.candidates,
            self.puzzles,
            themes.join(", "),
            start.elapsed().as_secs()
        )
    }
}

/// Plays one game and writes its puzzles.
fn play_game(
    rng: &mut Rng,
    searchers: &mut [Searcher; 3],
    known: &mut HashSet<String>,
    out: &mut dyn Write,
    figures: &mut Figures,
) -> std::io::Result<()> {
    let [player, screen, judge] = searchers;
    player.clear();
    screen.clear();
    let plies = 4 + rng.below(8) as u64;
    let Some(mut game) = random_opening(rng, player, plies, BALANCED) else {
        return Ok(());
    };
    let levels = [
        LEVELS.0 + rng.below(LEVELS.1) as u8,
        LEVELS.0 + rng.below(LEVELS.1) as u8,
    ];
    let mut lopsided = 0;
    let mut last_puzzle = [None::<usize>; 2];
    figures.games += 1;
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let pos = *game.position();
        let ply = game.moves().len();
        let side = pos.turn().index();
        figures.positions += 1;
        let recent = last_puzzle[side].is_some_and(|p| ply < p + PUZZLE_GAP);
        if !recent {
            if let Some(t) = puzzle::top_two(screen, &pos, SCREEN_DEPTH) {
                let decided = matches!(t.score, Score::Cp(cp) if cp.abs() >= LOPSIDED.0);
                lopsided = if decided { lopsided + 1 } else { 0 };
                if lopsided >= LOPSIDED.1 {
                    break;
                }
                if t.only_win() {
                    figures.candidates += 1;
                    if let Some(p) = confirm(judge, &pos, &t) {
                        last_puzzle[side] = Some(ply);
                        if known.insert(p.id.clone()) {
                            writeln!(out, "{p}")?;
                            out.flush()?;
                            figures.puzzles += 1;
                            for t in &p.themes {
                                *figures.themes.entry(t.clone()).or_default() += 1;
                            }
                        }
                    }
                }
            }
        }
        let mut limits = Level::new(levels[side]).limits();
        limits.seed = rng.next_u64() >> 32;
        let result = search_game(player, &game, &limits);
        let Some(best) = result.best else { break };
        if game.play(best).is_err() {
            break;
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(Ok(games))) = (args.get(1), args.get(2).map(|g| g.parse::<u32>())) else {
        eprintln!("usage: makruk-puzzles <output> <games> [seed]");
        std::process::exit(2);
    };
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut known: HashSet<String> = std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.parse::<Puzzle>().ok())
        .map(|p| p.id)
        .collect();
    let mut file = makruk_train::append_or_exit(path);
    let mut rng = Rng::new(seed);
    let mut searchers = [Searcher::new(16), puzzle::searcher(), puzzle::searcher()];
    let mut figures = Figures::default();
    let start = Instant::now();
    eprintln!("check depth {CHECK_DEPTH}, screen {SCREEN_DEPTH}, verify {VERIFY_DEPTH}");
    for n in 1..=games {
        if let Err(e) = play_game(
            &mut rng,
            &mut searchers,
            &mut known,
            &mut file,
            &mut figures,
        ) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
        if n % 10 == 0 {
            eprintln!("{}", figures.report(&start));
        }
    }
    eprintln!("done: {}", figures.report(&start));
}
