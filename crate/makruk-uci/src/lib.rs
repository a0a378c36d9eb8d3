//! The native UCI front end: reads commands from stdin, one a line, and answers on stdout.
//!
//! Rules commands: `uci`, `isready`, `ucinewgame`, `position`, `go perft`, `d`, `quit`.
//! Search commands (in `engine`): `go ...`, `stop`, `setoption`, `bench`.
//! `setoption name UCI_Variant value makruk|cambodian|makpong|karouk` picks the rules: `startpos` and
//! `position fen` are then read in that variant (`bench` always searches Makruk's set).
//!
//! Counting on request (docs/rules.md), an extension of UCI: `setoption name Counting value
//! request` (default `auto`) makes the next `position` a game whose counts start only when a
//! side asks. Its `moves` list then also takes the count actions where they were made,
//! `count-start` (the side to move starts a count) and `count-stop` (the counting side stops
//! it), and `go` answers the engine's own (the core's `Searcher::reply`) before its move, each
//! as a line `info string count-start` or `info string count-stop` ahead of `bestmove`: the
//! GUI makes them, then the move, and passes them back in the next `position`.
//! Bad input never ends the process: it answers `info string error: <why>` and keeps
//! the previous position. Each command is one function behind `Uci::handle`'s `match`.
//!
//! A library as well as a binary so that tests and the fuzzer can drive the command loop
//! one line at a time through [`Uci::handle_line`] without a process.

pub mod engine;

use makruk::{perft, perft_divide, CountAction, Counting, Game, Position, Variant};
use std::io::Write;

/// The count actions as `position` takes them and `go` answers them (counting on request).
const COUNT_START: &str = "count-start";
const COUNT_STOP: &str = "count-stop";

/// A count action as `position` takes it and `go` answers it: `count-start`, `count-stop`.
pub fn count_token(action: CountAction) -> &'static str {
    match action {
        CountAction::Start => COUNT_START,
        CountAction::Stop => COUNT_STOP,
    }
}

/// The deepest `go perft` accepted (deeper would run for days).
const MAX_PERFT_DEPTH: u32 = 12;

/// The engine's state between commands.
pub struct Uci {
    /// The position set by `position`, with its history (for repetition).
    game: Game,
    /// The rules `position` reads in (`UCI_Variant`).
    variant: Variant,
    /// How counts start in the games `position` sets (`Counting`).
    counting: Counting,
    /// The search, which runs in its own thread.
    engine: engine::Engine,
}

/// What the command loop does after a command.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit`: stop reading.
    Quit,
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new()
    }
}

impl Uci {
    /// A fresh engine on the start position.
    pub fn new() -> Uci {
        Uci {
            game: Game::default(),
            variant: Variant::Makruk,
            counting: Counting::Auto,
            engine: engine::Engine::new(),
        }
    }

    /// The variant chosen with `UCI_Variant` (Makruk unless set).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Runs one raw input line (any bytes) and returns its answer. Invalid UTF-8 is read
    /// lossily: binary garbage becomes U+FFFD and gets an error answer, never a panic.
    /// Answers of a running search are printed by its thread, not returned here.
    pub fn handle_line(&mut self, line: &[u8]) -> (Vec<u8>, Flow) {
        let line = String::from_utf8_lossy(line);
        let mut answer = Vec::new();
        let flow = self.handle(&line, &mut answer);
        (answer, flow)
    }

    /// At the end of the input: lets a limited search finish and answer, stops an infinite one.
    pub fn finish(&mut self) {
        self.engine.finish();
    }

    /// Runs one command line, writing its answer to `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> Flow {
        let mut tokens = line.split_whitespace();
        let Some(cmd) = tokens.next() else {
            return Flow::Continue;
        };
        let args: Vec<&str> = tokens.collect();
        let result = match cmd {
            "uci" => self.cmd_uci(out),
            "isready" => writeln(out, "readyok"),
            "ucinewgame" => {
                self.game = Game::startpos_variant(self.variant).with_counting(self.counting);
                self.engine.new_game();
                Ok(())
            }
            "position" => self.cmd_position(&args),
            "go" => self.cmd_go(&args, out),
            "setoption" => self.cmd_setoption(&args),
            "d" => self.cmd_d(out),
            "stop" => {
                self.engine.stop();
                Ok(())
            }
            "bench" => {
                self.engine.stop();
                engine::bench(&args.join(" "));
                Ok(())
            }
            "quit" => {
                self.engine.stop();
                return Flow::Quit;
            }
            other => Err(format!("unknown command '{}'", shorten(other))),
        };
        if let Err(why) = result {
            let _ = writeln(out, &format!("info string error: {why}"));
        }
        Flow::Continue
    }

    fn cmd_uci(&self, out: &mut dyn Write) -> Result<(), String> {
        writeln(out, "id name Makruk")?;
        writeln(out, "id author the Makruk project")?;
        writeln(
            out,
            "option name UCI_Variant type combo default makruk var makruk var cambodian var makpong var karouk",
        )?;
        writeln(
            out,
            "option name Counting type combo default auto var auto var request",
        )?;
        writeln(out, engine::OPTIONS)?;
        writeln(out, "uciok")
    }

    /// `setoption name <id> [value <x>]`: `UCI_Variant` (makruk, cambodian, makpong or karouk; switching
    /// sets the new variant's start position), `Counting` (auto or request: for the next
    /// `position`) and the search options.
    fn cmd_setoption(&mut self, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let rest = text
            .strip_prefix("name ")
            .ok_or("setoption: expected 'setoption name <id> [value <x>]'")?;
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match (name, value) {
            ("UCI_Variant", v) => {
                // option values are case-insensitive in UCI
                let variant: Variant = v
                    .to_ascii_lowercase()
                    .parse()
                    .map_err(|e| format!("setoption: UCI_Variant: {e}"))?;
                if variant != self.variant {
                    self.variant = variant;
                    self.game = Game::startpos_variant(variant);
                }
                Ok(())
            }
            ("Counting", v) => {
                self.counting = v
                    .to_ascii_lowercase()
                    .parse()
                    .map_err(|e| format!("setoption: Counting: {e}"))?;
                Ok(())
            }
            (n, v) if self.engine.set_option(n, v) => Ok(()),
            (n, _) => Err(format!("setoption: unknown option '{}'", shorten(n))),
        }
    }

    /// `position startpos|fen <FEN> [moves <move>...]`, with counting on request also the count
    /// actions `count-start` and `count-stop` among the moves; on any error the old position
    /// stays.
    fn cmd_position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        // for analysis: a GUI may play on past what the core calls the end (its own count or
        // repetition rule), and the engine searches what it is given
        let game = match setup {
            ["startpos"] => Game::startpos_variant(self.variant),
            ["fen", fen @ ..] if !fen.is_empty() => {
                Game::from_fen_variant(&fen.join(" "), self.variant)
                    .map_err(|e| format!("position: {e}"))?
            }
            ["fen"] => return Err("position: 'fen' must be followed by a FEN".into()),
            _ => {
                return Err(format!(
                    "position: expected 'startpos' or 'fen <FEN>', then optionally 'moves ...', found '{}'",
                    shorten(&setup.join(" "))
                ))
            }
        };
        let mut game = game.with_counting(self.counting).for_analysis();
        for (i, m) in moves.iter().enumerate() {
            let made = match *m {
                COUNT_START => game.start_count().map(|_| ()).map_err(|e| e.to_string()),
                COUNT_STOP => game.stop_count().map_err(|e| e.to_string()),
                m => game.play_str(m).map(|_| ()).map_err(|e| e.to_string()),
            };
            made.map_err(|e| format!("position: move {} of the list: {e}", i + 1))?;
        }
        self.game = game;
        Ok(())
    }

    /// `go perft <depth>`, or a search: `go [wtime ..] [btime ..] [winc ..] [binc ..]
    /// [movestogo ..] [movetime ..] [depth ..] [nodes ..] [infinite]`.
    fn cmd_go(&mut self, args: &[&str], out: &mut dyn Write) -> Result<(), String> {
        match args {
            ["perft", depth] => {
                let depth = depth
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=MAX_PERFT_DEPTH).contains(d))
                    .ok_or_else(|| {
                        format!(
                            "go perft: depth must be a whole number from 1 to {MAX_PERFT_DEPTH}, found '{}'",
                            shorten(depth)
                        )
                    })?;
                go_perft(self.game.position(), depth, out)
            }
            ["perft"] => Err("go perft: missing depth".into()),
            _ => {
                self.engine.go(self.game.clone(), &args.join(" "));
                Ok(())
            }
        }
    }

    /// A diagram, then `Fen:`, `Result:`, `Count:` and `Last:` (the last move in UCI, SAN and
    /// Thai notation, or `none`) lines.
    fn cmd_d(&self, out: &mut dyn Write) -> Result<(), String> {
        let pos = self.game.position();
        let mut text = diagram(pos);
        text.push_str(&format!("Fen: {}\n", pos.fen()));
        let last = self.game.moves().len().checked_sub(1).map(|k| {
            let (before, m) = (&self.game.positions()[k], self.game.moves()[k]);
            format!("{m} {} {}", before.san(m), before.thai_san(m))
        });
        text.push_str(&format!("Last: {}\n", last.as_deref().unwrap_or("none")));
        let outcome = self.game.outcome();
        text.push_str(&format!(
            "Result: {} {}\n",
            self.game.result_str(),
            outcome.map_or("none", |o| o.reason.name())
        ));
        match pos.count() {
            Some(c) => text.push_str(&format!("Count: {} {} {}\n", c.honour, c.ply, c.limit)),
            None => text.push_str("Count: none 0 0\n"),
        }
        out.write_all(text.as_bytes()).map_err(|e| e.to_string())
    }
}

/// One line per root move, an empty line, then the total.
fn go_perft(pos: &Position, depth: u32, out: &mut dyn Write) -> Result<(), String> {
    let mut text = String::new();
    let mut total = 0;
    if depth == 1 {
        for m in pos.legal_moves().iter() {
            text.push_str(&format!("{m}: 1\n"));
        }
        total = perft(pos, 1);
    } else {
        for (m, n) in perft_divide(pos, depth) {
            text.push_str(&format!("{m}: {n}\n"));
            total += n;
        }
    }
    text.push_str(&format!("\nNodes searched: {total}\n"));
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

/// The board as text, rank 8 on top; `~` marks a promoted Bia.
fn diagram(pos: &Position) -> String {
    let border = " +---+---+---+---+---+---+---+---+\n";
    let mut s = String::from(border);
    for rank in (0..8).rev() {
        s.push_str(" |");
        for file in 0..8 {
            let sq = makruk::Square::new(file, rank);
            match pos.piece_at(sq) {
                Some(p) => {
                    let mark = if pos.promoted().contains(sq) {
                        '~'
                    } else {
                        ' '
                    };
                    s.push_str(&format!(" {}{mark}|", p.char()));
                }
                None => s.push_str("   |"),
            }
        }
        s.push_str(&format!(" {}\n{border}", rank + 1));
    }
    s.push_str("   a   b   c   d   e   f   g   h\n\n");
    s
}

fn writeln(out: &mut dyn Write, line: &str) -> Result<(), String> {
    out.write_all(line.as_bytes())
        .and_then(|_| out.write_all(b"\n"))
        .map_err(|e| e.to_string())
}

/// Cuts user text for error messages.
fn shorten(s: &str) -> String {
    if s.chars().count() <= 40 {
        s.to_string()
    } else {
        s.chars().take(40).chain(std::iter::once('…')).collect()
    }
}
