//! Searches a position to a depth and prints each iteration and the best move:
//! `cargo run --release -p makruk --example search ["<FEN>" [depth]]` (the start position, depth 8).

use makruk::search::{Info, Limits, NoClock, Searcher};
use makruk::Position;

fn main() {
    let mut args = std::env::args().skip(1);
    let pos = match args.next() {
        None => Position::startpos(),
        Some(fen) => Position::from_fen(&fen).unwrap_or_else(|e| {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }),
    };
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(8);
    let mut searcher = Searcher::new(16); // a 16 MB transposition table
    let mut report = |info: &Info| {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {:2} score {:?} nodes {:8} time {:5} ms pv {}",
            info.depth,
            info.score,
            info.nodes,
            info.time_ms,
            pv.join(" ")
        );
    };
    let result = searcher.search(&pos, &[], &Limits::depth(depth), &mut NoClock, &mut report);
    match result.best {
        Some(m) => println!("bestmove {m}"),
        None => println!("no legal move"),
    }
}
