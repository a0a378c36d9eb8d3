//! Errors as codes (issue 56): each error of the core also says what went wrong as an
//! [`ErrorCode`], a kind ([`ErrorKind`]) with its fields (a square, a move, a ply, a FEN field,
//! the expected range, ...) and the error it wraps, so that a caller words it in its own
//! language (the page, in five). `Display` keeps the English text for the core's own users (the
//! UCI engine, the tools, the console).

use crate::types::{Color, Role, Square};

/// Declares [`ErrorKind`] and its list: every kind is in [`ErrorKind::ALL`] by construction.
macro_rules! error_kinds {
    ($($(#[doc = $doc:literal])* $kind:ident = $name:literal,)*) => {
        /// What went wrong, one kind for each sentence a caller needs; its fields are in the
        /// [`ErrorCode`] (named in each kind's comment).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorKind {
            $($(#[doc = $doc])* $kind,)*
        }

        impl ErrorKind {
            /// Every kind the core produces.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$kind,)*];

            /// The kind's name for callers (`"fen.fields"`, `"uci.noPiece"`, ...).
            pub const fn name(self) -> &'static str {
                match self {
                    $(ErrorKind::$kind => $name,)*
                }
            }
        }
    };
}

error_kinds! {
    /// A FEN with no fields.
    FenEmpty = "fen.empty",
    /// More than six fields: `found`, the first extra one `text`.
    FenFields = "fen.fields",
    /// A placement of other than 8 ranks: `found`.
    FenRanks = "fen.ranks",
    /// A `~` that does not follow a Met, on `rank`.
    FenTilde = "fen.tilde",
    /// An empty-square count of 0 or 9 (`text`) on `rank`.
    FenEmptyCount = "fen.emptyCount",
    /// A character `text` that is neither a piece letter nor a digit, on `rank`.
    FenLetter = "fen.letter",
    /// A rank of `found` squares (not 8).
    FenRankWidth = "fen.rankWidth",
    /// A rank of more than 8 squares.
    FenRankTooWide = "fen.rankTooWide",
    /// A side (`color`) with `found` Khun, not one.
    FenKhun = "fen.khun",
    /// A side (`color`) with `found` pieces, more than `max`.
    FenPieces = "fen.pieces",
    /// A Bia of `color` on `square`, on or beyond its sixth rank.
    FenUnpromoted = "fen.unpromoted",
    /// A side to move `text` other than `w` and `b`.
    FenTurn = "fen.turn",
    /// Rights `text` in Makruk, which has none.
    FenRightsMakruk = "fen.rightsMakruk",
    /// A letter `text` that is not a right.
    FenRightsLetter = "fen.rightsLetter",
    /// A right `text` given twice.
    FenRightsRepeated = "fen.rightsRepeated",
    /// A right `text` whose piece (`color`, `piece`) is not on its start `square`.
    FenRightsSquare = "fen.rightsSquare",
    /// FEN `field` holds `text`, not a whole number.
    FenNumber = "fen.number",
    /// FEN `field` holds `text`, a number too large.
    FenNumberTooLarge = "fen.numberTooLarge",
    /// A counting limit in field 4 without the count in field 5.
    FenCount = "fen.count",
    /// The side not to move (`color`) is in check.
    FenCheck = "fen.check",
    /// `text` is not a square name.
    Square = "square",
    /// `text` is not a rule set's name.
    Variant = "variant",
    /// `text` is not a counting mode (`auto`, `request`).
    Counting = "counting",
    /// The null move `0000`.
    UciNull = "uci.null",
    /// `text` is not of the form `e3e4` or `a5a6m`.
    UciShape = "uci.shape",
    /// The from-square of `text` is not a square.
    UciFrom = "uci.from",
    /// The to-square of `text` is not a square.
    UciTo = "uci.to",
    /// A promotion letter `text` other than `m`.
    UciPromotionLetter = "uci.promotionLetter",
    /// No piece on `square`.
    MoveNoPiece = "move.noPiece",
    /// The `piece` on `square` is `color`'s, the other side's.
    MoveNotYours = "move.notYours",
    /// `m` (or `=M`) on `move`, which does not promote.
    MoveNotPromotion = "move.notPromotion",
    /// The `piece` on `square` cannot go to `to`, and the side to move is in check.
    MoveInCheck = "move.inCheck",
    /// The `piece` on `square` cannot go to `to`.
    MoveCannot = "move.cannot",
    /// `x` marks a capture, but `square` is empty.
    MoveNotCapture = "move.notCapture",
    /// No `piece` (or none named: any) of `color` can move to `square`.
    MoveNone = "move.none",
    /// Several moves fit: `moves` (UCI, space separated).
    MoveAmbiguous = "move.ambiguous",
    /// An empty move.
    SanEmpty = "san.empty",
    /// A move with other than ASCII letters.
    SanAscii = "san.ascii",
    /// Castling, which Makruk does not have.
    SanCastling = "san.castling",
    /// No target square at the end.
    SanTarget = "san.target",
    /// `text` is not a piece letter.
    SanPieceLetter = "san.pieceLetter",
    /// Not of the form `[piece][file][rank][x]square[=M]`.
    SanShape = "san.shape",
    /// `move` is not legal in the position.
    MoveIllegal = "move.illegal",
    /// The game is over (`result`, by `reason`, a name of [`crate::Reason`]).
    GameOver = "game.over",
    /// The game counts by itself.
    CountAutomatic = "count.automatic",
    /// The game is over: no count starts or stops.
    CountGameOver = "count.gameOver",
    /// An unpromoted Bia is on the board.
    CountBiaLeft = "count.biaLeft",
    /// The opponent has a bare Khun.
    CountOpponentBare = "count.opponentBare",
    /// A count already runs.
    CountRunning = "count.running",
    /// No count runs.
    CountNotRunning = "count.notRunning",
    /// The running count is the other side's.
    CountNotCountingSide = "count.notCountingSide",
    /// Ouk Chatrang: the side to move has more than three pieces.
    CountTooManyPieces = "count.tooManyPieces",
    /// A record of `found` bytes, more than `max`.
    RecordTooLong = "record.tooLong",
    /// A record of `found` fields, not 5.
    RecordFields = "record.fields",
    /// A record's version `text`, which this reader does not know.
    RecordVersion = "record.version",
    /// The record's variant: `cause`.
    RecordVariant = "record.variant",
    /// The record's counting: `cause`.
    RecordCounting = "record.counting",
    /// The record's start position: `cause`.
    RecordFen = "record.fen",
    /// A token `text` after the game's end, at `ply`.
    RecordToken = "record.token",
    /// The move at `ply` (`move`): `cause`.
    RecordMove = "record.move",
    /// The count `action` at `ply`: `cause`.
    RecordCount = "record.count",
    /// An end at `ply` after the game was over: `cause`.
    RecordEnd = "record.end",
    /// A PGN text of `found` bytes, more than `max`.
    PgnTooLong = "pgn.tooLong",
    /// No tags and no moves.
    PgnEmpty = "pgn.empty",
    /// A malformed tag near `text`.
    PgnTag = "pgn.tag",
    /// A `Variant` tag `text` of another game.
    PgnVariant = "pgn.variant",
    /// The `FEN` tag: `cause`.
    PgnFen = "pgn.fen",
    /// A `Counting` tag `text` other than `auto` and `request`.
    PgnCounting = "pgn.counting",
    /// The count `action` before move `at` was refused: `cause`.
    PgnCount = "pgn.count",
    /// Move `at` `move` after the game's end (`result`, by `reason`).
    PgnAfterEnd = "pgn.afterEnd",
    /// A variation before move `at` stands for no move.
    PgnLoneVariation = "pgn.loneVariation",
    /// Variations nested deeper than `max`.
    PgnDepth = "pgn.depth",
    /// In a variation: `cause`.
    PgnInVariation = "pgn.inVariation",
    /// Move `at` `move` was refused: `cause`.
    PgnMove = "pgn.move",
}

/// An error as a kind with its fields; the fields a kind has are named in its comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorCode {
    /// What went wrong.
    pub kind: ErrorKind,
    /// A square.
    pub square: Option<Square>,
    /// The square a move goes to.
    pub to: Option<Square>,
    /// A text read (a letter, a token, a field; shortened if long).
    pub text: Option<String>,
    /// A move as written, or moves (UCI, space separated).
    pub moves: Option<String>,
    /// The number of moves before it (0 for the first).
    pub ply: Option<usize>,
    /// A move number as PGN writes it (`2.`, `2...`).
    pub at: Option<String>,
    /// A FEN field (1..=6).
    pub field: Option<u8>,
    /// A rank (1..=8).
    pub rank: Option<u8>,
    /// A number found.
    pub found: Option<usize>,
    /// The most allowed.
    pub max: Option<usize>,
    /// A piece.
    pub piece: Option<Role>,
    /// A side.
    pub color: Option<Color>,
    /// A count action (`start`, `stop`).
    pub action: Option<&'static str>,
    /// A game's result (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<&'static str>,
    /// How a game ended (a name of [`crate::Reason`]).
    pub reason: Option<&'static str>,
    /// The error this one wraps.
    pub cause: Option<Box<ErrorCode>>,
}

impl ErrorCode {
    /// A code of `kind` with no fields yet. (Not inlined, nor are the setters below: the
    /// codes are made in a hundred places, and the game's wasm module pays for each.)
    #[inline(never)]
    pub fn new(kind: ErrorKind) -> ErrorCode {
        ErrorCode {
            kind,
            square: None,
            to: None,
            text: None,
            moves: None,
            ply: None,
            at: None,
            field: None,
            rank: None,
            found: None,
            max: None,
            piece: None,
            color: None,
            action: None,
            result: None,
            reason: None,
            cause: None,
        }
    }

    /// This code wrapping `cause`.
    #[inline(never)]
    pub fn caused_by(mut self, cause: ErrorCode) -> ErrorCode {
        self.cause = Some(Box::new(cause));
        self
    }

    /// With the text read.
    #[inline(never)]
    pub fn text(mut self, text: impl ToString) -> ErrorCode {
        self.text = Some(text.to_string());
        self
    }

    /// With a move as written (or moves).
    #[inline(never)]
    pub fn moves(mut self, moves: &str) -> ErrorCode {
        self.moves = Some(moves.to_string());
        self
    }

    /// With a square.
    #[inline(never)]
    pub fn square(mut self, square: Square) -> ErrorCode {
        self.square = Some(square);
        self
    }

    /// With a piece and the squares of its move.
    #[inline(never)]
    pub fn piece_move(mut self, piece: Role, from: Square, to: Square) -> ErrorCode {
        self.piece = Some(piece);
        self.square = Some(from);
        self.to = Some(to);
        self
    }

    /// With a piece (maybe none) and a side.
    #[inline(never)]
    pub fn piece_of(mut self, piece: Option<Role>, color: Option<Color>) -> ErrorCode {
        self.piece = piece;
        self.color = color;
        self
    }

    /// With the number of moves before it.
    #[inline(never)]
    pub fn ply(mut self, ply: usize) -> ErrorCode {
        self.ply = Some(ply);
        self
    }

    /// With a move number as PGN writes it.
    #[inline(never)]
    pub fn at(mut self, at: &crate::pgn::MoveNumber) -> ErrorCode {
        self.at = Some(at.to_string());
        self
    }

    /// With a FEN field.
    #[inline(never)]
    pub fn field(mut self, field: u8) -> ErrorCode {
        self.field = Some(field);
        self
    }

    /// With a rank.
    #[inline(never)]
    pub fn rank(mut self, rank: u8) -> ErrorCode {
        self.rank = Some(rank);
        self
    }

    /// With a number found and the most allowed.
    #[inline(never)]
    pub fn found(mut self, found: usize, max: Option<usize>) -> ErrorCode {
        self.found = Some(found);
        self.max = max;
        self
    }

    /// With a count action.
    #[inline(never)]
    pub fn action(mut self, action: &'static str) -> ErrorCode {
        self.action = Some(action);
        self
    }

    /// With a game's end.
    #[inline(never)]
    pub fn outcome(mut self, outcome: &crate::Outcome) -> ErrorCode {
        self.result = Some(outcome.result_str());
        self.reason = Some(outcome.reason.name());
        self
    }
}

/// An error that says what went wrong as a code (every error type of the core).
pub trait Coded {
    /// The error as a kind with its fields.
    fn code(&self) -> ErrorCode;
}

use crate::counting::{CountError, ParseCountingError};
use crate::fen::{ParseFenError, RightsError};
use crate::game::{CountRecordError, GameOverError, IllegalMoveError, PlayError};
use crate::pgn::PgnError;
use crate::record::{RecordError, MAX_RECORD};
use crate::san::{ParseMoveError, SanError};
use crate::types::ParseSquareError;
use crate::uci_move::{MoveFault, UciMoveError};
use crate::variant::ParseVariantError;
use ErrorCode as C;
use ErrorKind as K;

impl Coded for ParseFenError {
    fn code(&self) -> ErrorCode {
        match self.field() {
            0 => self.code_of_field(),
            field => self.code_of_field().field(field),
        }
    }
}

impl ParseFenError {
    /// The code, but for the field at fault.
    fn code_of_field(&self) -> ErrorCode {
        match self {
            ParseFenError::Empty => C::new(K::FenEmpty),
            ParseFenError::Fields { found, extra } => {
                C::new(K::FenFields).found(*found, None).text(extra)
            }
            ParseFenError::Ranks { found } => C::new(K::FenRanks).found(*found, None),
            ParseFenError::Tilde { rank } => C::new(K::FenTilde).rank(*rank),
            ParseFenError::EmptyCount { rank, digit } => {
                C::new(K::FenEmptyCount).rank(*rank).text(digit)
            }
            ParseFenError::Letter { rank, letter } => C::new(K::FenLetter).rank(*rank).text(letter),
            ParseFenError::RankWidth {
                rank,
                squares: Some(n),
            } => C::new(K::FenRankWidth)
                .rank(*rank)
                .found(usize::from(*n), Some(8)),
            ParseFenError::RankWidth { rank, .. } => C::new(K::FenRankTooWide).rank(*rank),
            ParseFenError::Khun { color, found } => C::new(K::FenKhun)
                .piece_of(None, Some(*color))
                .found(*found as usize, Some(1)),
            ParseFenError::Pieces { color, found } => {
                C::new(K::FenPieces).piece_of(None, Some(*color)).found(
                    *found as usize,
                    Some(crate::fen::MAX_PIECES_PER_SIDE as usize),
                )
            }
            ParseFenError::Unpromoted { color, square } => C::new(K::FenUnpromoted)
                .piece_of(Some(Role::Bia), Some(*color))
                .square(*square),
            ParseFenError::Turn(found) => C::new(K::FenTurn).text(found),
            ParseFenError::Rights(e) => e.code(),
            ParseFenError::Number {
                found, too_large, ..
            } => C::new(if *too_large {
                K::FenNumberTooLarge
            } else {
                K::FenNumber
            })
            .text(found),
            ParseFenError::Count => C::new(K::FenCount),
            ParseFenError::Check(color) => C::new(K::FenCheck).piece_of(None, Some(*color)),
        }
    }
}

impl Coded for RightsError {
    fn code(&self) -> ErrorCode {
        match self {
            RightsError::Makruk { found } => C::new(K::FenRightsMakruk).text(found),
            RightsError::Letter { letter } => C::new(K::FenRightsLetter).text(letter),
            RightsError::Repeated { letter } => C::new(K::FenRightsRepeated).text(letter),
            RightsError::NotOnStartSquare {
                letter,
                color,
                role,
                square,
            } => C::new(K::FenRightsSquare)
                .text(letter)
                .piece_of(Some(*role), Some(*color))
                .square(*square),
        }
    }
}

impl Coded for ParseSquareError {
    fn code(&self) -> ErrorCode {
        C::new(K::Square).text(&self.found)
    }
}

impl Coded for ParseVariantError {
    fn code(&self) -> ErrorCode {
        C::new(K::Variant).text(&self.found)
    }
}

impl Coded for ParseCountingError {
    fn code(&self) -> ErrorCode {
        C::new(K::Counting).text(crate::types::shorten(&self.0))
    }
}

impl Coded for MoveFault {
    fn code(&self) -> ErrorCode {
        match self {
            MoveFault::NullMove => C::new(K::UciNull),
            MoveFault::UciShape => C::new(K::UciShape),
            MoveFault::UciFrom(t) => C::new(K::UciFrom).text(t),
            MoveFault::UciTo(t) => C::new(K::UciTo).text(t),
            MoveFault::PromotionLetter(c) => C::new(K::UciPromotionLetter).text(c),
            MoveFault::NoPiece(sq) => C::new(K::MoveNoPiece).square(*sq),
            MoveFault::NotYours { square, piece, .. } => C::new(K::MoveNotYours)
                .square(*square)
                .piece_of(Some(piece.role), Some(piece.color)),
            MoveFault::NotPromotion { mv, .. } => C::new(K::MoveNotPromotion).moves(mv),
            MoveFault::InCheck { role, from, to, .. } => {
                C::new(K::MoveInCheck).piece_move(*role, *from, *to)
            }
            MoveFault::Cannot { role, from, to } => {
                C::new(K::MoveCannot).piece_move(*role, *from, *to)
            }
            MoveFault::NotCapture(sq) => C::new(K::MoveNotCapture).square(*sq),
            MoveFault::NoneFits { role, turn, to } => {
                C::new(K::MoveNone).piece_of(*role, Some(*turn)).square(*to)
            }
            MoveFault::Empty => C::new(K::SanEmpty),
            MoveFault::NotAscii => C::new(K::SanAscii),
            MoveFault::Castling => C::new(K::SanCastling),
            MoveFault::Target(_) => C::new(K::SanTarget),
            MoveFault::PieceLetter(c) => C::new(K::SanPieceLetter).text(c),
            MoveFault::SanShape => C::new(K::SanShape),
        }
    }
}

/// A move's fault, with the move as written where the fault names no other.
fn with_move(why: &MoveFault, text: &str) -> ErrorCode {
    let code = why.code();
    match code.moves {
        Some(_) => code,
        None => code.moves(text),
    }
}

impl Coded for UciMoveError {
    fn code(&self) -> ErrorCode {
        match self {
            UciMoveError::Syntax { text, why } | UciMoveError::Illegal { text, why } => {
                with_move(why, text)
            }
        }
    }
}

impl Coded for SanError {
    fn code(&self) -> ErrorCode {
        match self {
            SanError::Syntax { text, why } | SanError::Illegal { text, why } => {
                with_move(why, text)
            }
            SanError::Ambiguous { candidates, .. } => {
                C::new(K::MoveAmbiguous).moves(&candidates.join(" "))
            }
        }
    }
}

impl Coded for ParseMoveError {
    fn code(&self) -> ErrorCode {
        match self {
            ParseMoveError::Uci(e) => e.code(),
            ParseMoveError::San(e) => e.code(),
        }
    }
}

impl Coded for IllegalMoveError {
    fn code(&self) -> ErrorCode {
        C::new(K::MoveIllegal).moves(&self.uci)
    }
}

impl Coded for GameOverError {
    fn code(&self) -> ErrorCode {
        C::new(K::GameOver).outcome(&self.0)
    }
}

impl Coded for PlayError {
    fn code(&self) -> ErrorCode {
        match self {
            PlayError::Parse(e) => e.code(),
            PlayError::Illegal(e) => e.code(),
            PlayError::GameOver(e) => e.code(),
        }
    }
}

impl Coded for CountError {
    fn code(&self) -> ErrorCode {
        C::new(match self {
            CountError::Automatic => K::CountAutomatic,
            CountError::GameOver => K::CountGameOver,
            CountError::BiaLeft => K::CountBiaLeft,
            CountError::OpponentBare => K::CountOpponentBare,
            CountError::Running => K::CountRunning,
            CountError::NotRunning => K::CountNotRunning,
            CountError::NotCountingSide => K::CountNotCountingSide,
            CountError::TooManyPieces => K::CountTooManyPieces,
        })
    }
}

impl Coded for CountRecordError {
    fn code(&self) -> ErrorCode {
        self.error.code().action(self.action.name())
    }
}

impl Coded for RecordError {
    fn code(&self) -> ErrorCode {
        match self {
            RecordError::TooLong(n) => C::new(K::RecordTooLong).found(*n, Some(MAX_RECORD)),
            RecordError::Fields(n) => C::new(K::RecordFields).found(*n, Some(5)),
            RecordError::Version(v) => C::new(K::RecordVersion).text(v),
            RecordError::Variant(e) => C::new(K::RecordVariant).caused_by(e.code()),
            RecordError::Counting(e) => C::new(K::RecordCounting).caused_by(e.code()),
            RecordError::Fen(e) => C::new(K::RecordFen).caused_by(e.code()),
            RecordError::Token { ply, token } => C::new(K::RecordToken).ply(*ply).text(token),
            RecordError::Move { ply, error } => {
                C::new(K::RecordMove).ply(*ply).caused_by(error.code())
            }
            RecordError::Count { ply, action, error } => C::new(K::RecordCount)
                .ply(*ply)
                .action(action.name())
                .caused_by(error.code()),
            RecordError::End { ply, error } => {
                C::new(K::RecordEnd).ply(*ply).caused_by(error.code())
            }
        }
    }
}

impl Coded for PgnError {
    fn code(&self) -> ErrorCode {
        match self {
            PgnError::TooLong(n) => C::new(K::PgnTooLong).found(*n, Some(crate::pgn::MAX_TEXT)),
            PgnError::Empty => C::new(K::PgnEmpty),
            PgnError::Tag(near) => C::new(K::PgnTag).text(near),
            PgnError::Variant(v) => C::new(K::PgnVariant).text(v),
            PgnError::Fen(e) => C::new(K::PgnFen).caused_by(e.code()),
            PgnError::Counting(v) => C::new(K::PgnCounting).text(v),
            PgnError::Count { at, action, error } => C::new(K::PgnCount)
                .at(at)
                .action(action.name())
                .caused_by(error.code()),
            PgnError::AfterEnd { at, text, outcome } => {
                C::new(K::PgnAfterEnd).at(at).moves(text).outcome(outcome)
            }
            PgnError::LoneVariation(at) => C::new(K::PgnLoneVariation).at(at),
            PgnError::Depth => C::new(K::PgnDepth).found(
                crate::pgn::MAX_VARIATION_DEPTH + 1,
                Some(crate::pgn::MAX_VARIATION_DEPTH),
            ),
            PgnError::InVariation(e) => C::new(K::PgnInVariation).caused_by(e.code()),
            PgnError::Move { at, text, error } => C::new(K::PgnMove)
                .at(at)
                .moves(text)
                .caused_by(error.code()),
        }
    }
}
