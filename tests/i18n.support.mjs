// Shared by the tests of the interface texts (www/common/i18n/), in Node and in the browser tests.
import { LANGUAGES } from '../www/common/i18n/index.js';
import { loadFeature } from '../www/common/i18n/features.js';

/** The texts of `features` (names of www/common/i18n/features.js's FEATURE_NAMES, the first that has a
 * key gives it, as featureTexts does) in every language: {code: texts}. */
export async function featureCatalogues(...features) {
  const one = async (code) => Object.assign({}, ...(await Promise.all(features.map((f) => loadFeature(f, code)))).reverse());
  return Object.fromEntries(await Promise.all(LANGUAGES.map(async ({ code }) => [code, await one(code)])));
}
