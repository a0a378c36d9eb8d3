//! `Position::why_illegal`: each reason in a position made for it, and over random games the
//! reasons agree with the legal moves exactly (none for a legal move, one other than `Other`
//! for every other pair of squares), in each rule set.

mod common;
use common::{cpos, pos};

use makruk::{Illegal, Position, Rng, Role, Square, Variant};

fn why(p: &Position, from: &str, to: &str) -> Option<Illegal> {
    p.why_illegal(
        from.parse::<Square>().unwrap(),
        to.parse::<Square>().unwrap(),
    )
}

#[test]
fn each_reason_in_its_position() {
    let p = pos("4k3/8/8/2p5/1p6/P1r5/3K3N/R3S3 w - - 0 1");
    assert_eq!(why(&p, "a1", "a2"), None);
    assert_eq!(why(&p, "b1", "b2"), Some(Illegal::NoPiece));
    assert_eq!(why(&p, "c3", "c1"), Some(Illegal::NotYourTurn));
    assert_eq!(why(&p, "a1", "a3"), Some(Illegal::OwnPiece));
    assert_eq!(why(&p, "h2", "h4"), Some(Illegal::NotThatWay(Role::Ma)));
    assert_eq!(why(&p, "e1", "e3"), Some(Illegal::NotThatWay(Role::Khon)));
    assert_eq!(why(&p, "a1", "b2"), Some(Illegal::NotThatWay(Role::Ruea)));
    assert_eq!(why(&p, "a3", "a5"), Some(Illegal::BiaOneStep));
    assert_eq!(why(&p, "a3", "a2"), Some(Illegal::NotThatWay(Role::Bia)));
    assert_eq!(why(&p, "a3", "b4"), None);
    let blocked = pos("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1");
    assert_eq!(why(&blocked, "a1", "a6"), Some(Illegal::Blocked));
    assert_eq!(why(&blocked, "a1", "a4"), None);
    let bia = pos("4k3/8/8/8/p7/P7/8/4K3 w - - 0 1");
    assert_eq!(why(&bia, "a3", "a4"), Some(Illegal::BiaCapturesDiagonally));
    assert_eq!(
        why(&bia, "a3", "b4"),
        Some(Illegal::BiaDiagonalOnlyToCapture)
    );
    // the Khun beside the Ruea's file; a pinned Ma; a check the move does not answer
    let khun = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(why(&khun, "e1", "d1"), Some(Illegal::IntoCheck));
    assert_eq!(why(&khun, "e1", "d2"), None);
    let pinned = pos("4r3/8/8/8/8/8/4N3/4K2k w - - 0 1");
    assert_eq!(why(&pinned, "e2", "c3"), Some(Illegal::ExposesKhun));
    let check = pos("4r3/8/8/8/8/8/N7/4K2k w - - 0 1");
    assert_eq!(why(&check, "a2", "c3"), Some(Illegal::StillInCheck));
    assert_eq!(why(&check, "e1", "d1"), None);
}

#[test]
fn ouk_chatrang_first_moves() {
    let start = cpos(Variant::Cambodian.start_fen());
    assert_eq!(why(&start, "d1", "b2"), None);
    assert_eq!(why(&start, "e1", "e3"), Some(Illegal::OwnPiece));
    // a Khun that has moved back to its square has lost the leap; Makruk has none at all
    let moved = cpos("4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(
        why(&moved, "d1", "b2"),
        Some(Illegal::FirstMoveGone(Role::Khun))
    );
    let makruk = pos("4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(
        why(&makruk, "d1", "b2"),
        Some(Illegal::NotThatWay(Role::Khun))
    );
    let leap = cpos("4k3/8/8/8/8/8/1s6/3K4 w D - 0 1");
    assert_eq!(why(&leap, "d1", "f2"), None);
    assert_eq!(
        why(&leap, "d1", "b2"),
        Some(Illegal::FirstMoveNoCapture(Role::Khun))
    );
    let checked = cpos("4k3/8/8/8/8/8/8/r2K4 w D - 0 1");
    assert_eq!(why(&checked, "d1", "f2"), Some(Illegal::LeapOutOfCheck));
    // a second leap (issue 56: it was refused as a move the Khun never makes, and not said)
    let mut leapt = Position::startpos_variant(Variant::Cambodian);
    for uci in ["d1f2", "e8g7"] {
        leapt.play(leapt.parse_move(uci).unwrap());
    }
    for to in ["e4", "g4", "d1"] {
        assert_eq!(
            why(&leapt, "f2", to),
            Some(Illegal::FirstMoveGone(Role::Khun)),
            "{to}"
        );
    }
    let makruk_khun = pos("4k3/8/8/8/8/8/5K2/8 w - - 0 1");
    assert_eq!(
        why(&makruk_khun, "f2", "e4"),
        Some(Illegal::NotThatWay(Role::Khun))
    );
    // with its right, the Khun still leaps only to the rank in front; a Met off its square
    assert_eq!(
        why(&cpos("4k3/8/8/8/8/8/8/3K4 w D - 0 1"), "d1", "c3"),
        Some(Illegal::NotThatWay(Role::Khun))
    );
    let met = cpos("4k3/8/8/8/8/8/4M3/3K4 w - - 0 1");
    assert_eq!(
        why(&met, "e2", "e4"),
        Some(Illegal::FirstMoveGone(Role::Met))
    );
    let step = cpos("4k3/8/8/8/8/8/8/3KM3 w E - 0 1");
    assert_eq!(why(&step, "e1", "e3"), None);
    let gone = cpos("4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    assert_eq!(
        why(&gone, "e1", "e3"),
        Some(Illegal::FirstMoveGone(Role::Met))
    );
}

#[test]
fn makpong_khun_in_check_only_captures() {
    let fen = "4k3/8/8/8/8/8/8/r2K4 w - - 0 1";
    let makpong = Position::from_fen_variant(fen, Variant::Makpong).unwrap();
    assert_eq!(why(&makpong, "d1", "d2"), Some(Illegal::KhunMustCapture));
    // onto an attacked square it is the check that forbids it
    assert_eq!(why(&makpong, "d1", "c1"), Some(Illegal::IntoCheck));
    assert_eq!(why(&pos(fen), "d1", "d2"), None);
    let near = Position::from_fen_variant("4k3/8/8/8/8/8/8/2rK4 w - - 0 1", Variant::Makpong);
    assert_eq!(why(&near.unwrap(), "d1", "c1"), None);
}

#[test]
fn kar_ouk_first_moves() {
    let start = Position::startpos_variant(Variant::KarOuk);
    assert_eq!(why(&start, "d1", "b2"), None);
    let gone = Position::from_fen_variant("4k3/8/8/8/8/8/8/3K4 w - - 1+1 0 1", Variant::KarOuk);
    assert_eq!(
        why(&gone.unwrap(), "d1", "b2"),
        Some(Illegal::FirstMoveGone(Role::Khun))
    );
}

#[test]
fn reasons_agree_with_the_legal_moves_over_random_games() {
    let mut rng = Rng::new(32);
    let mut checked = 0;
    let mut positions = [0; 4];
    for (game, variant) in (0..80).map(|g| (g, Variant::ALL[g % 4])) {
        let mut p = Position::startpos_variant(variant);
        for _ in 0..(20 + game) {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            positions[game % 4] += 1;
            for from in Square::all() {
                for to in Square::all() {
                    let is_legal = legal.iter().any(|m| m.from() == from && m.to() == to);
                    let reason = p.why_illegal(from, to);
                    assert_eq!(
                        reason.is_none(),
                        is_legal,
                        "{} {from}{to}: {reason:?}",
                        p.fen()
                    );
                    assert_ne!(reason, Some(Illegal::Other), "{} {from}{to}", p.fen());
                    // every reason given is one of the list the page words (errorKinds)
                    if let Some(r) = reason {
                        let listed = |l: &Illegal| match r {
                            Illegal::NotThatWay(_) => l.name() == r.name(),
                            _ => *l == r,
                        };
                        assert!(Illegal::ALL.iter().any(listed), "{r:?}");
                    }
                    checked += 1;
                }
            }
            p.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(checked > 100_000, "{checked}");
    // a few hundred positions of each rule set, every from-to pair in each
    assert!(positions.iter().all(|&n| n >= 300), "{positions:?}");
}
