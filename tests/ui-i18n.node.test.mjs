// Interface catalogues (www/common/i18n), without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { LANGUAGES, createI18n, browserLanguage, reasonKey } from '../www/common/i18n/index.js';
import { FEATURE_NAMES, loadFeature, featureTexts, loadFeatures } from '../www/common/i18n/features.js';
import { featureCatalogues } from './i18n.support.mjs';
import { full, Game } from './store.support.mjs';
import { MAX_LEVEL } from '../www/common/game/levels.js';

const PLURAL = /^(\w+)_(zero|one|two|few|many|other)$/;
const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();

/**
 * Catalogue `messages` of language `code` against the English one: every key and no other
 * (but the core's English wordings), the same placeholders; a plural text has its `_other` form and only forms of its language's
 * Intl.PluralRules, each with the placeholders of the English `_other`.
 */
function checkCatalogue(en, messages, code, where) {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  for (const key of Object.keys(en)) {
    const plural = PLURAL.exec(key);
    if (plural && plural[2] !== 'other') continue;
    assert.ok(typeof messages[key] === 'string' && messages[key].length, `${where} ${code}.${key} missing`);
    assert.equal(holes(messages[key]), holes(en[key]), `${where} ${code}.${key} placeholders`);
  }
  for (const [key, text] of Object.entries(messages)) {
    const plural = PLURAL.exec(key);
    // (a key that is the core's English wording, a count refusal, is not in English's catalogue)
    if (!plural && /^\w+$/.test(key)) assert.ok(key in en, `${where} ${code}.${key}: not an English key`);
    if (!plural) continue;
    assert.ok(forms.includes(plural[2]), `${where} ${code}.${key}: ${code} has no form "${plural[2]}"`);
    assert.equal(holes(text), holes(en[`${plural[1]}_other`]), `${where} ${code}.${key} placeholders`);
  }
}

test('i18n: every language has every English key, with the same placeholders (the pages\' own texts too)', async () => {
  const en = await LANGUAGES.find((l) => l.code === 'en').load();
  for (const { code, load } of LANGUAGES) checkCatalogue(en, await load(), code, 'i18n');
  for (const feature of FEATURE_NAMES) {
    const all = await featureCatalogues(feature);
    for (const [code, messages] of Object.entries(all)) checkCatalogue(all.en, messages, code, feature);
  }
});

test('i18n: one convention: every text under www/common/i18n/, a file per language (a feature\'s in its folder), no strings.js', () => {
  const www = new URL('../www/', import.meta.url);
  const files = readdirSync(www, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  assert.deepEqual(files.filter((f) => /strings\.js$/.test(f)), []);
  const codes = LANGUAGES.map((l) => `${l.code}.js`).sort();
  for (const feature of FEATURE_NAMES) assert.deepEqual(readdirSync(new URL(`common/i18n/${feature}/`, www)).sort(), codes, feature);
  const folders = readdirSync(new URL('common/i18n/', www), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.deepEqual(folders.sort(), [...FEATURE_NAMES].sort(), 'a folder of www/common/i18n/ is a feature of FEATURE_NAMES');
});

test('i18n: a missing feature text fails the check (a key left out of one language)', async () => {
  const en = await loadFeature('trainer', 'en');
  const th = { ...(await loadFeature('trainer', 'th')) };
  delete th.title;
  assert.throws(() => checkCatalogue(en, th, 'th', 'trainer'), /th\.title missing/);
  assert.throws(() => checkCatalogue(en, { ...th, title: 'x', extra: 'y' }, 'th', 'trainer'), /not an English key/);
});

test('i18n: each language speaks to the player one way, the pages\' own texts too (German "du", Turkish "sen", Ukrainian "Ви")', async () => {
  // the other form's pronouns and verb endings: "Sie sind am Zug" in a German that says "du"
  const OTHER = {
    de: /(?<!\p{L})(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)(?!\p{L})/u,
    tr: /(?<!\p{L})(siz|sizin|size|sizi|sizde|sizden)(?!\p{L})|\p{L}(iniz|ınız|unuz|ünüz|yın|yin|edin)(?![\p{L}])/iu,
    uk: /(?<!\p{L})(ти|тебе|тобі|тобою|твій|твоя|твоє|твої|твого|твоєї|твоїм|твоїх|твою|твоїй)(?!\p{L})/iu,
  };
  for (const [code, other] of Object.entries(OTHER)) {
    const texts = Object.entries(await LANGUAGES.find((l) => l.code === code).load());
    for (const feature of FEATURE_NAMES) {
      texts.push(...Object.entries(await loadFeature(feature, code)).map(([key, text]) => [`${feature}.${key}`, text]));
    }
    assert.deepEqual(texts.filter(([, text]) => other.test(text)), [], code);
  }
});

test('i18n: counts take their language\'s plural form ("1 move", not "1 moves")', async () => {
  const said = {};
  for (const { code } of LANGUAGES) {
    const i18n = createI18n(code);
    await i18n.ready;
    said[code] = [1, 2, 5, 21].map((n) => i18n.count('movesCount', n));
  }
  assert.deepEqual(said, {
    en: ['1 move', '2 moves', '5 moves', '21 moves'],
    th: ['1 ตา', '2 ตา', '5 ตา', '21 ตา'],
    tr: ['1 hamle', '2 hamle', '5 hamle', '21 hamle'],
    de: ['1 Zug', '2 Züge', '5 Züge', '21 Züge'],
    uk: ['1 хід', '2 ходи', '5 ходів', '21 хід'],
  });
  const en = createI18n('en');
  await en.ready;
  assert.equal(en.t('pgnLoaded', { moves: en.count('movesCount', 1) }), 'Game loaded (1 move).');
});

test('i18n: English in two parts; the game page\'s is ready with the first, complete() brings the rest', async () => {
  const [first, rest] = await Promise.all([import('../www/common/i18n/en.js'), import('../www/common/i18n/en-rest.js')]);
  const all = await LANGUAGES.find((l) => l.code === 'en').load();
  assert.deepEqual(Object.keys(first.default).filter((k) => k in rest.default), [], 'no text in both');
  assert.deepEqual(Object.keys(all).sort(), [...Object.keys(first.default), ...Object.keys(rest.default)].sort());
  const page = createI18n('en', { later: true });
  await page.ready;
  assert.equal(page.t('newGame'), 'New game');
  assert.equal(page.t('ngTitle'), 'ngTitle', 'the dialog\'s texts come later');
  assert.equal(await page.complete(), true);
  assert.equal(page.t('ngTitle'), 'New game');
  assert.equal(page.count('movesCount', 1), '1 move');
  // every other page has English whole once ready, as it has each other language
  const other = createI18n('en');
  await other.ready;
  assert.equal(other.t('ngTitle'), 'New game');
  // Thai comes whole: nothing more to wait for; English chosen then is whole
  const th = createI18n('th', { later: true });
  await th.ready;
  assert.equal(await th.complete(), true);
  assert.equal(await th.setLanguage('en'), true);
  assert.equal(th.t('edHelp'), all.edHelp);
});

test('i18n: a move is said with the piece names of the language from the core\'s facts, not from its SAN', async () => {
  // each move from its position, its facts as the rules module gives them (Nd7, exd5, Nbxd7+,
  // e6=M, Rh8#, Mc4)
  const moves = [['rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1', 'b8d7'],
    ['r3k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1', 'e4d5'], ['5k2/3r4/1N3N2/8/8/8/8/K7 w - - 0 1', 'b6d7'],
    ['r3k3/8/8/4P3/8/8/8/R3K3 w - - 0 1', 'e5e6'], ['k7/8/1K6/8/8/8/8/7R w - - 0 1', 'h1h8'],
    ['r3k3/8/8/8/8/1M6/8/R3K3 w - - 0 1', 'b3c4']].map(([fen, uci]) => {
    const g = new Game(fen);
    const m = g.legalMoves().find((x) => x.from + x.to === uci);
    g.free();
    return m;
  });
  const en = createI18n('en');
  const said = (i18n) => moves.map((m) => i18n.spokenMove(m.facts, m.uci, m.san));
  assert.deepEqual(said(en), ['Ma to d7', 'Bia e4 takes d5', 'Ma b6 takes d7, check', 'Bia to e6, becomes a Met', 'Ruea to h8, checkmate', 'Met to c4']);
  const th = createI18n('th');
  await th.ready;
  assert.deepEqual(said(th).slice(0, 2), ['ม้า ไป d7', 'เบี้ย e4 กิน d5']);
  // shown in Thai notation, its squares are said as it writes them
  assert.equal(th.spokenMove(moves[0].facts, moves[0].uci, 'ม-ง๗'), 'ม้า ไป ง๗');
  const uk = createI18n('uk');
  await uk.ready;
  assert.equal(uk.spokenMove(moves[0].facts, moves[0].uci, moves[0].san), 'Ма на d7');
});

test('i18n: every end of a game the core names has its text, on the game page and in the trainer', async () => {
  // every reason a game ends, the wasm status's `reason`: asked of the core
  const reasons = full.Game.rules().ends;
  // (a resignation and a loss on time are the core's since issue 35 item 3, a draw agreed since
  // issue 56 item 5)
  for (const r of ['checkmate', 'stalemate', 'counting', 'repetition', 'material', 'check', 'resign', 'time', 'timeNoMate', 'agreement']) assert.ok(reasons.includes(r), r);
  const en = await LANGUAGES.find((l) => l.code === 'en').load();
  for (const reason of reasons) assert.ok(en[reasonKey(reason)], reasonKey(reason));
  // the trainer's drills end in a mate or one of these draws (no clock, no resignation, no offer)
  const trainer = await loadFeature('trainer', 'en');
  for (const reason of reasons.filter((r) => !['checkmate', 'check', 'resign', 'time', 'timeNoMate', 'agreement'].includes(r))) assert.ok(trainer[reasonKey(reason, 'end')], reason);
});

test('i18n: Thai piece names and labels, once Thai is loaded (English until then)', async () => {
  const th = createI18n('th');
  assert.equal(th.lang, 'th');
  assert.equal(th.pieceName('K'), 'Khun', 'English until the language has arrived');
  await th.ready;
  assert.deepEqual(['K', 'M', 'S', 'N', 'R', 'P', 'M~'].map((p) => th.pieceName(p)),
    ['ขุน', 'เม็ด', 'โคน', 'ม้า', 'เรือ', 'เบี้ย', 'เบี้ยหงาย']);
  assert.equal(th.describe('e3', 'P'), 'e3, เบี้ยฝ่ายขาว');
  assert.equal(createI18n('en').describe('e6', 'm~'), 'e6, black promoted Bia');
  assert.equal(await th.setLanguage('fr'), false, 'an unknown language is refused');
  assert.equal(th.lang, 'th');
  assert.equal(createI18n('en').describe('a1', ''), 'a1, empty');
});

test('i18n: the browser language chooses, English otherwise', () => {
  assert.equal(browserLanguage(['th-TH', 'en']), 'th');
  assert.equal(browserLanguage(['fr-FR', 'de-AT']), 'de');
  assert.equal(browserLanguage(['uk']), 'uk');
  assert.equal(browserLanguage(['fr']), 'en');
  assert.equal(browserLanguage([]), 'en');
});

test('i18n: placeholders are filled as plain text', () => {
  const t = createI18n('en').t;
  assert.equal(t('hintText', { san: '<b>e4</b>' }), 'Hint: <b>e4</b>');
  assert.equal(t('no such key'), 'no such key');
});

test('i18n: each level is labelled with its measured strength, in every language', async () => {
  // the engine's levels as the core gives them (Game.rules(), which the New game dialog fills
  // into the level texts): the page's MAX_LEVEL is their number, each has its Elo and skill
  const { levels } = full.Game.rules();
  assert.equal(levels.elo.length, MAX_LEVEL);
  assert.equal(levels.skill.length, MAX_LEVEL);
  assert.ok(levels.elo.every((elo, k) => k === 0 || elo > levels.elo[k - 1]), 'stronger level by level');
  for (const { code, load } of LANGUAGES) {
    const messages = await load();
    for (let level = 1; level <= MAX_LEVEL; level++) {
      assert.match(messages[`level${level}`], new RegExp(`^${level} · ≈\\{elo\\} · \\S`), `${code}.level${level}`);
      assert.match(messages[`levelDesc${level}`], /Fairy-Stockfish[^\d{}-]+\{skill\}\D*$/, `${code}.levelDesc${level}`);
    }
  }
});

test('i18n: a feature\'s texts come with the page\'s language (features), in it alone, and follow a change', async () => {
  const i18n = createI18n('de', { features: ['trainer'] });
  const ft = featureTexts(i18n, 'trainer');
  assert.equal(ft('title'), 'title', 'the key itself until the texts are there');
  await i18n.ready;
  const [de, th] = [await loadFeature('trainer', 'de'), await loadFeature('trainer', 'th')];
  assert.equal(ft('title'), de.title);
  assert.equal(ft('limitLine', { limit: 16, start: 3, moves: 14 }), de.limitLine.replace('{limit}', 16).replace('{start}', 3).replace('{moves}', 14));
  assert.deepEqual([1, 2].map((n) => ft.count('moves', n)), ['1 Zug', '2 Züge']);
  assert.equal(ft.has('title'), true);
  assert.equal(ft.has('missing'), false);
  assert.equal(ft('missing'), 'missing');
  assert.equal(await i18n.setLanguage('th', false), true);
  assert.equal(ft('title'), th.title, 'a language chosen brings the feature\'s texts along');
  assert.equal(i18n.t('newGame'), (await LANGUAGES.find((l) => l.code === 'th').load()).newGame);
});

test('i18n: a feature\'s texts loaded on demand (loadFeatures), the first of several features that has a key gives it', async () => {
  const i18n = createI18n('uk');
  const ft = await loadFeatures(i18n, 'learn', 'refusal');
  const [learn, refusal] = [await loadFeature('learn', 'uk'), await loadFeature('refusal', 'uk')];
  assert.equal(ft('title'), learn.title);
  assert.equal(ft('why_khunMustCapture'), refusal.why_khunMustCapture);
  assert.equal(featureTexts(i18n, 'refusal')('title'), 'title', 'only the features asked for');
  assert.equal(await i18n.setLanguage('tr', false), true);
  assert.equal(ft('why_khunMustCapture'), (await loadFeature('refusal', 'tr')).why_khunMustCapture);
  // a language chosen while a feature loads: the feature ends in that language
  const en = createI18n('en');
  await en.ready;
  const [loaded] = await Promise.all([loadFeatures(en, 'puzzles'), en.setLanguage('th', false)]);
  assert.equal(loaded('title'), (await loadFeature('puzzles', 'th')).title);
  // texts that cannot be loaded hold no language back
  await assert.rejects(loadFeatures(en, 'nosuch'));
  assert.equal(en.features.has('nosuch'), false);
  assert.equal(await en.setLanguage('de', false), true);
  assert.equal(loaded('title'), (await loadFeature('puzzles', 'de')).title);
});

test('i18n: the pages look their texts up through featureTexts alone, no file of its own per language', () => {
  for (const f of ['pages/trainer/main.js', 'pages/puzzles/main.js', 'pages/puzzles/embed-puzzle.js', 'pages/learn/main.js', 'pages/learn/view.js', 'pages/learn/embed-lesson.js', 'common/refusal.js', 'pages/game/match-view.js']) {
    const src = readFileSync(new URL(`../www/${f}`, import.meta.url), 'utf8');
    assert.doesNotMatch(src, /STRINGS|texts\[i18n\.lang\]|from '[./]*i18n\/\w+\//, f);
  }
});

test('i18n: one count line (countLine), Ouk Chatrang\'s in its own words; no page words the count itself', async () => {
  const i18n = createI18n('en');
  await i18n.ready;
  await i18n.complete();
  const count = { kind: 'pieces', moves: 3, limitMoves: 16 };
  assert.equal(i18n.countLine({ count }), "Counting (pieces' honour): 3 / 16");
  assert.equal(i18n.countLine({ count: { ...count, limitMoves: 15 }, cambodianCounting: true }), "Count 3 / 15 (pieces' honour, Cambodian)");
  assert.equal(i18n.countLine({ count: null }), '');
  for (const f of ['pages/puzzles/main.js', 'pages/learn/main.js', 'pages/trainer/main.js', 'pages/game/count-view.js', 'pages/embed/main.js']) {
    assert.doesNotMatch(readFileSync(new URL(`../www/${f}`, import.meta.url), 'utf8'), /honourPieces|'countingCambodian'/, f);
  }
});

test('i18n: why a move was refused, from the core\'s reason, in the language; every attempt is answered (issue 56)', async () => {
  const i18n = createI18n('de');
  await i18n.ready;
  assert.match(await i18n.whyRefused({ reason: 'khunMustCapture', piece: null }), /Makpong/);
  assert.match(await i18n.whyRefused({ reason: 'firstMoveGone', piece: 'Met' }), /Met/);
  const de = (await import('../www/common/i18n/refusal/de.js')).default;
  for (const reason of ['notThatWay', 'ownPiece', 'noPiece', 'notYourTurn', 'gameOver']) {
    const text = await i18n.whyRefused({ reason, piece: 'Ma' });
    assert.ok(text && text !== de.why_other, reason);
  }
  assert.match(await i18n.whyRefused({ reason: 'notThatWay', piece: 'Ma' }), /^Ma: so zieht er nicht/);
  assert.equal(await i18n.whyRefused(null), null);
});
