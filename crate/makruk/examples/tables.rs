//! Builds every bare-Khun table, each in a fresh `Tablebase` (so each time includes its
//! smaller tables), and prints its figures as a Markdown table row:
//! `cargo run --release -p makruk --example tables [ending letters, e.g. RN]`.

use makruk::{Ending, Tablebase};
use std::time::Instant;

fn main() {
    let only = match std::env::args().nth(1).map(|s| s.parse::<Ending>()) {
        None => None,
        Some(Ok(e)) => Some(e),
        Some(Err(e)) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!(
        "| ending | limit | positions (strong / bare to move) | won | won from the count's start | longest mate (plies) | build ms | bytes |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for ending in Ending::all() {
        if only.is_some_and(|o| o != ending) {
            continue;
        }
        let mut tb = Tablebase::new();
        let start = Instant::now();
        tb.build(ending);
        let ms = start.elapsed().as_millis();
        let s = tb.stats(ending);
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "| {ending} | {} | {} / {} | {} ({:.1}%) / {} ({:.1}%) | {} ({:.1}%) / {} ({:.1}%) | {} / {} | {ms} | {} |",
            ending.limit_moves(),
            s.positions[0],
            s.positions[1],
            s.won[0],
            pct(s.won[0], s.positions[0]),
            s.won[1],
            pct(s.won[1], s.positions[1]),
            s.won_from_count_start[0],
            pct(s.won_from_count_start[0], s.positions[0]),
            s.won_from_count_start[1],
            pct(s.won_from_count_start[1], s.positions[1]),
            s.longest_plies[0],
            s.longest_plies[1],
            s.bytes,
        );
    }
}
