//! Thai notation (Thai SAN), written as Fairy-Stockfish writes it (pyffish 0.0.90's
//! `NOTATION_THAI_SAN`): the piece's Thai letter, then the from-square's file or rank where
//! SAN would need it, then `x` for a capture or `-` for a quiet move, then the target square
//! with a Thai file letter and a Thai digit, `=M` on a promotion and `+`/`#`. A Bia is written
//! as in SAN, with no letter and no dash (`จ๔`, `จxง๕`, `ข๖=M`).
//!
//! | piece | letter | | file | a | b | c | d | e | f | g | h |
//! |---|---|---|---|---|---|---|---|---|---|---|---|
//! | Khun | ข | | Thai | ก | ข | ค | ง | จ | ฉ | ช | ญ |
//! | Met | ม็ | | | | | | | | | | |
//! | promoted Bia | ง | | rank | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
//! | Khon | ค | | Thai | ๑ | ๒ | ๓ | ๔ | ๕ | ๖ | ๗ | ๘ |
//! | Ma | ม | | | | | | | | | | |
//! | Ruea | ร | | | | | | | | | | |

use crate::game::Game;
use crate::position::Position;
use crate::san::{check_suffix, disambiguation, Disambiguation};
use crate::types::{Move, Role, Square};

/// The Thai letters of the files a to h.
const FILES: [char; 8] = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'];
/// The Thai digits 1 to 8.
const RANKS: [char; 8] = ['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘'];

/// The Thai letter of a file (0 = a).
fn file(sq: Square) -> char {
    FILES[usize::from(sq.file())]
}

/// The Thai digit of a rank (0 = rank 1).
fn rank(sq: Square) -> char {
    RANKS[usize::from(sq.rank())]
}

/// The letter of the piece on `sq` (a Met that is a promoted Bia is `ง`, from เบี้ยหงาย).
fn letter(pos: &Position, role: Role, sq: Square) -> &'static str {
    match role {
        Role::Khun => "ข",
        Role::Met if pos.promoted().contains(sq) => "ง",
        Role::Met => "ม็",
        Role::Khon => "ค",
        Role::Ma => "ม",
        Role::Ruea => "ร",
        Role::Bia => "",
    }
}

/// The Thai notation of `m`, which must be legal in `pos` (otherwise its UCI form is
/// returned): `ร-ก๕`, `ม-ค๓`, `จxง๔`, `มคxง๖+`, `ข๖=M`.
pub fn to_thai_san(pos: &Position, m: Move) -> String {
    let Some(role) = pos.role_at(m.from()) else {
        return m.to_string();
    };
    let legal = pos.legal_moves();
    if !legal.contains(&m) {
        return m.to_string();
    }
    let (from, to) = (m.from(), m.to());
    let capture = pos.is_capture(m);
    let mut s = String::with_capacity(24);
    if role == Role::Bia {
        if capture {
            s.push(file(from));
            s.push('x');
        }
    } else {
        s.push_str(letter(pos, role, from));
        match disambiguation(pos, &legal, m) {
            Disambiguation::None => {}
            Disambiguation::File => s.push(file(from)),
            Disambiguation::Rank => s.push(rank(from)),
            Disambiguation::Square => s.extend([file(from), rank(from)]),
        }
        s.push(if capture { 'x' } else { '-' });
    }
    s.extend([file(to), rank(to)]);
    if m.is_promotion() {
        s.push_str("=M");
    }
    s.push_str(check_suffix(pos, m));
    s
}

impl Position {
    /// The Thai notation of a legal move ([`to_thai_san`]).
    pub fn thai_san(&self, m: Move) -> String {
        to_thai_san(self, m)
    }
}

impl Game {
    /// The moves played, in Thai notation.
    pub fn thai_history(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(&m, p)| to_thai_san(p, m))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thai(fen: &str, uci: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_move(uci).unwrap();
        to_thai_san(&pos, m)
    }

    #[test]
    fn writes_the_forms_pyffish_writes() {
        let start = Position::startpos().fen();
        assert_eq!(thai(&start, "e3e4"), "จ๔");
        assert_eq!(thai(&start, "b1d2"), "ม-ง๒");
        assert_eq!(thai(&start, "e1d2"), "ม็-ง๒");
        assert_eq!(thai(&start, "d1c2"), "ข-ค๒");
        assert_eq!(thai(&start, "f1g2"), "ค-ช๒");
        assert_eq!(thai(&start, "h1h2"), "ร-ญ๒");
        let fen = "4k3/8/8/3p4/4P3/8/8/R2K4 w - - 0 1";
        assert_eq!(thai(fen, "e4d5"), "จxง๕");
        assert_eq!(thai(fen, "a1a8"), "ร-ก๘+");
        assert_eq!(
            thai("3k4/8/2p5/1P6/8/8/8/R2K4 w - - 0 1", "b5c6m"),
            "ขxค๖=M"
        );
        assert_eq!(thai("4k3/8/8/8/3p4/8/8/3K4 b - - 0 1", "d4d3m"), "ง๓=M");
    }

    #[test]
    fn disambiguates_with_thai_files_and_digits() {
        // a promoted Bia (ง) and a Met both reach d4: the same kind for disambiguation
        let fen = "4k3/8/8/8/8/2M~1M3/8/R2K4 w - - 0 1";
        assert_eq!(thai(fen, "c3d4"), "งค-ง๔");
        assert_eq!(thai(fen, "e3d4"), "ม็จ-ง๔");
        assert_eq!(thai("4k3/R7/8/8/8/8/8/R2K4 w - - 0 1", "a1a4"), "ร๑-ก๔");
        let fen = "4k3/8/3p4/8/2N1N3/8/2N5/3K4 w - - 0 1";
        assert_eq!(thai(fen, "e4d6"), "มจxง๖+");
        assert_eq!(thai(fen, "c2d4"), "ม-ง๔");
        assert_eq!(thai("7k/8/3N4/8/8/8/3N1N2/4K3 w - - 0 1", "d2e4"), "มง๒-จ๔");
    }

    #[test]
    fn ouk_chatrang_first_moves_are_told_apart_from_ordinary_ones() {
        // the Met on d8 may still step to d6; the promoted Bia's step to d6 needs no file
        // (the reference compares moves of one kind), nor does the double step
        let fen = "3ms3/2k2s2/r1M~5/2pnm~1p1/Rp3p1P/5Pm~S/4S2M/NKN1R3 b d - 5 53";
        let pos = Position::from_fen_variant(fen, crate::Variant::Cambodian).unwrap();
        for (uci, thai, san) in [("e5d6", "ง-ง๖", "Md6"), ("d8d6", "ม็-ง๖", "Md6")] {
            let m = pos.parse_move(uci).unwrap();
            assert_eq!(
                (to_thai_san(&pos, m).as_str(), pos.san(m).as_str()),
                (thai, san)
            );
        }
    }

    #[test]
    fn a_game_lists_its_moves_in_thai() {
        let mut game = Game::startpos();
        for m in ["e3e4", "d6d5", "e4d5", "d8c7", "b1d2"] {
            game.play_str(m).unwrap();
        }
        assert_eq!(game.thai_history(), ["จ๔", "ง๕", "จxง๕", "ม็-ค๗", "ม-ง๒"]);
    }

    #[test]
    fn an_illegal_move_is_written_in_uci() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        let e3e5 = Move::new(sq("e3"), sq("e5"), false);
        assert_eq!(to_thai_san(&Position::startpos(), e3e5), "e3e5");
    }
}
