// A short seeded fuzz of the page's own readers in Node (no browser): link.js's link and
// www/pages/game/share/pgn.js's PGN readers, the editor's FEN placement reader, and the wasm Game reached
// through the real wasm-bindgen JS glue with hostile JS values. Invariants: only Errors with
// a message are thrown (never a wasm trap, which would leave the module unusable), what is
// read is well-formed and round-trips. The number of inputs is fixed, so that a run is the
// same on any machine; FUZZ_JS_INPUTS=1000000 node --test tests/robust-fuzz.node.test.mjs runs
// it longer. The slowest call of each reader is printed (a regex blow-up shows there), not
// judged: a time is a benchmark's figure, not a test's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLink, writeLink, withRules } from '../www/common/link.js';
import { createStore } from '../www/common/game/store.js';
import { START_FEN, fenToBoard, boardToFen } from '../www/common/fen.js';
import { readPgn, readPgnGames, loadPgn } from '../www/pages/game/share/pgn.js';
import * as wasm from '../www/pkg/makruk_wasm.js';
import * as full from '../www/pkg/makruk_wasm_full.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_bg.wasm')) });
// PGN (www/pages/game/share/pgn.js's readPgn) is the full module's (www/wasm-full.js)
full.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_full_bg.wasm')) });
await loadPgn(); // the instance above: nothing fetched
const { Game } = wasm;

const INPUTS = Number(process.env.FUZZ_JS_INPUTS) || 2000;

function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  return { next, below: (n) => next() % n, pick: (a) => a[next() % a.length] };
}

const WORDS = [
  '[', ']', '"', '\\"', '\\', '{', '}', '(', ')', ';', '%', '\n', '\r\n', ' ', '1.', '12...', '$3',
  '1-0', '0-1', '1/2-1/2', '*', 'e4', 'e5', 'Nd2', 'Sc2', 'Mxd5', 'b6=M', 'a6M', 'Ke2+', 'Rxh8#', '!?',
  '[Event "x"]', '[FEN "', '[Variant "makruk"]', '[Variant "chess"]', 'fen=', '&moves=', '&ply=', '&orientation=black',
  '#', '_', '+', ',', '%20', '%E0%A4%A', '8', '/', '~', 'M~', 'rnsmksnr', 'PPPPPPPP', ' w - - 0 1', 'k', 'K',
  '<img src=x onerror=alert(1)>', '\u0000', '\uD800', 'เบี้ย', '99999999999999999999', '-1', 'NaN',
];

function mutate(r, s) {
  let out = s;
  for (let k = 1 + r.below(4); k > 0; k--) {
    const at = r.below(out.length + 1);
    switch (r.below(7)) {
      case 0: out = out.slice(0, at) + r.pick(WORDS) + out.slice(at); break;
      case 1: out = out.slice(0, at) + out.slice(at + 1 + r.below(8)); break;
      case 2: out = out.slice(0, at) + String.fromCharCode(r.below(0x3000)) + out.slice(at + 1); break;
      case 3: { const n = 1 + r.below(16); out = out.slice(0, at) + out.slice(at, at + n).repeat(1 + r.below(4)) + out.slice(at); break; }
      case 4: out = out.slice(0, at); break;
      case 5: if (r.below(40) === 0) out += r.pick(WORDS).repeat(2000 + r.below(20000)); break;
      default: out = out.slice(0, at) + String.fromCharCode(32 + r.below(95)) + out.slice(at);
    }
  }
  return out.slice(0, 300_000);
}

/** Runs `check` on the seeds and INPUTS mutations of them; returns the execution count. */
function fuzz(name, seeds, check, seed = 0x5eed) {
  const r = rng(seed);
  const corpus = [...seeds];
  const t0 = Date.now();
  let slowest = { ms: -1, length: 0 };
  const run = (input) => {
    const t = Date.now();
    try {
      check(input);
    } catch (e) {
      e.message = `${name} on ${input.length} characters ${JSON.stringify(input.slice(0, 300))}: ${e.message.slice(0, 500)}`;
      throw e;
    }
    const ms = Date.now() - t;
    if (ms > slowest.ms) slowest = { ms, length: input.length };
  };
  for (const s of seeds) run(s);
  for (let n = 0; n < INPUTS; n++) {
    const input = mutate(r, r.pick(corpus));
    run(input);
    if (corpus.length < 500 && r.below(8) === 0) corpus.push(input);
  }
  console.log(`# fuzz ${name}: ${seeds.length + INPUTS} inputs in ${Date.now() - t0} ms, no finding; slowest call ${slowest.ms} ms (${slowest.length} characters)`);
  return seeds.length + INPUTS;
}

/** Only an Error with a message may be thrown, and never a wasm trap. */
function expectErrorOrValue(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    assert.ok(e instanceof Error, `threw a non-Error: ${String(e)}`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a wasm trap: ${e.message}`);
    assert.ok(e.message.length > 0, 'an empty message');
    return { error: e };
  }
}

const PGNS = [
  '[Event "Casual"]\n[Site "?"]\n[Variant "makruk"]\n\n1. e4 e5 2. Nd2 Nd7 *',
  '[FEN "8/8/4k3/2S5/8/7R/R7/4K3 b - 16 16 50"]\n\n1... Ke7 2. Rh7+ *',
  '1. e4 {a comment} (1. c4 c5) e5 $1 2. Nd2! ; rest\n Nd7?! 1-0',
  '[White "a \\"quoted\\" name"]\n1.e4 e5 2.Nd2 1/2-1/2\n\n[Event "second"]\n1. c4 *',
  '[Variant "chess"]\n1. e4 *',
  '1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kf3 Kf6 5. Kg3 Kg6 *',
  '[Site "PlayOK"]\n[TimeControl "300"]\n[WhiteElo "1650"]\n\n1. e4 e5 2. Bf2 Qe7 3. a4 Pxd5 *',
];
const LINKS = [
  `#fen=${encodeURIComponent(START_FEN)}&moves=e3e4+e6e5&ply=1&orientation=black`,
  '#moves=e3e4,e6e5,b1d2',
  '#fen=8/8/4k3/2S5/8/7R/R7/4K3_b_-_16_16_50',
  '#ply=3',
  '',
];
const FENS = [
  START_FEN, '8/8/4M~3/8/2k5/8/2N5/5K2 b - 128 8 2', '3k4/8/1M~6/8/8/6m~1/8/3K4 w - - 0 1', '8/8/8/8/8/8/8/8 w',
  'k7/8/1K6/8/8/8/8/7R w - - 0 1', '9/8/8/8/8/8/8/8', '~~~/M~~/8',
];

test('robust fuzz: PGN reader (the core\'s, through wasm)', () => {
  fuzz('pgn', PGNS, (text) => {
    const games = expectErrorOrValue(() => readPgnGames(text));
    assert.ok(games.value, `readPgnGames never throws on a string: ${games.error}`);
    assert.ok(games.value.length >= 1);
    for (const g of games.value) {
      assert.ok(g.tags instanceof Map);
      if (g.error) {
        assert.match(g.error, /^PGN/);
        continue;
      }
      // what was read replays in the core
      const game = new Game(g.fen);
      for (const m of g.moves) game.play(m);
      assert.equal(game.played().map((m) => m.uci).join(' '), g.moves.join(' '));
      game.free();
    }
  });
});

test('robust fuzz: a lone annotation in a PGN is no move', () => {
  assert.deepEqual(readPgn('1. e4 !? e5 ! 2. Nd2 ?? *').moves, ['e3e4', 'e6e5', 'b1d2']);
  assert.deepEqual(readPgn('1. e4 ! e5 *').moves, ['e3e4', 'e6e5']);
});

test('robust fuzz: a blank FEN in a link is the start position, like an empty one', () => {
  const store = createStore(Game);
  for (const h of ['#fen=', '#fen=+', '#fen=_', '#fen=%20%09&moves=e3e4']) {
    assert.equal(readLink(h).fen, null, h);
    assert.equal(withRules(readLink(h), store.variantStart).fen, START_FEN, `${h}: the core's start`);
  }
});

test('robust fuzz: link reader (readLink, writeLink round trip)', () => {
  const store = createStore(Game);
  // (as the page reads a link: the rules and the start FEN the core's)
  const read = (text) => withRules(readLink(text), store.variantStart);
  fuzz('link', LINKS, (text) => {
    const l = read(text);
    assert.equal(typeof l.fen, 'string');
    assert.ok(Array.isArray(l.moves) && l.moves.every((m) => typeof m === 'string' && m.length > 0 && !/[\s,]/.test(m)));
    assert.ok(['white', 'black'].includes(l.orientation));
    // the page then hands it to the core, which may only refuse with an Error
    const g = expectErrorOrValue(() => new Game(l.fen));
    if (g.value) {
      for (const m of l.moves.slice(0, 50)) if (expectErrorOrValue(() => g.value.play(m)).error) break;
      g.value.free();
    }
    const link = writeLink(l);
    // a link longer than readLink's limit (4 x 8192) is ignored whole, by design
    if (link.length > 4 * 8192) return;
    const again = read(link);
    assert.equal(again.fen, l.fen.replace(/_/g, ' ').trim().replace(/\s+/g, ' '));
    assert.deepEqual(again.moves, l.moves);
    assert.equal(again.orientation, l.orientation);
    // -0 reads back as 0; plies past 2^53 (1e+80) are not kept, and the page clamps the ply anyway
    if (Number.isSafeInteger(l.ply)) assert.ok(again.ply === l.ply, `ply ${l.ply} -> ${again.ply}`);
  });
});

test('robust fuzz: editor placement reader (fenToBoard, boardToFen)', () => {
  fuzz('placement', FENS, (text) => {
    const board = fenToBoard(text);
    assert.equal(board.length, 64);
    assert.ok(board.every((p) => /^([kmsnrpKMSNRP]|[mM]~)?$/.test(p)), board.join(','));
    const fen = boardToFen(board, 'white');
    assert.deepEqual(fenToBoard(fen), board, 'placement round trip');
    expectErrorOrValue(() => new Game(fen).free());
  });
});

test('robust fuzz: the wasm Game through its JS glue with hostile JS values', () => {
  const hostile = [
    undefined, null, true, 0, -0, NaN, Infinity, 2 ** 53 + 1, 10n ** 30n, Symbol('e3e4'), () => 'e3e4',
    ['e3e4'], { toString: () => 'e3e4' }, new String('e3e4'), new Date(), {},
    new Proxy({}, { get() { throw new Error('trap'); } }), 'e'.repeat(1 << 22), '\uD800', 'e3\0e4', Object.create(null),
  ];
  const game = new Game();
  game.play('e3e4');
  const fen = game.fen();
  for (const v of hostile) {
    for (const call of [() => new Game(v), () => game.play(v), () => full.perft(v, 1), () => full.perft(undefined, v)]) {
      const got = expectErrorOrValue(call);
      if (got.value instanceof Game) got.value.free();
    }
    assert.equal(game.fen(), fen, `the game is unchanged after value ${hostile.indexOf(v)}`);
  }
  // a freed game answers with an Error, and the module keeps working
  const freed = new Game();
  freed.free();
  expectErrorOrValue(() => freed.fen());
  expectErrorOrValue(() => freed.play('e3e4'));
  game.play('d5');
  assert.deepEqual(game.played().map((m) => m.san), ['e4', 'd5']);
  assert.equal(full.perft(undefined, 2), 23 * 23);
  game.free();
});
