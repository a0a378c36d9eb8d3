//! The packed training positions (`makruk-pack` writes them, `makruk-train` reads them): what
//! the network sees of a position, its label and the game's result, in about 22 bytes.
//!
//! A file is the tag `MKD1` followed by records, each:
//!
//! - the occupied squares, a little-endian u64 (bit = square index, a1 = 0);
//! - one nibble per occupied square in ascending order, two a byte (low nibble first, the
//!   last byte padded with zero): the colour in bit 3 (1 = Black), the role (`Role as u8`) in
//!   bits 0-2; a promoted Bia is a Met;
//! - one byte: the side to move in bit 0 (1 = Black), the game's result for the side to move
//!   in bits 1-2 (0 lost, 1 drawn, 2 won);
//! - the label: the side to move's score in centi-Bia, a little-endian i16.
//!
//! The project's packed positions are in `crate/makruk-train/data/` (docs/engine.md).

use makruk::{Color, Piece, Position, Role};

/// The tag at the start of a packed file.
pub const TAG: &[u8; 4] = b"MKD1";

/// One training position as the network's trainer needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Every piece: colour, role, square index.
    pub pieces: Vec<(Color, Role, u8)>,
    /// The side to move.
    pub turn: Color,
    /// The label (centi-Bia, side to move).
    pub score: i16,
    /// The game's result for the side to move: 0 lost, 1 drawn, 2 won.
    pub result: u8,
}

impl Record {
    /// The record of `pos` with its label and result (0, 1 or 2 for the side to move).
    pub fn new(pos: &Position, score: i16, result: u8) -> Record {
        let mut pieces = Vec::with_capacity(32);
        for sq in pos.occupied() {
            if let Some(p) = pos.piece_at(sq) {
                pieces.push((p.color, p.role, sq.index() as u8));
            }
        }
        Record {
            pieces,
            turn: pos.turn(),
            score,
            result: result.min(2),
        }
    }

    /// Appends the packed record to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        let occupied = self
            .pieces
            .iter()
            .fold(0u64, |bb, &(_, _, sq)| bb | 1 << sq);
        out.extend(occupied.to_le_bytes());
        let mut sorted = self.pieces.clone();
        sorted.sort_by_key(|&(_, _, sq)| sq);
        for pair in sorted.chunks(2) {
            let nibble = |&(c, r, _): &(Color, Role, u8)| (c.index() as u8) << 3 | r as u8;
            out.push(nibble(&pair[0]) | pair.get(1).map_or(0, |p| nibble(p) << 4));
        }
        out.push(self.turn.index() as u8 | self.result << 1);
        out.extend(self.score.to_le_bytes());
    }

    /// The position of the record (no count running, move 1), or the reason it is not one.
    pub fn position(&self) -> Result<Position, String> {
        let mut board = [None; 64];
        for &(color, role, sq) in &self.pieces {
            board[usize::from(sq)] = Some(Piece { color, role });
        }
        Position::from_board(&board, self.turn).map_err(|e| e.to_string())
    }

    /// Reads the record at the start of `bytes`; returns it and the bytes it took, or `None`
    /// if the bytes end inside it or it is malformed.
    pub fn read(bytes: &[u8]) -> Option<(Record, usize)> {
        let occupied = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
        let n = occupied.count_ones() as usize;
        let nibbles = bytes.get(8..8 + n.div_ceil(2))?;
        let mut pieces = Vec::with_capacity(n);
        let mut squares = occupied;
        for i in 0..n {
            let sq = squares.trailing_zeros() as u8;
            squares &= squares - 1;
            let nibble = nibbles[i / 2] >> (4 * (i % 2)) & 15;
            let color = if nibble & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = *Role::ALL.get(usize::from(nibble & 7))?;
            pieces.push((color, role, sq));
        }
        let at = 8 + n.div_ceil(2);
        let flags = *bytes.get(at)?;
        let score = i16::from_le_bytes(bytes.get(at + 1..at + 3)?.try_into().ok()?);
        let turn = if flags & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let result = flags >> 1 & 3;
        (result <= 2).then_some(())?;
        Some((
            Record {
                pieces,
                turn,
                score,
                result,
            },
            at + 3,
        ))
    }
}

/// Every record of a packed file's bytes; an error names what is wrong.
pub fn read_all(bytes: &[u8]) -> Result<Vec<Record>, String> {
    let mut rest = bytes
        .strip_prefix(TAG)
        .ok_or("not a packed positions file (tag)")?;
    let mut records = Vec::new();
    while !rest.is_empty() {
        let (record, used) = Record::read(rest)
            .ok_or_else(|| format!("record {} is cut off or malformed", records.len() + 1))?;
        records.push(record);
        rest = &rest[used..];
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let mut bytes = TAG.to_vec();
        let fens = [
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
            "8/8/4k3/8/2M~5/8/3K4/7R b - - 0 40",
        ];
        let mut written = Vec::new();
        for (i, fen) in fens.iter().enumerate() {
            let pos = Position::from_fen(fen).expect("valid FEN");
            let record = Record::new(&pos, -1234 + i as i16, i as u8 * 2);
            assert!(record.position().expect("a position").same_placement(&pos));
            record.write(&mut bytes);
            written.push(record);
        }
        let read = read_all(&bytes).expect("a valid file");
        assert_eq!(read.len(), 2);
        for (r, w) in read.iter().zip(&written) {
            let mut sorted = w.pieces.clone();
            sorted.sort_by_key(|&(_, _, sq)| sq);
            assert_eq!(
                (&r.pieces, r.turn, r.score, r.result),
                (&sorted, w.turn, w.score, w.result)
            );
        }
        assert_eq!(read[1].pieces.len(), 4);
        assert!(read[1].pieces.contains(&(Color::White, Role::Met, 26)));
        assert_eq!(read[1].turn, Color::Black);
        assert!(read_all(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("record 2"));
        assert!(read_all(b"MKD0").is_err());
    }

    #[test]
    fn the_committed_data_reads_as_positions() {
        for bytes in [
            &include_bytes!("../data/fsf14-d8.bin")[..],
            &include_bytes!("../data/fsf14-d8-held.bin")[..],
        ] {
            let records = read_all(bytes).expect("a valid file");
            assert!(records.len() > 1000);
            for r in &records {
                for color in Color::ALL {
                    let khuns = r.pieces.iter().filter(|p| *p == &(color, Role::Khun, p.2));
                    assert_eq!(khuns.count(), 1);
                    // no bare Khun: the packer leaves those out
                    assert!(r.pieces.iter().filter(|p| p.0 == color).count() > 1);
                }
            }
        }
    }
}
