//! Matches between UCI Makruk engines: a UCI engine in a child process ([`uci`]), the referee
//! that plays a game between two of them with the project's own rules deciding legality and
//! the end (counting included) ([`play`]), and the statistics of a match: W/D/L, Elo with its
//! margin, SPRT ([`stats`]), and the games a match's PGN already holds when it is resumed
//! ([`resume`]). The `makruk-match` binary is the command line over them; the
//! training tools of `makruk-train` reuse the child process.

pub mod play;
pub mod resume;
pub mod stats;
pub mod uci;
