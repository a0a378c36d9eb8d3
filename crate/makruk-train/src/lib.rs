//! What the training tools share: random openings for self-play ([`opening`]) and the puzzle
//! criterion with the puzzle file's line format ([`puzzle`]), which the puzzle file's test
//! checks too.

pub mod opening;
pub mod puzzle;

/// The output file of a tool, opened for appending (created if need be); on an error the
/// tool stops with it (exit code 2).
pub fn append_or_exit(path: &str) -> std::fs::File {
    match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}
