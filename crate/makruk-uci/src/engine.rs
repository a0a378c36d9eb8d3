//! The searching half of the UCI engine: `go`, `stop`, `setoption`, `ucinewgame` and
//! `bench`. The search runs in its own thread so that `stop` is answered at once; the core
//! only polls a [`Clock`] that reads an `Instant` and an atomic stop flag.

use makruk::search::{
    Clock, Go, Info, Level, Limits, Reply, Score, SearchResult, Searcher, LEVEL_ELO,
    MOVE_OVERHEAD_MS,
};
use makruk::{Color, CountAction, Game};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 4096;

// the `UCI_Elo` range: the levels' measured strengths (the option text below says the same)
const MIN_ELO: u32 = LEVEL_ELO[0];
const MAX_ELO: u32 = LEVEL_ELO[7];

/// Options printed in answer to `uci`.
pub const OPTIONS: &str = "option name Hash type spin default 16 min 1 max 4096
option name Clear Hash type button
option name MultiPV type spin default 1 min 1 max 64
option name Skill Level type spin default 20 min 0 max 20
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 2530 min 800 max 2530
option name Move Overhead type spin default 30 min 0 max 5000";

struct NativeClock {
    start: Instant,
    stop: Arc<AtomicBool>,
}

impl Clock for NativeClock {
    fn elapsed_ms(&mut self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
    fn stopped(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The engine's searching state between commands.
pub struct Engine {
    searcher: Option<Searcher>,
    thread: Option<JoinHandle<Searcher>>,
    stop: Arc<AtomicBool>,
    hash_mb: usize,
    multipv: u32,
    skill_level: u32,
    limit_strength: bool,
    elo: u32,
    overhead_ms: u64,
    /// Whether the running search is `go infinite` (it answers only after `stop`).
    infinite: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

fn print(line: &str) {
    let mut out = std::io::stdout().lock();
    // a closed pipe means the GUI is gone; nothing useful to do about it
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps(),
        info.time_ms,
        pv.join(" ")
    )
}

impl Engine {
    /// An engine with default options.
    pub fn new() -> Self {
        Engine {
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            thread: None,
            stop: Arc::new(AtomicBool::new(false)),
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            skill_level: 20,
            limit_strength: false,
            elo: MAX_ELO,
            overhead_ms: MOVE_OVERHEAD_MS,
            infinite: false,
        }
    }

    /// Waits for a running search (if any) and takes the searcher back.
    fn join(&mut self) -> &mut Searcher {
        if let Some(t) = self.thread.take() {
            match t.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => self.searcher = None,
            }
        }
        self.searcher
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MB))
    }

    /// `stop`: ends the search; its thread prints `bestmove`.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.join();
    }

    /// `isready` must wait for nothing but a running search keeps going; nothing to do.
    /// `ucinewgame`: forget the previous game.
    pub fn new_game(&mut self) {
        self.stop();
        self.join().clear();
    }

    /// `setoption name <name> value <value>`; returns false for an unknown option.
    pub fn set_option(&mut self, name: &str, value: &str) -> bool {
        let num = value.trim().parse::<u64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                if let Some(mb) = num {
                    self.hash_mb = (mb as usize).clamp(1, MAX_HASH_MB);
                    let mb = self.hash_mb;
                    self.stop();
                    self.join().resize(mb);
                }
            }
            "clear hash" => {
                self.stop();
                self.join().clear();
            }
            "multipv" => self.multipv = num.map_or(1, |n| n.clamp(1, 64) as u32),
            "skill level" => self.skill_level = num.map_or(20, |n| n.min(20) as u32),
            "uci_limitstrength" => self.limit_strength = value.trim() == "true",
            "uci_elo" => {
                self.elo = num.map_or(MAX_ELO, |n| {
                    n.clamp(u64::from(MIN_ELO), u64::from(MAX_ELO)) as u32
                });
            }
            "move overhead" => self.overhead_ms = num.unwrap_or(MOVE_OVERHEAD_MS).min(5000),
            _ => return false,
        }
        true
    }

    fn level(&self) -> Level {
        if self.limit_strength {
            Level::from_elo(self.elo)
        } else {
            Level::from_skill_level(self.skill_level)
        }
    }

    /// Parses the arguments of `go` into limits for `turn`.
    pub fn parse_go(&self, args: &str, turn: Color) -> Limits {
        let level = self.level();
        let mut go = Go {
            level: (level < Level::MAX).then_some(level),
            multipv: Some(u64::from(self.multipv)),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            ..Go::default()
        };
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            let mut num = || {
                let n = words.next().and_then(|v| v.parse::<i64>().ok());
                n.unwrap_or(0).max(0) as u64
            };
            let ours = |white: &str| (w == white) == (turn == Color::White);
            match w {
                "wtime" | "btime" => {
                    let t = num();
                    if ours("wtime") {
                        go.time = Some(t);
                    }
                }
                "winc" | "binc" => {
                    let t = num();
                    if ours("winc") {
                        go.inc = t;
                    }
                }
                "movestogo" => go.movestogo = Some(num()),
                "movetime" => go.movetime = Some(num()),
                "depth" => go.depth = Some(num()),
                "nodes" => go.nodes = Some(num()),
                "infinite" => go.infinite = true,
                _ => {}
            }
        }
        go.limits(self.overhead_ms)
    }

    /// `go ...`: starts the engine's turn in the game (the core's `Searcher::reply`: the search
    /// of its position, its history for repetitions, its last move for the levels; with
    /// counting on request first the count it starts or stops) in a thread that prints `info`
    /// lines, an `info string count-start` or `count-stop` line for each count action, and
    /// finally `bestmove`.
    pub fn go(&mut self, game: Game, args: &str) {
        self.stop();
        let limits = self.parse_go(args, game.position().turn());
        self.infinite = limits.infinite;
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.hash_mb));
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        self.thread = Some(std::thread::spawn(move || {
            let mut clock = NativeClock {
                start: Instant::now(),
                stop: Arc::clone(&stop),
            };
            let result = turn(&mut searcher, game, &limits, &mut clock);
            // `go infinite` waits for `stop` before answering
            while limits.infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let line = match (result.best, result.ponder) {
                (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                (Some(b), None) => format!("bestmove {b}"),
                (None, _) => "bestmove 0000".to_string(),
            };
            if let Score::Mate(0) = result.score {
                print("info depth 0 score mate 0");
            }
            print(&line);
            searcher
        }));
    }

    /// At the end of the input: lets a limited search finish and answer, stops an infinite one.
    pub fn finish(&mut self) {
        if self.infinite {
            self.stop.store(true, Ordering::SeqCst);
        }
        self.join();
    }
}

/// The engine's turn in `game`: the core's replies until one is a move, each count action it
/// answers made in `game` and printed (`info string count-start`); returns the move's search.
/// (A start and then a stop at most: the core does not start a count again where it stopped
/// one; the bound keeps a fault from looping.)
fn turn(
    searcher: &mut Searcher,
    mut game: Game,
    limits: &Limits,
    clock: &mut NativeClock,
) -> SearchResult {
    let mut on_info = |info: &Info| print(&info_line(info));
    for _ in 0..3 {
        let action = match searcher.reply(&game, limits.clone(), clock, &mut on_info) {
            Reply::Move(result) => return result,
            Reply::Count(action) => action,
        };
        let made = match action {
            CountAction::Start => game.start_count().map(|_| ()),
            CountAction::Stop => game.stop_count(),
        };
        if made.is_err() {
            break;
        }
        print(&format!("info string {}", crate::count_token(action)));
    }
    searcher.search_game(&game, limits.clone(), clock, &mut on_info)
}

/// `bench [depth]`: searches the bench positions and prints the node count and speed.
pub fn bench(args: &str) {
    let depth = args
        .split_whitespace()
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or(makruk::bench::DEPTH);
    let start = Instant::now();
    let network = Some(std::sync::Arc::new(makruk::Network::builtin()));
    let nodes = makruk::bench::run(depth, network, |i, n| {
        eprintln!(
            "Position {}/{}: {n} nodes",
            i + 1,
            makruk::bench::POSITIONS.len()
        );
    });
    let ms = start.elapsed().as_millis() as u64;
    print(&format!("Nodes searched: {nodes}"));
    print(&format!("Nodes/second: {}", makruk::search::nps(nodes, ms)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elo_option_spans_the_levels_measured_strength() {
        let line =
            format!("option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}");
        assert!(OPTIONS.lines().any(|l| l == line), "{line}");
    }
}
