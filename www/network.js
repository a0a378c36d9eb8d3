// The evaluation network as the site serves it (www/pkg/eval.nnue): the bytes of
// crate/makruk/src/eval.nnue (nnue.rs) with each hidden weight stored as its difference from
// a prediction: the mean (truncated) of the same hidden unit's weights of the neighbouring
// squares already read (left, below, below-left, below-right; a piece's first square as it is).
// Neighbouring squares have close weights: gzip -9 takes 4,000 bytes less of it than of the
// engine's file, on every first visit (docs/size.md). The tag says which form a file is in
// ("MKN8" the engine's, "MKP8" this one), so that the engine refuses a file handed to it
// unpacked.

const HEADER = 8; // tag and the hidden units (u32)
const TAG = [0x4d, 0x4b, 0x4e, 0x38]; // "MKN8"
const PACKED = [0x4d, 0x4b, 0x50, 0x38]; // "MKP8"

/** The features (of one piece's 64 squares) whose weights predict feature `f`'s. */
function neighbours(f) {
  const [file, rank] = [f % 8, (f % 64) >> 3];
  /** @type {(number | false)[]} */
  const all = [file > 0 && f - 1, rank > 0 && f - 8, rank > 0 && file > 0 && f - 9, rank > 0 && file < 7 && f - 7];
  return all.filter((n) => n !== false);
}

/** The prediction of hidden weight `h` of feature `f` from the weights `b` (signed bytes) of
 * its neighbours `ns`: their mean, truncated towards zero. */
function predict(b, ns, f, hidden, h) {
  let sum = 0;
  for (const n of ns) sum += (b[HEADER + n * hidden + h] << 24) >> 24;
  return ns.length ? Math.trunc(sum / ns.length) : 0;
}

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
    const ns = neighbours(f);
    for (let h = 0; h < hidden; h++) out[HEADER + f * hidden + h] -= predict(bytes, ns, f, hidden, h);
  }
  return out;
}

/** The network file the engine reads from the site's form `bytes` ("MKP8"); the bytes are reused. */
export function unpackNetwork(bytes) {
  const b = new Uint8Array(bytes);
  if (!PACKED.every((c, k) => b[k] === c)) throw new Error('not a packed network file (MKP8)');
  b.set(TAG);
  const { hidden, features } = shape(b);
  // in order: the neighbours are restored before the features predicted from them
  for (let f = 0; f < features; f++) {
    const ns = neighbours(f);
    for (let h = 0; h < hidden; h++) b[HEADER + f * hidden + h] += predict(b, ns, f, hidden, h);
  }
  return b;
}
