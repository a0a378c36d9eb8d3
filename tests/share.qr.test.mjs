// The QR encoder of www/qr.js (pure, run in node): known vectors from the standard's worked
// example and from an independent encoder, and a decode of our own symbols.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { encodeQR, reedSolomon, formatBits, versionBits, MASKS } from '../www/qr.js';

const VECTORS = JSON.parse(fs.readFileSync(new URL('./share-qr-vectors.json', import.meta.url)));

function rowsOf(qr) {
  const rows = [];
  for (let y = 0; y < qr.size; y++) {
    let r = '';
    for (let x = 0; x < qr.size; x++) r += qr.get(x, y) ? '1' : '0';
    rows.push(r);
  }
  return rows;
}

test('qr: Reed-Solomon codewords of the "HELLO WORLD" 1-M example', () => {
  const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
  assert.deepEqual(reedSolomon(data, 10), [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
});

test('qr: format and version information (BCH codes of the standard)', () => {
  const bin = (v, n) => v.toString(2).padStart(n, '0');
  assert.equal(bin(formatBits('L', 0), 15), '111011111000100');
  assert.equal(bin(formatBits('M', 0), 15), '101010000010010');
  assert.equal(bin(formatBits('M', 5), 15), '100000011001110');
  assert.equal(bin(formatBits('L', 7), 15), '110100101110110');
  assert.equal(bin(versionBits(7), 18), '000111110010010100');
  assert.equal(bin(versionBits(10), 18), '001010010011010011');
});

test('qr: symbols equal an independent encoder\'s, versions 1 to 10, levels L and M', () => {
  assert.ok(VECTORS.cases.length >= 10);
  for (const c of VECTORS.cases) {
    const qr = encodeQR(c.text, { level: c.level, mask: c.mask });
    assert.equal(qr.version, c.version, `version for ${c.text.length} characters at ${c.level}`);
    const want = c.rows.map((h) => BigInt('0x' + h).toString(2).padStart(qr.size, '0'));
    assert.deepEqual(rowsOf(qr), want, `symbol ${c.version}-${c.level} mask ${c.mask}`);
  }
});

/** A small reader for single-block symbols: format, unmask, zigzag, RS check, byte mode. */
function decode(qr) {
  const n = qr.size;
  const at = (x, y) => (qr.get(x, y) ? 1 : 0);
  let f1 = 0;
  let f2 = 0;
  for (let i = 0; i <= 5; i++) f1 |= at(8, i) << i;
  f1 |= at(8, 7) << 6 | at(8, 8) << 7 | at(7, 8) << 8;
  for (let i = 9; i < 15; i++) f1 |= at(14 - i, 8) << i;
  for (let i = 0; i < 8; i++) f2 |= at(n - 1 - i, 8) << i;
  for (let i = 8; i < 15; i++) f2 |= at(8, n - 15 + i) << i;
  assert.equal(f1, f2, 'both copies of the format information agree');
  const fmt = f1 ^ 0x5412;
  const level = (fmt >> 13) === 1 ? 'L' : 'M';
  const mask = (fmt >> 10) & 7;
  assert.equal(formatBits(level, mask), f1, 'format information is a BCH code word');
  // function modules of versions 1..6 (no version information): finders, separators,
  // format areas, timing lines and the one alignment pattern of versions 2..6
  const fixed = (x, y) => {
    if (x === 6 || y === 6) return true;
    if ((x < 9 && y < 9) || (x >= n - 8 && y < 9) || (x < 9 && y >= n - 8)) return true;
    const version = (n - 17) / 4;
    if (version >= 2) {
      const c = n - 7;
      if (Math.abs(x - c) <= 2 && Math.abs(y - c) <= 2) return true;
    }
    return false;
  };
  const words = [];
  let cur = 0;
  let bits = 0;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const up = ((right + 1) & 2) === 0;
    for (let v = 0; v < n; v++) {
      const y = up ? n - 1 - v : v;
      for (const x of [right, right - 1]) {
        if (fixed(x, y)) continue;
        cur = (cur << 1) | (at(x, y) ^ (MASKS[mask](x, y) ? 1 : 0));
        if (++bits === 8) { words.push(cur); cur = 0; bits = 0; }
      }
    }
  }
  return { level, mask, words };
}

test('qr: our own single-block symbols decode back to the text with a clean RS check', () => {
  const ecByLevel = { L: [0, 7, 10, 15, 20, 26], M: [0, 10, 16, 26] };
  for (const [text, level] of [['HELLO', 'L'], ['Makruk', 'M'], ['https://example.org/#fen=8/8/8/4k3/8/8/R6R/3NK3_b_-_16_10_40', 'L'], ['ขุน เม็ด โคน', 'M']]) {
    const qr = encodeQR(text, { level });
    const ecCount = ecByLevel[level][qr.version];
    assert.ok(ecCount, `single-block version ${qr.version}-${level}`);
    const { level: l, words } = decode(qr);
    assert.equal(l, level);
    const total = words.length;
    const data = words.slice(0, total - ecCount);
    assert.deepEqual(reedSolomon(data, ecCount), words.slice(total - ecCount), 'EC codewords match the data');
    // byte mode: 0100, an 8-bit count, the bytes
    let bitsStr = data.map((w) => w.toString(2).padStart(8, '0')).join('');
    assert.equal(bitsStr.slice(0, 4), '0100');
    const count = parseInt(bitsStr.slice(4, 12), 2);
    bitsStr = bitsStr.slice(12);
    const bytes = [];
    for (let i = 0; i < count; i++) bytes.push(parseInt(bitsStr.slice(i * 8, i * 8 + 8), 2));
    assert.equal(new TextDecoder().decode(new Uint8Array(bytes)), text);
  }
});

test('qr: chooses the smallest version, and refuses text longer than version 10 holds', () => {
  assert.equal(encodeQR('x'.repeat(14), { level: 'M' }).version, 1);
  assert.equal(encodeQR('x'.repeat(15), { level: 'M' }).version, 2);
  assert.equal(encodeQR('x'.repeat(213), { level: 'M' }).version, 10);
  assert.throws(() => encodeQR('x'.repeat(214), { level: 'M' }), /too long/);
  assert.equal(encodeQR('x'.repeat(271), { level: 'L' }).version, 10);
});
