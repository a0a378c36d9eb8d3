//! Drives the real binary through stdin/stdout and checks the exact answer forms.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary on `input` (raw bytes) and returns its stdout lines and exit success.
fn run(input: &[u8]) -> (Vec<String>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_makruk-uci"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn makruk-uci");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    (
        text.lines().map(str::to_string).collect(),
        out.status.success(),
    )
}

fn line_after<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix(prefix))
        .collect()
}

#[test]
fn handshake() {
    let (lines, ok) = run(b"uci\nisready\nquit\n");
    assert!(ok);
    assert_eq!(lines[0], "id name Makruk");
    assert!(lines[1].starts_with("id author "));
    assert!(lines.contains(
        &"option name UCI_Variant type combo default makruk var makruk var cambodian var makpong var karouk"
            .into()
    ));
    assert_eq!(lines[lines.len() - 2], "uciok");
    assert_eq!(lines[lines.len() - 1], "readyok");
}

#[test]
fn go_perft_divides_and_totals() {
    let (lines, _) = run(b"position startpos\ngo perft 3\nquit\n");
    assert_eq!(lines.len(), 23 + 2);
    assert!(lines[..23].iter().all(|l| l.contains(": ")));
    assert!(lines.iter().any(|l| l.starts_with("e3e4: ")));
    assert_eq!(lines[23], "");
    assert_eq!(lines[24], "Nodes searched: 12012");
    let sum: u64 = lines[..23]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 12012);
}

#[test]
fn position_with_moves_and_d() {
    let (lines, _) = run(b"position startpos moves e3e4 d6d5 Nd2\nd\n");
    assert_eq!(
        line_after(&lines, "Fen: "),
        ["rnsmksnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/3N4/R1SKMSNR b - - 1 2"]
    );
    assert_eq!(line_after(&lines, "Result: "), ["* none"]);
    assert_eq!(line_after(&lines, "Count: "), ["none 0 0"]);
    assert_eq!(line_after(&lines, "Last: "), ["b1d2 Nd2 ม-ง๒"]);
    assert!(lines
        .iter()
        .any(|l| l.contains("| r | n | s | m | k | s | n | r | 8")));
}

#[test]
fn d_shows_result_and_count() {
    let (lines, _) = run(b"position fen 8/8/4k3/2S5/8/7R/R7/4K3 b - 16 16 50 moves e6e7\nd\n");
    assert_eq!(line_after(&lines, "Result: "), ["1/2-1/2 counting"]);
    assert_eq!(line_after(&lines, "Count: "), ["pieces 17 16"]);
    let (lines, _) = run(b"position fen k7/8/1K6/8/8/8/8/7R w - - 0 1 moves h1h8\nd\n");
    assert_eq!(line_after(&lines, "Result: "), ["1-0 checkmate"]);
    assert_eq!(line_after(&lines, "Count: "), ["pieces 6 32"]);
    let (lines, _) = run(b"position fen 8/8/3k4/8/2m5/8/4M3/3K4 w - - 0 1\nd\n");
    assert_eq!(line_after(&lines, "Result: "), ["1/2-1/2 material"]);
    assert_eq!(line_after(&lines, "Last: "), ["none"]);
}

#[test]
fn bad_input_keeps_the_position_and_the_process() {
    let mut input = b"position startpos moves e3e4\n".to_vec();
    input.extend_from_slice(b"position fen 8/8/8 w - - 0 1\n");
    input.extend_from_slice(b"position startpos moves d3d4 e3e5\n");
    input.extend_from_slice(b"position\n");
    input.extend_from_slice(b"position fen\n");
    input.extend_from_slice(b"frobnicate\n");
    input.extend_from_slice(b"go perft 0\n");
    input.extend_from_slice(b"go perft x\n");
    input.extend_from_slice(&[0xff, 0xfe, 0x00, 0x80, b'\n']);
    input.extend_from_slice("เบี้ย\n".as_bytes());
    input.extend_from_slice(&vec![b'z'; 100_000]);
    input.extend_from_slice(b"\nd\nisready\n");
    let (lines, ok) = run(&input);
    assert!(ok, "exits cleanly at end of input");
    let errors = line_after(&lines, "info string error: ");
    assert_eq!(errors.len(), 10, "{errors:#?}");
    assert!(errors[0].starts_with("position: FEN field 1: expected 8 ranks"));
    assert!(errors[1].contains("move 2 of the list"));
    assert!(errors[5].starts_with("go perft: depth"));
    assert_eq!(
        line_after(&lines, "Fen: "),
        ["rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1"]
    );
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn ucinewgame_resets_and_quit_exits() {
    let (lines, ok) = run(b"position startpos moves e3e4\nucinewgame\nd\nquit\nisready\n");
    assert!(ok);
    assert_eq!(
        line_after(&lines, "Fen: "),
        ["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"]
    );
    assert!(
        !lines.contains(&"readyok".to_string()),
        "nothing after quit"
    );
}

#[test]
fn uci_variant_cambodian_switches_the_rules() {
    let input = b"setoption name UCI_Variant value cambodian\nd\ngo perft 3\n\
position startpos moves e3e4 e6e5 d1f2\nd\n\
position fen 4k3/8/8/8/8/8/8/3KM3 w E - 0 1 moves e1e3\nd\n\
ucinewgame\nd\n\
position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSMKSNR w DEde - 0 1\n\
setoption name UCI_Variant value chess\n\
position startpos moves e3e4\ngo depth 4\nisready\n";
    let (lines, ok) = run(input);
    assert!(ok);
    assert_eq!(
        line_after(&lines, "Fen: "),
        [
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
            "rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/5K2/RNS1MSNR b Ede - 1 2",
            "4k3/8/8/8/8/4M3/8/3K4 b - 126 6 1",
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
        ]
    );
    assert!(lines.contains(&"Nodes searched: 15031".to_string()));
    assert!(
        lines.iter().any(|l| l.starts_with("d1f2: ")),
        "the leap is a root move"
    );
    let errors = line_after(&lines, "info string error: ");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors[0].contains("right 'D' needs the white Khun on d1"));
    assert_eq!(
        errors[1],
        "setoption: UCI_Variant: unknown variant 'chess' (expected 'makruk', 'cambodian', 'makpong' or 'karouk')"
    );
    // the bad value kept Ouk Chatrang: the search answers in it
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn uci_variant_back_to_makruk() {
    let input = b"setoption name UCI_Variant value Cambodian\n\
setoption name UCI_Variant value makruk\nd\ngo perft 1\n\
position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1\n";
    let (lines, _) = run(input);
    assert_eq!(
        line_after(&lines, "Fen: "),
        ["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"]
    );
    assert!(lines.contains(&"Nodes searched: 23".to_string()));
    let errors = line_after(&lines, "info string error: ");
    assert!(errors[0].contains("castling must be '-'"), "{errors:#?}");
}

#[test]
fn a_bare_khun_ending_is_answered_from_the_tables() {
    // Ma and Khon against a bare Khun, mate in 25 (the endgame suite's hardest start)
    let (lines, ok) = run(b"position fen 5K2/8/k7/8/8/1n6/s7/8 b - - 0 1\ngo depth 3\nquit\n");
    assert!(ok);
    let info = line_after(&lines, "info depth 1 ");
    assert_eq!(info.len(), 1, "{lines:?}");
    assert!(info[0].contains("score mate 25 nodes 0"), "{}", info[0]);
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
    // a Ruea's mate in one, from the three-piece table
    let (lines, _) = run(b"position fen k7/8/1K6/8/8/8/8/7R w - - 0 1\ngo depth 5\nquit\n");
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove h1h8")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 nodes 0")),
        "{lines:?}"
    );
}

#[test]
fn uci_variant_makpong_and_karouk() {
    let input = b"setoption name UCI_Variant value karouk\nposition startpos\nd\n\
position fen 4k3/8/8/8/8/8/8/R2K4 w - - 0 1 moves a1a8\nd\n\
setoption name UCI_Variant value makpong\nposition fen 3k4/8/8/8/8/8/8/r2K4 w - - 0 1\nd\n";
    let (lines, ok) = run(input);
    assert!(ok);
    assert_eq!(
        line_after(&lines, "Fen: "),
        [
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
            "R3k3/8/8/8/8/8/8/3K4 b - 30 0+1 6 1",
            "3k4/8/8/8/8/8/8/r2K4 w - - 0 1",
        ]
    );
    assert_eq!(
        line_after(&lines, "Result: "),
        ["* none", "1-0 check", "0-1 checkmate"]
    );
}

#[test]
fn counting_on_request_the_engine_answers_its_count_actions_before_its_move() {
    // White mates with Rb8; Black's Met lets White count (the core's Searcher::reply decides)
    let fen = "7k/8/6K1/8/8/8/8/mR6 w - - 0 1";
    let (lines, _) = run(b"uci\nquit\n");
    assert!(
        lines.contains(&"option name Counting type combo default auto var auto var request".into())
    );
    let answer = |lines: &[String]| -> Vec<String> {
        let from = lines
            .iter()
            .position(|l| l.starts_with("info string count") || l.starts_with("bestmove"));
        lines[from.expect("an answer")..]
            .iter()
            .filter(|l| !l.starts_with("info depth") && !l.starts_with("info string error"))
            .cloned()
            .collect()
    };
    // on request: White hopes to win, so it starts no count, and mates
    let input =
        format!("setoption name Counting value request\nposition fen {fen}\ngo depth 4\nquit\n");
    let (lines, _) = run(input.as_bytes());
    assert_eq!(answer(&lines), ["bestmove b1b8"]);
    // Black, a bare Khun after Rxa1, hopes for a draw: it starts the count, then moves
    let input = format!(
        "setoption name Counting value request\nposition fen {fen} moves b1a1\ngo depth 4\nquit\n"
    );
    let (lines, _) = run(input.as_bytes());
    let answered = answer(&lines);
    assert_eq!(answered[0], "info string count-start");
    assert!(answered[1].starts_with("bestmove h8"), "{answered:?}");
    // the count actions made before come in `position`, where the moves are
    let input = format!("setoption name Counting value request\nposition fen {fen} moves count-start\nd\ngo depth 4\nquit\n");
    let (lines, _) = run(input.as_bytes());
    assert_ne!(
        line_after(&lines, "Count: "),
        ["none 0 0"],
        "the count runs"
    );
    assert_eq!(answer(&lines), ["info string count-stop", "bestmove b1b8"]);
    // with automatic counting (the default) no count action: the move; and none is taken
    let input =
        format!("position fen {fen}\ngo depth 4\nposition fen {fen} moves count-start\nquit\n");
    let (lines, _) = run(input.as_bytes());
    assert_eq!(answer(&lines)[0], "bestmove b1b8");
    assert!(line_after(&lines, "info string error: ")
        .iter()
        .any(|e| e.starts_with("position: move 1 of the list")));
    // a bad value is refused
    let (lines, _) = run(b"setoption name Counting value sometimes\nquit\n");
    assert!(line_after(&lines, "info string error: ")
        .iter()
        .any(|e| e.starts_with("setoption: Counting")));
}
