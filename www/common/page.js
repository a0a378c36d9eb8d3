// What the side pages (the counting-mates trainer, the puzzles, the lessons) set up alike: the
// board, in the game page's look and with its accessible labels, the language choice, which
// the page's own texts follow, and their start-up (startSidePage), written once.

import { createBoard } from './board/index.js';
import { LANGUAGES } from './i18n/index.js';
import { $, exposeForTests, menuButton, showMessage } from './dom.js';
import { savedSettings } from './storage.js';
import { loadRules } from '../load-rules.js';

/**
 * The board of `#board canvas`, the person's moves going to `onMove(from, to)`, in the look
 * chosen on the game page (theme, coordinates, piece set).
 */
function createPageBoard(i18n, onMove) {
  const { theme, coords, pieceSet } = savedSettings(i18n.lang);
  const board = createBoard(document.querySelector('#board canvas'), {
    pieces: [],
    theme,
    coords,
    pieceSet,
    describe: (sq, p) => i18n.describe(sq, p),
    onMove,
    label: i18n.t('boardLabel'),
    describedBy: 'board-help',
  });
  exposeForTests('makrukBoard', board);
  return board;
}

/**
 * The page in its language: the game's texts (`data-i18n`), the page's own (`data-t`, by
 * `ft(key)`), its title (`ft("title")`) and the board's labels.
 */
export function translateSidePage(i18n, ft, board) {
  document.documentElement.lang = i18n.lang;
  i18n.translate();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-t]'))) {
    el.textContent = ft(el.dataset.t);
  }
  document.title = `${ft('title')} · Makruk`;
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
}

/**
 * The header's settings: the `#lang` choice, behind the gear on a phone. `translate()` runs
 * once the page's language has arrived (resolved then), and again after each choice (a
 * language other than English is fetched first).
 */
async function chooseLanguage(i18n, translate) {
  menuButton($('btn-settings'), $('settings'));
  const select = $('lang');
  for (const l of LANGUAGES) select.add(new Option(l.name, l.code, false, l.code === i18n.lang));
  select.addEventListener('change', async () => { if (await i18n.setLanguage(select.value)) translate(); });
  await i18n.ready;
  translate();
}

/**
 * A side page's start-up, the same on every one: its board (`page.board`, the person's moves
 * to `onMove`), the header's language choice (`translate()` once the texts are there and after
 * each choice), the rules module (the full one with `full`) beside `load(say)` (the page's own
 * files), then `start(rules, loaded)`, which wires the page and opens its link, and resolves to
 * false when the page cannot go on. Then `body[data-ready] = name` and the site kept for
 * offline use, as the game page keeps it. A failure to load is said in the page's `#status`
 * where it has one (after "Loading"), else as its message.
 * @param {any} page
 * @param {{name: string, i18n: any, onMove: Function, translate: Function, full?: boolean,
 *   load?: (say: (text: string) => void) => Promise<any>, start: Function}} options
 */
export async function startSidePage(page, {
  name, i18n, onMove, translate, full = false, load = async () => null, start,
}) {
  page.board = createPageBoard(i18n, onMove);
  await chooseLanguage(i18n, translate);
  const status = $('status');
  const say = status ? (text) => { status.textContent = text; } : (text) => showMessage(text, 'error');
  if (status) say(i18n.t('loading'));
  const [rules, loaded] = await Promise.all([loadRules(i18n, say, { full }), load(say)]);
  if (!rules || await start(rules, loaded) === false) return;
  document.body.dataset.ready = name;
  // a new version is taken at the next visit (the game page offers it at once)
  import('./offline.js').then((m) => m.registerOffline(() => {})).catch(() => {});
}
