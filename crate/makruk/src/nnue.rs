//! The evaluation network: one hidden layer over the pieces, seen from each side.
//!
//! Inputs: 768 features, one per (own or other side, role, square), with the board turned
//! half a turn for Black so that both sides see the same game (Makruk's start position is
//! symmetric that way). Each side's view goes through the same hidden layer (`HIDDEN`
//! units, clipped ReLU); the output layer reads the side to move's units, then the other
//! side's. Integer arithmetic, so that wasm and native agree to the node.
//!
//! The weights (`eval.nnue`, `FILE_BYTES` bytes) are made by `makruk-train` (makruk-train
//! crate) from `makruk-datagen` positions; see there for how. Native builds have them built
//! in (the default feature `embedded-network`, [`Network::builtin`]); the wasm module does
//! not, to stay small: its worker fetches the file and hands it to its searcher
//! ([`crate::search::Searcher::set_network`]). Each searcher owns its network's accumulators
//! ([`Nnue`]): no state is shared between searches or threads.

use crate::{Bitboard, Color, Position, Role};
use std::fmt;
use std::sync::Arc;

/// Units of the hidden layer (per side).
pub const HIDDEN: usize = 64;
/// Number of input features.
pub const INPUTS: usize = 2 * 6 * 64;
/// Fixed-point scale of the hidden layer: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The file's hidden weights are whole multiples of this many units of 1/QA, one byte each.
pub const W1_STEP: i16 = 5;
/// Fixed-point scale of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// Centi-Bia per unit of the network's output.
pub const SCALE: i32 = 400;
/// Tag at the start of the weights file, followed by `HIDDEN` as a little-endian u32.
pub const MAGIC: &[u8; 4] = b"MKN8";
/// The largest hidden bias: 33 hidden weights or biases fit in an i16 (a weight is at most
/// 128 steps, 640).
pub const MAX_W1: i16 = 990;
/// Size of a weights file: tag, hidden weights (i8, in steps of `W1_STEP`), hidden biases,
/// output weights (i16) and the output bias (i32), little-endian.
const FILE_BYTES: usize = 8 + INPUTS * HIDDEN + 2 * 3 * HIDDEN + 4;

/// The feature of a piece of `color` and `role` on square `sq`, seen from `view`.
pub fn feature(view: Color, color: Color, role: Role, sq: usize) -> usize {
    let (side, sq) = match view {
        Color::White => (color as usize, sq),
        Color::Black => (1 - color as usize, sq ^ 63),
    };
    side * 384 + role as usize * 64 + sq
}

/// Calls `f` with every active feature of `pos` seen from `view`.
#[cfg(feature = "training")]
pub fn features(pos: &Position, view: Color, mut f: impl FnMut(usize)) {
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                f(feature(view, color, role, sq.index()));
            }
        }
    }
}

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not have `FILE_BYTES` bytes.
    Size(usize),
    /// The file does not start with `MAGIC` and `HIDDEN`.
    Tag,
    /// A hidden bias (its index among the biases) is beyond `MAX_W1`.
    Bias(usize),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            NetworkError::Size(n) => write!(f, "network file: {n} bytes, expected {FILE_BYTES}"),
            NetworkError::Tag => write!(
                f,
                "network file: not a Makruk network of {HIDDEN} hidden units (tag)"
            ),
            NetworkError::Bias(i) => {
                write!(f, "network file: hidden bias {i} is beyond ±{MAX_W1}")
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// The weights of the network.
pub struct Network {
    /// Hidden weights, `HIDDEN` per feature, in units of 1/QA.
    w1: Vec<i16>,
    /// Hidden biases (1/QA).
    b1: [i16; HIDDEN],
    /// Output weights (1/QB): side to move first, then the other side.
    w2: [i16; 2 * HIDDEN],
    /// Output bias (1/(QA*QB)).
    b2: i32,
}

impl Network {
    /// Size of a weights file (`eval.nnue`) in bytes.
    pub const BYTES: usize = FILE_BYTES;

    /// Reads a weights file, checking its size, tag and the bound on the hidden biases that
    /// keeps the i16 sums of 32 pieces from overflowing.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Size(bytes.len()));
        }
        let (tag, rest) = bytes.split_at(8);
        if tag[..4] != MAGIC[..] || tag[4..] != (HIDDEN as u32).to_le_bytes() {
            return Err(NetworkError::Tag);
        }
        let (w1, rest) = rest.split_at(INPUTS * HIDDEN);
        let (words, b2) = rest.split_at(rest.len() - 4);
        let words: Vec<i16> = words
            .chunks_exact(2)
            .map(|w| i16::from_le_bytes([w[0], w[1]]))
            .collect();
        let (b1, w2) = words.split_at(HIDDEN);
        if let Some(i) = b1.iter().position(|w| !(-MAX_W1..=MAX_W1).contains(w)) {
            return Err(NetworkError::Bias(i));
        }
        Ok(Network {
            w1: w1.iter().map(|&w| i16::from(w as i8) * W1_STEP).collect(),
            // no `expect`: its message would format the slice with Debug, which costs the
            // wasm module formatting code and tables
            b1: b1
                .try_into()
                .unwrap_or_else(|_| unreachable!("HIDDEN biases")),
            w2: w2
                .try_into()
                .unwrap_or_else(|_| unreachable!("2 * HIDDEN output weights")),
            b2: i32::from_le_bytes([b2[0], b2[1], b2[2], b2[3]]),
        })
    }

    /// The network built into native builds (`eval.nnue`, feature `embedded-network`).
    #[cfg(feature = "embedded-network")]
    pub fn builtin() -> Network {
        Network::from_bytes(include_bytes!("eval.nnue")).expect("the built-in network is valid")
    }

    fn row(&self, feature: usize) -> &[i16] {
        &self.w1[feature * HIDDEN..(feature + 1) * HIDDEN]
    }
}

/// The hidden layer's inputs of the last position evaluated, for each view: the next
/// position differs from it by a few pieces, so only those are added or taken away.
struct Accumulators {
    pieces: [[Bitboard; 6]; 2],
    acc: [[i16; HIDDEN]; 2],
}

impl Accumulators {
    fn new(net: &Network) -> Accumulators {
        Accumulators {
            pieces: [[Bitboard::EMPTY; 6]; 2],
            acc: [net.b1; 2],
        }
    }

    /// Brings the sums from the pieces they hold to those of `pos`. They wrap, so the order
    /// of the changes does not matter: the result is that of a fresh sum.
    fn update(&mut self, net: &Network, pos: &Position) {
        for color in Color::ALL {
            for role in Role::ALL {
                let now = pos.pieces(color, role);
                let was = &mut self.pieces[color.index()][role.index()];
                for (squares, add) in [(*was & !now, false), (now & !*was, true)] {
                    for sq in squares {
                        for view in Color::ALL {
                            let row = net.row(feature(view, color, role, sq.index()));
                            let acc = &mut self.acc[view.index()];
                            for (a, &w) in acc.iter_mut().zip(row) {
                                // |w| <= 128 steps: no overflow in the negation
                                *a = a.wrapping_add(if add { w } else { -w });
                            }
                        }
                    }
                }
                *was = now;
            }
        }
    }

    /// The output for the side to move `us`, in centi-Bia.
    fn score(&self, net: &Network, us: Color) -> i32 {
        let mut out = net.b2;
        for (view, w2) in [us, us.other()]
            .into_iter()
            .zip(net.w2.chunks_exact(HIDDEN))
        {
            for (&a, &w) in self.acc[view.index()].iter().zip(w2) {
                out += i32::from(a.clamp(0, QA as i16)) * i32::from(w);
            }
        }
        (i64::from(out) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// A network and the accumulators of the last position it evaluated: what a searcher owns.
pub struct Nnue {
    net: Arc<Network>,
    last: Accumulators,
}

impl Nnue {
    /// An evaluator of `net`, with no position evaluated yet.
    pub fn new(net: Arc<Network>) -> Nnue {
        let last = Accumulators::new(&net);
        Nnue { net, last }
    }

    /// The network evaluated.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The network's score of `pos` in centi-Bia, from the side to move's point of view.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.last.update(&self.net, pos);
        self.last.score(&self.net, pos.turn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &[u8] = include_bytes!("eval.nnue");

    fn net() -> Network {
        Network::from_bytes(FILE).expect("the project's network")
    }

    #[test]
    fn each_side_sees_the_board_turned_for_the_other() {
        let mut seen = [false; INPUTS];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in 0..64 {
                    let f = feature(Color::White, color, role, sq);
                    assert_eq!(f, feature(Color::Black, color.other(), role, sq ^ 63));
                    assert!(!seen[f], "feature {f} twice");
                    seen[f] = true;
                }
            }
        }
    }

    #[test]
    fn the_updated_sums_equal_fresh_ones_along_random_games() {
        let net = &net();
        let mut last = Accumulators::new(net);
        let mut rng = crate::Rng::new(7);
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..160 {
                let mut fresh = Accumulators::new(net);
                fresh.update(net, &pos);
                last.update(net, &pos);
                assert_eq!(last.acc, fresh.acc, "{}", pos.fen());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
        }
    }

    #[test]
    fn a_missing_ruea_costs_the_side_that_misses_it() {
        let start = Position::startpos();
        let without = Position::from_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/1NSKMSNR w - - 0 1")
            .expect("valid FEN");
        let mut nnue = Nnue::new(Arc::new(net()));
        assert!(nnue.evaluate(&without) < nnue.evaluate(&start) - 200);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let error = |bytes: &[u8]| Network::from_bytes(bytes).err().map(|e| e.to_string());
        assert_eq!(
            error(&FILE[..100]).as_deref(),
            Some(&*format!("network file: 100 bytes, expected {FILE_BYTES}"))
        );
        let mut file = FILE.to_vec();
        file[4] = 16;
        assert!(error(&file).is_some_and(|e| e.contains("(tag)")));
        file[4] = HIDDEN as u8;
        // i16::MIN too: its absolute value does not fit an i16
        for (i, w) in [(5, MAX_W1 + 1), (7, i16::MIN)] {
            let mut file = file.clone();
            let at = 8 + INPUTS * HIDDEN + 2 * i;
            file[at..at + 2].copy_from_slice(&w.to_le_bytes());
            assert_eq!(
                error(&file).as_deref(),
                Some(&*format!(
                    "network file: hidden bias {i} is beyond ±{MAX_W1}"
                ))
            );
        }
        assert!(error(FILE).is_none());
    }
}
