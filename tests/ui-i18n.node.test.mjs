// Interface catalogues (www/i18n), without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LANGUAGES, createI18n, browserLanguage } from '../www/i18n/index.js';

test('i18n: every language has every English key, with the same placeholders', async () => {
  const en = await LANGUAGES.find((l) => l.code === 'en').load();
  const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
  for (const { code, load } of LANGUAGES) {
    const messages = await load();
    for (const key of Object.keys(en)) {
      assert.ok(typeof messages[key] === 'string' && messages[key].length, `${code}.${key} missing`);
      assert.equal(holes(messages[key]), holes(en[key]), `${code}.${key} placeholders`);
    }
  }
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
  // LEVEL_ELO and LEVEL_FS_SKILL of the engine (crate/makruk/src/search/levels.rs): a label
  // that lags a new measurement fails here
  const rust = readFileSync(new URL('../crate/makruk/src/search/levels.rs', import.meta.url), 'utf8');
  const table = (name) => rust.match(new RegExp(`pub const ${name}: \\[\\w+; 8\\] = \\[([^\\]]+)\\]`))[1]
    .split(',').map((n) => n.trim());
  const [elo, skill] = [table('LEVEL_ELO'), table('LEVEL_FS_SKILL')];
  for (const { code, load } of LANGUAGES) {
    const messages = await load();
    for (let level = 1; level <= 8; level++) {
      assert.match(messages[`level${level}`], new RegExp(`^${level} · ≈${elo[level - 1]} · \\S`), `${code}.level${level}`);
      assert.match(messages[`levelDesc${level}`], new RegExp(`Fairy-Stockfish[^\\d-]+${skill[level - 1]}\\D*$`), `${code}.levelDesc${level}`);
    }
  }
});

test('i18n: every count refusal of the core (CountError) and of the page, in every language', async () => {
  // the core's refusals reach the page as their English wording (crate/makruk/src/counting.rs,
  // `impl fmt::Display for CountError`); the other catalogues word each of them under it
  const rust = readFileSync(new URL('../crate/makruk/src/counting.rs', import.meta.url), 'utf8');
  const variants = [...rust.match(/pub enum CountError \{([^}]*)\}/)[1].matchAll(/^\s*(\w+),$/gm)].map((m) => m[1]);
  const display = rust.match(/impl fmt::Display for CountError \{([\s\S]*?)\n\}/)[1];
  const words = new Map([...display.matchAll(/CountError::(\w+) => \{?\s*"([^"]+)"/g)].map((m) => [m[1], m[2]]));
  assert.deepEqual([...words.keys()].sort(), [...variants].sort(), 'every CountError worded once');
  assert.ok(variants.includes('TooManyPieces'));
  const page = readFileSync(new URL('../www/game/count.js', import.meta.url), 'utf8');
  const own = page.match(/error: '(the game is over[^']*)'/)[1];
  for (const { code } of LANGUAGES) {
    const i18n = createI18n(code);
    await i18n.ready;
    for (const english of [...words.values(), own]) {
      const shown = i18n.t(english);
      if (code === 'en') assert.equal(shown, english);
      else assert.notEqual(shown, english, `${code}: "${english}"`);
      // as a message's {error} too (a link's count action refused)
      assert.ok(i18n.t('badMove', { n: 1, move: 'count start', error: english }).includes(shown));
    }
  }
});
