// The evaluation network as the site serves it (www/pkg/eval.nnue): the bytes of
// crate/makruk/src/eval.nnue (nnue.rs) with each hidden weight stored as its difference from
// the same hidden unit's weight of a neighbouring square (the square to the left, at a rank's
// first square the one below; a piece's first square as it is). Neighbouring squares have
// close weights: gzip -9 takes 2,300 bytes less of it, on every first visit (docs/size.md).
// The tag says which form a file is in ("MKN8" the engine's, "MKD8" this one), so that the
// engine refuses a file handed to it unpacked.

const HEADER = 8; // tag and the hidden units (u32)
const TAG = [0x4d, 0x4b, 0x4e, 0x38]; // "MKN8"
const PACKED = [0x4d, 0x4b, 0x44, 0x38]; // "MKD8"

/** The feature whose weights feature `f`'s are stored against, or -1 (a piece's first square). */
const neighbour = (f) => (f % 8 ? f - 1 : f % 64 ? f - 8 : -1);

/** Hidden units and input features of the network file `bytes` (tag, hidden weights, then
 * 3 × hidden i16 and one i32). */
function shape(bytes) {
  const hidden = bytes[4] | (bytes[5] << 8);
  return { hidden, features: (bytes.length - HEADER - 4) / hidden - 6 };
}

/** `bytes` (a network file, "MKN8") in the site's form. */
export function packNetwork(bytes) {
  if (!TAG.every((c, k) => bytes[k] === c)) throw new Error('not a network file (MKN8)');
  const out = Uint8Array.from(bytes);
  out.set(PACKED);
  const { hidden, features } = shape(bytes);
  for (let f = 0; f < features; f++) {
    const n = neighbour(f);
    for (let h = 0; n >= 0 && h < hidden; h++) out[HEADER + f * hidden + h] -= bytes[HEADER + n * hidden + h];
  }
  return out;
}

/** The network file the engine reads from the site's form `bytes` ("MKD8"); the bytes are reused. */
export function unpackNetwork(bytes) {
  const b = new Uint8Array(bytes);
  if (!PACKED.every((c, k) => b[k] === c)) throw new Error('not a packed network file (MKD8)');
  b.set(TAG);
  const { hidden, features } = shape(b);
  // in order: each neighbour is restored before the features stored against it
  for (let f = 0; f < features; f++) {
    const n = neighbour(f);
    for (let h = 0; n >= 0 && h < hidden; h++) b[HEADER + f * hidden + h] += b[HEADER + n * hidden + h];
  }
  return b;
}
