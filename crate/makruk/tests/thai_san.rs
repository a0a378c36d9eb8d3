//! Thai notation against the reference: every move of the random games in
//! `testdata/thai_san.txt` (written by pyffish 0.0.90's `NOTATION_THAI_SAN`, see
//! scripts/thai_san_data.py) must be written exactly so by `to_thai_san`, in all four rule sets.

use makruk::{to_thai_san, Position, Variant};

const DATA: &str = include_str!("../testdata/thai_san.txt");

/// Replays one game line; returns how many moves it checked.
fn replay(line: &str) -> usize {
    let f: Vec<&str> = line.split(" ; ").map(str::trim).collect();
    assert_eq!(f.len(), 4, "malformed line: {line}");
    let variant: Variant = f[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    let mut pos =
        Position::from_fen_variant(f[1], variant).unwrap_or_else(|e| panic!("{}: {e}", f[1]));
    let tokens: Vec<&str> = f[2].split_whitespace().collect();
    assert!(
        tokens.len().is_multiple_of(2),
        "uci and Thai in pairs: {line}"
    );
    for (k, pair) in tokens.chunks(2).enumerate() {
        let (uci, thai) = (pair[0], pair[1]);
        let m = pos
            .parse_move(uci)
            .unwrap_or_else(|e| panic!("{variant} {} ply {k}: {e}", pos.fen()));
        assert_eq!(
            to_thai_san(&pos, m),
            thai,
            "{variant}: {uci} in {} (ply {k} of {line})",
            pos.fen()
        );
        pos.play(m);
    }
    // the placement (promoted Bia marked) and the side to move agree with the reference's
    let fields = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(fields(&pos.fen()), fields(f[3]), "final position of {line}");
    tokens.len() / 2
}

#[test]
fn thai_notation_matches_the_reference_on_every_move() {
    let mut by_variant = [0usize; 4];
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let variant: Variant = line.split(" ; ").next().unwrap().parse().unwrap();
        let index = Variant::ALL.iter().position(|&v| v == variant).unwrap();
        by_variant[index] += replay(line);
    }
    for (variant, n) in Variant::ALL.iter().zip(by_variant) {
        assert!(n >= 1000, "{variant}: only {n} moves");
    }
    assert!(by_variant.iter().sum::<usize>() >= 5000);
}

#[test]
fn the_data_holds_every_kind_of_move() {
    let moves: Vec<&str> = DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|l| {
            l.split(" ; ")
                .nth(2)
                .unwrap()
                .split_whitespace()
                .skip(1)
                .step_by(2)
        })
        .collect();
    let count = |f: &dyn Fn(&str) -> bool| moves.iter().filter(|m| f(m)).count();
    // the part before `-` or `x` longer than the piece's letter (a Bia's capture has its
    // file there, one letter)
    let disambiguated = |m: &str| {
        let head = m.split(['-', 'x']).next().unwrap_or("");
        let letter = if head.starts_with("ม็") { 2 } else { 1 };
        m.contains(['-', 'x']) && head.chars().count() > letter
    };
    // (the header of the data counts them; a square disambiguation, rare in random games, is
    // in the unit tests of san_thai.rs)
    assert!(count(&|m| m.contains('x')) >= 500, "captures");
    assert!(count(&|m| m.ends_with('+')) >= 100, "checks");
    assert!(count(&|m| m.ends_with('#')) >= 20, "mates");
    assert!(count(&|m| m.contains("=M")) >= 100, "promotions");
    assert!(
        count(&|m| m.starts_with('ง') && m.contains(['-', 'x'])) >= 200,
        "promoted Bia"
    );
    assert!(count(&disambiguated) >= 150, "disambiguations");
    let by_rank = |m: &str| {
        let head = m.split(['-', 'x']).next().unwrap_or("");
        disambiguated(m) && head.chars().any(|c| ('๑'..='๘').contains(&c))
    };
    assert!(count(&by_rank) >= 10, "disambiguations by rank");
}
