//! The rule sets, named as Fairy-Stockfish names them: Makruk (the default); Ouk Chatrang,
//! Cambodian chess (`cambodian`: Makruk plus the Khun's one leap, the Met's double step and
//! Cambodian counting, see docs/rules.md); and the two tie-break games, Makpong (Makruk, a Khun in
//! check may only capture the checking piece) and Kar Ouk (`karouk`: Ouk Chatrang, the first
//! check wins).

use crate::types::shorten;
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
