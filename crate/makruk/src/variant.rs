//! The rule sets: Makruk (the default) and Ouk Chatrang, Cambodian chess (Fairy-Stockfish's
//! `cambodian`: Makruk plus the Khun's one leap and the Met's double step, see docs/rules.md).

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
    /// a Ma to the rank in front and the Met may step two squares straight forward.
    Cambodian,
}

impl Variant {
    /// Both variants, the default first.
    pub const ALL: [Variant; 2] = [Variant::Makruk, Variant::Cambodian];

    /// The name used by UCI's `UCI_Variant`, PGN's `Variant` tag and the wasm API.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Makruk => "makruk",
            Variant::Cambodian => "cambodian",
        }
    }

    /// Whether the Khun's leap and the Met's double step exist (Ouk Chatrang's rights).
    pub const fn has_rights(self) -> bool {
        matches!(self, Variant::Cambodian)
    }

    /// Whether counting follows the Cambodian rules (docs/rules.md, "Ouk Chatrang").
    pub const fn cambodian_counting(self) -> bool {
        matches!(self, Variant::Cambodian)
    }

    /// The start position's FEN (the same placement; Ouk Chatrang adds the rights `DEde`).
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Makruk => "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
            Variant::Cambodian => "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is neither `makruk` nor `cambodian`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError {
    /// The text that was read (shortened if very long).
    pub found: String,
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected 'makruk' or 'cambodian')",
            self.found
        )
    }
}

impl std::error::Error for ParseVariantError {}

/// Reads `makruk` or `cambodian` (exactly, as UCI and PGN write them).
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
            "unknown variant 'ouk' (expected 'makruk' or 'cambodian')"
        );
    }
}
