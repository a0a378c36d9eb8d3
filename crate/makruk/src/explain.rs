//! Why a move is not legal, in the terms a beginner learns the rules in (the lessons' "the Ma
//! does not move that way", "the path is blocked", "your Khun would be in check"). The legal
//! moves stay the judge: a move is explained only when `legal_moves` does not hold it, and
//! the reason is found by the same attack tables and by playing the move on a copy.

use crate::attacks::{
    bia_attacks, khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rights::{khun_leap_targets, met_double_step, RIGHTS};
use crate::types::{Move, Role, Square};
use std::fmt;

/// Why a move from one square to another is not legal for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No piece stands on the from-square.
    NoPiece,
    /// The piece there is the other side's: it is not its turn.
    NotYourTurn,
    /// One of the mover's own pieces stands on the to-square.
    OwnPiece,
    /// The piece never moves from there to there, on any board.
    NotThatWay(Role),
    /// A Bia steps one square only (it has no double step).
    BiaOneStep,
    /// A Bia captures diagonally only: a piece straight ahead stops it.
    BiaCapturesDiagonally,
    /// A Bia goes diagonally only to capture.
    BiaDiagonalOnlyToCapture,
    /// A piece stands between (a Ruea does not jump).
    Blocked,
    /// Ouk Chatrang: the Khun's leap or the Met's double step (by the role) is no longer
    /// allowed (the piece has moved, or lost it otherwise).
    FirstMoveGone(Role),
    /// Ouk Chatrang: the Khun's leap or the Met's double step goes to an empty square only.
    FirstMoveNoCapture(Role),
    /// Ouk Chatrang: the Khun may not leap out of check.
    LeapOutOfCheck,
    /// The Khun would stand on an attacked square.
    IntoCheck,
    /// The Khun is in check and the move does not end it.
    StillInCheck,
    /// The move would open a line to the own Khun (the piece is pinned).
    ExposesKhun,
    /// Makpong: a Khun in check may move only to capture the piece that gives it.
    KhunMustCapture,
    /// The game is over: it takes no more moves ([`Game::why_illegal`](crate::Game::why_illegal);
    /// a position alone never says so).
    GameOver,
    /// Not legal for a reason this list does not name (never expected; a safe answer).
    Other,
}

impl Illegal {
    /// Every reason: each piece where the words differ by piece (the first moves'), one piece
    /// for `NotThatWay` (its words name the piece).
    pub const ALL: [Illegal; 19] = [
        Illegal::NoPiece,
        Illegal::NotYourTurn,
        Illegal::OwnPiece,
        Illegal::NotThatWay(Role::Ma),
        Illegal::BiaOneStep,
        Illegal::BiaCapturesDiagonally,
        Illegal::BiaDiagonalOnlyToCapture,
        Illegal::Blocked,
        Illegal::FirstMoveGone(Role::Khun),
        Illegal::FirstMoveGone(Role::Met),
        Illegal::FirstMoveNoCapture(Role::Khun),
        Illegal::FirstMoveNoCapture(Role::Met),
        Illegal::LeapOutOfCheck,
        Illegal::IntoCheck,
        Illegal::StillInCheck,
        Illegal::ExposesKhun,
        Illegal::KhunMustCapture,
        Illegal::GameOver,
        Illegal::Other,
    ];

    /// The reason's name for the bindings (`"notThatWay"`, `"blocked"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Illegal::NoPiece => "noPiece",
            Illegal::NotYourTurn => "notYourTurn",
            Illegal::OwnPiece => "ownPiece",
            Illegal::NotThatWay(_) => "notThatWay",
            Illegal::BiaOneStep => "biaOneStep",
            Illegal::BiaCapturesDiagonally => "biaCapturesDiagonally",
            Illegal::BiaDiagonalOnlyToCapture => "biaDiagonalOnlyToCapture",
            Illegal::Blocked => "blocked",
            Illegal::FirstMoveGone(_) => "firstMoveGone",
            Illegal::FirstMoveNoCapture(_) => "firstMoveNoCapture",
            Illegal::LeapOutOfCheck => "leapOutOfCheck",
            Illegal::IntoCheck => "intoCheck",
            Illegal::StillInCheck => "stillInCheck",
            Illegal::ExposesKhun => "exposesKhun",
            Illegal::KhunMustCapture => "khunMustCapture",
            Illegal::GameOver => "gameOver",
            Illegal::Other => "other",
        }
    }

    /// The piece the reason is about, where it names one.
    pub const fn role(self) -> Option<Role> {
        match self {
            Illegal::NotThatWay(r) | Illegal::FirstMoveGone(r) | Illegal::FirstMoveNoCapture(r) => {
                Some(r)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPiece => f.write_str("there is no piece on that square"),
            Illegal::NotYourTurn => f.write_str("that piece is the other side's"),
            Illegal::OwnPiece => f.write_str("an own piece stands there"),
            Illegal::NotThatWay(r) => write!(f, "the {r} does not move that way"),
            Illegal::BiaOneStep => f.write_str("a Bia steps one square at a time"),
            Illegal::BiaCapturesDiagonally => {
                f.write_str("a Bia captures diagonally, not straight ahead")
            }
            Illegal::BiaDiagonalOnlyToCapture => {
                f.write_str("a Bia moves diagonally only to capture")
            }
            Illegal::Blocked => f.write_str("a piece stands in the way"),
            Illegal::FirstMoveGone(Role::Khun) => f.write_str("the Khun may no longer leap"),
            Illegal::FirstMoveGone(_) => f.write_str("the Met may no longer step two squares"),
            Illegal::FirstMoveNoCapture(Role::Khun) => {
                f.write_str("the Khun's leap may not capture")
            }
            Illegal::FirstMoveNoCapture(_) => f.write_str("the Met's double step may not capture"),
            Illegal::LeapOutOfCheck => f.write_str("the Khun may not leap out of check"),
            Illegal::IntoCheck => f.write_str("the Khun would be in check there"),
            Illegal::StillInCheck => f.write_str("the Khun would still be in check"),
            Illegal::ExposesKhun => f.write_str("the move would leave the Khun in check"),
            Illegal::KhunMustCapture => {
                f.write_str("a Khun in check may only capture the piece that gives it")
            }
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::Other => f.write_str("the move is not legal"),
        }
    }
}

impl Position {
    /// Why the side to move may not move from `from` to `to`, or `None` when it may.
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<Illegal> {
        let us = self.turn();
        let piece = match self.piece_at(from) {
            None => return Some(Illegal::NoPiece),
            Some(p) if p.color != us => return Some(Illegal::NotYourTurn),
            Some(p) => p,
        };
        if self
            .legal_moves()
            .iter()
            .any(|m| m.from() == from && m.to() == to)
        {
            return None;
        }
        if self.by_color(us).contains(to) {
            return Some(Illegal::OwnPiece);
        }
        let role = piece.role;
        let theirs = self.by_color(us.other());
        let occ = self.occupied();
        let ahead = Bitboard::from_square(from).forward(us);
        // Ouk Chatrang's first moves: the Khun's leap from its start square, the Met's double step
        let right = RIGHTS
            .iter()
            .find(|r| r.color == us && r.role == role && r.square == from);
        let first_move = right.filter(|_| match role {
            Role::Khun => khun_leap_targets(us).contains(to),
            _ => met_double_step(us) == (from, to),
        });
        // a leap or a double step where no right allows one (Ouk Chatrang): the right is gone
        let live_right = right.is_some_and(|r| self.rights().has(r));
        let first_move_shape = match role {
            Role::Khun => ma_attacks(from).contains(to),
            Role::Met => ahead.forward(us).contains(to),
            _ => false,
        };
        if self.variant().has_rights() && first_move_shape && first_move.is_none() && !live_right {
            return Some(Illegal::FirstMoveGone(role));
        }
        let pattern = match role {
            Role::Khun => khun_attacks(from),
            Role::Met => met_attacks(from),
            Role::Ma => ma_attacks(from),
            Role::Khon => khon_attacks(us, from),
            Role::Ruea => ruea_attacks(from, Bitboard::EMPTY),
            Role::Bia => ahead | bia_attacks(us, from),
        };
        if let Some(right) = first_move.filter(|_| self.variant().has_rights()) {
            if !self.rights().has(right) {
                return Some(Illegal::FirstMoveGone(role));
            }
            if theirs.contains(to) {
                return Some(Illegal::FirstMoveNoCapture(role));
            }
            if role == Role::Khun && self.in_check() {
                return Some(Illegal::LeapOutOfCheck);
            }
        } else if !pattern.contains(to) {
            let two_ahead = Bitboard::from_square(from).forward(us).forward(us);
            return Some(if role == Role::Bia && two_ahead.contains(to) {
                Illegal::BiaOneStep
            } else {
                Illegal::NotThatWay(role)
            });
        } else if role == Role::Bia && ahead.contains(to) && occ.contains(to) {
            return Some(Illegal::BiaCapturesDiagonally);
        } else if role == Role::Bia && !ahead.contains(to) && !theirs.contains(to) {
            return Some(Illegal::BiaDiagonalOnlyToCapture);
        } else if role == Role::Ruea && !ruea_attacks(from, occ).contains(to) {
            return Some(Illegal::Blocked);
        }
        // the piece may go there: only the own Khun can forbid it
        let mut next = *self;
        next.play(Move::new(
            from,
            to,
            role == Role::Bia && to.relative_rank(us) >= 5,
        ));
        let safe = next
            .attackers_of(us.other(), next.khun(us), next.occupied())
            .is_empty();
        if safe
            && role == Role::Khun
            && self.in_check()
            && self.variant().khun_only_captures_checker()
        {
            Some(Illegal::KhunMustCapture)
        } else if safe {
            Some(Illegal::Other)
        } else if role == Role::Khun {
            Some(Illegal::IntoCheck)
        } else if self.in_check() {
            Some(Illegal::StillInCheck)
        } else {
            Some(Illegal::ExposesKhun)
        }
    }
}
