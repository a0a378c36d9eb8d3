//! A UCI engine in a child process: lines in through stdin, lines out through a reader
//! thread and a channel, so that every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How an engine is started and set up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Display name.
    pub name: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `setoption` pairs sent after `uci`.
    pub options: Vec<(String, String)>,
    /// The rules played (`UCI_Variant`).
    pub variant: makruk::Variant,
}

/// Why talking to an engine failed.
#[derive(Debug)]
pub enum EngineError {
    /// The process could not be started.
    Spawn(std::io::Error),
    /// No answer in time.
    Timeout(&'static str),
    /// The process closed its output (crashed or quit).
    Died,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "cannot start the engine: {e}"),
            EngineError::Timeout(what) => write!(f, "no `{what}` in time"),
            EngineError::Died => f.write_str("the engine exited"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Whether it offered `UCI_Variant` (Fairy-Stockfish).
    pub has_variant: bool,
}

/// What a search answered.
pub struct Answer {
    /// The `bestmove` token.
    pub best: String,
    /// Time from `go` to `bestmove`.
    pub elapsed: Duration,
    /// The last score the engine reported (centi-Bia for the side to move; a mate counts as
    /// +-`MATE_CP`), if any.
    pub score: Option<i32>,
    /// The last node count the engine reported (`info ... nodes N`), if any.
    pub nodes: Option<u64>,
}

/// The node count of an `info` line (`nodes N`).
fn info_nodes(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    words.find(|w| *w == "nodes")?;
    words.next()?.parse().ok()
}

/// The centi-Bia value given to a reported mate.
pub const MATE_CP: i32 = 100_000;

/// The score of an `info` line: `score cp N` or `score mate N`.
fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    words.find(|w| *w == "score")?;
    let kind = words.next()?;
    let n: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(n),
        "mate" => Some(if n > 0 { MATE_CP } else { -MATE_CP }),
        _ => None,
    }
}

/// How long an engine may take to start (`uciok`) or to answer `isready`: Fairy-Stockfish's
/// WebAssembly build under Node compiles 1.6 MB of wasm first, 3-6 s here and past 10 s on a
/// loaded machine, where a shorter wait forfeited games it would have played.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(60);

impl Engine {
    /// Starts the engine, runs the `uci` handshake, sets its options (and `UCI_Variant`:
    /// makruk when offered, cambodian always) and waits for `readyok`.
    pub fn start(spec: &EngineSpec) -> Result<Engine, EngineError> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or(EngineError::Spawn(std::io::Error::other("empty command")))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(EngineError::Spawn)?;
        let stdin = child.stdin.take().ok_or(EngineError::Died)?;
        let stdout = child.stdout.take().ok_or(EngineError::Died)?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines: rx,
            has_variant: false,
        };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine.recv(deadline, "uciok")?;
            if line.starts_with("option name UCI_Variant ") {
                engine.has_variant = true;
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        // an engine that offers no UCI_Variant plays Makruk; Ouk Chatrang is asked for anyway
        if engine.has_variant || spec.variant != makruk::Variant::Makruk {
            engine.send(&format!(
                "setoption name UCI_Variant value {}",
                spec.variant
            ))?;
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Died)
    }

    fn recv(&mut self, deadline: Instant, what: &'static str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Died),
        }
    }

    /// The next line the engine writes, waiting at most `timeout`.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, EngineError> {
        self.recv(Instant::now() + timeout, "a line")
    }

    /// `isready` / `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.recv(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Starts a new game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Sends the position and `go <go>`, and waits up to `timeout` for `bestmove`.
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<Answer, EngineError> {
        self.send(position)?;
        self.send(&format!("go {go}"))?;
        let start = Instant::now();
        let deadline = start + timeout;
        let mut score = None;
        let mut nodes = None;
        loop {
            let line = self.recv(deadline, "bestmove")?;
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return Ok(Answer {
                    best: words.next().unwrap_or("").to_string(),
                    elapsed: start.elapsed(),
                    score,
                    nodes,
                });
            }
            score = info_score(&line).or(score);
            nodes = info_nodes(&line).or(nodes);
        }
    }

    /// Asks the engine to quit, then makes sure it is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{info_nodes, info_score, MATE_CP};

    #[test]
    fn info_lines_give_their_score_and_nodes() {
        let line = "info depth 9 seldepth 12 multipv 1 score cp -31 nodes 48211 nps 480000 time 100 pv a3a4";
        assert_eq!(
            (info_score(line), info_nodes(line)),
            (Some(-31), Some(48211))
        );
        let mate = "info depth 3 score mate -2 nodes 77";
        assert_eq!(
            (info_score(mate), info_nodes(mate)),
            (Some(-MATE_CP), Some(77))
        );
        // a string that mentions nodes is not a count; neither is a line without one
        assert_eq!(info_nodes("info string nodes are counted"), None);
        assert_eq!(info_nodes("bestmove a3a4 nodes 5"), None);
        assert_eq!(info_nodes("info depth 1 score cp 3"), None);
    }
}
