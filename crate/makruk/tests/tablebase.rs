//! The bare-Khun endgame tables: known positions, agreement with a plain search, and the
//! count as `Game` referees it. The four-piece tests build an 8 MiB table (about a second).

mod common;

use common::pos;
use makruk::search::{Limits, NoClock, Score, Searcher};
use makruk::Rng;
use makruk::{Color, Game, Position, Reason, Role};
use makruk::{Ending, Tablebase};

/// A FEN from (piece letter, square index) pairs, `turn` to move, no count.
fn fen_of(pieces: &[(char, u8)], turn: Color) -> String {
    let mut board = [[' '; 8]; 8];
    for &(c, s) in pieces {
        board[(s / 8) as usize][(s % 8) as usize] = c;
    }
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for c in board[rank] {
            if c == ' ' {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                empty = 0;
                row.push(c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {} - - 0 1", rows.join("/"), turn.char())
}

/// Random legal positions of the strong side `letters` (FEN letters, White's) against a bare
/// Khun, either side strong, either to move.
fn random_positions(letters: &str, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let strong_black = rng.below(2) == 1;
        let case = |c: char| {
            if strong_black {
                c.to_ascii_lowercase()
            } else {
                c
            }
        };
        let mut pieces = vec![(case('K'), 0), (if strong_black { 'K' } else { 'k' }, 0)];
        pieces.extend(letters.chars().map(|c| (case(c), 0)));
        let mut used = Vec::new();
        for p in pieces.iter_mut() {
            let mut s = rng.below(64) as u8;
            while used.contains(&s) {
                s = rng.below(64) as u8;
            }
            used.push(s);
            p.1 = s;
        }
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(p) = Position::from_fen(&fen_of(&pieces, turn)) {
            // the FEN reader accepts the side not to move in check; the tables do not
            if Ending::of(&p).is_some() && !p.in_check_other() {
                out.push(p);
            }
        }
    }
    out
}

trait OtherCheck {
    fn in_check_other(&self) -> bool;
}

impl OtherCheck for Position {
    /// True when the side not to move is in check (not a position of play).
    fn in_check_other(&self) -> bool {
        let mut p = *self;
        p.play_null();
        p.in_check()
    }
}

#[test]
fn mate_in_one_mated_and_stalemate() {
    let mut tb = Tablebase::new();
    let p = tb
        .probe(&pos("k7/8/1K6/8/8/8/8/7R w - - 0 1"))
        .expect("Ruea ending");
    assert_eq!((p.dtm_plies, p.dtm_moves()), (Some(1), Some(1)));
    assert!(p.won_within_count);
    assert_eq!(p.best_move.map(|m| m.to_string()).as_deref(), Some("h1h8"));
    // mated: no move, distance 0
    let p = tb
        .probe(&pos("R6k/8/7K/8/8/8/8/8 b - - 0 1"))
        .expect("Ruea ending");
    assert_eq!((p.dtm_plies, p.best_move), (Some(0), None));
    // stalemate: a7 and b8 are the Ruea's, b7 is guarded
    let p = tb
        .probe(&pos("k7/1R6/1K6/8/8/8/8/8 b - - 0 1"))
        .expect("Ruea ending");
    assert_eq!((p.dtm_plies, p.won_within_count), (None, false));
}

/// `p` with the board turned upside down and the colours swapped (the same play).
fn colour_flipped(p: &Position) -> Position {
    let fen = p.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let turn = if fields[1] == "w" { "b" } else { "w" };
    pos(&format!("{} {turn} - - 0 1", board.join("/")))
}

#[test]
fn either_colour_strong_gives_the_same_answer() {
    let mut tb = Tablebase::new();
    let mut won = 0;
    for p in random_positions("S", 300, 5)
        .into_iter()
        .chain(random_positions("R", 300, 6))
    {
        let a = tb.probe(&p).expect("an ending");
        let b = tb.probe(&colour_flipped(&p)).expect("an ending");
        assert_eq!(a.dtm_plies, b.dtm_plies, "{}", p.fen());
        assert_ne!(a.strong, b.strong);
        won += usize::from(a.dtm_plies.is_some());
    }
    assert!(won > 100);
}

#[test]
fn taking_the_last_piece_is_a_draw_and_the_bare_khun_takes() {
    let mut tb = Tablebase::new();
    // the bare Khun can take the unguarded Ruea: it must
    let p = tb
        .probe(&pos("8/8/8/8/8/5K2/8/1kR5 b - - 0 1"))
        .expect("Ruea ending");
    assert_eq!(p.dtm_plies, None);
    assert_eq!(p.best_move.map(|m| m.to_string()).as_deref(), Some("b1c1"));
}

#[test]
fn a_mate_beyond_the_count_is_not_a_win() {
    let mut tb = Tablebase::new();
    // two Ruea, the count at its limit: only a mate in one would still count
    let p = tb
        .probe(&pos("7k/8/8/8/8/8/1R6/R3K3 w - 16 16 80"))
        .expect("Ruea ending");
    let d = p.dtm_plies.expect("two Ruea always mate");
    assert!(d > 1);
    assert!(!p.won_within_count);
    let mut s = Searcher::new(1);
    let at_limit = pos("7k/8/8/8/8/8/1R6/R3K3 w - 16 16 80");
    let r = s.search(&at_limit, &[], &Limits::depth(4), &mut NoClock, &mut |_| {});
    assert_eq!(r.score, Score::Cp(0));
    // the same with two plies of the count left more: mate in d plies fits
    let f = format!("7k/8/8/8/8/8/1R6/R3K3 w - 16 {} 80", 17 - d);
    let p = tb.probe(&pos(&f)).expect("Ruea ending");
    assert!(p.won_within_count);
    let f = format!("7k/8/8/8/8/8/1R6/R3K3 w - 16 {} 80", 18 - d);
    assert!(!tb.probe(&pos(&f)).expect("Ruea ending").won_within_count);
}

/// Plays `fen` out with the tables' moves on both sides and returns the outcome's reason.
fn play_out(fen: &str) -> (Reason, usize) {
    let mut game = Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut tb = Tablebase::new();
    while game.outcome().is_none() {
        let pos = *game.position();
        let probe = tb
            .probe(&pos)
            .expect("the game stays in the tables' endings");
        let m = probe
            .best_move
            .or_else(|| pos.legal_moves().first().copied())
            .expect("a move");
        game.play(m).expect("legal");
    }
    let o = game.outcome().expect("over");
    (o.reason, game.moves().len())
}

#[test]
fn the_count_as_game_referees_it() {
    // Ruea ending, no count yet, strong to move: the count starts at 6 plies of 32 after its
    // move, so mates of up to 28 plies count. Find positions mated in 27 and in 29 plies.
    let mut tb = Tablebase::new();
    let ending = Ending::new(&[Role::Ruea]).expect("ending");
    assert_eq!(ending.plies_from_count_start(), 27);
    let mut found = [None, None];
    for p in random_positions("R", 4000, 11) {
        let probe = tb.probe(&p).expect("Ruea ending");
        if p.turn() != probe.strong {
            continue;
        }
        match probe.dtm_plies {
            Some(27) => found[0] = Some((p, probe)),
            Some(29) => found[1] = Some((p, probe)),
            _ => {}
        }
    }
    let (won, probe) = found[0].expect("a mate in 14 among the samples");
    assert!(probe.won_within_count);
    assert_eq!(play_out(&won.fen()), (Reason::Checkmate, 27));
    let (drawn, probe) = found[1].expect("a mate in 15 among the samples");
    assert!(!probe.won_within_count);
    assert_eq!(play_out(&drawn.fen()).0, Reason::Counting);
}

/// A plain exhaustive search: can `strong` force mate within `plies` from `p`?
fn forces_mate(p: &Position, plies: u16, strong: Color) -> bool {
    let moves = p.legal_moves();
    if moves.is_empty() {
        return p.in_check() && p.turn() != strong;
    }
    if plies == 0 {
        return false;
    }
    let next = |m: &makruk::Move| {
        let mut q = *p;
        q.play(*m);
        forces_mate(&q, plies - 1, strong)
    };
    if p.turn() == strong {
        moves.iter().any(next)
    } else {
        moves.iter().all(next)
    }
}

#[test]
fn the_tables_agree_with_a_plain_search() {
    let mut tb = Tablebase::new();
    let mut short = 0;
    for (letters, seed) in [
        ("R", 1),
        ("S", 2),
        ("N", 3),
        ("RR", 4),
        ("SR", 5),
        ("SM", 6),
    ] {
        for p in random_positions(letters, 100, seed) {
            let probe = tb.probe(&p).expect("an ending of the tables");
            let d = probe.dtm_plies.unwrap_or(u16::MAX);
            let depth = d.min(5);
            // mated within `d` plies when `d` is at most 5, and not sooner
            assert_eq!(forces_mate(&p, depth, probe.strong), d <= 5, "{}", p.fen());
            if (2..=5).contains(&d) {
                assert!(!forces_mate(&p, d - 2, probe.strong), "{}", p.fen());
                short += 1;
            }
        }
    }
    assert!(short > 20, "only {short} short mates among the samples");
}

#[test]
fn one_piece_figures() {
    let mut tb = Tablebase::new();
    let ruea = tb.stats(Ending::new(&[Role::Ruea]).expect("ending"));
    // every position with the Ruea's side to move is won, in 16 moves at most
    assert_eq!(ruea.won[0], ruea.positions[0]);
    assert_eq!(ruea.longest_plies, [31, 32]);
    // the earlier solver's figure: a lone Khon wins 162 positions, in 4 moves at most
    let khon = tb.stats(Ending::new(&[Role::Khon]).expect("ending"));
    assert_eq!((khon.won[0], khon.longest_plies[0]), (162, 7));
    let ma = tb.stats(Ending::new(&[Role::Ma]).expect("ending"));
    assert_eq!(ma.won, [0, 0]);
}

#[test]
fn khon_and_met_figures() {
    // the earlier solver: 86% won, up to 57 moves
    let mut tb = Tablebase::new();
    let s = tb.stats(Ending::new(&[Role::Khon, Role::Met]).expect("ending"));
    assert_eq!(s.longest_plies[0], 113);
    assert_eq!(s.won[0] * 1000 / s.positions[0], 857);
    assert_eq!(s.bytes, 8 << 20);
}
