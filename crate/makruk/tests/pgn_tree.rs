//! PGN with variations, comments and NAGs: the tree read as lichess and pychess write it,
//! written back, and read again unchanged.

use makruk::pgn::{self, MoveTree, NodeText, PgnError, PgnNode};
use makruk::{CountAction, Counting, Game, Rng};

/// The SAN of a line and of its variations, nested as in PGN (no numbers, no notes).
fn shape(nodes: &[PgnNode]) -> String {
    let mut words = Vec::new();
    for n in nodes {
        words.push(n.san.clone());
        for v in &n.variations {
            words.push(format!("({})", shape(v)));
        }
    }
    words.join(" ")
}

/// Read, written and read again: the same tree, and the same text written a second time.
fn round_trip(text: &str) -> pgn::PgnGame {
    let first = pgn::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let written = pgn::write_tree(&first.game, &[], &first.tree);
    let back = pgn::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(back.tree, first.tree, "{written}");
    assert_eq!(back.game.moves(), first.game.moves());
    assert_eq!(back.game.count_actions(), first.game.count_actions());
    assert_eq!(
        pgn::write_tree(&back.game, &[], &back.tree),
        written,
        "a second write is the first"
    );
    first
}

#[test]
fn nested_variations_comments_and_nags_as_lichess_writes_them() {
    let text = "[Event \"Study\"]\n[Variant \"makruk\"]\n\n\
        { A study } 1. e4 { [%eval 0.2] The usual. } 1... e5!? \
        ( 1... d5 $2 { Too early. } 2. exd5 ( 2. c4?! d4 ( 2... c5 ) ) 2... Ne7 ) \
        2. Nd2 $1 $14 ( 2. d4?? ) 2... Nd7 *";
    let game = round_trip(text);
    let tree = &game.tree;
    assert_eq!(tree.comment, "A study");
    assert_eq!(
        shape(&tree.moves),
        "e4 e5 (d5 exd5 (c4 d4 (c5)) Ne7) Nd2 (d4) Nd7"
    );
    let e5 = &tree.moves[1];
    assert_eq!(e5.nags, [5]);
    let d5 = &e5.variations[0][0];
    assert_eq!(
        (d5.nags.as_slice(), d5.comment.as_str()),
        (&[2][..], "Too early.")
    );
    let c4 = &e5.variations[0][1].variations[0][0];
    assert_eq!((c4.san.as_str(), c4.nags.as_slice()), ("c4", &[6][..]));
    assert_eq!(tree.moves[0].comment, "[%eval 0.2] The usual.");
    assert_eq!(tree.moves[2].nags, [1, 14]);
    assert_eq!(tree.moves[2].variations[0][0].nags, [4]);
    // the game is the main line; the notes its first level
    assert_eq!(game.game.san_history(), ["e4", "e5", "Nd2", "Nd7"]);
    assert_eq!(game.notes[2].nag, 14);
    let written = pgn::write_tree(&game.game, &[], tree).replace('\n', " ");
    assert!(
        written.contains(
            "{A study} 1. e4 {[%eval 0.2] The usual.} 1... e5 $5 (1... d5 $2 {Too early.} 2. exd5"
        ),
        "{written}"
    );
    assert!(
        written.contains("(2. c4 $6 d4 (2... c5)) 2... Ne7) 2. Nd2 $1 $14 (2. d4 $4) 2... Nd7 *"),
        "{written}"
    );
}

#[test]
fn pychess_and_playok_games_keep_their_variations() {
    // pychess: no spaces inside the brackets, numbers glued to moves
    let pychess = "[Variant \"makruk\"]\n\n1.e4 e5 (1...d5 2.exd5) 2.Nd2 {ok} *";
    assert_eq!(
        shape(&round_trip(pychess).tree.moves),
        "e4 e5 (d5 exd5) Nd2"
    );
    // chess letters (no Variant tag) in a variation too
    let playok = "[Site \"PlayOK\"]\n\n1. e4 e5 2. Bf2 (2. Qd2 Qe7) *";
    let game = round_trip(playok);
    assert_eq!(shape(&game.tree.moves), "e4 e5 Sf2 (Md2 Me7)");
}

#[test]
fn comment_before_a_variation_and_annotations_apart() {
    let game = round_trip("1. e4 e5 ({why not} 1... d5 {this}) 2. Nd2 !? *");
    let d5 = &game.tree.moves[1].variations[0][0];
    assert_eq!(d5.comment, "why not this");
    assert_eq!(game.tree.moves[2].nags, [5]);
    // an empty variation is no line
    let game = round_trip("1. e4 () e5 *");
    assert!(game.tree.moves[0].variations.is_empty());
}

#[test]
fn counting_on_request_with_variations() {
    let text = "[Counting \"request\"]\n[FEN \"4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1\"]\n\n\
        {count: start} 1. Ra3 (1. Rb2 Rd3) 1... Rd4 {count: stop} (1... Rd3 {count: stop} 2. Rxd3) *";
    let game = round_trip(text);
    assert_eq!(game.game.counting(), Counting::Request);
    assert_eq!(
        game.game.count_actions(),
        [(0, CountAction::Start), (2, CountAction::Stop)]
    );
    assert_eq!(shape(&game.tree.moves), "Ra3 (Rb2 Rd3) Rd4 (Rd3 Rxd3)");
    let written = pgn::write_tree(&game.game, &[], &game.tree);
    assert!(
        written.contains(
            "{count: start} 1. Ra3 (1. Rb2 Rd3) 1... Rd4 {count: stop} (1... Rd3 2. Rxd3) *"
        ),
        "count actions are the main line's: {written}"
    );
}

#[test]
fn a_bad_variation_is_an_error_naming_its_move() {
    let msg = |t: &str| pgn::read(t).unwrap_err().to_string();
    assert!(
        msg("1. e4 e5 (1... d5 2. Kd4) 2. Nd2 *").starts_with("PGN: 2. Kd4 was rejected: "),
        "{}",
        msg("1. e4 e5 (1... d5 2. Kd4) 2. Nd2 *")
    );
    assert!(msg("1. e4 e5 (1... d5 2. Kd4) *").ends_with("(in a variation)"));
    assert!(msg("1. e4 (1. d4 d5 (1... Kxe8)) *").ends_with("(in a variation)"));
    assert_eq!(
        msg("(1. d4) 1. e4 *"),
        "PGN: a variation before 1. stands for no move"
    );
    // deep nesting: an error, not a stack overflow
    let deep = format!("1. e4 e5 {}{} *", "(1... e5 ".repeat(100), ")".repeat(100));
    assert_eq!(
        pgn::read(&deep).unwrap_err(),
        PgnError::Depth,
        "deeper than 64"
    );
    let deep = format!("1. e4 {}*", "(".repeat(pgn::MAX_TEXT / 2));
    assert!(pgn::read(&deep).is_err());
}

/// A random tree: random moves, NAGs, comments (Thai, emoji, braces) and variations, read
/// back from its PGN exactly.
#[test]
fn random_trees_round_trip() {
    let mut rng = Rng::new(45);
    for _ in 0..40 {
        let start = Game::startpos();
        let text = random_line(&mut rng, &start, 0, 12);
        let tree = MoveTree::from_text(&start, "ก่อน {เริ่ม} 🐘", &text).unwrap();
        let mut game = Game::startpos();
        for m in tree.main_line() {
            game.play(m).unwrap();
        }
        let written = pgn::write_tree(&game, &[], &tree);
        let back = pgn::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        let mut expected = tree.clone();
        expected.comment = "ก่อน {เริ่ม 🐘".into(); // a `}` cannot be written in a comment
        assert_eq!(back.tree, expected, "{written}");
    }
}

fn random_line(rng: &mut Rng, game: &Game, depth: usize, len: usize) -> Vec<NodeText> {
    let mut game = game.clone().for_analysis();
    let mut line = Vec::new();
    for _ in 0..len {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let mut node = NodeText {
            mv: m.to_string(),
            ..NodeText::default()
        };
        if rng.below(3) == 0 {
            node.nags.push(1 + rng.below(6) as u8);
        }
        if rng.below(4) == 0 {
            node.comment = ["ดี", "a (b) c", "x; y", "1. e4", "$3 !?"][rng.below(5)].into();
        }
        if depth < 3 && rng.below(4) == 0 {
            let len = 1 + rng.below(6);
            node.variations
                .push(random_line(rng, &game, depth + 1, len));
        }
        game.play(m).unwrap();
        line.push(node);
    }
    line
}

#[test]
fn trees_given_as_text_are_checked() {
    let text = |mv: &str| NodeText {
        mv: mv.into(),
        ..NodeText::default()
    };
    let mut e5 = text("e6e5");
    e5.variations = vec![vec![text("d5"), text("Kd4")]];
    let e = MoveTree::from_text(&Game::startpos(), "", &[text("e4"), e5]).unwrap_err();
    assert!(
        e.to_string().starts_with("PGN: 2. Kd4 was rejected: "),
        "{e}"
    );
    assert!(e.to_string().ends_with("(in a variation)"), "{e}");
}
