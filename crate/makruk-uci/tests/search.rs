//! The search commands of the UCI binary: `go`, `stop`, `setoption`, `bench`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

fn engine() -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_makruk-uci"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary was built by cargo");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

fn wait_for(rx: &std::sync::mpsc::Receiver<String>, prefix: &str, secs: u64) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut lines = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx.recv_timeout(left).expect("answer in time");
        let done = line.starts_with(prefix);
        lines.push(line);
        if done {
            return lines;
        }
    }
}

#[test]
fn stop_answers_quickly_and_moves_are_legal() {
    let (mut child, rx) = engine();
    let stdin = child.stdin.as_mut().expect("piped");
    writeln!(stdin, "uci").unwrap();
    let options = wait_for(&rx, "uciok", 10);
    for name in [
        "Hash",
        "MultiPV",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
    ] {
        assert!(
            options
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} "))),
            "{name}"
        );
    }
    writeln!(stdin, "setoption name Hash value 8").unwrap();
    writeln!(stdin, "position startpos moves e3e4 e6e5").unwrap();
    writeln!(stdin, "go infinite").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // the answer comes (how soon is scripts/timing-bench.mjs's figure; a search hears a stop
    // within 1,024 nodes: crate/makruk/tests/stop.rs)
    writeln!(stdin, "stop").unwrap();
    let lines = wait_for(&rx, "bestmove", 30);
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let mut game = makruk::Game::default();
    game.play_str("e3e4").unwrap();
    game.play_str("e6e5").unwrap();
    game.play_str(&best).expect("bestmove is legal");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth") && l.contains(" score ") && l.contains(" pv ")));

    writeln!(stdin, "setoption name MultiPV value 3").unwrap();
    writeln!(stdin, "go depth 4").unwrap();
    let lines = wait_for(&rx, "bestmove", 20);
    assert!(lines.iter().any(|l| l.contains("multipv 3")));
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
}

#[test]
fn bench_prints_nodes() {
    let (mut child, rx) = engine();
    let stdin = child.stdin.as_mut().expect("piped");
    writeln!(stdin, "bench 4").unwrap();
    let lines = wait_for(&rx, "Nodes/second", 60);
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched: ")));
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
}
