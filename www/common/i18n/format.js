// Filling a text's placeholders and choosing its plural form: what the texts of the pages
// (i18n/index.js) and of the features (i18n/features.js) both use, in a module of its own so
// that neither imports the other (index.js loads features.js when a page needs it).

/** `text` with its `{name}` placeholders filled from `params` (plain text, never HTML). */
export function fill(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * The key of `n`'s plural form of `key` among the keys `has(k)` finds: `key_one`, `key_few`, ...
 * by the rules of `lang` (Intl.PluralRules), else `key_other`. Each catalogue writes the forms
 * its language has; every form holds the same placeholders (tests/ui-i18n.node.test.mjs).
 */
export function pluralKey(has, lang, key, n) {
  const form = `${key}_${new Intl.PluralRules(lang).select(n)}`;
  return has(form) ? form : `${key}_other`;
}
