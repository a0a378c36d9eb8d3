//! Resuming a match from its PGN file: the games it already holds are read back (their
//! number, colours, opening and result) and checked against the match being resumed, so that
//! the rest is played with the same openings and colours in the same order as one run.
//!
//! Game `n` (from 1) of a match starts from opening `(n - 1) / 2` of the set (cycled), with
//! engine 1 White when `n` is odd ([`scheduled`]); `makruk-match` writes that number as the
//! game's `Round` tag.

use makruk::{Position, Variant};

/// The opening (its index in the set) and whether engine 1 has White in game `number` (from
/// 1) of a match over `openings` openings.
pub fn scheduled(number: usize, openings: usize) -> (usize, bool) {
    let i = number - 1;
    ((i / 2) % openings.max(1), i.is_multiple_of(2))
}

/// A game of the PGN file, as the resumed match counts it.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldGame {
    /// Its number in the match (the `Round` tag).
    pub number: usize,
    /// Engine 1's score: 1, 0.5 or 0.
    pub first_score: f64,
    /// The game's text as written (ending with a blank line).
    pub pgn: String,
}

/// What a match being resumed must match: the engines' names, its openings (FENs in the
/// variant) and its number of games.
pub struct Schedule<'a> {
    pub names: [&'a str; 2],
    pub openings: &'a [String],
    pub variant: Variant,
    pub games: usize,
}

/// The tags of one game's text and whether its moves end with its result (a game cut short
/// by a stop while it was being written does not).
fn tags_of(text: &str) -> (Vec<(&str, &str)>, bool) {
    let mut tags = Vec::new();
    let mut last_word = "";
    for line in text.lines().map(str::trim) {
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if let Some((name, value)) = inner.split_once(' ') {
                tags.push((name, value.trim().trim_matches('"')));
            }
        } else if let Some(w) = line.split_whitespace().last() {
            last_word = w;
        }
    }
    let result = tags.iter().find(|(n, _)| *n == "Result").map(|t| t.1);
    (tags, result.is_some_and(|r| r == last_word))
}

/// Splits a PGN text into games, each starting at its `[Event` tag.
fn split_games(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("[Event ") || games.is_empty() {
            games.push(String::new());
        }
        if let Some(g) = games.last_mut() {
            g.push_str(line);
        }
    }
    games.retain(|g| !g.trim().is_empty());
    games
}

/// The same position written the same way (an opening file may write its counters
/// differently from the PGN's `FEN` tag).
fn normal_fen(fen: &str, variant: Variant) -> Option<String> {
    Position::from_fen_variant(fen, variant)
        .ok()
        .map(|p| p.fen())
}

/// Checks one complete game of the file against the schedule: its number, its colours and
/// its opening.
fn check_game(tags: &[(&str, &str)], schedule: &Schedule) -> Result<HeldGame, String> {
    let tag = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|t| t.1);
    let round = tag("Round").unwrap_or("?");
    let number = round
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or(format!("a game has Round \"{round}\", not a game number"))?;
    if number > schedule.games {
        return Err(format!(
            "game {number} is beyond the {} games asked (--games)",
            schedule.games
        ));
    }
    let (opening, first_white) = scheduled(number, schedule.openings.len());
    let [one, two] = schedule.names;
    let (white, black) = if first_white { (one, two) } else { (two, one) };
    let (w, b) = (tag("White").unwrap_or("?"), tag("Black").unwrap_or("?"));
    if (w, b) != (white, black) {
        return Err(format!(
            "game {number} was {w} - {b}; this match plays it {white} - {black} \
             (the same engines' names, -n1/-n2, in the same order?)"
        ));
    }
    let start = match tag("FEN") {
        Some(fen) => normal_fen(fen, schedule.variant),
        None => Some(Position::startpos_variant(schedule.variant).fen()),
    };
    let expected = normal_fen(&schedule.openings[opening], schedule.variant);
    if start.is_none() || start != expected {
        return Err(format!(
            "game {number} started from {}; this match starts it from opening {} ({}) \
             (the same --openings and --variant?)",
            start.unwrap_or_else(|| "a position not of this variant".to_string()),
            opening + 1,
            schedule.openings[opening]
        ));
    }
    let white_score = match tag("Result") {
        Some("1-0") => 1.0,
        Some("0-1") => 0.0,
        Some("1/2-1/2") => 0.5,
        r => return Err(format!("game {number} has no result ({r:?})")),
    };
    Ok(HeldGame {
        number,
        first_score: if first_white {
            white_score
        } else {
            1.0 - white_score
        },
        pgn: String::new(),
    })
}

/// The finished games of a match's PGN `text`, checked against `schedule`, in the order of
/// their numbers; a last game cut short (its moves not ending with its result) is left out,
/// to be played again. A game of another match (other engines, openings or colours), a game
/// number found twice or past `--games` is an error that names the game.
pub fn held_games(text: &str, schedule: &Schedule) -> Result<Vec<HeldGame>, String> {
    let mut held: Vec<HeldGame> = Vec::new();
    for game in split_games(text) {
        let (tags, complete) = tags_of(&game);
        if !complete {
            continue;
        }
        let mut g = check_game(&tags, schedule)?;
        if held.iter().any(|h| h.number == g.number) {
            return Err(format!("game {} is in the file twice", g.number));
        }
        g.pgn = game.trim_end().to_string() + "\n\n";
        held.push(g);
    }
    held.sort_by_key(|g| g.number);
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "rnsmksn1/2r5/ppppppp1/6Pp/8/PPPPPP1P/5S2/RNSKM1NR w - - 1 4";
    const B: &str = "rns2knr/2m1s3/pppppppp/8/2P5/PP1PPPPP/1S1K4/RN2MSNR w - - 1 4";

    fn game(round: usize, white: &str, black: &str, fen: &str, result: &str) -> String {
        format!(
            "[Event \"makruk-match\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n\
             1. e4 {result}\n\n"
        )
    }

    fn schedule(openings: &[String]) -> Schedule<'_> {
        Schedule {
            names: ["new", "old"],
            openings,
            variant: Variant::Makruk,
            games: 8,
        }
    }

    #[test]
    fn games_follow_openings_in_pairs_with_both_colours() {
        let order: Vec<_> = (1..=6).map(|n| scheduled(n, 2)).collect();
        assert_eq!(
            order,
            [
                (0, true),
                (0, false),
                (1, true),
                (1, false),
                (0, true),
                (0, false)
            ]
        );
    }

    #[test]
    fn held_games_count_for_engine_one_and_a_cut_game_is_left_out() {
        let openings = [A.to_string(), B.to_string()];
        let cut = game(4, "old", "new", B, "1-0");
        let text = game(2, "old", "new", A, "1-0")
            + &game(1, "new", "old", A, "1/2-1/2")
            + &game(3, "new", "old", B, "1-0")
            + &cut.replace("e4 1-0", "e4");
        let held = held_games(&text, &schedule(&openings)).unwrap();
        let got: Vec<_> = held.iter().map(|g| (g.number, g.first_score)).collect();
        assert_eq!(got, [(1, 0.5), (2, 0.0), (3, 1.0)]);
        assert!(held[0].pgn.starts_with("[Event") && held[0].pgn.ends_with("1/2-1/2\n\n"));
    }

    #[test]
    fn a_game_of_another_match_is_named() {
        let openings = [A.to_string(), B.to_string()];
        let err = |text: String| held_games(&text, &schedule(&openings)).unwrap_err();
        assert!(err(game(3, "new", "old", A, "1-0")).starts_with("game 3 started from "));
        assert!(err(game(2, "new", "old", A, "1-0")).starts_with("game 2 was new - old"));
        assert!(err(game(9, "new", "old", A, "1-0")).contains("beyond the 8 games"));
        let twice = game(1, "new", "old", A, "1-0").repeat(2);
        assert_eq!(err(twice), "game 1 is in the file twice");
        assert!(err(game(0, "new", "old", A, "1-0")).contains("not a game number"));
    }
}
