//! Puzzles: positions where exactly one move wins clearly, as the engine judges them.
//!
//! A position is a puzzle when exactly one move wins clearly, as a two-line search sees it
//! (the second line is the best alternative, that is, the best move excluded):
//! - a mate, where no other move mates (lichess's rule: another move may keep a material
//!   advantage, but a mate puzzle asks for the mate);
//! - or a score of at least [`WIN_CP`] centi-Bia (the evaluation's unit: a Bia is worth
//!   about 100), where the best alternative does not win clearly and keeps at least
//!   [`GAIN_CP`] less: two Bia's worth.
//!
//! The puzzle file has one puzzle a line, fields separated by `;`:
//!
//! ```text
//! id;FEN;solution;rating;themes
//! k3qv;8/5k2/... w - - 0 31;e2e6 f7f8 e6e8;1450;mate2,fork
//! ```
//!
//! The solution is in UCI moves, the solver's moves and the opponent's replies in turn, and
//! always ends with a solver's move. The rating is the difficulty on a chess-like scale, from
//! how many nodes the engine needs before it settles on the first move ([`rating`]).

use makruk::attacks::{
    bia_attacks, khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks,
};
use makruk::search::{Limits, NoClock, Score, Searcher};
use makruk::training::SEE_VALUE;
use makruk::{Bitboard, Color, Move, Position, Role, Square};
use std::fmt;
use std::str::FromStr;

/// The least score of a clearly winning move, in centi-Bia.
pub const WIN_CP: i32 = 300;
/// How much less than the winning move the best alternative keeps, at least (two Bia); also
/// the least material that a solution which does not mate wins.
pub const GAIN_CP: i32 = 200;
/// The depth of the check that every puzzle of the file passes (and its test repeats).
pub const CHECK_DEPTH: u32 = 8;
/// The transposition table of the searches that judge, in megabytes: one size everywhere,
/// so that a check repeats exactly.
pub const HASH_MB: usize = 16;

/// Whether a score is a clear win for the side to move.
pub fn wins(score: Score) -> bool {
    match score {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) => cp >= WIN_CP,
    }
}

/// Whether a score is a mate for the side to move.
pub fn mates(score: Score) -> bool {
    matches!(score, Score::Mate(n) if n > 0)
}

/// Whether `best` is a mate and `second` is none, or `best` wins clearly and by [`GAIN_CP`]
/// more than `second`, which does not.
pub fn only_win(best: Score, second: Score) -> bool {
    match (best, second) {
        (Score::Mate(n), _) => n > 0 && !mates(second),
        (Score::Cp(a), Score::Cp(b)) => a >= WIN_CP && b < WIN_CP && a - b >= GAIN_CP,
        (Score::Cp(a), Score::Mate(n)) => a >= WIN_CP && n < 0,
    }
}

/// A searcher for judging: [`HASH_MB`], and every position searched, none answered from the
/// endgame tables (which give one line, not the two that are compared).
pub fn searcher() -> Searcher {
    let mut s = Searcher::new(HASH_MB);
    s.set_use_tablebase(false);
    s
}

/// The two best root moves of a search to `depth`.
#[derive(Clone, Debug, PartialEq)]
pub struct TopTwo {
    /// The best move's line.
    pub pv: Vec<Move>,
    /// Its score.
    pub score: Score,
    /// The best alternative's score.
    pub second: Score,
}

impl TopTwo {
    /// The best move.
    pub fn best(&self) -> Move {
        self.pv[0]
    }

    /// Whether the best move wins clearly and no other move keeps as much.
    pub fn only_win(&self) -> bool {
        only_win(self.score, self.second)
    }
}

/// Searches `pos` to `depth` with two lines, going on from what `searcher` has learnt;
/// `None` when the position has fewer than two legal moves.
pub fn top_two(searcher: &mut Searcher, pos: &Position, depth: u32) -> Option<TopTwo> {
    let limits = Limits {
        multipv: 2,
        ..Limits::depth(depth)
    };
    let mut lines: [Option<(Score, Vec<Move>)>; 2] = [None, None];
    searcher.search(pos, &[], &limits, &mut NoClock, &mut |info| {
        if let Some(line) = lines.get_mut(info.multipv as usize - 1) {
            *line = Some((info.score, info.pv.clone()));
        }
    });
    let [Some((score, pv)), Some((second, _))] = lines else {
        return None;
    };
    (!pv.is_empty()).then_some(TopTwo { pv, score, second })
}

/// The check every puzzle passes: a fresh search to [`CHECK_DEPTH`] finds that `first`, and
/// only it, wins clearly in `pos`. The error says what failed.
pub fn check(searcher: &mut Searcher, pos: &Position, first: Move) -> Result<TopTwo, String> {
    searcher.clear();
    let top = top_two(searcher, pos, CHECK_DEPTH).ok_or("fewer than two legal moves")?;
    if top.best() != first {
        return Err(format!("the engine's move is {}", top.best()));
    }
    if !top.only_win() {
        return Err(format!(
            "not the only clear win: {} against {}",
            top.score, top.second
        ));
    }
    Ok(top)
}

/// What the puzzle file's test asks of each puzzle: its position reads, its solution is
/// legal from it (the game not over before its end), a mate's solution ends in mate, and the
/// first move passes [`check`].
pub fn verify(searcher: &mut Searcher, puzzle: &Puzzle) -> Result<(), String> {
    let root = Position::from_fen(&puzzle.fen).map_err(|e| e.to_string())?;
    let mut pos = root;
    let mut first = None;
    for uci in &puzzle.moves {
        if pos.outcome().is_some() {
            return Err(format!("the game is over before {uci}"));
        }
        let m = makruk::parse_uci(&pos, uci).map_err(|e| e.to_string())?;
        first.get_or_insert(m);
        pos.play(m);
    }
    let mate = puzzle
        .themes
        .iter()
        .any(|t| ["mate1", "mate2", "mate3+"].contains(&t.as_str()));
    if mate && !(pos.in_check() && pos.legal_moves().is_empty()) {
        return Err("a mate's solution that does not mate".into());
    }
    check(searcher, &root, first.ok_or("no solution")?).map(|_| ())
}

/// The difficulty: `400 + 100 log2(nodes)`, rounded to tens, where `nodes` is what a fresh
/// search to `depth` has spent when it settles on `solution` (its best move at that depth
/// and every deeper one). A move found by the first iterations rates 500 to 1000; one that
/// needs a million nodes, 2400.
pub fn rating(searcher: &mut Searcher, pos: &Position, solution: Move, depth: u32) -> u32 {
    searcher.clear();
    let mut settled_at: Option<u64> = None;
    searcher.search(
        pos,
        &[],
        &Limits::depth(depth),
        &mut NoClock,
        &mut |info| match info.pv.first() {
            Some(&m) if m == solution => {
                settled_at.get_or_insert(info.nodes.max(2));
            }
            _ => settled_at = None,
        },
    );
    let nodes = settled_at.unwrap_or(1 << 24) as f64;
    ((400.0 + 100.0 * nodes.log2()) / 10.0).round() as u32 * 10
}

/// The squares the piece on `sq` attacks.
fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    match piece.role {
        Role::Bia => bia_attacks(piece.color, sq),
        Role::Ma => ma_attacks(sq),
        Role::Khon => khon_attacks(piece.color, sq),
        Role::Ruea => ruea_attacks(sq, pos.occupied()),
        Role::Met => met_attacks(sq),
        Role::Khun => khun_attacks(sq),
    }
}

fn value(pos: &Position, sq: Square) -> i32 {
    pos.role_at(sq).map_or(0, |r| SEE_VALUE[r.index()])
}

/// `color`'s material less its opponent's, in centi-Bia ([`SEE_VALUE`]; a promoted Bia
/// counts as the Met it is).
pub fn material(pos: &Position, color: Color) -> i32 {
    let side = |c: Color| -> i32 {
        pos.by_color(c)
            .map(|sq| match pos.role_at(sq) {
                Some(Role::Khun) | None => 0,
                Some(r) => SEE_VALUE[r.index()],
            })
            .sum()
    };
    side(color) - side(color.other())
}

/// A fork: after `m`, the piece that moved attacks two or more enemy pieces each of which is
/// the Khun, worth more than it, or undefended.
pub fn is_fork(before: &Position, m: Move) -> bool {
    let mut pos = *before;
    pos.play(m);
    let us = before.turn();
    let them = us.other();
    let mover = value(&pos, m.to());
    let targets = attacks_from(&pos, m.to()) & pos.by_color(them);
    let worth = targets
        .filter(|&t| {
            let defended = (pos.attackers_to(t, pos.occupied()) & pos.by_color(them)).any();
            pos.role_at(t) == Some(Role::Khun) || value(&pos, t) > mover || !defended
        })
        .count();
    worth >= 2
}

/// A pin: after `m`, a Ruea that moved attacks an enemy piece with the enemy Khun, or a
/// piece worth more, behind it on the same line.
pub fn is_pin(before: &Position, m: Move) -> bool {
    let mut pos = *before;
    pos.play(m);
    if pos.role_at(m.to()) != Some(Role::Ruea) {
        return false;
    }
    let them: Color = before.turn().other();
    let from = m.to();
    let mut front = ruea_attacks(from, pos.occupied()) & pos.by_color(them);
    // (Bitboard's own `any` asks whether it is empty)
    Iterator::any(&mut front, |p| {
        if pos.role_at(p) == Some(Role::Khun) {
            return false;
        }
        let mut beyond = ruea_attacks(from, pos.occupied() ^ Bitboard::from(p))
            & pos.by_color(them)
            & makruk::attacks::line(from, p);
        Iterator::any(&mut beyond, |b| {
            b != p
                && (makruk::attacks::between(from, b) & Bitboard::from(p)).any()
                && value(&pos, b) > value(&pos, p)
        })
    })
}

/// Why a puzzle line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePuzzleError(String);

impl fmt::Display for ParsePuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad puzzle line: {}", self.0)
    }
}

impl std::error::Error for ParsePuzzleError {}

/// One puzzle, as a line of the puzzle file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short stable name: the position's hash in base 36.
    pub id: String,
    /// The position, the solver to move.
    pub fen: String,
    /// The solution in UCI moves: the solver's, the opponent's reply, the solver's...
    pub moves: Vec<String>,
    /// The difficulty.
    pub rating: u32,
    /// The themes (`mate1`, `mate2`, `mate3+`, `material`, `promotion`, `counting`, `fork`,
    /// `pin`).
    pub themes: Vec<String>,
}

impl Puzzle {
    /// The id of a position: six base-36 digits of its hash.
    pub fn id_of(pos: &Position) -> String {
        let mut h = pos.hash() % 36u64.pow(6);
        let mut id = [b'0'; 6];
        for d in id.iter_mut().rev() {
            *d = b"0123456789abcdefghijklmnopqrstuvwxyz"[(h % 36) as usize];
            h /= 36;
        }
        String::from_utf8_lossy(&id).into_owned()
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{};{};{};{};{}",
            self.id,
            self.fen,
            self.moves.join(" "),
            self.rating,
            self.themes.join(",")
        )
    }
}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let fields: Vec<&str> = line.trim_end().split(';').collect();
        let [id, fen, moves, rating, themes] = fields[..] else {
            return Err(ParsePuzzleError(format!("{} fields, not 5", fields.len())));
        };
        let moves: Vec<String> = moves.split_whitespace().map(str::to_owned).collect();
        if id.is_empty() || moves.len().is_multiple_of(2) {
            return Err(ParsePuzzleError(
                "no id, or not an odd number of moves".into(),
            ));
        }
        Ok(Puzzle {
            id: id.to_owned(),
            fen: fen.to_owned(),
            moves,
            rating: rating
                .parse()
                .map_err(|_| ParsePuzzleError(format!("rating {rating:?}")))?,
            themes: themes.split(',').map(str::to_owned).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, uci: &str) -> Move {
        makruk::parse_uci(pos, uci).expect("a legal test move")
    }

    #[test]
    fn a_line_reads_back() {
        let line = "k3qv;8/8/8/8/8/8/8/K6k w - - 0 1;a1a2 h1h2 a2a3;1450;mate2,fork";
        let p: Puzzle = line.parse().expect("a puzzle");
        assert_eq!(p.moves.len(), 3);
        assert_eq!(p.to_string(), line);
        assert!("a;b;c d;1;x".parse::<Puzzle>().is_err());
        assert!("a;b;c;x;y".parse::<Puzzle>().is_err());
    }

    #[test]
    fn only_one_clear_win() {
        assert!(only_win(Score::Cp(300), Score::Cp(100)));
        assert!(!only_win(Score::Cp(300), Score::Cp(101)));
        assert!(!only_win(Score::Cp(299), Score::Cp(0)));
        assert!(!only_win(Score::Cp(900), Score::Cp(300)));
        assert!(only_win(Score::Mate(3), Score::Cp(299)));
        assert!(only_win(Score::Mate(3), Score::Cp(900)));
        assert!(!only_win(Score::Mate(-3), Score::Cp(-900)));
        assert!(!only_win(Score::Mate(1), Score::Mate(2)));
        assert!(only_win(Score::Cp(400), Score::Mate(-5)));
    }

    #[test]
    fn mate_in_one_is_the_only_win() {
        // Rh8# and nothing else wins: otherwise Black is a Ma up
        let pos = Position::from_fen("k7/8/1K6/8/8/8/rn6/7R w - - 0 1").expect("FEN");
        let mut s = searcher();
        assert!(check(&mut s, &pos, mv(&pos, "h1h8")).is_ok());
        assert!(check(&mut s, &pos, mv(&pos, "h1h7")).is_err());
        assert!(rating(&mut s, &pos, mv(&pos, "h1h8"), 6) < 1200);
    }

    #[test]
    fn forks_and_pins() {
        // the Ma forks Khun and Ruea from c7
        let pos = Position::from_fen("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1").expect("FEN");
        assert!(is_fork(&pos, mv(&pos, "b5c7")));
        assert!(!is_fork(&pos, mv(&pos, "b5d4")));
        // the Ruea pins the Ma to the Khun on the e-file
        let pos = Position::from_fen("4k3/8/4n3/8/8/8/8/R5K1 w - - 0 1").expect("FEN");
        assert!(is_pin(&pos, mv(&pos, "a1e1")));
        assert!(!is_pin(&pos, mv(&pos, "a1a6")));
    }
}
