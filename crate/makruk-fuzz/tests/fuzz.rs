//! A short, deterministic fuzzing run of every target (part of `cargo test`), and the
//! long run: the same tests with the environment set, e.g.
//!
//! ```text
//! FUZZ_SECONDS=120 FUZZ_SEED=7 nice cargo test -p makruk-fuzz --test fuzz -- --nocapture --test-threads=1
//! ```
//!
//! `FUZZ_SECONDS` (default 0.5) bounds each target's time, `FUZZ_EXECS` (default 30000;
//! unbounded when `FUZZ_SECONDS` is set) its executions, `FUZZ_SEED` picks the mutations.
//! A finding is written to `target/tmp/fuzz-findings/` and fails the test with the input.

use makruk_fuzz::driver::{load_seeds, run, Options};
use makruk_fuzz::targets::TARGETS;
use std::path::Path;
use std::time::Duration;

const FEN_WORDS: &[&str] = &[
    "rnsmksnr",
    "RNSKMSNR",
    "pppppppp",
    "PPPPPPPP",
    "8",
    "/",
    "/8/",
    " w ",
    " b ",
    " - ",
    " 0 1",
    "M~",
    "m~",
    "~",
    "k",
    "K",
    "m",
    "M",
    "s",
    "S",
    "n",
    "N",
    "r",
    "R",
    "p",
    "P",
    "4k3",
    "3K4",
    "1",
    "2",
    "9",
    "0",
    "64",
    "128",
    " 16 16 50",
];
const SAN_WORDS: &[&str] = &[
    "N", "S", "M", "R", "K", "P", "x", "+", "#", "=", "=M", "M~", "-", "e3", "e4", "d6", "a6",
    "b6", "g3", "b1", "d2", "e3e4", "a5a6m", "b6b7", "O-O", "0000", "--", "!", "?", "e", "3", "i9",
    "h8", "a1",
];
/// Makruk's words and the rights' letters and fields.
const CAMBODIAN_FEN_WORDS: &[&str] = &[
    "rnsmksnr", "RNSKMSNR", "pppppppp", "PPPPPPPP", "8", "/", " w ", " b ", " - ", " 0 1", "M~",
    "k", "K", "m", "M", "s", "n", "r", "R", "p", "P", "3KM3", "3mk3", " DEde ", " DE ", " de ",
    "D", "E", "d", "e", "A", "DD", "Ede", "-", "4k3", "3K4", "16 10", "128 6",
];
const UCI_WORDS: &[&str] = &[
    "position ",
    "startpos",
    " fen ",
    " moves ",
    "go ",
    "perft ",
    "d\n",
    "isready\n",
    "uci\n",
    "setoption name ",
    " value ",
    "MultiPV",
    "Skill Level",
    "UCI_Elo",
    "UCI_LimitStrength",
    "UCI_Variant",
    "makruk",
    "Move Overhead",
    "stop\n",
    "\n",
    "depth ",
    "nodes ",
    "movetime ",
    "wtime ",
    "btime ",
    "infinite",
    "e3e4 ",
    "d6d5 ",
    "Nd2 ",
    "a5a6m ",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "8/8/4k3/2S5/8/7R/R7/4K3 b - 16 16 50",
    "quit\n",
];

const PGN_WORDS: &[&str] = &[
    "[Event \"x\"]\n",
    "[Site \"PlayOK\"]\n",
    "[Variant \"makruk\"]\n",
    "[FEN \"",
    "\"]\n",
    "1. ",
    "1... ",
    "e4 ",
    "e5 ",
    "Nd2 ",
    "Bf2 ",
    "Qe7 ",
    "=P ",
    "Pxd5 ",
    "{c} ",
    "(1. d4) ",
    "$1 ",
    "!? ",
    "1-0\n",
    "*\n",
];

fn dictionary(name: &str) -> &'static [&'static str] {
    match name {
        "fen" => FEN_WORDS,
        "fen_cambodian" => CAMBODIAN_FEN_WORDS,
        "san" | "uci_move" => SAN_WORDS,
        "pgn" => PGN_WORDS,
        "uci_line" => UCI_WORDS,
        _ => &[],
    }
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn fuzz(name: &str) {
    let (_, target) = TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a known target");
    let long: Option<f64> = env("FUZZ_SECONDS");
    let opts = Options {
        seed: env("FUZZ_SEED").unwrap_or(0x5eed_0000_0000_0001),
        max_execs: env("FUZZ_EXECS").unwrap_or(if long.is_some() { u64::MAX } else { 30_000 }),
        max_time: Duration::from_secs_f64(long.unwrap_or(0.5)),
        max_len: if name == "play" || name == "count_request" {
            300
        } else {
            4096
        },
        dictionary: dictionary(name),
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(name);
    let seeds = load_seeds(&dir);
    assert!(!seeds.is_empty(), "seeds in {}", dir.display());
    match run(*target, &seeds, &opts) {
        Ok(stats) => eprintln!(
            "fuzz {name}: {} executions in {:.1} s ({:.0}/s), {} seeds, corpus {}, {} features, no finding",
            stats.execs,
            stats.elapsed.as_secs_f64(),
            stats.execs as f64 / stats.elapsed.as_secs_f64().max(1e-9),
            seeds.len(),
            stats.corpus,
            stats.features
        ),
        Err(finding) => {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-findings");
            let _ = std::fs::create_dir_all(&dir);
            let hash = finding
                .input
                .iter()
                .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
            let file = dir.join(format!("{name}-{hash:016x}"));
            let _ = std::fs::write(&file, &finding.input);
            panic!(
                "fuzz {name} finding (saved to {}):\ninput {:?}\n{}",
                file.display(),
                String::from_utf8_lossy(&finding.input[..finding.input.len().min(600)]),
                finding.message
            );
        }
    }
}

#[test]
fn fuzz_counting_on_request() {
    fuzz("count_request");
}

#[test]
fn fuzz_pgn_reader() {
    fuzz("pgn");
}

#[test]
fn fuzz_fen_reader() {
    fuzz("fen");
}

#[test]
fn fuzz_cambodian_fen_reader() {
    fuzz("fen_cambodian");
}

#[test]
fn fuzz_san_reader() {
    fuzz("san");
}

#[test]
fn fuzz_uci_move_reader() {
    fuzz("uci_move");
}

#[test]
fn fuzz_uci_command_loop() {
    fuzz("uci_line");
}

#[test]
fn fuzz_random_legal_play() {
    fuzz("play");
}
