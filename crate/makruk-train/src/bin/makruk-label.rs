//! `makruk-label`: scores `makruk-datagen` positions with Fairy-Stockfish's static
//! evaluation or its search, the target `makruk-train` learns.
//!
//! For each input line `<FEN> ; <score> ; <result>` the engine is sent `position fen <FEN>`
//! and `eval`; its `Final evaluation <pawns> (white side)` line replaces the score, turned to
//! the side to move and to centi-Bia (`CENTI_BIA_PER_PAWN`). With `--depth N` it is sent
//! `go depth N` instead, and the last `score cp` before its `bestmove` is the label. Lines it
//! gives no number for (`none`: in check; a mate score) are dropped. The engine runs as the
//! match tool's UCI child process (`makruk_match::uci`); `--variant cambodian` sets its
//! `UCI_Variant` for Ouk Chatrang positions.
//!
//! ```text
//! makruk-label [--depth N] [--variant V] <engine command> < positions > labelled
//! makruk-label [--depth N] [--variant V] --resume labelled <engine command> < positions
//! ```
//!
//! `--resume FILE` continues a run on the same input stopped part way: the input lines up to
//! the last one `FILE` holds a label for are skipped, and the labels of the rest are added
//! to `FILE` (a last line cut short by the stop is dropped first). Each label is written as
//! it is made, so a stop loses at most the search under way.
//!
//! `CENTI_BIA_PER_PAWN` is the least-squares slope of our hand-written evaluation against
//! Fairy-Stockfish 14's classical one on 17,816 quiet self-play positions (109.2).

use makruk_match::uci::{Engine, EngineError, EngineSpec, MATE_CP};
use std::io::{BufRead, Write};
use std::time::Duration;

const CENTI_BIA_PER_PAWN: f64 = 110.0;
/// How long one evaluation or search may take.
const TIMEOUT: Duration = Duration::from_secs(600);

/// The engine's score of `fen` in pawns: White's for `eval`, the side to move's for a search.
fn score(engine: &mut Engine, fen: &str, depth: Option<u32>) -> Result<Option<f64>, EngineError> {
    let position = format!("position fen {fen}");
    if let Some(depth) = depth {
        let answer = engine.search(&position, &format!("depth {depth}"), TIMEOUT)?;
        return Ok(answer
            .score
            .filter(|cp| cp.abs() < MATE_CP)
            .map(|cp| f64::from(cp) / 100.0));
    }
    engine.send(&position)?;
    engine.send("eval")?;
    loop {
        if let Some(v) = engine.read_line(TIMEOUT)?.strip_prefix("Final evaluation") {
            return Ok(v.split_whitespace().next().and_then(|v| v.parse().ok()));
        }
    }
}

/// The FEN of a `<FEN> ; <score> ; <result>` line, if it has the three fields.
fn fen_of(line: &str) -> Option<&str> {
    let mut fields = line.split(';').map(str::trim);
    let fen = fields.next()?;
    fields.next()?;
    fields.next()?;
    Some(fen)
}

/// For `--resume`: the FENs the labels file at `path` holds, in order, after cutting a last
/// line without its end; and the file, open for adding to it.
fn resume(path: &str) -> Result<(Vec<String>, std::fs::File), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--resume {path}: {e}"))?;
    let keep = text.rfind('\n').map_or(0, |i| i + 1);
    let file = std::fs::OpenOptions::new().append(true).open(path);
    let file = file
        .and_then(|f| f.set_len(keep as u64).map(|()| f))
        .map_err(|e| format!("{path}: {e}"))?;
    let fens = text[..keep].lines().filter_map(fen_of).map(String::from);
    Ok((fens.collect(), file))
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: makruk-label [--depth N] [--variant V] [--resume labelled] \
             <engine command> < positions > labelled"
        );
        std::process::exit(2);
    };
    let (mut depth, mut variant, mut resume_from) = (None, makruk::Variant::Makruk, None);
    loop {
        match args.first().map(String::as_str) {
            Some("--depth") => {
                let n = args.get(1).and_then(|d| d.parse::<u32>().ok());
                depth = Some(n.filter(|&d| d > 0).unwrap_or_else(|| usage()));
            }
            Some("--resume") => resume_from = Some(args.get(1).cloned().unwrap_or_else(|| usage())),
            Some("--variant") => {
                variant = args
                    .get(1)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            _ => break,
        }
        args.drain(..2);
    }
    if args.is_empty() {
        usage()
    }
    let spec = EngineSpec {
        name: args[0].clone(),
        command: args,
        options: vec![("Use NNUE".into(), "false".into())],
        variant,
    };
    let fail = |e: EngineError| -> ! {
        eprintln!("{}: {e}", spec.name);
        std::process::exit(1);
    };
    // the FENs labelled before (with --resume), skipped in the input
    let (done, mut out): (Vec<String>, Box<dyn Write>) = match &resume_from {
        Some(path) => {
            let (done, file) = resume(path).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2);
            });
            (done, Box::new(file))
        }
        None => (Vec::new(), Box::new(std::io::stdout().lock())),
    };
    let mut engine = Engine::start(&spec).unwrap_or_else(|e| fail(e));
    let mut skipped = 0;
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let mut fields = line.split(';').map(str::trim);
        let (Some(fen), Some(_), Some(result)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if skipped < done.len() {
            skipped += usize::from(done[skipped] == fen);
            continue;
        }
        let Some(pawns) = score(&mut engine, fen, depth).unwrap_or_else(|e| fail(e)) else {
            continue;
        };
        // `eval` speaks for White, a search for the side to move
        let side = if depth.is_none() && fen.split_whitespace().nth(1) == Some("b") {
            -1.0
        } else {
            1.0
        };
        let cp = (pawns * side * CENTI_BIA_PER_PAWN).round();
        if writeln!(out, "{fen} ; {cp} ; {result}")
            .and_then(|()| out.flush())
            .is_err()
        {
            std::process::exit(1);
        }
    }
    engine.quit();
    if skipped < done.len() {
        eprintln!(
            "--resume: the input ended before the labels' line {} ({}): not their input?",
            skipped + 1,
            done[skipped]
        );
        std::process::exit(1);
    }
}
