//! Transposition table: one entry per slot, depth-preferred with ageing, explicit bounds and
//! mate scores stored relative to the node (not the root).

use super::{MATE_BOUND, NONE_SCORE};
use crate::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// No information (empty slot).
    None,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
    /// The exact score of a principal variation node.
    Exact,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a node searched with (`alpha`, `beta`).
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy)]
pub struct Entry {
    key: u32,
    /// The best (or refuting) move, or `Move::NULL`.
    pub mv: Move,
    score: i16,
    /// The static evaluation, or `NONE_SCORE`.
    pub eval: i16,
    /// The remaining depth searched.
    pub depth: i8,
    /// Which bound `score` is.
    pub bound: Bound,
    generation: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        mv: Move::NULL,
        score: 0,
        eval: NONE_SCORE as i16,
        depth: -1,
        bound: Bound::None,
        generation: 0,
    };

    /// The score, with mate distances made relative to the root again.
    pub fn score(&self, ply: usize) -> i32 {
        from_tt(self.score as i32, ply)
    }
}

/// The table. Its size is fixed in megabytes at creation or by `resize`.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> Self {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>()).max(1);
        TranspositionTable {
            entries: vec![Entry::EMPTY; n],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The slot of `hash`, from its high bits (the key stored in the slot is its low bits, so
    /// that the two do not overlap).
    fn index(&self, hash: u64) -> usize {
        ((hash as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `hash`, if one is stored.
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let e = self.entries[self.index(hash)];
        (e.bound != Bound::None && e.key == hash as u32).then_some(e)
    }

    /// Stores a result, preferring deeper and newer entries.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        hash: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let i = self.index(hash);
        let key = hash as u32;
        let old = self.entries[i];
        let same = old.key == key;
        if !same
            && old.generation == self.generation
            && old.depth as i32 > depth + 2
            && bound != Bound::Exact
        {
            return;
        }
        let mv = if mv == Move::NULL && same { old.mv } else { mv };
        self.entries[i] = Entry {
            key,
            mv,
            score: to_tt(score, ply) as i16,
            eval: eval as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound,
            generation: self.generation,
        };
    }

    /// Permille of the first thousand slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.bound != Bound::None && e.generation == self.generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_sharing_the_slot_is_not_taken_for_the_stored_one() {
        let mut tt = TranspositionTable::new(16);
        let hash = 0x0123_4567_89ab_cdef;
        let other = hash ^ 1; // the same high bits, so the same slot
        assert_eq!(tt.index(hash), tt.index(other));
        tt.store(hash, Move::NULL, 42, 0, 5, Bound::Exact, 0);
        assert_eq!(tt.probe(hash).map(|e| e.score(0)), Some(42));
        assert!(tt.probe(other).is_none());
    }
}
