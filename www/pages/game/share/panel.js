// The position panel beside the board: the FEN in and out, PGN export and import.

import { errorText, h } from '../../../common/dom.js';
import { copyText } from './clipboard.js';
import { loadPgn, readPgnGames, writePgn, gameLabel } from './pgn.js';
import { fromPgn, restoredTree } from '../tree-edit.js';
import { errorWords } from '../../../common/codes.js';

/** The number of moves (a White move and Black's reply: one) of a game's `plies` half-moves
 * ({fen, variant}: a PGN's; a game that Black starts has a first move of Black's alone): from
 * the core's number of its first move to that of its last. */
function moveCountOf(Game, { fen, variant }, plies) {
  if (!plies) return 0;
  const g = new Game(fen, variant);
  try {
    return g.moveNumber(plies - 1) - g.moveNumber(0) + 1;
  } finally {
    g.free?.();
  }
}

/** A translated text span that follows language changes (www/pages/game/view.js relabels [data-i18n]). */
function tr(i18n, key) {
  return h('span', { 'data-i18n': key, text: i18n.t(key) });
}

/** The position panel: the FEN in and out, PGN export (with a download) and import (a file of
 * several games: the person picks one). Returns {el, refresh()} (the FEN field follows the
 * position). */
export function buildPositionPanel(api) {
  const { i18n } = api;
  const fenInput = h('input', { type: 'text', id: 'fen-input', spellcheck: 'false', autocomplete: 'off',
    'aria-labelledby': 'fen-label' });
  const fenLoad = h('button', { type: 'button', id: 'fen-load', 'data-i18n': 'load', text: i18n.t('load') });
  const fenCopy = h('button', { type: 'button', id: 'fen-copy', 'data-i18n': 'copy', text: i18n.t('copy') });
  const pgnArea = h('textarea', { id: 'pgn-text', rows: 6, spellcheck: 'false', 'aria-labelledby': 'pgn-label' });
  const pgnExport = h('button', { type: 'button', id: 'pgn-export', 'data-i18n': 'pgnExport',
    text: i18n.t('pgnExport') });
  const pgnImport = h('button', { type: 'button', id: 'pgn-import', 'data-i18n': 'pgnImport',
    text: i18n.t('pgnImport') });
  const pgnPick = h('select', { id: 'pgn-game', hidden: true, 'data-i18n-aria': 'pgnGames',
    'aria-label': i18n.t('pgnGames') });
  const pgnDownload = h('a', { id: 'pgn-download', download: 'makruk.pgn', href: '#', hidden: true,
    'data-i18n': 'download', text: i18n.t('download') });
  const msg = h('p', { id: 'position-message', class: 'position-message', role: 'status' });
  let pgnUrl = null;
  // the FEN field follows the position, never over what is being typed: not while it has focus,
  // and after that only when the position has changed (the store updates for other reasons too,
  // for one between the field losing focus and the click of Load)
  let editing = false;
  let shownFen = null;

  const el = h('details', { class: 'position', id: 'position' },
    h('summary', {}, tr(i18n, 'positionPanel')),
    h('label', { id: 'fen-label', for: 'fen-input', text: 'FEN' }),
    h('div', { class: 'share-row' }, fenInput, fenLoad, fenCopy),
    h('label', { id: 'pgn-label', for: 'pgn-text', text: 'PGN' }),
    pgnArea,
    h('div', { class: 'share-row' }, pgnExport, pgnImport, pgnDownload),
    pgnPick,
    msg);

  const say = (text, bad = false) => {
    msg.textContent = text;
    msg.dataset.kind = bad ? 'error' : 'ok';
  };

  // a language change: the message and the games to choose from were worded in the language before
  new MutationObserver(() => {
    msg.textContent = '';
    delete msg.dataset.kind;
    pgnPick.hidden = true;
  }).observe(document.documentElement, { attributeFilter: ['lang'] });

  // the PGN module on its way as soon as the panel opens (its buttons wait for it)
  el.addEventListener('toggle', () => { if (el.open) loadPgn().catch(() => {}); });
  fenInput.addEventListener('focus', () => { editing = true; });
  fenInput.addEventListener('blur', () => { editing = false; });
  fenInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); loadFen(); } });
  fenLoad.addEventListener('click', loadFen);
  fenCopy.addEventListener('click', async () => {
    say((await copyText(fenInput.value, fenInput)) ? i18n.t('copiedFen') : i18n.t('copyManually'));
  });

  /** Says message `key` with the error `error` (English) in the page's words where its `ref`
   * ({code} or {record}) gives them (www/common/codes.js). */
  async function sayError(key, error, ref) {
    const words = await errorWords(i18n, ref).catch(() => null);
    say(i18n.t(key, { error: words ?? error }), true);
  }

  function loadFen() {
    const fen = fenInput.value.replace(/_/g, ' ').trim().replace(/\s+/g, ' ');
    if (!fen) return;
    const res = api.load({ variant: api.line().variant, fen, moves: [], ply: 0, mode: 'shared' });
    if (res.error) sayError('badFenInput', res.error, res.ref);
    else say(i18n.t('fenLoaded'));
    editing = false;
    refresh();
  }

  pgnExport.addEventListener('click', async () => {
    const cur = api.line();
    let Game;
    try {
      Game = await loadPgn();
    } catch (e) {
      say(i18n.t('wasmMissing', { error: errorText(e) }), true);
      return;
    }
    const line = { variant: cur.variant, counting: cur.counting, counts: cur.counts, fen: cur.startFen,
      moves: cur.moves, notes: cur.notes, ended: cur.ended, tree: cur.tree };
    // a game of a match: the match's games, this one last (www/pages/game/match-view.js)
    const text = cur.match ? await (await import('../match-view.js')).matchPgnText(Game, cur, line, i18n)
      : writePgn(Game, line, { white: cur.white, black: cur.black, timeControl: cur.timeControl });
    pgnArea.value = text;
    if (pgnUrl) URL.revokeObjectURL(pgnUrl);
    pgnUrl = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    pgnDownload.href = pgnUrl;
    pgnDownload.hidden = false;
    copyText(text, null).then((ok) => say(i18n.t(ok ? 'pgnCopied' : 'pgnReady')));
  });

  // a file of several games: the person chooses one
  let choices = [];
  pgnImport.addEventListener('click', async () => {
    let games;
    try {
      await loadPgn();
      games = readPgnGames(pgnArea.value);
    } catch (e) {
      sayError('badPgn', errorText(e), { code: e?.code });
      return;
    }
    pgnPick.hidden = games.length < 2;
    if (games.length < 2) {
      loadGame(games[0]);
      return;
    }
    choices = games;
    // a refused game labelled with its error in the page's words (www/common/codes.js)
    const labels = await Promise.all(games.map(async (g, k) => gameLabel(g.error ?
      { ...g, error: (await errorWords(i18n, { code: g.code }).catch(() => null)) ?? g.error } : g, k)));
    pgnPick.replaceChildren(h('option', { value: '',
      text: i18n.t('pgnChoose', { games: i18n.count('gamesCount', games.length) }) }),
      ...labels.map((text, k) => h('option', { value: String(k), text })));
    say(i18n.t('pgnChoose', { games: i18n.count('gamesCount', games.length) }));
    pgnPick.focus();
  });
  pgnPick.addEventListener('change', () => {
    const game = choices[Number(pgnPick.value)];
    if (pgnPick.value !== '' && game) loadGame(game);
  });

  function loadGame(game) {
    if (game.error) {
      sayError('badPgn', game.error, { code: game.code });
      return;
    }
    const res = api.load({ variant: game.variant, counting: game.counting, counts: game.counts, fen: game.fen,
      moves: game.moves, ply: game.moves.length, mode: 'shared', notes: game.notes });
    // its variations and comments, checked again by the page's rules module
    if (!res.error) api.editTree?.((s, Game) => restoredTree(Game, s, fromPgn(game.tree, game.comment), [],
      game.moves.length));
    if (res.error) sayError('badPgn', res.error, res.ref);
    else say(i18n.t('pgnLoaded', { moves: i18n.count('movesCount', moveCountOf(api.Game, game, game.moves.length)) }));
  }

  function refresh() {
    const fen = api.line().fen;
    if (editing || fen === shownFen) return;
    fenInput.value = shownFen = fen;
  }
  refresh();
  return { el, refresh };
}
