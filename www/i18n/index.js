// Interface languages: English and Thai complete, plus Turkish, German and Ukrainian.
// Chosen from the browser's languages, switchable, remembered (storage may be blocked).

import en from './en.js';
import th from './th.js';
import tr from './tr.js';
import de from './de.js';
import uk from './uk.js';

export const LANGUAGES = [
  { code: 'en', name: 'English', messages: en },
  { code: 'th', name: 'ไทย', messages: th },
  { code: 'tr', name: 'Türkçe', messages: tr },
  { code: 'de', name: 'Deutsch', messages: de },
  { code: 'uk', name: 'Українська', messages: uk },
];

const STORAGE_KEY = 'makruk.lang';
const PIECE_KEYS = { k: 'khun', m: 'met', s: 'khon', n: 'ma', r: 'ruea', p: 'bia' };

function known(code) {
  return LANGUAGES.some((l) => l.code === code);
}

export function storedLanguage() {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return known(v) ? v : null;
  } catch {
    return null;
  }
}

/** First supported language among the browser's preferences, else English. */
export function browserLanguage(langs = (typeof navigator !== 'undefined' && (navigator.languages || [navigator.language])) || []) {
  for (const l of langs) {
    const base = String(l || '').toLowerCase().split('-')[0];
    if (known(base)) return base;
  }
  return 'en';
}

export function createI18n(code) {
  let lang = known(code) ? code : storedLanguage() || browserLanguage();
  let messages = LANGUAGES.find((l) => l.code === lang).messages;

  /** Message `key` with `{name}` placeholders filled from params (plain text, never HTML). */
  function t(key, params = {}) {
    const s = messages[key] ?? en[key] ?? key;
    return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }

  function colorWord(color) {
    return t(color === 'white' ? 'colorWhite' : 'colorBlack');
  }

  function pieceName(piece) {
    if (!piece) return '';
    if (piece.length > 1) return t('biaPromoted');
    return t(PIECE_KEYS[piece.toLowerCase()]);
  }

  /** Spoken label for a square element: "e3, white Bia". */
  function describe(square, piece) {
    if (!piece) return t('squareEmpty', { square });
    const color = piece[0] === piece[0].toUpperCase() ? 'white' : 'black';
    return t('squarePiece', { square, color: colorWord(color), piece: pieceName(piece) });
  }

  return {
    get lang() { return lang; },
    t,
    colorWord,
    pieceName,
    describe,
    setLanguage(next) {
      if (!known(next)) return false;
      lang = next;
      messages = LANGUAGES.find((l) => l.code === lang).messages;
      try { localStorage.setItem(STORAGE_KEY, lang); } catch { /* storage blocked: not remembered */ }
      return true;
    },
  };
}
