//! Invariants over seeded random games: the incremental hash equals the recomputed one,
//! FEN round-trips, undo restores, every generated move is legal, the capture generator
//! is the capture subset, the quiet-check generator finds exactly the quiet moves that check
//! with the piece moved, a check to give is found exactly when one exists, and notation
//! round-trips. In Makruk, in Ouk Chatrang (whose games also check that the rights only ever
//! shrink) and in Kar Ouk.

mod common;
use makruk::Rng;
use makruk::{parse_san, parse_uci, to_san, Game, Move, Position, Role, Square, Variant};

const STARTS: [(&str, Variant); 10] = [
    (
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        Variant::Makruk,
    ),
    (
        "r2mk1nr/1s6/p1p1pnsp/P7/2pP4/4P1PN/4KS2/RNS1M2R b - - 0 16",
        Variant::Makruk,
    ),
    ("8/8/3k4/8/8/2n5/8/R3K3 w - - 0 1", Variant::Makruk),
    ("8/5k2/4m3/8/8/2N5/R7/3KR3 w - 128 57 60", Variant::Makruk),
    ("8/8/8/1k6/4P3/8/2N5/5K2 w - - 0 1", Variant::Makruk),
    (
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
        Variant::Cambodian,
    ),
    (
        "rnsk1snr/2m5/ppppppp1/7p/6P1/PPPPPP1P/1K3S2/RNS1M1NR w E - 0 4",
        Variant::Cambodian,
    ),
    // open files and both double steps free: Ruea aiming at the Khun, pins on rank 1
    (
        "r2mk2r/8/p1s2n1p/8/8/P2N2SP/8/R2KM2R w DEde - 0 1",
        Variant::Cambodian,
    ),
    (
        "3mk3/8/2n5/8/8/5N2/r7/3KM2r b DEde - 0 1",
        Variant::Cambodian,
    ),
    (
        "r2mk2r/8/p1s2n1p/8/8/P2N2SP/8/R2KM2R w DEde - 1+1 0 1",
        Variant::KarOuk,
    ),
];

fn check_position(p: &Position, rng: &mut Rng) {
    assert_eq!(p.hash(), p.compute_hash(), "hash of {p}");
    let back =
        Position::from_fen_variant(&p.fen(), p.variant()).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert_eq!(back.fen(), p.fen());
    assert_eq!(back.hash(), p.hash());
    assert_eq!(back.checkers(), p.checkers());
    // the FEN holds the limit and the count; the honour is read from the material (so
    // Cambodian board's honour kept beside pieces' honour reads back as pieces' honour)
    let fields = |p: &Position| p.count().map(|c| (c.limit, c.ply));
    assert_eq!(fields(&back), fields(p));
    assert_eq!(back.rights(), p.rights());
    assert_eq!(back.variant(), p.variant());

    let us = p.turn();
    let legal = p.legal_moves();
    assert_eq!(p.count_legal(), legal.len() as u64);
    for &m in legal.iter() {
        let mut next = *p;
        next.play(m);
        let ksq = next.khun(us);
        assert!(
            (next.attackers_to(ksq, next.occupied()) & next.by_color(!us)).is_empty(),
            "{m} leaves the Khun attacked in {p}"
        );
        assert_eq!(next.hash(), next.compute_hash(), "{m} in {p}");
        assert_eq!(next.variant(), p.variant());
        // rights only shrink: those of the moved or captured piece's square, and the enemy
        // Khun's leap when a Ruea lands on its rank or file
        let aims = |r: &makruk::Right| {
            r.color != us
                && r.role == Role::Khun
                && p.role_at(m.from()) == Some(Role::Ruea)
                && (r.square.file() == m.to().file() || r.square.rank() == m.to().rank())
        };
        for r in p.rights().iter() {
            let lost = r.square == m.from() || r.square == m.to() || aims(r);
            assert_eq!(next.rights().has(r), !lost, "{m} in {p}");
        }
        assert!(p.is_legal(m));
        assert_eq!(
            m.is_promotion(),
            p.role_at(m.from()) == Some(Role::Bia) && m.to().relative_rank(us) == 5
        );
        assert_eq!(parse_uci(p, &m.to_string()), Ok(m));
        assert_eq!(
            parse_san(p, &to_san(p, m)),
            Ok(m),
            "{} in {p}",
            to_san(p, m)
        );
    }
    // each special generator gives exactly the legal moves of its kind (order aside)
    let sorted = |mut moves: Vec<Move>| {
        moves.sort_by_key(|m| m.bits());
        moves
    };
    let legal_where =
        |keep: &dyn Fn(Move) -> bool| sorted(legal.iter().copied().filter(|&m| keep(m)).collect());
    assert_eq!(
        sorted(p.capture_moves().to_vec()),
        legal_where(&|m| p.is_capture(m) || m.is_promotion()),
        "capture_moves of {p}"
    );
    let direct_check = |m: Move| {
        let mut next = *p;
        next.play(m);
        next.checkers().contains(m.to())
    };
    assert_eq!(
        sorted(p.quiet_checks().to_vec()),
        legal_where(&|m| !p.is_capture(m) && !m.is_promotion() && direct_check(m)),
        "quiet_checks of {p}"
    );
    // the search's test for a check to give (Kar Ouk's win), against playing every move
    let checks = |m: &Move| {
        let mut next = *p;
        next.play(*m);
        next.in_check()
    };
    assert_eq!(
        p.has_checking_move(),
        legal.iter().any(checks),
        "has_checking_move of {p}"
    );
    for _ in 0..8 {
        let m = Move::from_bits(rng.next_u64() as u16);
        assert_eq!(p.is_legal(m), legal.contains(&m), "{m:?} in {p}");
    }
    // every move of every own piece, with and without the promotion flag
    if rng.below(4) == 0 {
        for from in p.by_color(us) {
            for to in Square::all() {
                for promo in [false, true] {
                    let m = Move::new(from, to, promo);
                    assert_eq!(p.is_legal(m), legal.contains(&m), "{m} in {p}");
                }
            }
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let mut rng = Rng::new(0x00c0_ffee_d00d_f00d);
    let mut plies = 0;
    let mut special = 0;
    for game_no in 0..150 {
        let (fen, variant) = STARTS[game_no % STARTS.len()];
        let start =
            Position::from_fen_variant(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut game = Game::new(start);
        let mut copies = vec![*game.position()];
        for _ in 0..160 {
            let p = *game.position();
            check_position(&p, &mut rng);
            if game.outcome().is_some() {
                break;
            }
            let legal = p.legal_moves();
            let m = legal[rng.below(legal.len())];
            let role = p.role_at(m.from());
            let leap = role == Some(Role::Khun) && m.from().file().abs_diff(m.to().file()) == 2;
            let double = role == Some(Role::Met) && m.from().rank().abs_diff(m.to().rank()) == 2;
            special += usize::from(leap || double);
            game.play(m).expect("generated moves are legal");
            copies.push(*game.position());
            plies += 1;
        }
        // undo walks back through exactly the same positions
        while game.undo().is_some() {
            copies.pop();
            assert_eq!(game.position(), copies.last().expect("start kept"));
        }
        assert_eq!(copies.len(), 1);
    }
    assert!(plies > 5_000);
    assert!(special > 20, "{special} leaps and double steps");
}

#[test]
fn copy_make_leaves_the_original_alone() {
    let start = Position::startpos();
    let mut p = start;
    for m in start.legal_moves().iter() {
        let mut q = p;
        q.play(*m);
        assert_ne!(q.hash(), p.hash());
    }
    p.play(start.legal_moves()[0]);
    assert_ne!(p, start);
    assert_eq!(Position::startpos(), start);
}

#[test]
fn position_stays_small_for_copy_make() {
    assert!(std::mem::size_of::<Position>() <= 128);
}
