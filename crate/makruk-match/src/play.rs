//! One game between two engines, refereed by the core's `Game`: illegal moves, crashes and
//! timeouts lose; the rules (counting included) end the game.

use crate::stats::Searched;
use crate::uci::{Engine, EngineSpec};
use makruk::{Color, Game, Variant};
use std::time::Duration;

/// How long each move may take.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// `go movetime`.
    MoveTime(u64),
    /// `go nodes`.
    Nodes(u64),
    /// `go depth`.
    Depth(u64),
    /// A game clock: `go wtime btime winc binc`.
    Clock { base_ms: u64, inc_ms: u64 },
}

/// Settings shared by every game.
pub struct MatchConfig {
    /// Each engine's limit (engine 1, engine 2); a clock is the same for both.
    pub limits: [Limit; 2],
    /// Time beyond the limit tolerated before a loss on time (milliseconds).
    pub margin_ms: u64,
    /// Draw adjudicated after this many moves (a locked Bia wall never starts a count).
    pub max_moves: usize,
    /// Ending games early on the engines' own scores (off unless asked for).
    pub adjudication: Adjudication,
    /// The rules played.
    pub variant: Variant,
}

/// Early ends on the scores both engines report, as in other match tools: a win when both
/// agree for `moves` moves each that one side leads by at least `cp`; a draw from move
/// `from_move` on when both see the game within +-`cp` for `moves` moves each.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Adjudication {
    /// (moves, cp) for a win.
    pub resign: Option<(usize, i32)>,
    /// (from_move, moves, cp) for a draw.
    pub draw: Option<(usize, usize, i32)>,
}

impl Adjudication {
    /// The adjudicated result after the moves whose reported scores (from White's point of
    /// view, `None` where an engine reported none) are `white_scores`, one per ply.
    pub fn decide(&self, white_scores: &[Option<i32>]) -> Option<(Option<Color>, String)> {
        let last = |plies: usize| {
            (white_scores.len() >= plies)
                .then(|| &white_scores[white_scores.len() - plies..])
                .filter(|s| s.iter().all(Option::is_some))
                .map(|s| s.iter().flatten().copied())
        };
        if let Some((moves, cp)) = self.resign {
            if let Some(mut s) = last(2 * moves) {
                if s.clone().all(|x| x >= cp) {
                    return Some((Some(Color::White), "adjudication: score".to_string()));
                }
                if s.all(|x| x <= -cp) {
                    return Some((Some(Color::Black), "adjudication: score".to_string()));
                }
            }
        }
        if let Some((from_move, moves, cp)) = self.draw {
            if white_scores.len() >= 2 * from_move {
                if let Some(mut s) = last(2 * moves) {
                    if s.all(|x| x.abs() <= cp) {
                        return Some((None, "adjudication: draw score".to_string()));
                    }
                }
            }
        }
        None
    }
}

/// The two engines of one worker; an engine that failed is restarted before its next game.
pub struct Players<'a> {
    specs: &'a [EngineSpec; 2],
    engines: [Option<Engine>; 2],
}

impl<'a> Players<'a> {
    pub fn new(specs: &'a [EngineSpec; 2]) -> Self {
        Players {
            specs,
            engines: [None, None],
        }
    }

    fn get(&mut self, i: usize) -> Result<&mut Engine, String> {
        if self.engines[i].is_none() {
            let e = Engine::start(&self.specs[i]).map_err(|e| e.to_string())?;
            self.engines[i] = Some(e);
        }
        self.engines[i]
            .as_mut()
            .ok_or_else(|| "no engine".to_string())
    }

    fn drop_engine(&mut self, i: usize) {
        self.engines[i] = None;
    }

    pub fn quit(&mut self) {
        for e in self.engines.iter_mut() {
            if let Some(e) = e.take() {
                e.quit();
            }
        }
    }
}

/// The result of one game.
pub struct GameRecord {
    pub number: usize,
    pub white: String,
    pub black: String,
    /// "1-0", "0-1" or "1/2-1/2".
    pub result: String,
    pub reason: String,
    /// Whether engine 1 had White.
    pub first_white: bool,
    /// A crash, timeout or illegal move, if one decided the game.
    pub fault: Option<String>,
    pub pgn: String,
    /// FEN of every position of the game (for tuning data).
    pub fens: Vec<String>,
    /// What engine 1 and engine 2 searched in this game.
    pub searched: [Searched; 2],
}

impl GameRecord {
    /// Engine 1's score: 1, 0.5 or 0.
    pub fn first_score(&self) -> Option<f64> {
        let white = match self.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        Some(if self.first_white { white } else { 1.0 - white })
    }
}

fn go_args(limit: Limit, clocks: [u64; 2]) -> String {
    match limit {
        Limit::MoveTime(ms) => format!("movetime {ms}"),
        Limit::Nodes(n) => format!("nodes {n}"),
        Limit::Depth(d) => format!("depth {d}"),
        Limit::Clock { inc_ms, .. } => format!(
            "wtime {} btime {} winc {inc_ms} binc {inc_ms}",
            clocks[0], clocks[1]
        ),
    }
}

/// Plays game `number` from `fen`; engine 1 has White when `first_white`.
pub fn play_game(
    players: &mut Players,
    config: &MatchConfig,
    fen: &str,
    first_white: bool,
    number: usize,
) -> GameRecord {
    let names = [players.specs[0].name.clone(), players.specs[1].name.clone()];
    let (white, black) = if first_white {
        (names[0].clone(), names[1].clone())
    } else {
        (names[1].clone(), names[0].clone())
    };
    let mut game =
        Game::from_fen_variant(fen, config.variant).expect("openings are checked at start-up");
    // index of the engine playing each colour
    let engine_of = |c: Color| usize::from((c == Color::White) != first_white);
    let mut fault = None;
    let mut result = None;
    for (i, name) in names.iter().enumerate() {
        let r = players
            .get(i)
            .and_then(|e| e.new_game().map_err(|e| e.to_string()));
        if let Err(e) = r {
            players.drop_engine(i);
            let loser = if engine_of(Color::White) == i {
                Color::White
            } else {
                Color::Black
            };
            fault = Some(format!("{name} failed to start a game: {e}"));
            result = Some((Some(loser.other()), "engine failure".to_string()));
        }
    }
    let mut white_scores: Vec<Option<i32>> = Vec::new();
    let mut searched = [Searched::default(); 2];
    let mut clocks = match config.limits[0] {
        Limit::Clock { base_ms, .. } => [base_ms, base_ms],
        _ => [0, 0],
    };
    while result.is_none() {
        if let Some(o) = game.outcome() {
            result = Some((o.winner, o.reason.to_string()));
            break;
        }
        if let Some(r) = config.adjudication.decide(&white_scores) {
            result = Some(r);
            break;
        }
        if game.moves().len() >= 2 * config.max_moves {
            result = Some((None, "adjudication: move limit".to_string()));
            break;
        }
        let turn = game.position().turn();
        let idx = engine_of(turn);
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        };
        let timeout_ms = match config.limits[idx] {
            Limit::MoveTime(ms) => ms + config.margin_ms,
            Limit::Nodes(_) | Limit::Depth(_) => 600_000,
            Limit::Clock { .. } => clocks[turn.index()] + config.margin_ms,
        };
        let answer = players.get(idx).and_then(|e| {
            e.search(
                &position,
                &go_args(config.limits[idx], clocks),
                Duration::from_millis(timeout_ms),
            )
            .map_err(|e| e.to_string())
        });
        let loss = |why: String| (Some(turn.other()), why);
        match answer {
            Err(e) => {
                players.drop_engine(idx);
                fault = Some(format!("{} ({turn}): {e}", names[idx]));
                result = Some(loss(format!("{} {e}", names[idx])));
            }
            Ok(a) => {
                if let Some(nodes) = a.nodes {
                    searched[idx].add_move(nodes, a.elapsed.as_millis() as u64);
                }
                if let Limit::Clock { inc_ms, .. } = config.limits[idx] {
                    let used = a.elapsed.as_millis() as u64;
                    let c = &mut clocks[turn.index()];
                    if used > *c + config.margin_ms {
                        fault = Some(format!("{} ({turn}) lost on time", names[idx]));
                        result = Some(loss("time forfeit".to_string()));
                        continue;
                    }
                    *c = c.saturating_sub(used) + inc_ms;
                }
                let sign = if turn == Color::White { 1 } else { -1 };
                white_scores.push(a.score.map(|x| sign * x));
                match makruk::parse_uci(game.position(), &a.best) {
                    Ok(m) if game.play(m).is_ok() => {}
                    _ => {
                        fault = Some(format!(
                            "{} ({turn}) played an illegal move {:?} in {}",
                            names[idx],
                            a.best,
                            game.position().fen()
                        ));
                        result = Some(loss("illegal move".to_string()));
                    }
                }
            }
        }
    }
    let (winner, reason) = result.unwrap_or((None, "unknown".to_string()));
    let result = match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    let round = number.to_string();
    let pgn = makruk::pgn::write(
        &game,
        &[
            ("Event", "makruk-match"),
            ("Round", &round),
            ("White", &white),
            ("Black", &black),
            ("Result", result),
            ("Termination", &reason),
        ],
    );
    GameRecord {
        number,
        white,
        black,
        result: result.to_string(),
        reason,
        first_white,
        fault,
        pgn,
        fens: game.positions().iter().map(|p| p.fen()).collect(),
        searched,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADJ: Adjudication = Adjudication {
        resign: Some((3, 800)),
        draw: Some((40, 8, 10)),
    };

    #[test]
    fn win_needs_both_engines_for_all_the_moves() {
        let mut s = vec![Some(0); 10];
        s.extend([Some(900), Some(1000), Some(850), Some(900), Some(800)]);
        assert_eq!(ADJ.decide(&s), None);
        s.push(Some(2000));
        assert_eq!(ADJ.decide(&s).map(|r| r.0), Some(Some(Color::White)));
        s.push(None);
        assert_eq!(ADJ.decide(&s), None);
        let black = vec![Some(-900); 6];
        assert_eq!(ADJ.decide(&black).map(|r| r.0), Some(Some(Color::Black)));
    }

    #[test]
    fn draw_only_late_and_when_both_agree() {
        let early = vec![Some(0); 79];
        assert_eq!(ADJ.decide(&early), None);
        let mut late = vec![Some(0); 80];
        assert_eq!(ADJ.decide(&late).map(|r| r.0), Some(None));
        late.push(Some(11));
        assert_eq!(ADJ.decide(&late), None);
        assert_eq!(Adjudication::default().decide(&[Some(0); 200]), None);
    }
}
