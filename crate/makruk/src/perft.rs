//! Perft: the number of leaf nodes of the legal move tree, the move generator's contract.

use crate::position::Position;
use crate::types::Move;

/// The number of leaves `depth` plies below `pos` (bulk-counted on the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = *pos;
                next.play(m);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move (what `go perft` prints), in generation order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = *pos;
            next.play(m);
            (m, perft(&next, depth - 1))
        })
        .collect()
}
