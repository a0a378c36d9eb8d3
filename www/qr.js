// A small QR code encoder (ISO/IEC 18004): byte mode, error correction L or M, versions 1
// to 10 (up to 271 bytes at M), enough for a link with a FEN and a few dozen moves.
// Written for this project from the standard's description: Reed-Solomon over GF(256)
// with the polynomial x^8 + x^4 + x^3 + x^2 + 1, the BCH-coded format and version
// information, the zigzag placement and the eight masks scored by the four penalty rules.

const MAX_VERSION = 10;
/** Codewords (data + error correction) of versions 1..10. */
const TOTAL_CODEWORDS = [0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346];
/** Error-correction codewords per block and number of blocks, by level and version. */
const EC_TABLE = {
  L: { ec: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18], blocks: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4] },
  M: { ec: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26], blocks: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5] },
};
/** Format-information bits of each level (the standard's two-bit code). */
const LEVEL_BITS = { L: 1, M: 0 };
/** Row/column centres of the alignment patterns, versions 2..10. */
const ALIGNMENT = [
  [], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
];

// ---------------------------------------------------------------- GF(256) and Reed-Solomon

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

export function gfMul(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

/** Coefficients (highest degree first, leading 1 dropped) of prod_{i<n} (x - a^i). */
function generator(n) {
  let g = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(g.length + 1).fill(0);
    for (let j = 0; j < g.length; j++) {
      next[j] ^= g[j];
      next[j + 1] ^= gfMul(g[j], EXP[i]);
    }
    g = next;
  }
  return g.slice(1);
}

/** The `n` error-correction codewords of `data` (remainder of data·x^n by the generator). */
export function reedSolomon(data, n) {
  const g = generator(n);
  const rem = new Array(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift();
    rem.push(0);
    for (let j = 0; j < n; j++) rem[j] ^= gfMul(g[j], factor);
  }
  return rem;
}

// ---------------------------------------------------------------- BCH-coded information

/** 15 format bits for a level and a mask (BCH(15,5), then the fixed XOR mask). */
export function formatBits(level, mask) {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let rem = data << 10;
  for (let i = 14; i >= 10; i--) if (rem & (1 << i)) rem ^= 0x537 << (i - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

/** 18 version bits (versions 7 and up; BCH(18,6)). */
export function versionBits(version) {
  let rem = version << 12;
  for (let i = 17; i >= 12; i--) if (rem & (1 << i)) rem ^= 0x1f25 << (i - 12);
  return (version << 12) | rem;
}

// ---------------------------------------------------------------- codewords

function blockLayout(version, level) {
  const ec = EC_TABLE[level].ec[version];
  const blocks = EC_TABLE[level].blocks[version];
  const total = TOTAL_CODEWORDS[version];
  const shortLen = Math.floor(total / blocks);
  const longBlocks = total % blocks;
  const sizes = [];
  for (let b = 0; b < blocks; b++) sizes.push(shortLen - ec + (b >= blocks - longBlocks ? 1 : 0));
  return { ec, sizes, data: sizes.reduce((a, b) => a + b, 0) };
}

/** Data bytes for `count` payload bytes fit in version/level? */
function capacity(version, level) {
  const countBits = version < 10 ? 8 : 16;
  return Math.floor((blockLayout(version, level).data * 8 - 4 - countBits) / 8);
}

/** The final sequence of codewords: mode, count, bytes, terminator, padding, EC, interleaved. */
function codewords(bytes, version, level) {
  const layout = blockLayout(version, level);
  const bits = [];
  const put = (value, n) => { for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacityBits = layout.data * 8;
  put(0, Math.min(4, capacityBits - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < layout.data; pad ^= 0xec ^ 0x11) data.push(pad);

  const blocks = [];
  let k = 0;
  for (const size of layout.sizes) {
    const d = data.slice(k, k + size);
    k += size;
    blocks.push({ d, e: reedSolomon(d, layout.ec) });
  }
  const out = [];
  const longest = Math.max(...layout.sizes);
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.d.length) out.push(b.d[i]);
  for (let i = 0; i < layout.ec; i++) for (const b of blocks) out.push(b.e[i]);
  return out;
}

// ---------------------------------------------------------------- the symbol

function newMatrix(version) {
  const size = 17 + 4 * version;
  return { size, dark: new Uint8Array(size * size), fixed: new Uint8Array(size * size) };
}

function setFixed(m, x, y, dark) {
  m.dark[y * m.size + x] = dark ? 1 : 0;
  m.fixed[y * m.size + x] = 1;
}

function drawFunctionPatterns(m, version) {
  const n = m.size;
  for (let i = 0; i < n; i++) {
    setFixed(m, 6, i, i % 2 === 0);
    setFixed(m, i, 6, i % 2 === 0);
  }
  // finder patterns with their light separators
  for (const [cx, cy] of [[3, 3], [n - 4, 3], [3, n - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= n || y >= n) continue;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        setFixed(m, x, y, d !== 2 && d !== 4);
      }
    }
  }
  const centres = ALIGNMENT[version];
  for (const cy of centres) {
    for (const cx of centres) {
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === n - 7) || (cx === n - 7 && cy === 6)) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) setFixed(m, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }
  }
  // reserve the format areas (written once the mask is known) and the dark module
  drawFormat(m, 'M', 0);
  if (version >= 7) {
    const v = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const bit = (v >>> i) & 1;
      const a = n - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setFixed(m, a, b, bit);
      setFixed(m, b, a, bit);
    }
  }
}

function drawFormat(m, level, mask) {
  const n = m.size;
  const bits = formatBits(level, mask);
  const bit = (i) => (bits >>> i) & 1;
  for (let i = 0; i <= 5; i++) setFixed(m, 8, i, bit(i));
  setFixed(m, 8, 7, bit(6));
  setFixed(m, 8, 8, bit(7));
  setFixed(m, 7, 8, bit(8));
  for (let i = 9; i < 15; i++) setFixed(m, 14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) setFixed(m, n - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) setFixed(m, 8, n - 15 + i, bit(i));
  setFixed(m, 8, n - 8, 1);
}

/** Zigzag placement of the codewords, upwards and downwards in two-module columns. */
function placeData(m, words) {
  const n = m.size;
  let i = 0;
  const total = words.length * 8;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing pattern is skipped
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < n; v++) {
      const y = upward ? n - 1 - v : v;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const k = y * n + x;
        if (m.fixed[k]) continue;
        if (i < total) m.dark[k] = (words[i >>> 3] >>> (7 - (i & 7))) & 1;
        i++;
      }
    }
  }
}

/** Mask conditions (x = column, y = row) of the standard. */
export const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function applyMask(m, mask) {
  const f = MASKS[mask];
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      const k = y * m.size + x;
      if (!m.fixed[k] && f(x, y)) m.dark[k] ^= 1;
    }
  }
}

/** The four penalty rules; the mask with the lowest total is used. */
export function penalty(m) {
  const n = m.size;
  const at = (x, y) => m.dark[y * n + x];
  let score = 0;
  const finderLike = [1, 0, 1, 1, 1, 0, 1];
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < n; a++) {
      const line = [];
      for (let b = 0; b < n; b++) line.push(pass ? at(a, b) : at(b, a));
      let run = 1;
      for (let b = 1; b <= n; b++) {
        if (b < n && line[b] === line[b - 1]) {
          run++;
        } else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // 1:1:3:1:1 with four light modules on one side (outside the symbol counts as light)
      for (let b = -4; b < n; b++) {
        const get = (k) => (k < 0 || k >= n ? 0 : line[k]);
        if (!finderLike.every((v, k) => get(b + k) === v)) continue;
        const before = [1, 2, 3, 4].every((k) => get(b - k) === 0);
        const after = [7, 8, 9, 10].every((k) => get(b + k) === 0);
        if (before || after) score += 40;
      }
    }
  }
  for (let y = 0; y + 1 < n; y++) {
    for (let x = 0; x + 1 < n; x++) {
      const c = at(x, y);
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3;
    }
  }
  const dark = m.dark.reduce((a, b) => a + b, 0);
  score += 10 * Math.floor(Math.abs(dark * 20 - n * n * 10) / (n * n));
  return score;
}

/**
 * Encode `text` (UTF-8) as a QR code. Options: level "M" (default) or "L", mask 0..7
 * (default: the best by the penalty rules), minVersion. Returns {version, level, mask,
 * size, get(x, y) -> boolean}; throws when the text is too long for version 10.
 */
export function encodeQR(text, { level = 'M', mask = null, minVersion = 1 } = {}) {
  if (!(level in EC_TABLE)) throw new Error(`QR level must be L or M, not ${level}`);
  const bytes = [...new TextEncoder().encode(String(text))];
  let version = Math.max(1, Math.min(MAX_VERSION, minVersion | 0));
  while (version <= MAX_VERSION && capacity(version, level) < bytes.length) version++;
  if (version > MAX_VERSION) {
    throw new Error(`too long for a QR code: ${bytes.length} bytes, at most ${capacity(MAX_VERSION, level)}`);
  }
  const words = codewords(bytes, version, level);
  const base = newMatrix(version);
  drawFunctionPatterns(base, version);
  placeData(base, words);

  const build = (k) => {
    const m = { size: base.size, dark: base.dark.slice(), fixed: base.fixed };
    applyMask(m, k);
    drawFormat(m, level, k);
    return m;
  };
  let best = null;
  let bestMask = 0;
  if (mask !== null && mask !== undefined) {
    bestMask = mask;
    best = build(mask);
  } else {
    let bestScore = Infinity;
    for (let k = 0; k < 8; k++) {
      const m = build(k);
      const s = penalty(m);
      if (s < bestScore) {
        bestScore = s;
        best = m;
        bestMask = k;
      }
    }
  }
  const { size, dark } = best;
  return {
    version,
    level,
    mask: bestMask,
    size,
    get: (x, y) => x >= 0 && y >= 0 && x < size && y < size && dark[y * size + x] === 1,
  };
}

/**
 * Draw a code on a canvas: `scale` px per module and the standard's four-module quiet zone.
 * Returns the canvas.
 */
export function drawQR(qr, canvas, scale = 4) {
  const quiet = 4;
  const px = (qr.size + 2 * quiet) * scale;
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, px, px);
  ctx.fillStyle = '#000';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.get(x, y)) ctx.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
    }
  }
  return canvas;
}
