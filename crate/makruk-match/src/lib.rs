//! What the crate's tools share: random openings for self-play ([`opening`]) and the puzzle
//! criterion with the puzzle file's line format ([`puzzle`]), which the puzzle file's test
//! checks too.

pub mod opening;
pub mod puzzle;
