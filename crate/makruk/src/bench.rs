//! `bench`: the search's signature. Fixed positions searched to a fixed depth with a fresh
//! table each, deterministically; the total node count is the same natively and in wasm.

use crate::search::{Limits, NoClock, Searcher};
use crate::{Network, Position};
use std::sync::Arc;

/// The default depth of `bench`.
pub const DEPTH: u32 = 11;
/// Table size used by `bench` (megabytes).
pub const HASH_MB: usize = 16;

/// Opening, middlegame and endgame positions (most from the reference perft set), including
/// positions with a running count.
pub const POSITIONS: &[&str] = &[
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "rnsmk1nr/4s3/pp1p1ppp/2p1p3/3P2P1/PPP1PP1P/3MK3/RNS2SNR b - - 0 4",
    "r2mk1nr/1s6/p1p1pnsp/P7/2pP4/4P1PN/4KS2/RNS1M2R b - - 0 16",
    "rn3r2/2s1mMs1/pppk1ppn/8/1P5p/P2PPPPP/RK3M1R/1NS2SN1 b - - 2 17",
    "1r3k1r/4m1s1/pps1p2p/3p2p1/2P3P1/P1PPP1K1/3M4/RNS3R1 b - - 0 23",
    "Nns2s2/8/p5k1/3p2p1/RP1P4/2P1S3/2S5/1NK4n w - - 3 26",
    "6s1/2mk4/7n/ps1pN3/p2P4/8/n3K3/6M1 b - - 5 38",
    "8/1N2k3/Mp3p2/4m3/4n3/2S2PK1/6S1/1mR5 w - - 0 49",
    "8/8/1m2S2p/p1pp4/1k5P/4n3/6s1/3K3r w - - 5 71",
    "K7/1SM5/8/6MS/8/8/1k6/8 b - - 0 106",
    "8/8/8/4k3/8/8/R6R/3NK3 b - 16 10 40",
    "8/8/3k4/8/8/2K5/3S4/4R3 w - 32 8 60",
];

/// Searches every bench position to `depth` with `network` (the node count is that of the
/// engine as it plays with the project's network) and returns the total node count.
/// `on_position` is called after each position with its index and node count.
pub fn run(
    depth: u32,
    network: Option<Arc<Network>>,
    mut on_position: impl FnMut(usize, u64),
) -> u64 {
    let mut searcher = Searcher::new(HASH_MB);
    searcher.set_network(network);
    // bench measures the search: its Khon and Ruea ending must not be answered by a table
    searcher.set_use_tablebase(false);
    let mut total = 0;
    for (i, fen) in POSITIONS.iter().enumerate() {
        // not `expect`, which would format the error with Debug (size of the wasm module)
        let pos = Position::from_fen(fen)
            .unwrap_or_else(|_| unreachable!("bench positions are valid FENs"));
        searcher.clear();
        let result = searcher.search(&pos, &[], &Limits::depth(depth), &mut NoClock, &mut |_| {});
        on_position(i, result.nodes);
        total += result.nodes;
    }
    total
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_is_deterministic() {
        let a = super::run(5, None, |_, _| {});
        let b = super::run(5, None, |_, _| {});
        assert_eq!(a, b);
        assert!(a > 0);
    }
}
