//! `makruk-match --resume`: a match stopped after some games (here: its first run asks for
//! fewer, and a game cut short is left at the end of its file) and resumed plays the same
//! openings with the same colours in the same order as one run, and counts all its games.
//!
//! The engines are this project's engine at a few hundred nodes a move, played by this
//! test's own executable when started with `--uci-engine` (the match tool runs engines as
//! child processes, and the engine's binary belongs to another package).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

const ENGINE_FLAG: &str = "--uci-engine";
const OPENINGS: &str = "\
# three openings of openings.txt
1n1mksnr/r2s4/p1ppppp1/1p5p/8/PPPPPPPP/2SKN2R/RN2MS2 w - - 2 5
rnsm2nr/3k2s1/pp1ppppp/2p5/8/PPPPPPPP/2K5/RNS1MSNR w - - 0 4
rns2sn1/4mk1r/pppppppp/8/3P4/PPP1PPPP/3MK3/RNS2SNR w - - 5 4
";

/// The UCI engine on stdin and stdout, as `makruk-uci` runs it.
fn uci_engine() {
    let mut uci = makruk_uci::Uci::new();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let (answer, flow) = uci.handle_line(line.as_bytes());
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&answer);
        let _ = out.flush();
        if flow == makruk_uci::Flow::Quit {
            break;
        }
    }
    uci.finish();
}

/// Runs the match tool with the common arguments and `extra`; its output, or its error.
fn run_match(dir: &Path, games: usize, extra: &[&str]) -> Result<String, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let engine = format!("{} {ENGINE_FLAG}", me.display());
    let games = games.to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_makruk-match"))
        .args(["-e1", &engine, "-n1", "one", "-e2", &engine, "-n2", "two"])
        .args(["--nodes", "300", "--maxmoves", "40", "--games", &games])
        .arg("--openings")
        .arg(dir.join("openings.txt"))
        .args(extra)
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).to_string())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).to_string())
    }
}

/// Each game's Round, White, Black and FEN tags, in the order of the file.
fn schedule(pgn: &Path) -> Vec<[String; 4]> {
    let text = std::fs::read_to_string(pgn).unwrap_or_default();
    let mut games: Vec<[String; 4]> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Event ") {
            games.push(Default::default());
        }
        for (i, name) in ["Round", "White", "Black", "FEN"].iter().enumerate() {
            let value = line
                .strip_prefix(&format!("[{name} \""))
                .and_then(|v| v.strip_suffix("\"]"));
            if let (Some(v), Some(g)) = (value, games.last_mut()) {
                g[i] = v.to_string();
            }
        }
    }
    games
}

/// The tally line of the finished match: "Score of one vs two: W - L - D  [s] N".
fn final_score(output: &str) -> String {
    let end = output.split("Finished match").nth(1).unwrap_or_default();
    end.lines()
        .find(|l| l.starts_with("Score of"))
        .unwrap_or_default()
        .to_string()
}

fn check(ok: bool, what: &str, failures: &mut Vec<String>) {
    if !ok {
        failures.push(what.to_string());
    }
}

fn resumed_match_plays_the_same_schedule(dir: &Path, failures: &mut Vec<String>) {
    let (whole, part) = (dir.join("whole.pgn"), dir.join("part.pgn"));
    let one_run = run_match(dir, 7, &["--pgn", whole.to_str().unwrap_or_default()]);
    check(one_run.is_ok(), &format!("one run: {one_run:?}"), failures);
    let first = run_match(dir, 3, &["--pgn", part.to_str().unwrap_or_default()]);
    check(first.is_ok(), &format!("first part: {first:?}"), failures);
    // a stop while game 4 was being written: its moves cut short
    let whole_text = std::fs::read_to_string(&whole).unwrap_or_default();
    let game4 = whole_text.split("[Event ").nth(4).unwrap_or_default();
    let cut = format!("[Event {}", &game4[..game4.len() / 2]);
    let appended = std::fs::OpenOptions::new()
        .append(true)
        .open(&part)
        .and_then(|mut f| f.write_all(cut.as_bytes()));
    check(appended.is_ok(), "the cut game appended", failures);
    let resumed = run_match(dir, 7, &["--resume", part.to_str().unwrap_or_default()]);
    let resumed = resumed.unwrap_or_else(|e| {
        failures.push(format!("resumed: {e}"));
        String::new()
    });
    check(
        resumed.contains("Resumed after 3 games"),
        "3 games held",
        failures,
    );
    let (a, b) = (schedule(&whole), schedule(&part));
    check(
        a.len() == 7,
        &format!("one run: {} games", a.len()),
        failures,
    );
    check(a == b, &format!("the same games: {a:?}\n{b:?}"), failures);
    let score = final_score(&resumed);
    check(
        score.ends_with(" 7"),
        &format!("all 7 counted: {score}"),
        failures,
    );
    // as scheduled: two games an opening, in the file's order, engine one White first
    let openings: Vec<&str> = OPENINGS.lines().skip(1).collect();
    for (i, g) in a.iter().enumerate() {
        let white = if i % 2 == 0 { "one" } else { "two" };
        let ok = g[0] == (i + 1).to_string() && g[1] == white && g[3] == openings[(i / 2) % 3];
        check(ok, &format!("game {}: {g:?}", i + 1), failures);
    }
}

fn another_match_is_refused(dir: &Path, failures: &mut Vec<String>) {
    let part = dir.join("part.pgn");
    let before = std::fs::read_to_string(&part).unwrap_or_default();
    let path = part.to_str().unwrap_or_default();
    let swapped = run_match(dir, 7, &["--resume", path, "-n1", "two", "-n2", "one"]);
    let named = swapped
        .as_ref()
        .is_err_and(|e| e.contains("game 1 was one - two"));
    check(named, &format!("other names: {swapped:?}"), failures);
    let fewer = run_match(dir, 4, &["--resume", path]);
    let named = fewer
        .as_ref()
        .is_err_and(|e| e.contains("game 5 is beyond the 4 games"));
    check(named, &format!("fewer games: {fewer:?}"), failures);
    let after = std::fs::read_to_string(&part).unwrap_or_default();
    check(
        before == after,
        "a refused resume leaves the file",
        failures,
    );
}

fn main() {
    if std::env::args().any(|a| a == ENGINE_FLAG) {
        uci_engine();
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("resume");
    let _ = std::fs::remove_dir_all(&dir);
    let mut failures = Vec::new();
    let made = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("openings.txt"), OPENINGS));
    check(made.is_ok(), &format!("{dir:?}: {made:?}"), &mut failures);
    resumed_match_plays_the_same_schedule(&dir, &mut failures);
    another_match_is_refused(&dir, &mut failures);
    if failures.is_empty() {
        println!("resume: ok");
    } else {
        eprintln!("resume: FAILED\n{}", failures.join("\n"));
        std::process::exit(1);
    }
}
