//! Playing a game as written: the main line on a [`Game`], each variation from the position
//! before the move it stands for, into the tree of moves with their notes.

use super::lex::{RawGame, Token, MAX_DEPTH};
use super::{MoveNumber, MoveTree, NodeText, Note, PgnError, PgnGame, PgnNode};
use crate::types::shorten;
use crate::{Bitboard, Counting, Game, ParseMoveError, Position, Variant};

/// Reads the tokens of one game, line by line.
struct Reader<I: Iterator<Item = Token>> {
    tokens: I,
    chess: bool,
    counting: Counting,
}

impl RawGame {
    /// Whether the moves use chess letters: no `Variant` tag, and PlayOK as the site or a
    /// letter that Makruk's notation does not use.
    fn chess_letters(&self) -> bool {
        let has = |text: &str, part: &[u8]| {
            text.as_bytes()
                .windows(part.len())
                .any(|w| w.eq_ignore_ascii_case(part))
        };
        self.tag("Variant").is_none()
            && (self.tag("Site").is_some_and(|s| has(s, b"playok"))
                || self
                    .words()
                    .any(|w| w.starts_with(['Q', 'B']) || has(w, b"=P") || is_promoted_bia_word(w)))
    }

    /// The start of the game: its variant, position and counting, from the tags.
    fn start(&self) -> Result<Game, PgnError> {
        let variant = match self.tag("Variant") {
            None => Variant::Makruk,
            Some(v) => Variant::ALL
                .into_iter()
                .find(|k| v.trim().eq_ignore_ascii_case(k.name()))
                .ok_or_else(|| PgnError::Variant(shorten(v)))?,
        };
        let game = match self.tag("FEN") {
            Some(fen) => Game::from_fen_variant(fen.trim(), variant).map_err(PgnError::Fen)?,
            None => Game::startpos_variant(variant),
        };
        let counting = match self.tag("Counting") {
            None => Counting::Auto,
            Some(v) => v
                .trim()
                .parse()
                .map_err(|_| PgnError::Counting(shorten(v)))?,
        };
        Ok(game.with_counting(counting))
    }

    /// Plays the game: the main line and the count actions on its game, the variations
    /// checked against theirs.
    pub(super) fn play(self) -> Result<PgnGame, PgnError> {
        let mut game = self.start()?;
        let mut reader = Reader {
            chess: self.chess_letters(),
            counting: game.counting(),
            tokens: self.tokens.into_iter(),
        };
        let (comment, moves) = reader.line(&mut game, 0)?;
        let notes = moves
            .iter()
            .map(|n| Note {
                nag: n.nags.last().copied().unwrap_or(0),
                comment: n.comment.clone(),
            })
            .collect();
        Ok(PgnGame {
            tags: self.tags,
            game,
            result: self.result,
            notes,
            tree: MoveTree { comment, moves },
        })
    }
}

/// Adds `text` to a comment, after a space.
fn append(comment: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !comment.is_empty() {
        comment.push(' ');
    }
    comment.push_str(text);
}

/// The number of the move to play in `pos`, as the text wrote it last or else the position's.
fn number(pos: &Position, written: Option<u32>) -> MoveNumber {
    MoveNumber {
        number: written.unwrap_or(pos.fullmove()),
        color: pos.turn(),
    }
}

impl<I: Iterator<Item = Token>> Reader<I> {
    /// Reads a line from `game` up to its `)` (or the end): the comment before its first move
    /// and its moves, played on `game`.
    fn line(&mut self, game: &mut Game, depth: usize) -> Result<(String, Vec<PgnNode>), PgnError> {
        let mut lead = String::new();
        let mut nodes: Vec<PgnNode> = Vec::new();
        while let Some(token) = self.tokens.next() {
            match token {
                Token::Move { word, number, nag } => {
                    nodes.push(self.play_move(game, &word, number, nag)?);
                }
                Token::Nag(n) => match nodes.last_mut() {
                    Some(node) if !node.nags.contains(&n) => node.nags.push(n),
                    _ => {}
                },
                Token::Comment(text) => match nodes.last_mut() {
                    Some(node) => append(&mut node.comment, &text),
                    None => append(&mut lead, &text),
                },
                Token::Count(action, written) => {
                    // count actions belong to the game: the main line's
                    if depth == 0 && self.counting == Counting::Request {
                        let at = number(game.position(), written);
                        game.count_action(action).map_err(|error| PgnError::Count {
                            at,
                            action,
                            error,
                        })?;
                    }
                }
                Token::Open => {
                    let Some(last) = nodes.last_mut() else {
                        return Err(PgnError::LoneVariation(number(game.position(), None)));
                    };
                    let line = self.variation(game, depth + 1)?;
                    if !line.is_empty() {
                        last.variations.push(line);
                    }
                }
                Token::Close if depth > 0 => return Ok((lead, nodes)),
                Token::Close => {} // a `)` that closes nothing
            }
        }
        Ok((lead, nodes))
    }

    /// Reads a variation of the last move played on `game`, from the position before it;
    /// `game` is as it was afterwards.
    fn variation(&mut self, game: &mut Game, depth: usize) -> Result<Vec<PgnNode>, PgnError> {
        if depth > MAX_DEPTH {
            return Err(PgnError::Depth);
        }
        let ply = game.moves().len();
        let kept: Vec<_> = game.count_actions_at(ply).collect();
        let last = game
            .undo()
            .unwrap_or_else(|| unreachable!("a variation follows a move"));
        let read = self.line(game, depth);
        while game.moves().len() >= ply {
            game.undo();
        }
        game.play(last)
            .unwrap_or_else(|_| unreachable!("the move was played here before"));
        for action in kept {
            game.count_action(action)
                .unwrap_or_else(|_| unreachable!("the action was made here before"));
        }
        let (lead, mut nodes) = read.map_err(|e| match e {
            PgnError::InVariation(_) | PgnError::Depth => e,
            e => PgnError::InVariation(Box::new(e)),
        })?;
        if let Some(first) = nodes.first_mut() {
            if !lead.is_empty() {
                first.comment = format!("{lead} {}", first.comment).trim_end().to_string();
            }
        }
        Ok(nodes)
    }

    /// Reads and plays a move as written.
    fn play_move(
        &self,
        game: &mut Game,
        word: &str,
        written: Option<u32>,
        nag: u8,
    ) -> Result<PgnNode, PgnError> {
        let pos = *game.position();
        let at = number(&pos, written);
        if let Some(outcome) = game.outcome() {
            return Err(PgnError::AfterEnd {
                at,
                text: shorten(word),
                outcome,
            });
        }
        let read = if self.chess {
            parse_chess_letters(&pos, word)
        } else {
            pos.parse_move(word)
        };
        let m = read.map_err(|error| PgnError::Move {
            at,
            text: shorten(word),
            error,
        })?;
        // not `expect`, which would format the error with Debug (size of the wasm module)
        game.play(m)
            .unwrap_or_else(|_| unreachable!("a move read against the position is legal"));
        Ok(PgnNode {
            mv: m,
            san: crate::to_san(&pos, m),
            nags: if nag == 0 { Vec::new() } else { vec![nag] },
            comment: String::new(),
            variations: Vec::new(),
        })
    }
}

impl MoveTree {
    /// The tree of `moves` (UCI or SAN, each with its notes and variations) from the start
    /// of `game`, each move checked; an illegal one is an error naming it (with
    /// [`PgnError::InVariation`] when it is in a variation).
    ///
    /// ```
    /// use makruk::pgn::{MoveTree, NodeText};
    ///
    /// let text = |mv: &str| NodeText { mv: mv.into(), ..NodeText::default() };
    /// let mut e4 = text("e3e4");
    /// e4.variations = vec![vec![text("d4"), text("d6d5")]];
    /// let tree = MoveTree::from_text(&makruk::Game::startpos(), "", &[e4, text("e6e5")]).unwrap();
    /// assert_eq!(tree.moves[0].variations[0][1].san, "d5");
    /// assert!(MoveTree::from_text(&makruk::Game::startpos(), "", &[text("e3e5")]).is_err());
    /// ```
    pub fn from_text(game: &Game, comment: &str, moves: &[NodeText]) -> Result<MoveTree, PgnError> {
        let mut line = Game::new(*game.start())
            .with_counting(game.counting())
            .for_analysis();
        Ok(MoveTree {
            comment: comment.to_string(),
            moves: build(&mut line, moves, 0)?,
        })
    }
}

/// The nodes of `moves` played on `game` (which ends where it began).
fn build(game: &mut Game, moves: &[NodeText], depth: usize) -> Result<Vec<PgnNode>, PgnError> {
    let base = game.moves().len();
    let mut nodes = Vec::new();
    let mut result = Ok(());
    for text in moves {
        let pos = *game.position();
        let at = number(&pos, None);
        let m = match pos.parse_move(&text.mv) {
            Ok(m) => m,
            Err(error) => {
                result = Err(PgnError::Move {
                    at,
                    text: shorten(&text.mv),
                    error,
                });
                break;
            }
        };
        let mut variations = Vec::new();
        for v in &text.variations {
            if depth >= MAX_DEPTH {
                result = Err(PgnError::Depth);
                break;
            }
            match build(game, v, depth + 1) {
                Ok(line) if line.is_empty() => {}
                Ok(line) => variations.push(line),
                Err(e @ (PgnError::InVariation(_) | PgnError::Depth)) => result = Err(e),
                Err(e) => result = Err(PgnError::InVariation(Box::new(e))),
            }
        }
        if result.is_err() {
            break;
        }
        game.play(m)
            .unwrap_or_else(|_| unreachable!("a move read against the position is legal"));
        nodes.push(PgnNode {
            mv: m,
            san: crate::to_san(&pos, m),
            nags: text.nags.clone(),
            comment: text.comment.clone(),
            variations,
        });
    }
    while game.moves().len() > base {
        game.undo();
    }
    result.map(|()| nodes)
}

/// `P` and a square or file: a promoted Bia that moves, in chess letters (`Pxd5`, `Pbc4`).
fn is_promoted_bia_word(word: &str) -> bool {
    word.len() > 2
        && word.starts_with('P')
        && word[1..].starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// Reads a move written in chess letters: `Q` the Met, `B` the Khon, `=P` a promotion,
/// `P` a promoted Bia.
fn parse_chess_letters(pos: &Position, word: &str) -> Result<crate::Move, ParseMoveError> {
    let word = word.trim_end_matches(['+', '#']);
    let word = match word.strip_suffix("=P") {
        Some(body) => format!("{body}=M"),
        None => word.to_string(),
    };
    let (text, from) = match word.as_bytes().first() {
        Some(b'Q') => (format!("M{}", &word[1..]), !pos.promoted()),
        Some(b'B') => (format!("S{}", &word[1..]), Bitboard::ALL),
        Some(b'P') if is_promoted_bia_word(&word) => (format!("M{}", &word[1..]), pos.promoted()),
        _ => (word, Bitboard::ALL),
    };
    crate::san::parse_san_from(pos, &text, from).map_err(ParseMoveError::San)
}
