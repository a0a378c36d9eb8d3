//! The engine's answer to a draw offer (docs/engine-worker.md, "A draw offered to the
//! engine"): it accepts when it can no longer win (no material to mate with, or the endgame
//! tables say the count runs out before its mate), or after move 20 when its search scores
//! the position within ±0.3 Bia for either side. A mate score is never even.

use super::Score;
use crate::tablebase::Tablebase;
use crate::{Color, Position};

/// The move after which an even position may be drawn by agreement.
pub const DRAW_AFTER_MOVE: u32 = 20;
/// The widest score, in centi-Bia for either side, that the engine calls even.
pub const DRAW_MARGIN_CP: i32 = 30;

/// Whether `side` can no longer win in `pos`: it has no material to mate with, or the endgame
/// tables (built when needed) say that the count runs out before its mate.
pub fn win_impossible(pos: &Position, side: Color, tables: &mut Tablebase) -> bool {
    if !pos.can_mate(side) {
        return true;
    }
    matches!(tables.probe(pos), Some(p) if p.strong == side && !p.won_within_count)
}

/// Whether the engine playing `side` accepts a draw in `pos`, its search's `score` of `pos`
/// given (the sign does not matter: the margin is the same for either side).
///
/// ```
/// use makruk::search::{accepts_draw, Score};
/// use makruk::{Color, Position, Tablebase};
///
/// let mut tables = Tablebase::new();
/// let start = Position::startpos();
/// // move 1: too early, even when even
/// assert!(!accepts_draw(&start, Color::Black, Score::Cp(0), &mut tables));
/// let later = Position::from_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 21").unwrap();
/// assert!(accepts_draw(&later, Color::Black, Score::Cp(-30), &mut tables));
/// assert!(!accepts_draw(&later, Color::Black, Score::Cp(31), &mut tables));
/// ```
pub fn accepts_draw(pos: &Position, side: Color, score: Score, tables: &mut Tablebase) -> bool {
    if win_impossible(pos, side, tables) {
        return true;
    }
    pos.fullmove() > DRAW_AFTER_MOVE && matches!(score, Score::Cp(cp) if cp.abs() <= DRAW_MARGIN_CP)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_side_that_cannot_win_accepts_at_any_move_and_score() {
        let mut tables = Tablebase::new();
        // Black has a bare Khun: it cannot mate
        let bare = pos("8/8/8/3k4/8/8/PPP5/K6R w - - 0 3");
        assert!(accepts_draw(
            &bare,
            Color::Black,
            Score::Cp(-900),
            &mut tables
        ));
        // White, with its Ruea, can: early and far ahead, it refuses
        assert!(!accepts_draw(
            &bare,
            Color::White,
            Score::Cp(900),
            &mut tables
        ));
    }

    #[test]
    fn the_count_that_leaves_no_time_for_the_mate_makes_the_win_impossible() {
        let mut tables = Tablebase::new();
        // two Ruea against a bare Khun, and the count about to run out (the search's test)
        let counted = pos("7k/8/8/8/8/8/1R6/R3K3 w - 16 16 80");
        assert!(
            win_impossible(&counted, Color::White, &mut tables),
            "the count runs out first"
        );
        assert!(accepts_draw(
            &counted,
            Color::White,
            Score::Cp(500),
            &mut tables
        ));
        // a Ruea and time enough: the win is possible
        let fresh = pos("7k/8/8/8/8/8/8/R3K3 w - - 0 80");
        assert!(!win_impossible(&fresh, Color::White, &mut tables));
    }

    #[test]
    fn after_move_20_the_margin_decides_and_a_mate_is_never_even() {
        let mut tables = Tablebase::new();
        let p = pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 21");
        assert!(accepts_draw(
            &p,
            Color::White,
            Score::Cp(DRAW_MARGIN_CP),
            &mut tables
        ));
        assert!(!accepts_draw(
            &p,
            Color::White,
            Score::Cp(DRAW_MARGIN_CP + 1),
            &mut tables
        ));
        assert!(!accepts_draw(
            &p,
            Color::White,
            Score::Mate(-5),
            &mut tables
        ));
        let at_20 = pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 20");
        assert!(!accepts_draw(
            &at_20,
            Color::White,
            Score::Cp(0),
            &mut tables
        ));
    }
}
