//! `makruk-label`: scores `makruk-datagen` positions with Fairy-Stockfish's static
//! evaluation or its search, the target `makruk-train` learns.
//!
//! For each input line `<FEN> ; <score> ; <result>` the engine is sent `position fen <FEN>`
//! and `eval`; its `Final evaluation <pawns> (white side)` line replaces the score, turned to
//! the side to move and to centi-Bia (`CENTI_BIA_PER_PAWN`). With `--depth N` it is sent
//! `go depth N` instead, and the last `score cp` before its `bestmove` is the label. Lines it
//! gives no number for (`none`: in check; a mate score) are dropped.
//!
//! ```text
//! makruk-label [--depth N] <engine command> < positions > labelled
//! ```
//!
//! `CENTI_BIA_PER_PAWN` is the least-squares slope of our hand-written evaluation against
//! Fairy-Stockfish 14's classical one on 17,816 quiet self-play positions (109.2).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const CENTI_BIA_PER_PAWN: f64 = 110.0;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: makruk-label [--depth N] <engine command> < positions > labelled");
        std::process::exit(2);
    };
    let mut depth = None;
    if args.first().map(String::as_str) == Some("--depth") {
        let n = args.get(1).and_then(|d| d.parse::<u32>().ok());
        depth = Some(n.filter(|&d| d > 0).unwrap_or_else(|| usage()));
        args.drain(..2);
    }
    let Some((program, engine_args)) = args.split_first() else {
        usage()
    };
    let mut child = match Command::new(program)
        .args(engine_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{program}: {e}");
            std::process::exit(2);
        }
    };
    let (Some(mut to_engine), Some(from_engine)) = (child.stdin.take(), child.stdout.take()) else {
        eprintln!("{program}: no pipes");
        std::process::exit(2);
    };
    let input: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .collect();
    // a writer thread, so that neither side blocks on a full pipe
    let fens: Vec<String> = input
        .iter()
        .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
        .collect();
    let writer = std::thread::spawn(move || {
        let mut text = String::from(
            "uci\nsetoption name UCI_Variant value makruk\nsetoption name Use NNUE value false\n",
        );
        let ask = depth.map_or("eval".to_string(), |d| format!("go depth {d}"));
        for fen in &fens {
            text += &format!("position fen {fen}\n{ask}\n");
        }
        text += "quit\n";
        let _ = to_engine.write_all(text.as_bytes());
    });
    // one answer a position: white's score in pawns, or `None`
    let mut last_score = None;
    let mut evaluations = BufReader::new(from_engine)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| {
            if let Some(v) = l.strip_prefix("Final evaluation") {
                return Some(v.split_whitespace().next().and_then(|v| v.parse().ok()));
            }
            if l.starts_with("info") {
                let mut words = l.split_whitespace().skip_while(|w| *w != "score").skip(1);
                last_score = match (words.next(), words.next()) {
                    (Some("cp"), Some(cp)) => cp.parse::<f64>().ok().map(|cp| cp / 100.0),
                    _ => None,
                };
            }
            l.starts_with("bestmove").then(|| last_score.take())
        });
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in &input {
        let Some(value) = evaluations.next() else {
            eprintln!("{program}: fewer evaluations than positions");
            std::process::exit(1);
        };
        let mut fields = line.split(';').map(str::trim);
        let (Some(fen), Some(_), Some(result)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Some(pawns) = value else {
            continue;
        };
        // `eval` speaks for white, a search for the side to move
        let side = if depth.is_none() && fen.split_whitespace().nth(1) == Some("b") {
            -1.0
        } else {
            1.0
        };
        let cp = (pawns * side * CENTI_BIA_PER_PAWN).round();
        if writeln!(out, "{fen} ; {cp} ; {result}").is_err() {
            std::process::exit(1);
        }
    }
    let _ = writer.join();
    let _ = child.wait();
}
