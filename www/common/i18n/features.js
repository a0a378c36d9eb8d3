// The features' own texts (the lessons', the puzzles', the trainer's, a match's, a refused
// move's), each in www/common/i18n/<feature>/<code>.js, a file per language, in the language shown
// alone: `featureTexts` looks them up, `loadFeatures` brings them, and createI18n (i18n/index.js)
// keeps those in use with each language it loads. The side pages import this module; the game
// page loads it with its first feature (a refusal, a match), so its first visit carries none.

import { fill, pluralKey } from './format.js';

/** The features with texts of their own, each in www/common/i18n/<feature>/<code>.js (the codes of
 * LANGUAGES; English's keys in every language: tests/ui-i18n.node.test.mjs). Each import is
 * written out, so that the site's build (scripts/dist.mjs) makes each file one of its own. */
const FEATURES = {
  learn: {
    en: () => import('./learn/en.js'),
    th: () => import('./learn/th.js'),
    tr: () => import('./learn/tr.js'),
    de: () => import('./learn/de.js'),
    uk: () => import('./learn/uk.js'),
  },
  puzzles: {
    en: () => import('./puzzles/en.js'),
    th: () => import('./puzzles/th.js'),
    tr: () => import('./puzzles/tr.js'),
    de: () => import('./puzzles/de.js'),
    uk: () => import('./puzzles/uk.js'),
  },
  trainer: {
    en: () => import('./trainer/en.js'),
    th: () => import('./trainer/th.js'),
    tr: () => import('./trainer/tr.js'),
    de: () => import('./trainer/de.js'),
    uk: () => import('./trainer/uk.js'),
  },
  match: {
    en: () => import('./match/en.js'),
    th: () => import('./match/th.js'),
    tr: () => import('./match/tr.js'),
    de: () => import('./match/de.js'),
    uk: () => import('./match/uk.js'),
  },
  errors: {
    en: () => import('./errors/en.js'),
    th: () => import('./errors/th.js'),
    tr: () => import('./errors/tr.js'),
    de: () => import('./errors/de.js'),
    uk: () => import('./errors/uk.js'),
  },
  refusal: {
    en: () => import('./refusal/en.js'),
    th: () => import('./refusal/th.js'),
    tr: () => import('./refusal/tr.js'),
    de: () => import('./refusal/de.js'),
    uk: () => import('./refusal/uk.js'),
  },
};

/** The names of the features with texts of their own (FEATURES). */
export const FEATURE_NAMES = Object.keys(FEATURES);

/** Resolves to the texts of `feature` (a name of FEATURE_NAMES) in language `code`. */
export const loadFeature = (feature, code) => FEATURES[feature][code]().then((m) => m.default);

/**
 * Loads the texts in language `code` of the features in use in `shelf` (createI18n's: feature
 * -> {code, texts}) and resolves to the function that puts them in place.
 */
export async function fetchFeatures(shelf, code) {
  const names = [...shelf.keys()];
  const texts = await Promise.all(names.map((f) => loadFeature(f, code)));
  return () => names.forEach((f, k) => shelf.set(f, { code, texts: texts[k] }));
}

/** Puts features `names` in use in `shelf` and loads those not yet in language `lang()` (again
 * while the language changes under the load). Rejects when one cannot be loaded; one never
 * loaded is then put out of use again (it would hold back every language chosen). */
export async function addFeatures(shelf, names, lang) {
  for (const f of names) if (!shelf.has(f)) shelf.set(f, { code: null, texts: {} });
  try {
    for (let code = lang(); names.some((f) => shelf.get(f).code !== code); code = lang()) {
      const texts = await Promise.all(names.map((f) => loadFeature(f, code)));
      names.forEach((f, k) => shelf.set(f, { code, texts: texts[k] }));
    }
  } catch (e) {
    for (const f of names) if (shelf.get(f)?.code === null) shelf.delete(f);
    throw e;
  }
}

/**
 * The lookup of the texts of features `names` (FEATURE_NAMES; the first that has a key gives
 * it) in `i18n`'s language: `ft(key, params)`, `ft.count(key, n, params)` in `n`'s plural form
 * with `{n}` filled, `ft.has(key)`; the key itself until they are loaded (createI18n's
 * `features`, loadFeatures).
 */
export function featureTexts(i18n, ...names) {
  const find = (key) => names.map((f) => i18n.features.get(f)?.texts).find((texts) => texts && key in texts);
  const ft = (key, params = {}) => fill(find(key)?.[key] ?? key, params);
  ft.has = (key) => !!find(key);
  ft.count = (key, n, params = {}) => ft(pluralKey(ft.has, i18n.lang, key, n), { n, ...params });
  return ft;
}

/** Resolves to `featureTexts(i18n, ...names)` once those features' texts in the language shown
 * are there; each language chosen later brings them along. Rejects when one cannot be loaded. */
export async function loadFeatures(i18n, ...names) {
  await i18n.ready;
  await addFeatures(i18n.features, names, () => i18n.lang);
  return featureTexts(i18n, ...names);
}
