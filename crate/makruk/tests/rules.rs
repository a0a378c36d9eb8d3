//! One test (or a few) per rule of docs/rules.md.

mod common;
use common::{cdests, cgame, cpos, dests, fen_after, game, pos};

use makruk::{
    Color, CountAction, CountError, Counting, Game, Honour, Position, Reason, RightsError, Role,
    Variant,
};

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---- movement ----

#[test]
fn khun_steps_in_eight_directions() {
    let d = dests("8/8/8/3K4/8/8/8/k7 w - - 0 1", "d5");
    assert_eq!(d, sorted(&["c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"]));
}

#[test]
fn khun_may_not_step_into_attack() {
    // The Ruea on a4 guards rank 4; the Khun's own square shields nothing.
    let d = dests("8/8/8/3K4/r7/8/8/k7 w - - 0 1", "d5");
    assert_eq!(d, sorted(&["c5", "c6", "d6", "e5", "e6"]));
}

#[test]
fn met_steps_diagonally() {
    let d = dests("8/8/8/3M4/8/8/8/K6k w - - 0 1", "d5");
    assert_eq!(d, sorted(&["c4", "c6", "e4", "e6"]));
}

#[test]
fn khon_steps_diagonally_or_forward_per_colour() {
    let white = dests("8/8/8/3S4/8/8/8/K6k w - - 0 1", "d5");
    assert_eq!(white, sorted(&["c4", "c6", "d6", "e4", "e6"]));
    let black = dests("8/8/8/3s4/8/8/8/K6k b - - 0 1", "d5");
    assert_eq!(black, sorted(&["c4", "c6", "d4", "e4", "e6"]));
}

#[test]
fn ma_leaps_over_pieces() {
    let d = dests("8/8/8/2PPP3/2PNP3/2PPP3/8/K6k w - - 0 1", "d4");
    assert_eq!(d, sorted(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]));
}

#[test]
fn ruea_slides_until_blocked_and_captures() {
    let d = dests("8/8/8/8/1p1R2P1/8/8/K6k w - - 0 1", "d4");
    let expected = [
        "d1", "d2", "d3", "d5", "d6", "d7", "d8", "b4", "c4", "e4", "f4",
    ];
    assert_eq!(d, sorted(&expected));
}

#[test]
fn bia_steps_forward_and_captures_diagonally_forward() {
    assert_eq!(
        dests("8/8/8/3p1p2/4P3/8/8/K6k w - - 0 1", "e4"),
        sorted(&["d5", "e5", "f5"])
    );
    assert_eq!(
        dests("K6k/8/8/4p3/3P1P2/8/8/8 b - - 0 1", "e5"),
        sorted(&["d4", "e4", "f4"])
    );
    // blocked straight ahead, and never a capture straight ahead
    assert!(dests("8/8/8/4p3/4P3/8/8/K6k w - - 0 1", "e4").is_empty());
}

#[test]
fn no_double_step_and_no_castling() {
    let start = makruk::Position::startpos();
    assert_eq!(dests(&start.fen(), "e3"), vec!["e4".to_string()]);
    assert_eq!(dests(&start.fen(), "d1"), sorted(&["c2", "d2", "e2"]));
    assert_eq!(start.legal_moves().len(), 23);
}

#[test]
fn start_position_has_khun_d1_and_e8() {
    let start = makruk::Position::startpos();
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
    assert_eq!(start.khun(Color::White).to_string(), "d1");
    assert_eq!(start.khun(Color::Black).to_string(), "e8");
}

// ---- promotion ----

#[test]
fn bia_promotes_on_the_sixth_rank() {
    let g = game("8/8/8/P7/8/8/8/K6k w - - 0 1", "a5a6m");
    assert_eq!(g.position().fen(), "8/8/M~7/8/8/8/8/K6k b - 128 6 1");
    assert_eq!(g.san_history(), vec!["a6=M"]);
    // the promoted Bia moves exactly like a Met
    assert_eq!(
        dests("8/8/M~7/8/8/8/8/K6k w - - 0 1", "a6"),
        sorted(&["b5", "b7"])
    );
}

#[test]
fn bia_promotes_by_capture_and_black_on_the_third_rank() {
    let f = fen_after("8/8/1n6/P7/8/8/8/K6k w - - 0 1", "axb6=M");
    assert_eq!(f, "8/8/1M~6/8/8/8/8/K6k b - 128 6 1");
    let f = fen_after("k6K/8/8/8/p7/8/8/8 b - - 0 1", "a4a3");
    assert_eq!(f, "k6K/8/8/8/8/m~7/8/8 w - 128 6 2");
}

#[test]
fn fen_reads_plain_m_and_promoted_m() {
    let p = pos("8/8/M~7/8/8/8/3m4/K6k w - - 0 1");
    assert_eq!(p.promoted().count(), 1);
    assert_eq!(p.fen(), "8/8/M~7/8/8/8/3m4/K6k w - - 0 1");
}

// ---- end of game ----

#[test]
fn checkmate_wins() {
    let g = game("k7/8/1K6/8/8/8/8/7R w - - 0 1", "Rh8#");
    let o = g.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), Reason::Checkmate)
    );
    assert_eq!(g.result_str(), "1-0");
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("k1K5/8/1S6/8/8/8/8/8 b - - 0 1", "");
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (None, Reason::Stalemate));
    assert_eq!(g.result_str(), "1/2-1/2");
}

#[test]
fn threefold_repetition_needs_a_third_time() {
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    let g = game(start, "b1d2 b8d7 d2b1 d7b8");
    assert!(!g.is_repetition());
    assert_eq!(g.result_str(), "*");
    let g = game(start, "b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1 d7b8");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

fn insufficient(fen: &str) -> bool {
    pos(fen).is_insufficient_material()
}

#[test]
fn insufficient_a_bare_khun_each() {
    assert!(insufficient("8/8/8/4k3/8/8/8/4K3 w - - 0 1"));
}

#[test]
fn insufficient_b_lone_ma_or_bia_against_bare_khun() {
    assert!(insufficient("8/8/8/4k3/8/8/8/3NK3 w - - 0 1"));
    assert!(insufficient("8/8/8/4k3/8/4P3/8/4K3 w - - 0 1"));
    // the lone piece has a helper on the other side: not insufficient
    assert!(!insufficient("8/8/3m4/4k3/8/8/8/3NK3 w - - 0 1"));
    assert!(!insufficient("8/8/8/4k3/8/4P3/8/2N1K3 w - - 0 1"));
}

#[test]
fn insufficient_c_mets_on_one_square_colour() {
    // c1 and d2 are both dark
    assert!(insufficient("8/8/8/4k3/8/8/3M4/2M1K3 w - - 0 1"));
    // either side's Mets count, promoted ones too
    assert!(insufficient("8/8/3k4/8/2m5/8/4M~3/3K4 w - - 0 1"));
    // opposite colours, or any other piece, can mate
    assert!(!insufficient("8/8/8/4k3/8/8/8/2MMK3 w - - 0 1"));
    assert!(!insufficient("8/8/3k4/8/3m4/8/4M3/3K4 w - - 0 1"));
    assert!(!insufficient("8/8/8/4k3/8/8/3M4/2S1K3 w - - 0 1"));
    assert!(!insufficient("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"));
}

#[test]
fn insufficient_material_ends_the_game_at_once() {
    let g = game("8/6k1/8/3p4/8/3r4/4K3/8 w - - 0 1", "Kxd3");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Material));
}

// ---- counting: the limit table ----

#[test]
fn pieces_honour_table_each_row() {
    // Black has a bare Khun; the first line that applies wins.
    let rows = [
        ("4k3/8/8/8/8/8/8/RN2K1SR w - - 0 1", 8), // two Ruea (+Ma, Khon)
        ("4k3/8/8/8/8/8/8/R1S1K3 w - - 0 1", 16), // one Ruea (+Khon)
        ("4k3/8/8/8/8/8/8/NNS1KS2 w - - 0 1", 22), // two Khon (+two Ma)
        ("4k3/8/8/8/8/8/8/1N1MKSN1 w - - 0 1", 32), // two Ma (+Khon, Met)
        ("4k3/8/8/8/8/8/8/1N1MKS2 w - - 0 1", 44), // one Khon (+Ma, Met)
        ("4k3/8/8/8/8/8/8/1N1MK3 w - - 0 1", 64), // Ma and Met only
        ("4k3/8/8/8/8/8/8/3MK3 w - - 0 1", 64),   // Met only
    ];
    for (fen, expected) in rows {
        let p = pos(fen);
        assert_eq!(p.limit_moves(Color::Black), expected, "{fen}");
        // the side with pieces cannot count against a bare Khun
        assert_eq!(p.limit_moves(Color::White), 0, "{fen}");
    }
}

#[test]
fn board_honour_limit_and_no_count_while_a_bia_is_left() {
    assert_eq!(
        pos("4k3/3n4/8/8/8/8/8/R3K3 w - - 0 1").limit_moves(Color::Black),
        64
    );
    assert_eq!(
        pos("4k3/3n4/8/8/8/8/8/R3K3 w - - 0 1").limit_moves(Color::White),
        64
    );
    assert_eq!(
        pos("4k3/8/8/8/8/4P3/8/R3K3 w - - 0 1").limit_moves(Color::Black),
        0
    );
}

// ---- counting: the state machine ----

#[test]
fn board_honour_starts_at_zero_for_the_side_to_move() {
    let g = game("4k3/3n4/8/8/3p4/8/8/3RK3 w - - 0 1", "Rxd4");
    assert_eq!(g.position().fen(), "4k3/3n4/8/8/3R4/8/8/4K3 b - 128 0 1");
    let c = g.position().count().expect("count runs");
    assert_eq!(
        (c.honour, c.side, c.ply, c.limit),
        (Honour::Board, Color::Black, 0, 128)
    );
    let g = game("4k3/3n4/8/8/3p4/8/8/3RK3 w - - 0 1", "Rxd4 Kf8");
    assert_eq!(g.position().fen(), "5k2/3n4/8/8/3R4/8/8/4K3 w - 128 1 2");
}

#[test]
fn pieces_honour_starts_at_twice_the_pieces() {
    // a quiet move by the bare Khun starts nothing (White cannot count); White's next does
    let f = fen_after("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "Kd8 Ra2");
    assert_eq!(f, "3k4/8/8/8/8/8/R7/4K3 b - 32 6 2");
    let c = pos(&f).count().expect("count runs");
    assert_eq!((c.honour, c.side), (Honour::Pieces, Color::Black));
}

#[test]
fn rule_2_bare_khun_takes_the_last_bia() {
    let f = fen_after("7K/8/8/3k4/3P4/8/8/R7 b - - 0 1", "Kxd4");
    assert_eq!(f, "7K/8/8/8/3k4/8/8/R7 w - 32 5 2");
}

#[test]
fn rule_3_restarts_pieces_honour_when_the_last_piece_falls() {
    let f = fen_after("8/5k2/4m3/8/8/2N5/R7/3KR3 w - 128 57 60", "Rxe6");
    assert_eq!(f, "8/5k2/4R3/8/8/2N5/R7/3K4 b - 16 10 60");
}

#[test]
fn limit_kept_after_further_captures() {
    // board's honour: a capture that leaves both sides with pieces keeps the limit
    let f = fen_after("4k3/8/2n5/8/3m4/8/8/3RK3 w - 128 10 40", "Rxd4");
    assert_eq!(f, "4k3/8/2n5/8/3R4/8/8/4K3 b - 128 11 40");
    // pieces' honour: the bare Khun taking a Ruea does not change the limit
    let f = fen_after("8/8/8/8/4k3/3R4/8/K6R b - 16 12 50", "Kxd3");
    assert_eq!(f, "8/8/8/8/8/3k4/8/K6R w - 16 13 51");
}

#[test]
fn count_never_stops_even_khun_against_khun() {
    let g = game("8/8/8/8/4k3/3R4/8/K7 b - 32 12 50", "Kxd3 Kb1 Kc3");
    assert_eq!(g.position().fen(), "8/8/8/8/8/2k5/8/1K6 w - 32 15 52");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Material));
}

#[test]
fn count_read_from_a_fen_with_a_bia_runs_on_then_promotion_restarts() {
    let start = "8/8/8/1k6/4P3/8/2N5/5K2 w - 20 3 30";
    assert_eq!(
        fen_after(start, "e4e5"),
        "8/8/8/1k2P3/8/8/2N5/5K2 b - 20 4 30"
    );
    assert_eq!(
        fen_after(start, "e4e5 b5c4 e5e6m"),
        "8/8/4M~3/8/2k5/8/2N5/5K2 b - 128 8 31"
    );
}

#[test]
fn count_past_the_limit_draws() {
    let g = game("8/8/4k3/2S5/8/7R/R7/4K3 b - 16 15 50", "Ke7");
    assert_eq!(g.result_str(), "*");
    let g = game("8/8/4k3/2S5/8/7R/R7/4K3 b - 16 15 50", "Ke7 Rb2");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Counting));
    assert!(g.position().count_exceeded());
}

#[test]
fn mate_on_the_last_allowed_ply_and_past_it() {
    let g = game("4k3/R7/8/8/8/3K4/8/6R1 w - 16 15 50", "Rg8#");
    assert_eq!(g.position().fen(), "4k1R1/R7/8/8/8/3K4/8/8 b - 16 16 50");
    assert_eq!(g.result_str(), "1-0");
    // rule 4: past the limit, a mate still wins
    let g = game("4k3/R7/8/8/8/3K4/8/6R1 w - 16 16 50", "Rg8#");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Checkmate));
}

#[test]
fn repetition_ignores_the_counting_fields() {
    let g = game(
        "8/8/3k4/8/8/2n5/8/R3K3 w - - 0 1",
        "a1a2 d6d5 a2a1 d5d6 a1a2 d6d5 a2a1 d5d6",
    );
    assert_eq!(g.position().fen(), "8/8/3k4/8/8/2n5/8/R3K3 w - 128 7 5");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

// ---- Ouk Chatrang (Cambodian rules) ----

const CAMBODIAN_START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[test]
fn cambodian_start_has_all_four_rights_and_two_more_moves() {
    let start = Position::startpos_variant(Variant::Cambodian);
    assert_eq!(start.fen(), CAMBODIAN_START);
    assert_eq!(start.variant(), Variant::Cambodian);
    // Makruk's 23 and the Khun's two leaps; the Met's double step is blocked by the e3 Bia
    assert_eq!(start.legal_moves().len(), 25);
    assert_eq!(
        cdests(CAMBODIAN_START, "d1"),
        sorted(&["b2", "c2", "d2", "e2", "f2"])
    );
    assert_eq!(cdests(CAMBODIAN_START, "e1"), sorted(&["d2", "f2"]));
}

#[test]
fn black_khun_leaps_to_c7_or_g7() {
    let g = cgame(CAMBODIAN_START, "e4");
    let p = g.position();
    let from: makruk::Square = "e8".parse().unwrap();
    let mut d: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    d.sort();
    assert_eq!(d, sorted(&["c7", "d7", "e7", "f7", "g7"]));
}

#[test]
fn khun_leap_only_to_an_empty_square_never_a_capture() {
    // own Ma on f2, enemy Khon on b2 (which does not give check but guards c1)
    let fen = "4k3/8/8/8/8/8/1s3N2/3K4 w D - 0 1";
    assert_eq!(cdests(fen, "d1"), sorted(&["c2", "d2", "e1", "e2"]));
}

#[test]
fn khun_leap_not_into_attack() {
    assert_eq!(
        cdests("4kr2/8/8/8/8/8/8/3K4 w D - 0 1", "d1"),
        sorted(&["b2", "c1", "c2", "d2", "e1", "e2"])
    );
}

#[test]
fn khun_leap_never_while_in_check_but_check_keeps_the_right() {
    let fen = "3rk3/8/8/8/8/8/R7/3K4 w D - 0 1";
    assert!(cpos(fen).in_check());
    assert_eq!(cdests(fen, "d1"), sorted(&["c1", "c2", "e1", "e2"]));
    let g = cgame(fen, "Rd2 Kf8");
    assert_eq!(g.position().rights().to_string(), "D");
    assert_eq!(
        cdests(&g.position().fen(), "d1"),
        sorted(&["b2", "c1", "c2", "e1", "e2", "f2"])
    );
}

#[test]
fn met_double_step_jumps_to_an_empty_square_only() {
    // jumps over its own Bia on e2
    assert_eq!(
        cdests("4k3/8/8/8/8/8/4P3/3KM3 w E - 0 1", "e1"),
        sorted(&["d2", "e3", "f2"])
    );
    // not onto its own piece
    assert_eq!(
        cdests("4k3/8/8/8/8/4P3/8/3KM3 w E - 0 1", "e1"),
        sorted(&["d2", "f2"])
    );
    // never a capture, not even of the Ma giving check
    let fen = "4k3/8/8/8/8/4n3/8/3KM3 w E - 0 1";
    assert!(cpos(fen).in_check());
    assert!(cdests(fen, "e1").is_empty());
    assert!(cpos(fen).parse_move("Mxe3").is_err());
    // Black's Met on d8 steps to d6
    assert_eq!(
        cdests("3mk3/8/8/8/8/8/8/3K4 b d - 0 1", "d8"),
        sorted(&["c7", "d6", "e7"])
    );
}

#[test]
fn pinned_met_cannot_double_step() {
    assert!(cdests("4k3/8/8/8/8/8/8/3KM2r w E - 0 1", "e1").is_empty());
}

#[test]
fn met_double_step_attacks_nothing_and_may_block_a_check() {
    // a Khun on e3 is not in check from the Met on e1, and the Met cannot take it
    let p = cpos("8/8/8/8/8/4k3/8/3KM3 b E - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.legal_moves().len(), 5);
    assert_eq!(
        cdests("8/8/8/8/8/4k3/8/3KM3 w E - 0 1", "e1"),
        sorted(&["d2", "f2"])
    );
    // the square is no escape taken from the enemy Khun
    assert!(cdests("8/8/8/8/5k2/8/8/3KM3 b E - 0 1", "f4").contains(&"e3".to_string()));
    // the step blocks a Ruea's check on e3
    let fen = "4k3/8/8/8/8/K6r/8/4M3 w E - 0 1";
    assert!(cpos(fen).in_check());
    assert_eq!(cdests(fen, "e1"), vec!["e3".to_string()]);
}

#[test]
fn met_double_step_checks_from_where_it_lands() {
    // on e3 the Met attacks d4 diagonally, as any Met
    let g = cgame("8/8/8/8/3k4/8/8/3KM3 w E - 0 1", "Me3+");
    assert!(g.position().in_check());
    assert_eq!(g.san_history(), vec!["Me3+"]);
    // the right does not cover e3: Nf4 is no mate, the Khun escapes there
    let g = cgame("8/8/8/7N/R7/3k4/1S6/3KM3 w E - 0 1", "Nf4");
    assert_eq!(g.outcome(), None);
    assert_eq!(cdests(&g.position().fen(), "d3"), vec!["e3".to_string()]);
}

#[test]
fn rights_are_lost_by_moving() {
    let g = cgame(CAMBODIAN_START, "e4 e5 Kf2");
    assert_eq!(
        g.position().fen(),
        "rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/5K2/RNS1MSNR b Ede - 1 2"
    );
    assert_eq!(g.san_history(), vec!["e4", "e5", "Kf2"]);
    // a plain Khun step loses the leap, and coming back does not restore it
    let g = cgame(CAMBODIAN_START, "Kd2 Kd7 Kd1 Ke8");
    assert_eq!(g.position().rights().to_string(), "Ed");
    assert!(!g
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.to_string() == "d1f2"));
    // a Met's one step loses the double step
    let g = cgame(CAMBODIAN_START, "Mf2 Mc7");
    assert_eq!(g.position().rights().to_string(), "De");
}

#[test]
fn rights_are_lost_by_capture_on_the_start_square() {
    let g = cgame("4k3/8/8/8/8/5n2/8/3KM3 b DE - 0 1", "Nxe1");
    assert_eq!(g.position().rights().to_string(), "D");
    // a Ruea taking there also aims at d1 along the first rank: both go
    let g = cgame("4k3/8/8/8/8/8/8/3KM2r b DE - 0 1", "Rxe1+");
    assert_eq!(g.position().rights().to_string(), "-");
}

#[test]
fn khun_leap_is_lost_when_an_enemy_ruea_aims_at_it() {
    // onto the Khun's rank, counted on an empty board (the Met on e1 stands between)
    let fen = "3mk3/8/8/8/8/8/7r/3KM3 b DEde - 0 1";
    assert_eq!(
        cgame(fen, "Rh1").position().fen(),
        "3mk3/8/8/8/8/8/8/3KM2r w Ede 126 0 2"
    );
    // onto its file, with check; only the Khun's right goes
    let g = cgame(fen, "Rd2+");
    assert_eq!(g.position().rights().to_string(), "Ede");
    // elsewhere nothing changes
    assert_eq!(cgame(fen, "Rg2").position().rights().to_string(), "DEde");
    // White's Ruea on e2 aims at e8 through nothing in the way; White's own leap stays
    let g = cgame("4k3/8/8/8/8/8/R7/3K4 w De - 0 1", "Re2+");
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/4R3/3K4 b D 30 6 1");
    // a check by another piece keeps the right (tested above); a Ruea's capture aims too
    let g = cgame("r3k3/8/8/8/8/8/8/R2K4 w De - 0 1", "Rxa8+");
    assert_eq!(g.position().fen(), "R3k3/8/8/8/8/8/8/3K4 b D 30 6 1");
}

#[test]
fn rights_fen_round_trip_and_errors() {
    let p = cpos("rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/5K2/RNS1MSNR b Ede - 1 2");
    assert_eq!(p.rights().to_string(), "Ede");
    // any order is read, the canonical one written
    assert_eq!(
        cpos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w edED - 0 1").fen(),
        CAMBODIAN_START
    );
    let err = |fen: &str| Position::from_fen_variant(fen, Variant::Cambodian).unwrap_err();
    let e = err("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSMKSNR w DEde - 0 1");
    assert_eq!(
        e.rights(),
        Some(&RightsError::NotOnStartSquare {
            letter: 'D',
            color: Color::White,
            role: Role::Khun,
            square: "d1".parse().unwrap(),
        })
    );
    assert_eq!(
        e.to_string(),
        "FEN field 3: right 'D' needs the white Khun on d1, its start square"
    );
    assert_eq!(
        err(&CAMBODIAN_START.replace("DEde", "DEdeA")).rights(),
        Some(&RightsError::Letter { letter: 'A' })
    );
    assert_eq!(
        err(&CAMBODIAN_START.replace("DEde", "DDe")).rights(),
        Some(&RightsError::Repeated { letter: 'D' })
    );
    // a Makruk FEN keeps '-' there
    let e = Position::from_fen(CAMBODIAN_START).unwrap_err();
    assert!(
        matches!(e.rights(), Some(RightsError::Makruk { .. })),
        "{e}"
    );
    assert!(e.to_string().contains("cambodian"), "{e}");
    // '-' is read in Ouk Chatrang too: no leap then
    assert_eq!(
        cdests(&CAMBODIAN_START.replace("DEde", "-"), "d1"),
        sorted(&["c2", "d2", "e2"])
    );
}

#[test]
fn rights_are_in_the_hash_and_repetition() {
    let with = cpos(CAMBODIAN_START);
    let without = cpos(&CAMBODIAN_START.replace("DEde", "Ede"));
    assert_ne!(with.hash(), without.hash());
    assert_eq!(with.hash(), with.compute_hash());
    assert!(!with.same_placement(&without));
    // Makruk's start hashes as Ouk Chatrang's without rights
    assert_eq!(
        Position::startpos().hash(),
        cpos(&CAMBODIAN_START.replace("DEde", "-")).hash()
    );
    // Kd2 and back twice: the first placement had the leap, so it repeats only from there
    let g = cgame(CAMBODIAN_START, "Kd2 Kd7 Kd1 Ke8 Kd2 Kd7 Kd1 Ke8");
    assert_eq!(g.outcome(), None);
    let g = cgame(
        CAMBODIAN_START,
        "Kd2 Kd7 Kd1 Ke8 Kd2 Kd7 Kd1 Ke8 Kd2 Kd7 Kd1 Ke8",
    );
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn cambodian_notation_and_pgn() {
    let p = cpos(CAMBODIAN_START);
    let leap = p.parse_move("Kf2").unwrap();
    assert_eq!(leap.to_string(), "d1f2");
    assert_eq!(p.parse_move("d1b2").unwrap().to_string(), "d1b2");
    let p = cpos("4k3/8/8/8/8/8/8/3KM3 w E - 0 1");
    let step = p.parse_move("Me3").unwrap();
    assert_eq!(
        (step.to_string(), p.san(step)),
        ("e1e3".into(), "Me3".into())
    );
    let g = cgame(CAMBODIAN_START, "e4 e5 Kf2");
    let pgn = g.pgn();
    assert!(pgn.contains("[Variant \"cambodian\"]"), "{pgn}");
    assert!(!pgn.contains("[FEN"), "{pgn}");
    assert!(pgn.contains("1. e4 e5 2. Kf2 *"), "{pgn}");
    let g = cgame("4k3/8/8/8/8/8/8/3KM3 w E - 0 1", "Me3");
    assert!(g.pgn().contains("[FEN \"4k3/8/8/8/8/8/8/3KM3 w E - 0 1\"]"));
    assert_eq!(g.variant(), Variant::Cambodian);
}

// ---- Ouk Chatrang: Cambodian counting ----

#[test]
fn cambodian_limits_are_one_move_shorter() {
    let rows = [
        ("4k3/8/8/8/8/8/8/RN2K1SR w - - 0 1", 7),
        ("4k3/8/8/8/8/8/8/R1S1K3 w - - 0 1", 15),
        ("4k3/8/8/8/8/8/8/NNS1KS2 w - - 0 1", 21),
        ("4k3/8/8/8/8/8/8/1N1MKSN1 w - - 0 1", 31),
        ("4k3/8/8/8/8/8/8/1N1MKS2 w - - 0 1", 43),
        ("4k3/8/8/8/8/8/8/1N1MK3 w - - 0 1", 63),
        ("4k3/8/8/8/8/8/8/3MK3 w - - 0 1", 63),
        // board's honour: three pieces or fewer, a Bia on the board or not
        ("4k3/3n4/8/8/8/8/8/R3K3 w - - 0 1", 63),
        ("4k3/3p4/8/8/8/8/8/R3K3 w - - 0 1", 63),
        ("4k3/2sp4/8/8/8/8/8/R3K3 w - - 0 1", 63),
        ("4k3/2spn3/8/8/8/8/8/R3K3 w - - 0 1", 0),
        // pieces' honour still needs no Bia on the board
        ("4k3/8/8/8/8/4P3/8/R3K3 w - - 0 1", 0),
    ];
    for (fen, expected) in rows {
        assert_eq!(cpos(fen).limit_moves(Color::Black), expected, "{fen}");
    }
    // the side with pieces counts too while it has three or fewer
    assert_eq!(
        cpos("4k3/3n4/8/8/8/8/8/R3K3 w - - 0 1").limit_moves(Color::White),
        63
    );
}

#[test]
fn cambodian_board_honour_starts_with_a_bia_on_the_board() {
    let fen = "4k3/8/3p4/8/8/2P5/8/R2K4 w - - 0 1";
    let g = cgame(fen, "Ra2");
    assert_eq!(g.position().fen(), "4k3/8/3p4/8/8/2P5/R7/3K4 b - 126 0 1");
    let c = g.position().count().expect("count runs");
    assert_eq!((c.honour, c.side), (Honour::Board, Color::Black));
    // in Makruk nothing counts while a Bia is left
    assert_eq!(fen_after(fen, "Ra2"), "4k3/8/3p4/8/8/2P5/R7/3K4 b - - 1 1");
    // four pieces are too many
    assert_eq!(
        cgame("4k3/2ss4/3p4/8/8/2P5/8/RN1KS3 w - - 0 1", "Ra2")
            .position()
            .fen(),
        "4k3/2ss4/3p4/8/8/2P5/R7/1N1KS3 b - - 1 1"
    );
}

#[test]
fn cambodian_count_reaching_its_limit_draws() {
    let fen = "8/8/4k3/2S5/8/7R/R7/4K3 b - 14 13 50";
    let g = cgame(fen, "Ke7");
    assert_eq!(g.position().fen(), "8/4k3/8/2S5/8/7R/R7/4K3 w - 14 14 51");
    assert_eq!(g.result_str(), "*");
    let g = cgame(fen, "Ke7 Rb2");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Counting));
    // a mate on the ply after the limit still wins (rule 4)
    let g = cgame("4k3/R7/8/8/8/3K4/8/6R1 w - 14 14 50", "Rg8#");
    assert_eq!(g.position().fen(), "4k1R1/R7/8/8/8/3K4/8/8 b - 14 15 50");
    assert_eq!(g.result_str(), "1-0");
}

#[test]
fn cambodian_board_honour_kept_when_it_ends_sooner_than_pieces_honour() {
    // White (Khun, Ma, Met) against Khun and Khon: Black's board's honour runs from White's
    // first move; 57 moves later the Ma takes the Khon. Pieces' honour against Ma and Met
    // would restart at 8 of 126 plies; the board's honour count has 12 plies left, so it stays.
    let start = "7k/8/8/8/3s4/8/6M1/N6K w - - 0 1";
    let moves = "a1b3 h8g8 b3a1 g8h8 ".repeat(28) + "a1b3 h8g8 b3d4";
    let g = cgame(start, &moves);
    assert_eq!(g.position().fen(), "6k1/8/8/8/3N4/8/6M1/7K b - 126 114 58");
    let c = g.position().count().expect("count runs");
    assert_eq!((c.honour, c.side), (Honour::Board, Color::Black));
    let g = cgame(
        start,
        &(moves + " g8h8 h1g1 h8g8 g1h1 g8h8 h1g1 h8g8 g1h1 g8h8 h1g1"),
    );
    assert_eq!(g.position().fen(), "7k/8/8/8/3N4/8/6M1/6K1 b - 126 124 63");
    // when pieces' honour ends sooner it replaces the count, as in Makruk
    let f = cgame("8/5k2/4m3/8/8/2N5/R7/3KR3 w - - 0 60", "Ra3 Kg7 Rxe6")
        .position()
        .fen();
    assert_eq!(f, "8/6k1/4R3/8/8/R1N5/8/3K4 b - 14 10 61");
}

#[test]
fn who_can_still_mate_by_material() {
    use makruk::Color::{Black, White};
    // a Ruea against a bare Khun: only White can mate (a loss on time by White is a draw)
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(p.can_mate(White) && !p.can_mate(Black));
    // a lone Ma or Bia against a bare Khun cannot; against any piece it can
    assert!(!pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").can_mate(White));
    assert!(pos("4k3/8/4r3/8/8/8/8/N3K3 w - - 0 1").can_mate(White));
    // Mets all on one square colour, nothing else: neither side
    let mets = pos("4k3/8/8/8/3m4/8/8/M3K3 w - - 0 1");
    assert!(!mets.can_mate(White) && !mets.can_mate(Black));
}

// ---- counting on request ----

/// A game from `fen` with counting on request.
fn request(fen: &str) -> Game {
    Game::from_fen(fen)
        .expect("valid FEN")
        .with_counting(Counting::Request)
}

const RUEA_EACH: &str = "4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1";
const BARE_BLACK: &str = "4k3/8/8/8/8/8/R6R/3NK3 b - - 0 1";
/// White mates with Rb8; Black's Met keeps White able to count.
const MATE_IN_ONE: &str = "7k/8/6K1/8/8/8/8/mR6 w - - 0 1";

#[test]
fn on_request_no_count_starts_by_itself() {
    let mut g = request(RUEA_EACH);
    g.play_str("a2a3").unwrap();
    assert_eq!(g.position().count(), None);
    // the same move counts by itself under the automatic rules
    assert!(game(RUEA_EACH, "a2a3").position().count().is_some());
    // a capture that leaves a bare Khun starts no pieces' honour either
    let mut g = request("4k3/8/8/8/8/8/r6R/R3K3 w - - 0 1");
    g.play_str("a1a2").unwrap();
    assert_eq!(g.position().count(), None);
}

#[test]
fn on_request_board_honour_needs_no_bia_and_counts_from_1() {
    let mut g = request("4k3/8/8/3r4/8/P7/R7/4K3 w - - 0 1");
    assert_eq!(g.start_count(), Err(CountError::BiaLeft));
    assert_eq!(g.position().count(), None);
    let mut g = request(RUEA_EACH);
    let c = g.start_count().unwrap();
    assert_eq!(
        (c.honour, c.side, c.ply, c.limit),
        (Honour::Board, Color::White, 0, 128)
    );
    g.play_str("a2a3").unwrap();
    let c = g.position().count().unwrap();
    assert_eq!((c.side, c.moves(), c.limit_moves()), (Color::White, 1, 64));
    assert_eq!(g.start_count(), Err(CountError::Running));
}

#[test]
fn on_request_either_side_may_start_board_honour_at_its_turn() {
    let mut g = request(RUEA_EACH);
    g.play_str("a2a3").unwrap();
    let c = g.start_count().unwrap();
    assert_eq!((c.side, c.ply), (Color::Black, 0));
}

#[test]
fn on_request_pieces_honour_for_a_bare_khun_with_rules_2_3_numbers() {
    let mut g = request(BARE_BLACK);
    let c = g.start_count().unwrap();
    // two Ruea: 8 moves; five pieces: counting from 5 moves (10 plies)
    assert_eq!(
        (c.honour, c.side, c.limit, c.ply),
        (Honour::Pieces, Color::Black, 16, 10)
    );
    // the side facing a bare Khun cannot count
    let mut g = request("4k3/8/8/8/8/8/R6R/3NK3 w - - 0 1");
    assert_eq!(g.start_count(), Err(CountError::OpponentBare));
}

#[test]
fn on_request_the_counting_side_stops_at_its_turn_and_may_start_again() {
    let mut g = request(RUEA_EACH);
    assert_eq!(g.stop_count(), Err(CountError::NotRunning));
    g.start_count().unwrap();
    g.play_str("a2a3").unwrap();
    assert_eq!(g.stop_count(), Err(CountError::NotCountingSide));
    g.play_str("d5d4").unwrap();
    g.stop_count().unwrap();
    assert_eq!(g.position().count(), None);
    g.play_str("a3a4").unwrap();
    assert_eq!(g.position().count(), None);
    g.play_str("d4d5").unwrap();
    // from the beginning again
    assert_eq!(g.start_count().unwrap().ply, 0);
}

#[test]
fn on_request_a_mate_by_the_counting_side_is_a_draw() {
    let mut g = request(MATE_IN_ONE);
    g.start_count().unwrap();
    g.play_str("Rb8").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Counting));
    // it must stop the count first
    let mut g = request(MATE_IN_ONE);
    g.start_count().unwrap();
    g.stop_count().unwrap();
    g.play_str("Rb8").unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Color::White));
    assert_eq!(g.start_count(), Err(CountError::GameOver));
}

#[test]
fn on_request_actions_are_recorded_and_undo_takes_them_back() {
    let mut g = request(RUEA_EACH);
    g.start_count().unwrap();
    g.play_str("a2a3").unwrap();
    g.play_str("d5d4").unwrap();
    g.stop_count().unwrap();
    assert_eq!(
        g.count_actions(),
        &[(0, CountAction::Start), (2, CountAction::Stop)]
    );
    g.undo();
    assert_eq!(g.count_actions(), &[(0, CountAction::Start)]);
    assert_eq!(g.position().count().unwrap().ply, 1);
}

#[test]
fn on_request_in_ouk_chatrang_the_cambodian_conditions_apply() {
    let request = |fen| {
        Game::from_fen_variant(fen, Variant::Cambodian)
            .expect("valid FEN")
            .with_counting(Counting::Request)
    };
    // board's honour with a Bia on the board, three pieces or fewer, 63 moves
    let mut g = request("4k3/8/3p4/8/8/2P5/R7/3K4 b - - 0 1");
    let c = g.start_count().unwrap();
    assert_eq!(
        (c.honour, c.side, c.ply, c.limit),
        (Honour::Board, Color::Black, 0, 126)
    );
    // four pieces are too many; a bare Khun with a Bia on the board has no count either
    let mut g = request("4k3/2sp4/3p4/8/8/2P5/R7/3K4 b - - 0 1");
    assert_eq!(g.start_count(), Err(CountError::TooManyPieces));
    let mut g = request("4k3/8/8/8/8/2P5/R7/3K4 b - - 0 1");
    assert_eq!(g.start_count(), Err(CountError::BiaLeft));
    // pieces' honour: 15 moves against a Ruea, from twice the pieces
    let mut g = request("4k3/8/8/8/8/8/R7/3K4 b - - 0 1");
    let c = g.start_count().unwrap();
    assert_eq!((c.honour, c.ply, c.limit), (Honour::Pieces, 6, 30));
}

#[test]
fn automatic_counting_refuses_requests() {
    let mut g = game(RUEA_EACH, "");
    assert_eq!(g.start_count(), Err(CountError::Automatic));
    assert_eq!(g.stop_count(), Err(CountError::Automatic));
    assert_eq!(
        CountError::BiaLeft.to_string(),
        "no count may start now: an unpromoted Bia is on the board"
    );
}

// ---- Makpong and Kar Ouk ----

#[test]
fn makpong_khun_in_check_may_only_capture_the_checker() {
    let makpong = |fen: &str| Position::from_fen_variant(fen, Variant::Makpong).unwrap();
    // the Ruea's check along the first rank: Makruk's Khun steps away, Makpong's is mated
    let fen = "3k4/8/8/8/8/8/8/r2K4 w - - 0 1";
    assert_eq!(dests(fen, "d1"), sorted(&["c2", "d2", "e2"]));
    let p = makpong(fen);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().map(|o| o.reason), Some(Reason::Checkmate));
    // taking the unprotected checker is allowed; other pieces still block or capture
    let p = makpong("4k3/8/8/8/8/8/3r4/3K4 w - - 0 1");
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["d1d2"]);
    let sq = |s: &str| s.parse::<makruk::Square>().unwrap();
    assert!(!p.is_legal(makruk::Move::new(sq("d1"), sq("e1"), false)));
    let p = makpong("2R5/8/8/7k/8/8/8/r2K4 w - - 0 1");
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["c8c1"], "only the block");
    // any piece may still win, so a lone Ma is not a draw by material
    assert!(!makpong("4k3/8/8/8/8/8/8/N2K4 w - - 0 1").is_insufficient_material());
    assert!(pos("4k3/8/8/8/8/8/8/N2K4 w - - 0 1").is_insufficient_material());
}

#[test]
fn karouk_first_check_wins_and_the_fen_keeps_the_checks_left() {
    let karouk = |fen: &str| Game::from_fen_variant(fen, Variant::KarOuk).unwrap();
    let start = Position::startpos_variant(Variant::KarOuk);
    assert_eq!(start.fen(), Variant::KarOuk.start_fen());
    assert_eq!(start.rights().to_string(), "DEde");
    // without the field each side has one check; with it, it is read and written back
    let mut g = karouk("4k3/8/8/8/8/8/8/R2K4 w - - 0 1");
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1");
    g.play_str("Ra8+").unwrap();
    assert_eq!(g.position().fen(), "R3k3/8/8/8/8/8/8/3K4 b - 30 0+1 6 1");
    let o = g.outcome().expect("the check won");
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Check));
    assert_eq!(g.result_str(), "1-0");
    // and the game has no move left
    assert!(g.position().legal_moves().is_empty());
    let p =
        Position::from_fen_variant("R3k3/8/8/8/8/8/8/3K4 b - 30 0+1 6 1", Variant::KarOuk).unwrap();
    assert_eq!((p.checks_left(Color::White), p.lost_by_check()), (0, true));
    // a bad checks field is named
    let e = Position::from_fen_variant("4k3/8/8/8/8/8/8/R2K4 w - - 1+x 0 1", Variant::KarOuk)
        .unwrap_err();
    assert_eq!(e.field(), 5, "{e}");
    // other variants do not read it
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1").is_err());
}

#[test]
fn karouk_checks_left_are_in_the_hash() {
    // the same placement with another count of checks left is another game (a check given
    // with two left does not win; Black in check with White's check still to give plays on),
    // so the search's table and repetition must tell them apart
    let kpos = |fen: &str| Position::from_fen_variant(fen, Variant::KarOuk).unwrap();
    let one = kpos("4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1");
    let two = kpos("4k3/8/8/8/8/8/8/R2K4 w - - 2+1 0 1");
    assert_ne!(one.hash(), two.hash());
    assert!(!one.same_placement(&two));
    let checked = kpos("R3k3/8/8/8/8/8/8/3K4 b - - 1+1 0 1");
    let mut won = kpos("4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1");
    won.play(makruk::parse_uci(&won, "a1a8").unwrap());
    assert!(won.lost_by_check() && !checked.lost_by_check());
    assert_ne!(won.hash(), checked.hash());
    for p in [one, two, checked, won] {
        assert_eq!(p.hash(), p.compute_hash(), "{}", p.fen());
    }
    // Ouk Chatrang's hashes are Kar Ouk's with one check each
    assert_eq!(one.hash(), cpos("4k3/8/8/8/8/8/8/R2K4 w - - 0 1").hash());
}
