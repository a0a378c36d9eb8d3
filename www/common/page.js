// What the side pages (the counting-mates trainer, the puzzles, the lessons) set up alike: the
// board, in the game page's look and with its accessible labels, and the language choice,
// which the page's own texts follow.

import { createBoard } from './board/index.js';
import { LANGUAGES } from './i18n/index.js';
import { $, exposeForTests, menuButton } from './dom.js';
import { savedSettings } from './storage.js';

/**
 * The board of `#board canvas`, the person's moves going to `onMove(from, to)`, in the look
 * chosen on the game page (theme, coordinates, piece set).
 */
export function createPageBoard(i18n, onMove) {
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
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = ft(el.dataset.t);
  document.title = `${ft('title')} · Makruk`;
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
}

/**
 * The header's settings: the `#lang` choice, behind the gear on a phone. `translate()` runs
 * once the page's language has arrived (resolved then), and again after each choice (a
 * language other than English is fetched first).
 */
export async function chooseLanguage(i18n, translate) {
  menuButton($('btn-settings'), $('settings'));
  const select = $('lang');
  for (const l of LANGUAGES) select.add(new Option(l.name, l.code, false, l.code === i18n.lang));
  select.addEventListener('change', async () => { if (await i18n.setLanguage(select.value)) translate(); });
  await i18n.ready;
  translate();
}
