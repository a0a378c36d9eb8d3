//! `makruk-match`: plays two UCI engines against each other from balanced openings, with the
//! project's own rules deciding legality and the end of each game (counting included), and
//! reports W/D/L, score, Elo with its 95% margin, each engine's nodes per second (over the
//! moves on which it reported its nodes, by the wall time from `go` to `bestmove`), and an
//! optional SPRT.
//!
//! ```text
//! makruk-match -e1 "./target/release/makruk-uci" -e2 "/path/to/stockfish" \
//!     -o2 "Skill Level=10" --movetime 100 --games 200 --concurrency 1
//! ```
//!
//! `--variant cambodian` plays Ouk Chatrang: both engines get `UCI_Variant cambodian`, the
//! openings are read in it (built in: `openings-cambodian.txt`) and the PGN says so. So do
//! `makpong` (on Makruk's openings) and `karouk` (on Ouk Chatrang's).
//!
//! `--resume FILE` continues a match stopped part way (or runs it in parts): the games its
//! PGN file holds are counted and the others played, each with the opening and colours it
//! has in one run (the same command but `--pgn` replaced by `--resume`).

use makruk::Variant;
use makruk_match::play::{self, GameRecord, Limit, MatchConfig};
use makruk_match::resume::{self, HeldGame, Schedule};
use makruk_match::stats::{Searched, Sprt, Wdl};
use makruk_match::uci::EngineSpec;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

const USAGE: &str = "usage: makruk-match -e1 CMD -e2 CMD [options]
  -e1/-e2 CMD          engine command lines (split on spaces)
  -n1/-n2 NAME         engine names
  -o1/-o2 NAME=VALUE   UCI option for engine 1/2 (repeatable)
  --movetime MS        time per move (default 100)
  --nodes N | --depth D | --tc BASE+INC (seconds)
  --movetime1/2, --nodes1/2, --depth1/2   the limit of engine 1 or 2 alone (after the above)
  --margin MS          time allowed beyond the limit before a loss on time (default 1000 for
                       movetime, 200 for tc)
  --games N            number of games (default 20; openings are played in pairs)
  --concurrency 1|2    games in parallel (default 1)
  --variant V          makruk (default), cambodian (Ouk Chatrang), makpong or karouk
  --openings FILE      one FEN per line, read in the variant (default: the built-in set of 44
                       balanced openings; crate/makruk-match/openings-wide.txt holds 389 more,
                       openings-held.txt 200 held out of training, for confirmations;
                       for cambodian openings-cambodian.txt)
  --maxmoves N         adjudicate a draw after N moves (default 400)
  --resign MOVES CP    a win when both engines' scores show one side ahead by CP or more for
                       MOVES moves each
  --draw FROM MOVES CP a draw from move FROM on when both engines' scores stay within +-CP
                       for MOVES moves each
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the SPRT decides
  --pgn FILE           write the games to FILE (each as it ends, in game order at the end)
  --resume FILE        continue the match whose --pgn FILE this was (the same engines,
                       names, openings and variant): its games are counted, the others
                       played, and the new ones added to FILE
  --fens FILE          write the FEN of every position played to FILE (tuning data)";

const BUILTIN_OPENINGS: &str = include_str!("../openings.txt");
const CAMBODIAN_OPENINGS: &str = include_str!("../openings-cambodian.txt");

struct Cli {
    engines: [EngineSpec; 2],
    config: MatchConfig,
    games: usize,
    concurrency: usize,
    sprt: Option<Sprt>,
    pgn: Option<String>,
    /// Whether `pgn` is a file of the same match to continue.
    resume: bool,
    fens: Option<String>,
    openings: Vec<String>,
}

/// `--sprt "elo0=E0 elo1=E1 alpha=A beta=B"` (each optional: 0, 10, 0.05, 0.05).
fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for part in text.split_whitespace() {
        let (k, v) = part.split_once('=').ok_or(format!("--sprt: bad {part}"))?;
        let x: f64 = v.parse().map_err(|e| format!("--sprt {part}: {e}"))?;
        match k {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => return Err(format!("--sprt: unknown {k}")),
        }
    }
    Ok(s)
}

/// `--tc BASE+INC` in seconds (`+INC` optional).
fn parse_clock(v: &str) -> Result<Limit, String> {
    let (b, i) = v.split_once('+').unwrap_or((v, "0"));
    let secs = |s: &str| {
        s.parse::<f64>()
            .map(|x| (x * 1000.0) as u64)
            .map_err(|e| format!("--tc {v}: {e}"))
    };
    Ok(Limit::Clock {
        base_ms: secs(b)?,
        inc_ms: secs(i)?,
    })
}

fn parse_args() -> Result<Cli, String> {
    let mut args = std::env::args().skip(1);
    let spec = |n: &str| EngineSpec {
        name: n.to_string(),
        command: Vec::new(),
        options: Vec::new(),
        variant: Variant::Makruk,
    };
    let mut engines = [spec("engine1"), spec("engine2")];
    let mut limits = [Limit::MoveTime(100); 2];
    let mut margin = None;
    let mut games = 20;
    let mut concurrency = 1;
    let mut sprt = None;
    let mut pgn = None;
    let mut resume = false;
    let mut fens = None;
    let mut max_moves = 400;
    let mut adjudication = play::Adjudication::default();
    let mut openings_text = None;
    let mut variant = Variant::Makruk;
    while let Some(a) = args.next() {
        let mut val = || args.next().ok_or(format!("{a} needs a value"));
        let num = |s: String| s.parse::<u64>().map_err(|e| format!("{a} {s}: {e}"));
        match a.as_str() {
            "-e1" | "-e2" => {
                let i = usize::from(a == "-e2");
                engines[i].command = val()?.split_whitespace().map(String::from).collect();
            }
            "-n1" | "-n2" => engines[usize::from(a == "-n2")].name = val()?,
            "-o1" | "-o2" => {
                let v = val()?;
                let (k, x) = v
                    .split_once('=')
                    .ok_or(format!("{a} {v}: expected NAME=VALUE"))?;
                engines[usize::from(a == "-o2")]
                    .options
                    .push((k.to_string(), x.to_string()));
            }
            "--tc" => limits = [parse_clock(&val()?)?; 2],
            flag if flag.starts_with("--movetime")
                || flag.starts_with("--nodes")
                || flag.starts_with("--depth") =>
            {
                let (kind, engine) = match flag.strip_suffix(['1', '2']) {
                    Some(kind) => (kind, Some(usize::from(flag.ends_with('2')))),
                    None => (flag, None),
                };
                let n = num(val()?)?;
                let limit = match kind {
                    "--movetime" => Limit::MoveTime(n),
                    "--nodes" => Limit::Nodes(n),
                    "--depth" => Limit::Depth(n),
                    _ => return Err(format!("unknown argument {a}\n{USAGE}")),
                };
                match engine {
                    Some(i) if matches!(limits[1 - i], Limit::Clock { .. }) => {
                        return Err(format!(
                            "{a}: the other engine has a clock (--tc is for both)"
                        ));
                    }
                    Some(i) => limits[i] = limit,
                    None => limits = [limit; 2],
                }
            }
            "--margin" => margin = Some(num(val()?)?),
            "--games" => games = num(val()?)? as usize,
            "--concurrency" => concurrency = num(val()?)?.clamp(1, 2) as usize,
            "--maxmoves" => max_moves = num(val()?)? as usize,
            "--variant" => variant = val()?.parse().map_err(|e| format!("--variant: {e}"))?,
            "--resign" => {
                adjudication.resign = Some((num(val()?)? as usize, num(val()?)? as i32));
            }
            "--draw" => {
                let from = num(val()?)? as usize;
                adjudication.draw = Some((from, num(val()?)? as usize, num(val()?)? as i32));
            }
            "--pgn" | "--resume" => {
                if pgn.is_some() {
                    return Err("--pgn and --resume name one file: give one of them".into());
                }
                resume = a == "--resume";
                pgn = Some(val()?);
            }
            "--fens" => fens = Some(val()?),
            "--openings" => {
                let f = val()?;
                openings_text = Some(std::fs::read_to_string(&f).map_err(|e| format!("{f}: {e}"))?);
            }
            "--sprt" => sprt = Some(parse_sprt(&val()?)?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument {a}\n{USAGE}")),
        }
    }
    if engines.iter().any(|e| e.command.is_empty()) {
        return Err(format!("both -e1 and -e2 are needed\n{USAGE}"));
    }
    for e in engines.iter_mut() {
        e.variant = variant;
    }
    let openings_text = openings_text.unwrap_or_else(|| {
        match variant {
            Variant::Makruk | Variant::Makpong => BUILTIN_OPENINGS,
            Variant::Cambodian | Variant::KarOuk => CAMBODIAN_OPENINGS,
        }
        .to_string()
    });
    let openings = parse_openings(&openings_text, variant)?;
    let fixed = |l: &Limit| matches!(l, Limit::Nodes(_) | Limit::Depth(_));
    if limits.iter().all(fixed) && games > 2 * openings.len() {
        eprintln!(
            "warning: {games} games from {} openings: with --nodes or --depth the games after \
             the first {} repeat earlier ones (try --openings \
             crate/makruk-match/openings-wide.txt)",
            openings.len(),
            2 * openings.len()
        );
    }
    let margin_ms = margin.unwrap_or(match limits[0] {
        Limit::Clock { .. } => 200,
        _ => 1000,
    });
    Ok(Cli {
        engines,
        config: MatchConfig {
            limits,
            margin_ms,
            max_moves,
            adjudication,
            variant,
        },
        games,
        concurrency,
        sprt,
        pgn,
        resume,
        fens,
        openings,
    })
}

/// The FENs of an openings file (one a line, `#` starts a comment line), each checked in
/// `variant`.
fn parse_openings(text: &str, variant: Variant) -> Result<Vec<String>, String> {
    let openings: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    for fen in &openings {
        makruk::Position::from_fen_variant(fen, variant)
            .map_err(|e| format!("opening {fen}: {e}"))?;
    }
    if openings.is_empty() {
        return Err("no openings".to_string());
    }
    Ok(openings)
}

struct Shared {
    wdl: Wdl,
    /// What each engine searched in the games so far (of this run).
    searched: [Searched; 2],
    records: Vec<GameRecord>,
}

/// Adds a game with engine 1's `score` (1, 0.5 or 0) to `wdl`.
fn count(wdl: &mut Wdl, score: f64) {
    if score == 1.0 {
        wdl.wins += 1;
    } else if score == 0.0 {
        wdl.losses += 1;
    } else {
        wdl.draws += 1;
    }
}

/// The games the PGN file of a resumed match holds (none for a new match, whose file is
/// emptied); the file is written back with them alone, in order (a game cut short by the
/// stop is dropped, to be played again).
fn held_games(cli: &Cli) -> Result<Vec<HeldGame>, String> {
    let Some(path) = &cli.pgn else {
        return Ok(Vec::new());
    };
    let held = if cli.resume {
        let text = std::fs::read_to_string(path).map_err(|e| format!("--resume {path}: {e}"))?;
        let schedule = Schedule {
            names: [&cli.engines[0].name, &cli.engines[1].name],
            openings: &cli.openings,
            variant: cli.config.variant,
            games: cli.games,
        };
        resume::held_games(&text, &schedule).map_err(|e| format!("--resume {path}: {e}"))?
    } else {
        Vec::new()
    };
    let text: String = held.iter().map(|g| g.pgn.as_str()).collect();
    std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
    Ok(held)
}

/// Whether the SPRT (if any) has decided on `wdl`; prints the decision.
fn sprt_decided(cli: &Cli, wdl: &Wdl) -> bool {
    let Some(s) = cli.sprt else {
        return false;
    };
    let (lo, hi) = s.bounds();
    let llr = wdl.llr(s.elo0, s.elo1);
    let decided = llr <= lo || llr >= hi;
    if decided {
        println!("SPRT: {} accepted", if llr >= hi { "H1" } else { "H0" });
    }
    decided
}

/// Each engine's nodes per second over the moves on which it reported its nodes, and the
/// mean wall time of those moves.
fn report_speed(cli: &Cli, searched: &[Searched; 2]) {
    let speed = |i: usize| {
        let s = searched[i];
        let nps = s.nps().map_or("-".to_string(), |n| n.to_string());
        let ms = s.ms.checked_div(s.moves).unwrap_or(0);
        format!(
            "{} {nps} ({} moves, {ms} ms a move)",
            cli.engines[i].name, s.moves
        )
    };
    println!("Nodes/s: {}, {}", speed(0), speed(1));
}

fn report(cli: &Cli, wdl: &Wdl) {
    let (elo, margin) = wdl.elo();
    println!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        cli.engines[0].name,
        cli.engines[1].name,
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.score(),
        wdl.games()
    );
    println!("Elo difference: {elo:.1} +/- {margin:.1} (95%)");
    if let Some(s) = cli.sprt {
        let (lo, hi) = s.bounds();
        println!(
            "SPRT: llr {:.2} ({:.2}, {:.2}) [{:.1}, {:.1}]",
            wdl.llr(s.elo0, s.elo1),
            lo,
            hi,
            s.elo0,
            s.elo1
        );
    }
}

/// Appends `text` to `path` (a game's positions or its PGN as it finishes, so that a stopped
/// match keeps them).
fn append(path: &str, text: &str) {
    use std::io::Write;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    if let Err(e) = file.and_then(|mut f| f.write_all(text.as_bytes())) {
        eprintln!("{path}: {e}");
    }
}

fn main() {
    let cli = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let held = held_games(&cli).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let mut wdl = Wdl::default();
    for g in &held {
        count(&mut wdl, g.first_score);
    }
    if !held.is_empty() {
        println!("Resumed after {} games", held.len());
        report(&cli, &wdl);
    }
    // the numbers (from 0) of the games still to play, in order
    let todo: Vec<usize> = (0..cli.games)
        .filter(|i| !held.iter().any(|g| g.number == i + 1))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(sprt_decided(&cli, &wdl));
    let shared = Mutex::new(Shared {
        wdl,
        searched: [Searched::default(); 2],
        records: Vec::new(),
    });
    std::thread::scope(|scope| {
        for _ in 0..cli.concurrency {
            scope.spawn(|| {
                let mut players = play::Players::new(&cli.engines);
                while let Some(&i) = todo.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if done.load(Ordering::SeqCst) {
                        break;
                    }
                    let (opening, first_white) = resume::scheduled(i + 1, cli.openings.len());
                    let fen = &cli.openings[opening];
                    let rec = play::play_game(&mut players, &cli.config, fen, first_white, i + 1);
                    let mut sh = shared.lock().unwrap_or_else(|p| p.into_inner());
                    count(&mut sh.wdl, rec.first_score().unwrap_or(0.5));
                    println!(
                        "Finished game {} ({} vs {}): {} {{{}}}",
                        i + 1,
                        rec.white,
                        rec.black,
                        rec.result,
                        rec.reason
                    );
                    for (total, game) in sh.searched.iter_mut().zip(rec.searched) {
                        total.add(game);
                    }
                    let wdl = sh.wdl;
                    report(&cli, &wdl);
                    report_speed(&cli, &sh.searched);
                    if let Some(path) = &cli.fens {
                        let text: String = rec
                            .fens
                            .iter()
                            .map(|f| format!("{f} ; {}\n", rec.result))
                            .collect();
                        append(path, &text);
                    }
                    if let Some(path) = &cli.pgn {
                        append(path, &format!("{}\n", rec.pgn));
                    }
                    sh.records.push(rec);
                    if sprt_decided(&cli, &wdl) {
                        done.store(true, Ordering::SeqCst);
                    }
                }
                players.quit();
            });
        }
    });
    let sh = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    println!("Finished match");
    report(&cli, &sh.wdl);
    report_speed(&cli, &sh.searched);
    let problems: Vec<&GameRecord> = sh.records.iter().filter(|r| r.fault.is_some()).collect();
    for r in &problems {
        println!(
            "Game {}: {}",
            r.number,
            r.fault.as_deref().unwrap_or_default()
        );
    }
    // the finished match's PGN in game order, the games held before included
    let mut games: Vec<(usize, String)> = held.into_iter().map(|g| (g.number, g.pgn)).collect();
    games.extend(sh.records.into_iter().map(|r| (r.number, r.pgn + "\n")));
    games.sort_by_key(|g| g.0);
    if let Some(path) = &cli.pgn {
        let text: String = games.into_iter().map(|g| g.1).collect();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("{path}: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_openings;
    use makruk::Variant;

    #[test]
    fn the_opening_sets_are_distinct_valid_positions() {
        let builtin =
            parse_openings(super::BUILTIN_OPENINGS, Variant::Makruk).expect("built-in openings");
        let wide = parse_openings(include_str!("../openings-wide.txt"), Variant::Makruk)
            .expect("wide openings");
        let held = parse_openings(include_str!("../openings-held.txt"), Variant::Makruk)
            .expect("held-out openings");
        assert_eq!((builtin.len(), wide.len(), held.len()), (44, 389, 200));
        // the same placement and side to move is the same opening
        let key = |fen: &String| fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        let mut all: Vec<String> = builtin.iter().chain(&wide).chain(&held).map(key).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 44 + 389 + 200, "an opening is repeated");
    }

    #[test]
    fn a_bad_opening_is_named() {
        let err = parse_openings("# comment\nnot a fen\n", Variant::Makruk).unwrap_err();
        assert!(err.starts_with("opening not a fen: "), "{err}");
        assert_eq!(
            parse_openings("# only a comment\n", Variant::Makruk).unwrap_err(),
            "no openings"
        );
    }

    #[test]
    fn cambodian_openings_are_read_in_their_variant() {
        let set = parse_openings(super::CAMBODIAN_OPENINGS, Variant::Cambodian)
            .expect("built-in Cambodian openings");
        assert!(set.len() >= 20);
        let mut sorted = set.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), set.len(), "an opening is repeated");
        // they carry rights, so they are not Makruk positions
        assert!(parse_openings(super::CAMBODIAN_OPENINGS, Variant::Makruk).is_err());
    }
}
