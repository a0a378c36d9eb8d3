//! The rule sets, named as Fairy-Stockfish names them: Makruk (the default); Ouk Chatrang,
//! Cambodian chess (`cambodian`: Makruk plus the Khun's one leap, the Met's double step and
//! Cambodian counting, see docs/rules.md); and the two tie-break games, Makpong (Makruk, a Khun in
//! check may only capture the checking piece) and Kar Ouk (`karouk`: Ouk Chatrang, the first
//! check wins).

use crate::types::shorten;
use crate::Color;
use std::fmt;
use std::str::FromStr;

/// Which rules a position follows. Carried by every `Position`; Makruk is the default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Makruk, Thai chess: no special first moves.
    #[default]
    Makruk,
    /// Ouk Chatrang, Cambodian chess: while they have not moved, the Khun may leap once like
    /// a Ma to the rank in front and the Met may step two squares straight forward; Cambodian
    /// counting.
    Cambodian,
    /// Makpong, Makruk's tie-break game: a Khun in check may move only to capture the piece
    /// giving check.
    Makpong,
    /// Kar Ouk: Ouk Chatrang in which the first check wins.
    KarOuk,
}

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 4] = [
        Variant::Makruk,
        Variant::Cambodian,
        Variant::Makpong,
        Variant::KarOuk,
    ];

    /// The name used by UCI's `UCI_Variant`, PGN's `Variant` tag and the wasm API.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Makruk => "makruk",
            Variant::Cambodian => "cambodian",
            Variant::Makpong => "makpong",
            Variant::KarOuk => "karouk",
        }
    }

    /// Whether the Khun's leap and the Met's double step exist (Ouk Chatrang's rights).
    pub const fn has_rights(self) -> bool {
        matches!(self, Variant::Cambodian | Variant::KarOuk)
    }

    /// Whether counting follows the Cambodian rules (docs/rules.md, "Ouk Chatrang").
    pub const fn cambodian_counting(self) -> bool {
        matches!(self, Variant::Cambodian | Variant::KarOuk)
    }

    /// Makpong: a Khun in check may move only to capture the checking piece.
    pub const fn khun_only_captures_checker(self) -> bool {
        matches!(self, Variant::Makpong)
    }

    /// Kar Ouk: a check wins (the FEN carries the checks each side has left, `1+1`).
    pub const fn check_wins(self) -> bool {
        matches!(self, Variant::KarOuk)
    }

    /// The start position's FEN (the same placement; Ouk Chatrang adds the rights `DEde`,
    /// Kar Ouk also the checks left).
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Makruk | Variant::Makpong => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
            Variant::Cambodian => "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
            Variant::KarOuk => "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
        }
    }

    /// The rank, counted from its own side (1 to 8), on which a Bia is promoted to a Met: the
    /// sixth in every variant (White's rank 6, Black's rank 3).
    pub const fn promotion_rank(self) -> u8 {
        6
    }

    /// The variant of a tied match's tie-break games: Makpong after Makruk or Makpong, Kar Ouk
    /// after Ouk Chatrang or Kar Ouk.
    pub const fn tie_break(self) -> Variant {
        match self {
            Variant::Makruk | Variant::Makpong => Variant::Makpong,
            Variant::Cambodian | Variant::KarOuk => Variant::KarOuk,
        }
    }

    /// The handicap starts this variant offers (docs/rules.md): Makruk's, for the variants
    /// that start from its position (Makruk, Makpong); none for the others.
    pub const fn handicaps(self) -> &'static [Handicap] {
        match self {
            Variant::Makruk | Variant::Makpong => &Handicap::ALL,
            _ => &[],
        }
    }
}

/// A handicap start of Makruk and Makpong (docs/rules.md): the side giving odds starts without a Met, a
/// Khon (the one beside its Met), a Ma (on the Khun's far wing), or with a Ruea replaced by a
/// Met. White moves first in each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// Without the Met.
    NoMet,
    /// Without the Khon beside the Met.
    NoKhon,
    /// Without the Ma on the Khun's far wing.
    NoMa,
    /// A Ruea (on the Khun's far wing) replaced by a Met.
    RueaMet,
}

impl Handicap {
    /// Every handicap, the smallest odds last.
    pub const ALL: [Handicap; 4] = [
        Handicap::NoMet,
        Handicap::NoKhon,
        Handicap::NoMa,
        Handicap::RueaMet,
    ];

    /// The page's name: `noMet`, `noKhon`, `noMa`, `rueaMet`.
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::NoMet => "noMet",
            Handicap::NoKhon => "noKhon",
            Handicap::NoMa => "noMa",
            Handicap::RueaMet => "rueaMet",
        }
    }

    /// The start position's FEN when `giver` gives these odds.
    pub const fn fen(self, giver: Color) -> &'static str {
        match (giver, self) {
            (Color::White, Handicap::NoMet) => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1"
            }
            (Color::White, Handicap::NoKhon) => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKM1NR w - - 0 1"
            }
            (Color::White, Handicap::NoMa) => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMS1R w - - 0 1"
            }
            (Color::White, Handicap::RueaMet) => {
                "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNM w - - 0 1"
            }
            (Color::Black, Handicap::NoMet) => {
                "rns1ksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
            (Color::Black, Handicap::NoKhon) => {
                "rn1mksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
            (Color::Black, Handicap::NoMa) => {
                "r1smksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
            (Color::Black, Handicap::RueaMet) => {
                "mnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name other than `makruk`, `cambodian`, `makpong` and `karouk`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError {
    /// The text that was read (shortened if very long).
    pub found: String,
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected 'makruk', 'cambodian', 'makpong' or 'karouk')",
            self.found
        )
    }
}

impl std::error::Error for ParseVariantError {}

/// Reads `makruk`, `cambodian`, `makpong` or `karouk` (exactly, as UCI and PGN write them).
impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| ParseVariantError { found: shorten(s) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Role, Square};

    /// Each handicap is Makruk's start with the giver's one piece taken away (or, a Ruea's
    /// odds, turned into a Met), at the square its name says.
    #[test]
    fn handicaps_differ_from_the_start_by_their_one_piece() {
        let start = Position::startpos();
        for giver in Color::ALL {
            for h in Variant::Makruk.handicaps() {
                let pos = Position::from_fen(h.fen(giver)).unwrap();
                let changed: Vec<Square> = Square::all()
                    .filter(|&sq| pos.piece_at(sq) != start.piece_at(sq))
                    .collect();
                assert_eq!(changed.len(), 1, "{} of {giver:?}", h.name());
                let sq = changed[0];
                let home = |file: &str| {
                    let rank = if giver == Color::White { "1" } else { "8" };
                    format!("{file}{rank}").parse::<Square>().unwrap()
                };
                let (file, now) = match h {
                    Handicap::NoMet if giver == Color::White => ("e", None),
                    Handicap::NoMet => ("d", None),
                    Handicap::NoKhon if giver == Color::White => ("f", None),
                    Handicap::NoKhon => ("c", None),
                    Handicap::NoMa if giver == Color::White => ("g", None),
                    Handicap::NoMa => ("b", None),
                    Handicap::RueaMet if giver == Color::White => ("h", Some(Role::Met)),
                    Handicap::RueaMet => ("a", Some(Role::Met)),
                };
                assert_eq!(sq, home(file), "{} of {giver:?}", h.name());
                assert_eq!(start.piece_at(sq).map(|p| p.color), Some(giver));
                assert_eq!(pos.role_at(sq), now, "{} of {giver:?}", h.name());
                assert_eq!(pos.turn(), Color::White);
            }
        }
        for v in Variant::ALL {
            let from_makruks_start = v.start_fen() == Variant::Makruk.start_fen();
            assert_eq!(v.handicaps().is_empty(), !from_makruks_start, "{v}");
        }
    }

    #[test]
    fn tie_breaks_stay_in_their_family() {
        assert_eq!(Variant::Makruk.tie_break(), Variant::Makpong);
        assert_eq!(Variant::Makpong.tie_break(), Variant::Makpong);
        assert_eq!(Variant::Cambodian.tie_break(), Variant::KarOuk);
        assert_eq!(Variant::KarOuk.tie_break(), Variant::KarOuk);
        for v in Variant::ALL {
            assert_eq!(v.tie_break().has_rights(), v.has_rights());
        }
    }

    #[test]
    fn names_round_trip_and_others_are_named_in_the_error() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string(), v.name());
        }
        assert_eq!(Variant::default(), Variant::Makruk);
        let e = "ouk".parse::<Variant>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown variant 'ouk' (expected 'makruk', 'cambodian', 'makpong' or 'karouk')"
        );
    }
}
