//! The mutation driver: starts from the seed corpus, mutates a corpus entry into a new
//! input, runs the target, and keeps the input when it shows a behaviour feature not seen
//! before.
//! A panic in the target is a finding: the run stops and returns the input.

use crate::targets::Target;
use crate::Rng;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::sync::Once;
use std::time::{Duration, Instant};

/// How long and how a run goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seed of the mutator: the same seed and corpus give the same inputs.
    pub seed: u64,
    /// Stop after this many executions (the seeds included).
    pub max_execs: u64,
    /// Stop after this long.
    pub max_time: Duration,
    /// The longest input made (a very long one now and then tests long lines).
    pub max_len: usize,
    /// Tokens the mutator inserts: the words of the input language.
    pub dictionary: &'static [&'static str],
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Stats {
    /// Inputs run.
    pub execs: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Corpus size at the end (seeds plus kept inputs).
    pub corpus: usize,
    /// Distinct behaviour features seen.
    pub features: usize,
}

/// An input that broke an invariant (or panicked), with the panic message.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The input.
    pub input: Vec<u8>,
    /// The panic message with its location.
    pub message: String,
}

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
    static RUNNING: Cell<bool> = const { Cell::new(false) };
}

/// Panics inside a run are expected findings: record the message instead of printing it.
fn quiet_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if RUNNING.with(Cell::get) {
                LAST_PANIC.with(|p| *p.borrow_mut() = info.to_string());
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `target` on one input; `Err` carries the panic message.
pub fn exec(target: Target, input: &[u8]) -> Result<Vec<u64>, String> {
    quiet_panics();
    RUNNING.with(|r| r.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| target(input)));
    RUNNING.with(|r| r.set(false));
    result.map_err(|payload| {
        let recorded = LAST_PANIC.with(|p| std::mem::take(&mut *p.borrow_mut()));
        if recorded.is_empty() {
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".into())
        } else {
            recorded
        }
    })
}

/// Reads every file of a seed folder, sorted by name (the order fixes the run).
pub fn load_seeds(dir: &Path) -> Vec<Vec<u8>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// Numbers that find overflow and range bugs.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "7",
    "8",
    "9",
    "63",
    "64",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775808",
];

/// Characters worth inserting beyond random bytes.
const SPECIAL: &[&str] = &[
    " ", "\t", "\n", "\r", "/", "~", "-", "+", "#", "x", "=", "\0", "\u{FEFF}", "\u{2013}", "ก",
    "\u{FFFD}", "<", ">", "\"", "'", "\\", "%00",
];

fn mutate(rng: &mut Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>], opts: &Options) {
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = input.len();
        match rng.below(12) {
            0 if len > 0 => {
                let i = rng.below(len);
                input[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                input[i] = rng.next_u64() as u8;
            }
            2 => {
                let b = if rng.below(2) == 0 {
                    b' ' + rng.below(95) as u8
                } else {
                    rng.next_u64() as u8
                };
                input.insert(rng.below(len + 1), b);
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(16));
                input.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(32));
                let chunk = input[i..i + n].to_vec();
                let at = rng.below(len + 1);
                input.splice(at..at, chunk);
            }
            5 | 6 if !opts.dictionary.is_empty() => {
                let token = opts.dictionary[rng.below(opts.dictionary.len())].as_bytes();
                let at = rng.below(len + 1);
                if rng.below(2) == 0 || len == 0 {
                    input.splice(at..at, token.iter().copied());
                } else {
                    let end = (at + token.len()).min(len);
                    input.splice(at..end, token.iter().copied());
                }
            }
            7 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(len + 1);
                let from = rng.below(other.len() + 1);
                input.truncate(cut);
                input.extend_from_slice(&other[from..]);
            }
            8 => {
                // an extreme number in place of a run of digits (or anywhere)
                let number = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
                let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
                let (s, e) = if digits.is_empty() {
                    let at = rng.below(len + 1);
                    (at, at)
                } else {
                    let s = digits[rng.below(digits.len())];
                    let e = (s..len)
                        .find(|&i| !input[i].is_ascii_digit())
                        .unwrap_or(len);
                    (s, e)
                };
                input.splice(s..e, number.iter().copied());
            }
            9 => {
                let s = SPECIAL[rng.below(SPECIAL.len())].as_bytes();
                let at = rng.below(len + 1);
                input.splice(at..at, s.iter().copied());
            }
            10 if len > 1 => input.truncate(rng.below(len)),
            11 if rng.below(64) == 0 && len > 0 => {
                // now and then a very long input: one chunk repeated
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(8));
                let chunk = input[i..i + n].to_vec();
                while input.len() < opts.max_len {
                    input.extend_from_slice(&chunk);
                }
            }
            _ => {}
        }
    }
    input.truncate(opts.max_len);
}

/// Runs the seeds, then mutated inputs until a limit; returns the first finding if any.
pub fn run(target: Target, seeds: &[Vec<u8>], opts: &Options) -> Result<Stats, Finding> {
    let start = Instant::now();
    let mut rng = Rng::new(opts.seed);
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    let mut seen = HashSet::new();
    let mut execs = 0;
    let mut check = |input: Vec<u8>, corpus: &mut Vec<Vec<u8>>, execs: &mut u64| {
        *execs += 1;
        match exec(target, &input) {
            Ok(features) => {
                let mut new = false;
                for f in features {
                    new |= seen.insert(f);
                }
                if new && corpus.len() < 20_000 {
                    corpus.push(input);
                }
                Ok(())
            }
            Err(message) => Err(Finding { input, message }),
        }
    };
    for seed in seeds {
        check(seed.clone(), &mut corpus, &mut execs)?;
        corpus.push(seed.clone());
    }
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    while execs < opts.max_execs && start.elapsed() < opts.max_time {
        let mut input = corpus[rng.below(corpus.len())].clone();
        mutate(&mut rng, &mut input, &corpus, opts);
        check(input, &mut corpus, &mut execs)?;
    }
    let features = seen.len();
    Ok(Stats {
        execs,
        elapsed: start.elapsed(),
        corpus: corpus.len(),
        features,
    })
}
