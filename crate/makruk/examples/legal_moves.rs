//! Reads a FEN and lists the legal moves in SAN and UCI:
//! `cargo run -p makruk --example legal_moves ["<FEN>"]` (the start position without one).

use makruk::{to_san, Position};

fn main() {
    let pos = match std::env::args().nth(1) {
        None => Position::startpos(),
        Some(fen) => match Position::from_fen(&fen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
    };
    let moves = pos.legal_moves();
    println!("{} legal moves in {}", moves.len(), pos.fen());
    for &m in moves.iter() {
        println!("{:8} {m}", to_san(&pos, m));
    }
}
