//! The native UCI binary: reads commands from stdin, one a line, and answers on stdout.
//! The commands themselves live in the library (`makruk_uci::Uci`).

use makruk_uci::{Flow, Uci};
use std::io::{self, BufRead, Read, Write};

/// The longest line kept (a FEN plus a few thousand moves fits many times over); the rest
/// of a longer line is skipped, so a stream without newlines cannot use unbounded memory.
const MAX_LINE: u64 = 1 << 20;

fn main() {
    let mut uci = Uci::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.last() != Some(&b'\n') && buf.len() as u64 == MAX_LINE {
            if skip_line(&mut input).is_err() {
                break;
            }
            let mut out = stdout.lock();
            let _ = writeln!(
                out,
                "info string error: line longer than {MAX_LINE} bytes ignored"
            );
            let _ = out.flush();
            continue;
        }
        // Answers are collected first: the search thread prints too, and `stop` waits for
        // it, so stdout must not stay locked while a command runs.
        let (answer, flow) = uci.handle_line(&buf);
        let mut out = stdout.lock();
        let _ = out.write_all(&answer);
        let _ = out.flush();
        if flow == Flow::Quit {
            break;
        }
    }
    uci.finish();
}

/// Discards input up to and including the next newline (or the end of input).
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}
