// Interface languages: English and Thai complete, plus Turkish, German and Ukrainian.
// Chosen from the browser's languages, switchable, remembered (storage may be blocked).
// English is built in (the fallback of every key), the rest of it (en-rest.js) and another
// language fetched when needed, so a first visit loads only the texts it shows.
// Every text lives here, one file per language: the game page's in <code>.js, a feature's own
// (the lessons', the puzzles', the trainer's, a refused move's) in <feature>/<code>.js, which
// a page loads in its language alone (createI18n's `features`; features.js: `loadFeatures`,
// `featureTexts`).

import en from './en.js';
import { fill, pluralKey } from './format.js';
import { CAPTURE, CHECK, MATE, PROMOTION, FROM_NAMED, pieceOf } from '../move-facts.js';

/** Every English text: en.js and en-rest.js. */
const english = () => import('./en-rest.js').then((rest) => ({ ...en, ...rest.default }));

export const LANGUAGES = [
  { code: 'en', name: 'English', load: english },
  { code: 'th', name: 'ไทย', load: () => import('./th.js').then((m) => m.default) },
  { code: 'tr', name: 'Türkçe', load: () => import('./tr.js').then((m) => m.default) },
  { code: 'de', name: 'Deutsch', load: () => import('./de.js').then((m) => m.default) },
  { code: 'uk', name: 'Українська', load: () => import('./uk.js').then((m) => m.default) },
];

const STORAGE_KEY = 'makruk.lang';
const PIECE_KEYS = { k: 'khun', m: 'met', s: 'khon', n: 'ma', r: 'ruea', p: 'bia' };

function known(code) {
  return LANGUAGES.some((l) => l.code === code);
}

function storedLanguage() {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return known(v) ? v : null;
  } catch {
    return null;
  }
}

/** First supported language among the browser's preferences, else English. */
export function browserLanguage(langs = (typeof navigator !== 'undefined' &&
  (navigator.languages || [navigator.language])) || []) {
  for (const l of langs) {
    const base = String(l || '').toLowerCase().split('-')[0];
    if (known(base)) return base;
  }
  return 'en';
}

/** The message key of a game's end by `reason`, a name of the core's `Reason` (crate/makruk/src/outcome.rs:
 * checkmate, stalemate, counting, repetition, material, check) or the page's (resign, time):
 * `reasonMaterial`, or with another `prefix` a page's own text (`endMaterial`). */
export function reasonKey(reason, prefix = 'reason') {
  return prefix + reason[0].toUpperCase() + reason.slice(1);
}

/** A square as Thai notation writes it: "c3" as "ค๓". */
const thaiSquare = (sq) => 'กขคงจฉชญ'[sq.charCodeAt(0) - 97] + '๑๒๓๔๕๖๗๘'[sq.charCodeAt(1) - 49];

/**
 * A move said in words, for screen readers, by `t` and `pieceName` (createI18n's): the move of
 * UCI `uci` with the core's `facts` (../move-facts.js) as "Ma to d7", "Bia takes d5, check".
 * The square it came from is said where its SAN names it. When the move is shown in Thai
 * notation (`shown`, "ม-ง๗"), its squares are said as it writes them.
 */
function sayMove(t, pieceName, facts, uci, shown) {
  const square = /[\u0E00-\u0E7F]/.test(shown) ? thaiSquare : (sq) => sq;
  const piece = pieceName(pieceOf(facts)) + (facts & FROM_NAMED ? ' ' + square(uci.slice(0, 2)) : '');
  let text = t(facts & CAPTURE ? 'spokenCapture' : 'spokenMove', { piece, to: square(uci.slice(2, 4)) });
  if (facts & PROMOTION) text = t('spokenPromotion', { move: text });
  if (facts & MATE) text = t('spokenMate', { move: text });
  else if (facts & CHECK) text = t('spokenCheck', { move: text });
  return text;
}

/**
 * The interface texts in language `code` (else the stored or the browser's language). Until
 * `ready` resolves the texts are English (`lang` is the language chosen); `setLanguage(code)`
 * resolves to false for an unknown code or a language that cannot be loaded (the first one:
 * English instead). With `later` (the game page), English is ready with en.js's texts alone,
 * the ones a first visit shows before the engine's first move; `complete()` loads the rest
 * (en-rest.js) and resolves to whether every text is there. `features` (names of
 * features.js's FEATURE_NAMES) come with each language, `ready` included; features.js's
 * `loadFeatures` brings more.
 */
export function createI18n(code, { later = false, features = [] } = {}) {
  let lang = known(code) ? code : storedLanguage() || browserLanguage();
  let all = en; // the English texts loaded so far
  let messages = en;
  let rest = null;
  // the features' texts, feature -> {code, texts}: ./features.js loads them (it comes with the first)
  const shelf = new Map(features.map((f) => [f, { code: null, texts: {} }]));
  const loader = () => import('./features.js');

  /** Loads every English text (once; again after a failure): resolves to whether they are there. */
  function loadEnglish() {
    rest ??= english().then((texts) => {
      all = texts;
      if (messages === en) messages = all;
      return true;
    }, () => {
      rest = null;
      return false;
    });
    return rest;
  }

  /** Resolves to whether every text of the language shown is there (another language comes whole). */
  const complete = () => (lang !== 'en' && messages !== en ? Promise.resolve(true) : loadEnglish());

  /** Resolves to the game's texts in language `next` (rejects when they cannot be loaded). */
  async function mainTexts(next, first) {
    if (next !== 'en') return LANGUAGES.find((l) => l.code === next).load();
    if ((first && later) || await loadEnglish()) return all;
    throw new Error('English texts');
  }

  async function setLanguage(next, remember = true, first = false) {
    if (!known(next)) return false;
    try {
      const own = shelf.size && loader().then((m) => m.fetchFeatures(shelf, next));
      const [main, show] = await Promise.all([mainTexts(next, first), own]);
      messages = main;
      if (show) show();
    } catch {
      if (!first) return false;
      lang = 'en'; // the first language could not be loaded: English it is
      if (next !== 'en') await setLanguage('en', false, true);
      return false;
    }
    lang = next;
    // those put in use meanwhile (else in the language before)
    if (shelf.size) await loader().then((m) => m.addFeatures(shelf, [...shelf.keys()], () => lang)).catch(() => {});
    if (remember) {
      try { localStorage.setItem(STORAGE_KEY, lang); } catch { /* storage blocked: not remembered */ }
    }
    return true;
  }
  const ready = setLanguage(lang, false, true);

  /**
   * Message `key` with `{name}` placeholders filled from params (plain text, never HTML; an
   * `{error}` of the core comes worded from its code: www/common/codes.js).
   */
  function t(key, params = {}) {
    return fill(messages[key] ?? all[key] ?? key, params);
  }

  /**
   * Element `el` showing message `key` (kept in its `data-i18n`, so a language change relabels
   * it), the placeholders filled from its other `data-` attributes (`data-elo="800"` fills `{elo}`).
   */
  function label(el, key = el.dataset.i18n) {
    el.dataset.i18n = key;
    el.textContent = t(key, { ...el.dataset });
  }

  /** The texts of `root`'s `[data-i18n]` elements ([label]) and the labels of its `[data-i18n-aria]`. */
  function translate(root = document) {
    for (const el of root.querySelectorAll('[data-i18n]')) label(el);
    for (const el of root.querySelectorAll('[data-i18n-aria]')) {
      el.setAttribute('aria-label', t(/** @type {HTMLElement} */ (el).dataset.i18nAria));
    }
  }

  function colorWord(color) {
    return t(color === 'white' ? 'colorWhite' : 'colorBlack');
  }

  function pieceName(piece) {
    if (!piece) return '';
    if (piece.length > 1) return t('biaPromoted');
    return t(PIECE_KEYS[piece.toLowerCase()]);
  }

  /** `n` with the plural form of `key` (`movesCount`: "1 move", "2 moves"). */
  function count(key, n) {
    return t(pluralKey((k) => k in messages, lang, key, n), { n });
  }

  /**
   * The count of the core's `status` in one line ("Counting (pieces' honour): 3 / 16"; Ouk
   * Chatrang's in its own words: "Count 3 / 15 (pieces' honour, Cambodian)"), or '' when no
   * count runs. Every page that shows a count says it so.
   */
  function countLine(status) {
    const c = status.count;
    if (!c) return '';
    const honour = t(c.kind === 'pieces' ? 'honourPieces' : 'honourBoard');
    return t(status.cambodianCounting ? 'countingCambodian' : 'counting',
      { honour, count: c.moves, limit: c.limitMoves });
  }

  /** A move said in words (sayMove): its core's `facts`, its UCI, how it is shown; a line of
   * them, "Ma to d7, Bia takes d5". */
  const spokenMove = (facts, uci, shown = '') => sayMove(t, pieceName, facts, uci, shown);
  const spokenLine = (facts, ucis, shown = []) => facts.map((f, k) => spokenMove(f, ucis[k], shown[k])).join(', ');

  /** Spoken label for a square element: "e3, white Bia". */
  function describe(square, piece) {
    if (!piece) return t('squareEmpty', { square });
    const color = piece[0] === piece[0].toUpperCase() ? 'white' : 'black';
    return t('squarePiece', { square, color: colorWord(color), piece: pieceName(piece) });
  }

  const api = {
    get lang() { return lang; },
    t,
    label,
    translate,
    colorWord,
    pieceName,
    describe,
    count,
    countLine,
    spokenMove,
    spokenLine,
    setLanguage,
    ready,
    complete,
    /** The features' texts in use (features.js): feature -> {code, texts}. */
    features: shelf,
    /** Resolves to the sentence that says why a move was refused (`why`: the core's
     * whyIllegal), or null when there is none; www/common/refusal.js and its texts load with the first. */
    whyRefused: (why) => import('../refusal.js').then((m) => m.refusalText(api, why)),
  };
  return api;
}
