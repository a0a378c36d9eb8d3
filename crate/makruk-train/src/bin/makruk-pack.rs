//! `makruk-pack`: packs labelled positions (`makruk-label`'s lines, Makruk or Ouk Chatrang)
//! into the compact file `makruk-train` reads (`makruk_train::packed`), keeping those the
//! network learns from: quiet (`Position::is_quiet`) and without a bare Khun.
//!
//! ```text
//! makruk-pack <output.bin> <labelled file>...
//! ```

use makruk::{Position, Variant};
use makruk_train::packed::{Record, TAG};

/// The record of one labelled line, if the network learns from it.
fn record(line: &str) -> Option<Record> {
    let mut fields = line.split(';').map(str::trim);
    let fen = fields.next()?;
    let pos = Variant::ALL
        .into_iter()
        .find_map(|v| Position::from_fen_variant(fen, v).ok())?;
    let score: f64 = fields.next()?.parse().ok()?;
    let result = match fields.next()? {
        "0" => 0,
        "0.5" => 1,
        "1" => 2,
        _ => return None,
    };
    if pos.has_bare_khun() || !pos.is_quiet() {
        return None;
    }
    let score = score.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    Some(Record::new(&pos, score, result))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: makruk-pack <output.bin> <labelled file>...");
        std::process::exit(2);
    }
    let mut bytes = TAG.to_vec();
    let (mut kept, mut lines) = (0, 0);
    for path in &args[1..] {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        });
        for line in text.lines() {
            lines += 1;
            if let Some(r) = record(line) {
                r.write(&mut bytes);
                kept += 1;
            }
        }
    }
    if let Err(e) = std::fs::write(&args[0], &bytes) {
        eprintln!("{}: {e}", args[0]);
        std::process::exit(1);
    }
    eprintln!("{kept} of {lines} positions packed, {} bytes", bytes.len());
}
