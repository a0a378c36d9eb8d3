//! `Position`: placement, side to move, clocks, the counting state, the variant with Ouk
//! Chatrang's rights, and the Zobrist hash. It is `Copy` and small (about 100 bytes): undo is
//! keeping a copy (copy-make).
//!
//! Its methods are in six files, each with the concern it serves (one `impl Position` block
//! each). Those files use this one; this one names none of them (only `outcome` calls
//! `has_legal_move`, a method that movegen.rs adds):
//! - here: the fields and their accessors, start positions, `play`, `play_counting`,
//!   `play_null`, attacks and checks, the hash, the count (`count`, `count_exceeded`,
//!   `limit_moves`, `has_bare_khun`, on the rules of counting.rs), the verdict `outcome`,
//!   material (`is_insufficient_material`, `can_mate`);
//! - movegen.rs: `legal_moves`, `capture_moves`, `quiet_checks`, `has_checking_move`,
//!   `count_legal`, `has_legal_move`, `is_legal`;
//! - fen.rs: `from_fen`, `from_fen_variant`, `from_board`, `fen` (and `FromStr`, `Display`);
//! - san.rs: `parse_move` (SAN or UCI), `san`;
//! - explain.rs: `why_illegal`;
//! - search/ordering.rs: `is_quiet`, `see_ge` (the search's static exchange evaluation).

use crate::attacks::{
    bia_attacks, khon_attacks, khun_attacks, ma_attacks, met_attacks, ruea_attacks,
};
use crate::bitboard::Bitboard;
use crate::counting::{limit_moves, Count, CountError, CountState, Counting, Material};
use crate::outcome::{Outcome, Reason};
use crate::rights::Rights;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::variant::Variant;
use crate::Rng;

/// The seed of the Zobrist keys ("Makruk!!").
const ZOBRIST_SEED: u64 = 0x4d61_6b72_756b_2121;

/// The `n`th Zobrist key: the keys are computed where they are used, not kept in a table
/// (6 KiB of random numbers were a tenth of the gzipped wasm module, and the few
/// multiplications cost the search no measurable speed).
#[inline]
const fn zobrist(n: u64) -> u64 {
    Rng::nth(ZOBRIST_SEED, n)
}

/// The key for Black to move: the one after the 2 x 6 x 64 piece keys.
const SIDE_KEY: u64 = zobrist(2 * 6 * 64);

/// Kar Ouk: the key of the checks left (`[white, black]`); 0 for the `1+1` every game starts
/// with, so only a position read with other counts, or after a check, hashes differently.
#[inline]
const fn checks_key(checks: [u8; 2]) -> u64 {
    if checks[0] == 1 && checks[1] == 1 {
        0
    } else {
        zobrist(2 * 6 * 64 + 1 + ((checks[0] as u64) << 8 | checks[1] as u64))
    }
}

/// The key of a piece on a square: [colour][role][square] in the generator's order.
#[inline]
fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    zobrist(((color.index() * 6 + role.index()) * 64 + sq.index()) as u64)
}

/// A position: everything a FEN holds, counting fields included, plus the hash.
///
/// ```
/// use makruk::Position;
///
/// let mut pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 23);
/// let e4 = pos.parse_move("e4").unwrap(); // SAN or UCI
/// pos.play(e4); // copy-make: keep a copy to take a move back
/// assert_eq!(pos.fen(), "rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1");
/// assert_eq!(pos.outcome(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    /// Mets that are promoted Bia (the FEN's `~`); they move exactly like Mets.
    pub(crate) promoted: Bitboard,
    pub(crate) checkers: Bitboard,
    pub(crate) hash: u64,
    pub(crate) turn: Color,
    /// Plies since the last capture or Bia move (shown in the FEN while no count runs).
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The count (FEN fields 4 and 5).
    count: CountState,
    /// The rules followed.
    pub(crate) variant: Variant,
    /// Ouk Chatrang's first-move rights (always none in Makruk).
    pub(crate) rights: Rights,
    /// Kar Ouk: the checks each side has left to give (`[white, black]`, the FEN's `1+1`).
    pub(crate) checks: [u8; 2],
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// An empty board, White to move; the FEN reader fills it.
    pub(crate) fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            promoted: Bitboard::EMPTY,
            checkers: Bitboard::EMPTY,
            hash: 0,
            turn: Color::White,
            halfmove: 0,
            fullmove: 1,
            count: CountState::NONE,
            variant: Variant::Makruk,
            rights: Rights::NONE,
            checks: [1, 1],
        }
    }

    /// Makruk's start position `rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1`.
    pub fn startpos() -> Position {
        let back = [
            Role::Ruea,
            Role::Ma,
            Role::Khon,
            Role::Khun,
            Role::Met,
            Role::Khon,
            Role::Ma,
            Role::Ruea,
        ];
        let mut pos = Position::empty();
        for file in 0..8u8 {
            pos.put(Color::White, back[file as usize], Square::new(file, 0));
            pos.put(Color::White, Role::Bia, Square::new(file, 2));
            pos.put(Color::Black, Role::Bia, Square::new(file, 5));
            // Black's back rank is White's mirrored left-right: the Met stands on d8.
            pos.put(Color::Black, back[7 - file as usize], Square::new(file, 7));
        }
        pos
    }

    /// The start position of `variant`: Makruk's placement, with all four rights (`DEde`)
    /// in Ouk Chatrang.
    pub fn startpos_variant(variant: Variant) -> Position {
        let mut pos = Position::startpos();
        pos.variant = variant;
        if variant.has_rights() {
            pos.set_rights(Rights::ALL);
        }
        pos
    }

    /// The verdict on this position alone (checkmate, stalemate, counting, material; not
    /// repetition, which needs the history: see `Game::outcome`). The order is the reference
    /// engine's.
    pub fn outcome(&self) -> Option<Outcome> {
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.lost_by_check() {
            return Some(Outcome {
                winner: Some(self.turn().other()),
                reason: Reason::Check,
            });
        }
        if !self.has_legal_move() {
            return if self.in_check() {
                Some(Outcome {
                    winner: Some(self.turn().other()),
                    reason: Reason::Checkmate,
                })
            } else {
                draw(Reason::Stalemate)
            };
        }
        if self.count_exceeded() {
            return draw(Reason::Counting);
        }
        if self.is_insufficient_material() {
            return draw(Reason::Material);
        }
        None
    }

    /// The rules this position follows.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Kar Ouk: the checks `color` has left to give (1 at the start; 0 once it has won).
    #[inline]
    pub fn checks_left(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// Kar Ouk: the side to move has lost, its opponent having given its last check.
    #[inline]
    pub fn lost_by_check(&self) -> bool {
        self.variant.check_wins() && self.checks[self.turn.other().index()] == 0
    }

    /// Ouk Chatrang's rights still held (none in Makruk).
    #[inline]
    pub fn rights(&self) -> Rights {
        self.rights
    }

    /// Replaces the rights, keeping the hash right (the FEN reader checks them first).
    pub(crate) fn set_rights(&mut self, rights: Rights) {
        self.hash ^= self.rights.key() ^ rights.key();
        self.rights = rights;
    }

    /// Replaces the checks left (Kar Ouk), keeping the hash right (the FEN reader).
    pub(crate) fn set_checks(&mut self, checks: [u8; 2]) {
        self.hash ^= checks_key(self.checks) ^ checks_key(checks);
        self.checks = checks;
    }

    /// Adds a piece on an empty square, keeping the hash (not the checkers) up to date.
    pub(crate) fn put(&mut self, color: Color, role: Role, sq: Square) {
        self.by_color[color.index()] |= Bitboard::from_square(sq);
        self.by_role[role.index()] |= Bitboard::from_square(sq);
        self.hash ^= piece_key(color, role, sq);
    }

    #[inline]
    fn remove(&mut self, color: Color, role: Role, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.by_color[color.index()] ^= b;
        self.by_role[role.index()] ^= b;
        self.hash ^= piece_key(color, role, sq);
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The role on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The Mets that are promoted Bia.
    #[inline]
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s Khun (a valid position has exactly one of each).
    #[inline]
    pub fn khun(&self, color: Color) -> Square {
        // Every constructor guarantees one Khun per side; a1 only if that were ever broken.
        self.pieces(color, Role::Khun)
            .first()
            .unwrap_or(Square::from_index(0))
    }

    /// The Zobrist hash of the placement, side to move, Ouk Chatrang's rights and Kar Ouk's
    /// checks left (not the clocks or the count, which repetition ignores; a promoted Bia
    /// hashes as a Met).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (for tests of the incremental update).
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.turn == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        h ^= self.rights.key() ^ checks_key(self.checks);
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    h ^= piece_key(color, role, sq);
                }
            }
        }
        h
    }

    /// The full-move number (starts at 1, goes up after Black's move).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies since the last capture or Bia move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces of both colours that attack `sq`, seen through `occupied` (for SEE and
    /// checks; the Ruea is blocked by `occupied`).
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let mut a = self.attackers_of(Color::White, sq, occupied);
        a |= self.attackers_of(Color::Black, sq, occupied);
        a & occupied
    }

    /// `color`'s pieces that attack `sq` (Bia and Khon attack differently per colour, so
    /// look from `sq` with the other colour's pattern).
    #[inline]
    pub(crate) fn attackers_of(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let them = color.other();
        let r = |role: Role| self.by_role[role.index()];
        let a = (ma_attacks(sq) & r(Role::Ma))
            | (met_attacks(sq) & r(Role::Met))
            | (khon_attacks(them, sq) & r(Role::Khon))
            | (bia_attacks(them, sq) & r(Role::Bia))
            | (khun_attacks(sq) & r(Role::Khun))
            | (ruea_attacks(sq, occupied) & r(Role::Ruea));
        a & self.by_color[color.index()]
    }

    /// Every square `color` attacks, with the Ruea seeing through `occupied` (Ouk Chatrang's
    /// Met double step attacks nothing).
    pub(crate) fn attacked_by(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let ours = self.by_color[color.index()];
        let r = |role: Role| self.by_role[role.index()] & ours;
        let mut a = khun_attacks(self.khun(color));
        for sq in r(Role::Ma) {
            a |= ma_attacks(sq);
        }
        for sq in r(Role::Ruea) {
            a |= ruea_attacks(sq, occupied);
        }
        let khon = r(Role::Khon);
        a |= (r(Role::Met) | khon).diagonal_neighbours();
        a |= khon.forward(color);
        let bia = r(Role::Bia).forward(color);
        a |= bia.west() | bia.east();
        a
    }

    /// Recomputes the checkers of the side to move.
    pub(crate) fn update_checkers(&mut self) {
        let ksq = self.khun(self.turn);
        self.checkers = self.attackers_of(self.turn.other(), ksq, self.occupied());
    }

    /// The piece captured by `m` (the role on its target square), if any.
    #[inline]
    pub fn captured(&self, m: Move) -> Option<Role> {
        if self.by_color[self.turn.other().index()].contains(m.to()) {
            self.role_at(m.to())
        } else {
            None
        }
    }

    /// True when `m` captures.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.by_color[self.turn.other().index()].contains(m.to())
    }

    /// Plays `m`, which must be legal (see `legal_moves` / `is_legal`): updates the
    /// placement, hash, checkers, clocks and the counting state. Undo by keeping a copy.
    /// A move without a piece of the side to move on its from-square is ignored.
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        if !self.by_color[us.index()].contains(from) {
            return;
        }
        let Some(role) = self.role_at(from) else {
            return;
        };
        let captured = self.captured(m);
        if let Some(cap) = captured {
            self.remove(them, cap, to);
            self.promoted = self.promoted.without(to);
        }
        self.remove(us, role, from);
        // A Bia that reaches its sixth rank is always promoted, whatever the move's flag says.
        let promotion =
            role == Role::Bia && to.relative_rank(us) + 1 >= self.variant.promotion_rank();
        if promotion {
            self.put(us, Role::Met, to);
            self.promoted = self.promoted.with(to);
        } else {
            self.put(us, role, to);
            if self.promoted.contains(from) {
                self.promoted = self.promoted.without(from).with(to);
            }
        }
        self.halfmove = if captured.is_some() || role == Role::Bia {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if !self.rights.is_empty() {
            self.set_rights(self.rights.after_move(us, role, from, to));
        }
        self.turn = them;
        self.hash ^= SIDE_KEY;
        self.update_checkers();
        if self.variant.check_wins() && self.checkers.any() {
            self.hash ^= checks_key(self.checks);
            let left = &mut self.checks[us.index()];
            *left = left.saturating_sub(1);
            self.hash ^= checks_key(self.checks);
        }
        self.count = self
            .count
            .after_move(self.material(), us, captured, promotion);
    }

    /// Plays `m` (legal, as for `play`) under `counting`: on request, only rule 1 applies,
    /// a running count goes up and none starts or restarts by itself.
    pub fn play_counting(&mut self, m: Move, counting: Counting) {
        let before = self.count;
        self.play(m);
        if counting == Counting::Request {
            self.count = before.step();
        }
    }

    /// Sets the count's state; for the FEN reader.
    pub(crate) fn set_count(&mut self, count: CountState) {
        self.count = count;
    }

    /// The side to move starts a count on request (see [`CountState::start`]).
    pub(crate) fn start_count(&mut self) -> Result<(), CountError> {
        self.count = self.count.start(self.material(), self.turn)?;
        Ok(())
    }

    /// What the counting rules read of the position: its material.
    #[inline]
    pub(crate) fn material(&self) -> Material<'_> {
        Material::new(
            &self.by_color,
            &self.by_role,
            self.variant.cambodian_counting(),
        )
    }

    /// True when either side has nothing but its Khun (the endings the evaluation network is
    /// not trained on or used in).
    pub fn has_bare_khun(&self) -> bool {
        !self.by_color(Color::White).more_than_one() || !self.by_color(Color::Black).more_than_one()
    }

    /// The running count, if any.
    pub fn count(&self) -> Option<Count> {
        self.count.view(self.material(), self.turn)
    }

    /// True when a count runs and has passed its limit (rule 4: a draw, unless the side to
    /// move is checkmated).
    pub fn count_exceeded(&self) -> bool {
        self.count.exceeded()
    }

    /// `L(S)` of docs/rules.md: the limit in moves for `side` to count, 0 if it cannot count.
    pub fn limit_moves(&self, side: Color) -> u16 {
        limit_moves(self.material(), side)
    }

    /// Whether counting is in reach: a count runs, or the material lets one side or the other
    /// count (its [`limit_moves`](Self::limit_moves) is not 0), at its turn. With counting on
    /// request, where a player may start a count now or at its next turn (the page shows its
    /// count buttons there).
    ///
    /// ```
    /// use makruk::{Position, Variant};
    ///
    /// assert!(!Position::startpos().count_in_reach(), "Bia on the board");
    /// let bare = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
    /// assert!(bare.count_in_reach(), "Black's bare Khun counts pieces' honour");
    /// // Ouk Chatrang counts with Bia on the board, three men or fewer
    /// let fen = "4k3/8/4p3/8/8/8/8/R3K3 b - - 0 1";
    /// assert!(!Position::from_fen(fen).unwrap().count_in_reach());
    /// let ouk = Position::from_fen_variant(fen, Variant::Cambodian).unwrap();
    /// assert!(ouk.count_in_reach());
    /// ```
    pub fn count_in_reach(&self) -> bool {
        self.count.is_running() || Color::ALL.iter().any(|&side| self.limit_moves(side) > 0)
    }

    /// The counting side, at its turn, stops its count.
    pub(crate) fn stop_count(&mut self) -> Result<(), CountError> {
        match self.count() {
            None => Err(CountError::NotRunning),
            Some(c) if c.side != self.turn => Err(CountError::NotCountingSide),
            Some(_) => {
                self.count = CountState::NONE;
                Ok(())
            }
        }
    }

    /// Passes the move (for null-move pruning; not when in check). Clocks and count stay.
    pub fn play_null(&mut self) {
        self.turn = self.turn.other();
        self.hash ^= SIDE_KEY;
        self.update_checkers();
    }

    /// Sets the side to move, keeping the hash right (used by the FEN reader).
    pub(crate) fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.turn = color;
            self.hash ^= SIDE_KEY;
        }
    }

    /// True when the placement, side to move and rights equal `other`'s (what repetition
    /// compares; the rights are in the hash).
    pub fn same_placement(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.turn == other.turn
            && self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.rights == other.rights
    }

    /// True when neither side can mate any more (docs/rules.md: insufficient material a/b/c).
    pub fn is_insufficient_material(&self) -> bool {
        !self.can_mate(Color::White) && !self.can_mate(Color::Black)
    }

    /// False when `color` has no way to mate by material alone (docs/rules.md: insufficient
    /// material a/b/c); a side out of time against it only draws.
    pub fn can_mate(&self, color: Color) -> bool {
        let khun = self.by_role(Role::Khun);
        let ours = self.by_color(color) & !khun;
        let theirs = self.by_color(color.other()) & !khun;
        // (a) a bare Khun
        if ours.is_empty() {
            return false;
        }
        // Makpong and Kar Ouk: any piece may still win (a check by it, or a Khun that may not
        // step out of its check)
        if self.variant.khun_only_captures_checker() || self.variant.check_wins() {
            return true;
        }
        // (b) one Ma or one Bia against a bare Khun
        let ma_or_bia = self.by_role(Role::Ma) | self.by_role(Role::Bia);
        if ours.count() == 1 && (ours & ma_or_bia).any() && theirs.is_empty() {
            return false;
        }
        // (c) only Mets, all on one square colour, and nothing but Mets of that colour
        let mets = self.by_role(Role::Met);
        let all = ours | theirs;
        let one_colour = (all & Bitboard::DARK) == all || (all & !Bitboard::DARK) == all;
        !((all & !mets).is_empty() && one_colour)
    }
}
