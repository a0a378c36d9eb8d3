//! `makruk-datagen --resume` and `makruk-label --resume`: a run stopped part way (here: one
//! asked for less, with a last piece of output cut short) and resumed writes what one run
//! writes: the same games, the same positions labelled once each, in the same order.
//!
//! The labelling engine is this project's engine, played by this test's own executable when
//! started with `--uci-engine` (the engine's binary belongs to another package).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ENGINE_FLAG: &str = "--uci-engine";
const MATE_IN_ONE: &str = "k7/8/1R6/8/8/8/8/1R4K1 w - - 0 1";

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

fn check(ok: bool, what: &str, failures: &mut Vec<String>) {
    if !ok {
        failures.push(what.to_string());
    }
}

/// Runs a tool of this package with `args` and `input` on its stdin; its error if it failed.
fn run(tool: &str, args: &[&str], input: &str) -> Result<(), String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).to_string())
    }
}

/// `text` up to byte `keep` (or the character before it): a stop mid-write.
fn write_cut(path: &Path, text: &str, keep: usize) -> std::io::Result<()> {
    let mut keep = keep.min(text.len());
    while !text.is_char_boundary(keep) {
        keep -= 1;
    }
    std::fs::write(path, &text[..keep])
}

fn datagen_resumes(dir: &Path, failures: &mut Vec<String>) -> String {
    let tool = env!("CARGO_BIN_EXE_makruk-datagen");
    let (whole, part) = (dir.join("whole.txt"), dir.join("part.txt"));
    let path = |p: &Path| p.to_str().unwrap_or_default().to_string();
    let one_run = run(tool, &[&path(&whole), "4", "300", "5"], "");
    check(one_run.is_ok(), &format!("datagen: {one_run:?}"), failures);
    let text = std::fs::read_to_string(&whole).unwrap_or_default();
    let marks: Vec<usize> = text
        .match_indices("# makruk-datagen seed 5 game ")
        .map(|m| m.0)
        .collect();
    check(
        marks.len() == 4,
        &format!("4 games marked: {marks:?}"),
        failures,
    );
    // stopped while writing game 3: the two games and part of the third
    let cut_at = marks.get(2).copied().unwrap_or_default();
    let cut = write_cut(
        &part,
        &text,
        cut_at - (cut_at - marks.get(1).copied().unwrap_or(0)) / 2,
    );
    check(cut.is_ok(), &format!("{cut:?}"), failures);
    let resumed = run(tool, &[&path(&part), "4", "300", "5", "--resume"], "");
    check(
        resumed.is_ok(),
        &format!("datagen --resume: {resumed:?}"),
        failures,
    );
    let again = std::fs::read_to_string(&part).unwrap_or_default();
    check(
        again == text,
        "datagen: the resumed output is one run's",
        failures,
    );
    let old = dir.join("old.txt");
    let refused = std::fs::write(&old, "a ; 1 ; 0\n")
        .map_err(|e| e.to_string())
        .and_then(|()| run(tool, &[&path(&old), "4", "300", "5", "--resume"], ""));
    check(
        refused.is_err_and(|e| e.contains("no game marked")),
        "an unmarked file is refused",
        failures,
    );
    text
}

fn label_resumes(dir: &Path, positions: &str, failures: &mut Vec<String>) {
    let tool = env!("CARGO_BIN_EXE_makruk-label");
    let me = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    // a mate in one early on, which gets no label
    let mut input: Vec<String> = positions
        .lines()
        .take(40)
        .map(|l| format!("{l}\n"))
        .collect();
    input.insert(3, format!("{MATE_IN_ONE} ; 0 ; 1\n"));
    let input = input.concat();
    let (whole, part) = (dir.join("labels.txt"), dir.join("labels-part.txt"));
    let path = |p: &Path| p.to_str().unwrap_or_default().to_string();
    std::fs::write(&whole, "").unwrap_or_default();
    let one_run = run(
        tool,
        &["--depth", "2", "--resume", &path(&whole), &me, ENGINE_FLAG],
        &input,
    );
    check(one_run.is_ok(), &format!("label: {one_run:?}"), failures);
    let text = std::fs::read_to_string(&whole).unwrap_or_default();
    let lines = text.lines().count();
    check(lines >= 20, &format!("label: {lines} lines"), failures);
    check(
        !text.contains(MATE_IN_ONE),
        "label: no label for a mate",
        failures,
    );
    let cut = write_cut(&part, &text, text.len() / 2);
    check(cut.is_ok(), &format!("{cut:?}"), failures);
    let resumed = run(
        tool,
        &["--depth", "2", "--resume", &path(&part), &me, ENGINE_FLAG],
        &input,
    );
    check(
        resumed.is_ok(),
        &format!("label --resume: {resumed:?}"),
        failures,
    );
    // the same positions and results in the same order (a score may differ: the engine's
    // table was filled by other searches before it)
    let key = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(" ; ").collect();
                format!("{} {}", f[0], f.get(2).unwrap_or(&"?"))
            })
            .collect()
    };
    let again = std::fs::read_to_string(&part).unwrap_or_default();
    check(
        key(&again) == key(&text),
        "label: the resumed positions are one run's",
        failures,
    );
    let other = run(
        tool,
        &["--depth", "2", "--resume", &path(&part), &me, ENGINE_FLAG],
        "x ; 1 ; 0\n",
    );
    check(
        other.is_err_and(|e| e.contains("not their input")),
        "label: another input refused",
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
    let made = std::fs::create_dir_all(&dir);
    check(made.is_ok(), &format!("{dir:?}: {made:?}"), &mut failures);
    let positions = datagen_resumes(&dir, &mut failures);
    label_resumes(&dir, &positions, &mut failures);
    if failures.is_empty() {
        println!("resume: ok");
    } else {
        eprintln!("resume: FAILED\n{}", failures.join("\n"));
        std::process::exit(1);
    }
}
