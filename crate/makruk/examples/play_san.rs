//! Plays a game from its moves in SAN (or UCI) and prints each position and the verdict:
//! `cargo run -p makruk --example play_san [moves...]` (a short game without them).

use makruk::Game;

const DEFAULT: &[&str] = &["e4", "e5", "Nd2", "Nd7", "c4", "c5"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves: Vec<&str> = if args.is_empty() {
        DEFAULT.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    let mut game = Game::startpos();
    for (n, text) in moves.iter().enumerate() {
        match game.play_str(text) {
            Ok(m) => println!("{:3}. {text:8} {m}  {}", n + 1, game.position().fen()),
            Err(e) => {
                eprintln!("move {} ({text}): {e}", n + 1);
                std::process::exit(2);
            }
        }
    }
    match game.outcome() {
        Some(o) => println!("{} ({})", game.result_str(), o.reason),
        None => println!("the game goes on; {:?} to move", game.position().turn()),
    }
}
