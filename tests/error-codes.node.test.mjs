// The core's errors as codes (issue 56 item 2): the full module lists every kind of error the
// core can produce and every reason a move is refused (errorKinds, asked of the core), and
// each has its words in each of the five languages; real errors (a FEN, a link's moves, a
// PGN, a count) come as codes with their fields and are worded without the core's English.
// Needs the wasm build (scripts/build.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { Game, readPgn, errorKinds } from '../www/pkg/makruk_wasm_full.js';
import { createI18n, LANGUAGES } from '../www/common/i18n/index.js';
import { loadFeatures } from '../www/common/i18n/features.js';
import { codeWords } from '../www/common/codes.js';

await init({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_full_bg.wasm', import.meta.url)) });

const texts = async (feature, code) => (await import(`../www/common/i18n/${feature}/${code}.js`)).default;

test('error codes: every kind the core produces and every refusal reason has words in every language', async () => {
  const [kinds, reasons] = errorKinds();
  assert.ok(kinds.length >= 60 && kinds.includes('fen.fields') && kinds.includes('move.noPiece') && kinds.includes('pgn.move'), String(kinds));
  assert.ok(reasons.includes('notThatWay') && reasons.includes('firstMoveGone.Khun'), String(reasons));
  for (const { code } of LANGUAGES) {
    const errors = await texts('errors', code);
    const refusal = await texts('refusal', code);
    for (const kind of kinds) assert.ok(typeof errors[`err_${kind}`] === 'string' && errors[`err_${kind}`].trim(), `${code}: err_${kind}`);
    for (const reason of reasons) {
      const [name, piece] = reason.split('.');
      const key = piece ? `why_${name}_${piece.toLowerCase()}` : `why_${name}`;
      assert.ok(typeof refusal[key] === 'string' && refusal[key].trim(), `${code}: ${key}`);
    }
  }
});

/** The code of what `f` throws. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e.code;
  }
  assert.fail('no error');
}

/** Real errors of the core, as codes: the three and one of each family. */
function realCodes() {
  const dropped = (record) => {
    const { game, dropped: d } = Game.fromRecord(record);
    game.free();
    return d.code;
  };
  const counting = new Game();
  const codes = {
    fields: thrown(() => new Game('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1 1+1', 'karouk')),
    rights: thrown(() => new Game('4k3/8/8/8/8/8/8/4K3 w D - 0 1', 'cambodian')),
    linkMove: dropped('1.makruk.auto..e3e4-e3e4'),
    pgn: readPgn('1. e4 c5 2. Qxx9')[0].code,
    count: thrown(() => counting.startCount()),
    variant: thrown(() => new Game(undefined, 'ouk')),
    san: thrown(() => new Game().play('Ne4')),
  };
  counting.free();
  return codes;
}

test('error codes: real errors carry their kind and fields, and are worded in each language without the core\'s English', async () => {
  const codes = realCodes();
  assert.deepEqual(codes.fields, { kind: 'fen.fields', text: '1+1', found: 7 });
  assert.equal(codes.rights.kind, 'fen.rightsSquare');
  assert.deepEqual([codes.rights.piece, codes.rights.square, codes.rights.color], ['Khun', 'd1', 'white']);
  assert.deepEqual(codes.linkMove, { kind: 'record.move', ply: 1, cause: { kind: 'move.noPiece', square: 'e3', moves: 'e3e4' } });
  assert.equal(codes.pgn.kind, 'pgn.move');
  assert.deepEqual([codes.pgn.at, codes.pgn.moves, codes.pgn.cause.kind], ['2.', 'Qxx9', 'san.target']);
  assert.equal(codes.count.kind, 'count.automatic');
  const english = /there is no piece|expected|was rejected|is not|cannot|no count|the right/i;
  for (const { code } of LANGUAGES) {
    const i18n = createI18n(code);
    await i18n.ready;
    const ft = await loadFeatures(i18n, 'errors');
    for (const [name, c] of Object.entries(codes)) {
      const words = codeWords(ft, i18n, c);
      assert.ok(words && !/[{}]/.test(words), `${code} ${name}: ${words}`);
      if (code !== 'en') assert.doesNotMatch(words, english, `${code} ${name}`);
    }
    if (code === 'uk') assert.equal(codeWords(ft, i18n, codes.linkMove.cause), 'на e3 немає фігури');
    if (code === 'en') assert.equal(codeWords(ft, i18n, codes.rights), 'FEN field 3: the right “D” needs the white Khun on d1, its start square');
  }
});

test('error codes: a count refused (the count buttons, a link\'s count action) is worded from its code in every language', async () => {
  const { game, dropped } = Game.fromRecord('1.makruk.request..s');
  game.free();
  assert.deepEqual(dropped.code, { kind: 'record.count', ply: 0, action: 'start', cause: { kind: 'count.biaLeft' } });
  const words = new Set();
  for (const { code } of LANGUAGES) {
    const i18n = createI18n(code);
    await i18n.ready;
    const text = codeWords(await loadFeatures(i18n, 'errors'), i18n, dropped.code.cause);
    assert.ok(text && !/[{}]/.test(text), code);
    words.add(text);
  }
  assert.equal(words.size, LANGUAGES.length, 'each language its own words');
});

test('error codes: the errors name the rule sets as the page of their language names them (soak seed 5613: "Ouk Chatrang" on a Ukrainian page)', async () => {
  const en = await texts('errors', 'en');
  const { default: enNames } = await import('../www/common/i18n/en-rest.js');
  const names = ['variantMakruk', 'variantCambodianShort', 'variantMakpongShort', 'variantKaroukShort'];
  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
    const own = (await import(`../www/common/i18n/${code}.js`)).default;
    const errors = await texts('errors', code);
    for (const key of names) {
      if (own[key] === enNames[key]) continue; // the language keeps the name as it is
      for (const [kind, text] of Object.entries(errors)) {
        if (kind in en) assert.ok(!text.includes(enNames[key]), `${code} ${kind}: "${enNames[key]}" where the page says "${own[key]}"`);
      }
    }
  }
});
