//! The perft suites from the reference engine: every number must match, for Makruk, for
//! Ouk Chatrang (Fairy-Stockfish's `cambodian`), Makpong and Kar Ouk (`karouk`).

use makruk::{perft, Position, Variant};

const PUBLIC: &str = include_str!("../testdata/public.epd");
const CAMBODIAN: &str = include_str!("../testdata/cambodian_public.epd");

/// (FEN, [(depth, leaves)]) for each line of the EPD file; `#` lines are comments.
fn suite(epd: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    epd.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("EPD line has a FEN").trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').expect("EPD field is 'Dn count'");
                    let depth = d.trim_start_matches('D').parse().expect("depth");
                    (depth, n.parse().expect("count"))
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn run(epd: &str, max_leaves: u64, min_leaves: u64) -> usize {
    run_variant(epd, Variant::Makruk, max_leaves, min_leaves)
}

fn run_variant(epd: &str, variant: Variant, max_leaves: u64, min_leaves: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in suite(epd) {
        let pos =
            Position::from_fen_variant(&fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts {
            if expected > max_leaves || expected < min_leaves {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_suite_fast() {
    // Everything up to a few million leaves: well under a second at opt-level 3.
    assert!(run(PUBLIC, 8_000_000, 0) > 60);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn perft_suite_deep() {
    // the start position to depth 6 (142,078,049 leaves): the one count above the fast suite's
    assert_eq!(run(PUBLIC, u64::MAX, 8_000_001), 1);
}

#[test]
fn perft_random_positions_checked_by_the_reference() {
    // 60 middlegame and endgame positions (promoted Bia, pins, counts) at depth 4.
    assert_eq!(
        run(include_str!("../testdata/fs_random.epd"), u64::MAX, 0),
        60
    );
}

#[test]
fn perft_cambodian_fast() {
    // Every position to depth 4 (under 450,000 leaves each).
    assert_eq!(run_variant(CAMBODIAN, Variant::Cambodian, 8_000_000, 0), 32);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn perft_cambodian_deep() {
    assert_eq!(
        run_variant(CAMBODIAN, Variant::Cambodian, u64::MAX, 8_000_001),
        1
    );
}

#[test]
fn cambodian_start_is_the_suites_start() {
    let start = Position::startpos_variant(Variant::Cambodian);
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    assert_eq!(perft(&start, 3), 15031);
}

#[test]
fn perft_makpong_and_karouk() {
    // 25 positions each (the start and positions of random games), to depth 4
    let makpong = include_str!("../testdata/makpong.epd");
    assert_eq!(run_variant(makpong, Variant::Makpong, u64::MAX, 0), 100);
    let karouk = include_str!("../testdata/karouk.epd");
    assert_eq!(run_variant(karouk, Variant::KarOuk, u64::MAX, 0), 100);
}
