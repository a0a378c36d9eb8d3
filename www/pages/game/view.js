// The game page's view: the only writer of the page's DOM around the board (and of the
// board component's inputs). A subscriber of the store: each part is drawn again when the
// state it shows has changed. The features draw their own parts (clock-view.js,
// count-view.js, review-view.js, correspondence-view.js, analysis-view.js); this file draws
// the board's inputs, the status, the players, the move list, the buttons and the banner, and
// calls each part when its state changed. Text from data (SAN, FEN, error messages, URL
// parameters) is only ever set with textContent, never parsed as HTML.

import { boardView, playerName, engineSide } from '../../common/game/store.js';
import { reasonKey } from '../../common/i18n/index.js';
import { $, showMessage, spokenText, keepInView } from '../../common/dom.js';
import { markOfNag } from '../../common/game/review.js';
import { plain } from '../../common/game/tree.js';
import { corrMayOffer } from '../../common/game/correspondence.js';
import { moveRow } from './move-row.js';
import { renderClocks, renderPause } from './clock-view.js';
import { renderCountRequest, renderCount } from './count-view.js';
import { renderReview, markAt } from './review-view.js';

const MESSAGE_MS = 12000;

export function setStatus(text) {
  $('status').textContent = text;
}

/** The page's own texts and the board's labels in the language of `i18n`. */
export function translatePage(i18n, board) {
  document.documentElement.lang = i18n.lang;
  document.title = i18n.t('title');
  i18n.translate();
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
  board.announce(''); // the last announcement was in the language before
}

function resultKey(result) {
  return result === '1-0' ? 'resultWhite' : result === '0-1' ? 'resultBlack' : 'resultDraw';
}

/** The key of a variant's text: `variantKarouk`, `variantKaroukShort`, `variantKaroukDesc`. */
const variantKey = (variant, suffix = '') => 'variant' + variant[0].toUpperCase() + variant.slice(1) + suffix;

/** The best move of the analysis, the hint, or the better move at a marked one, as an arrow. */
function arrow(s) {
  if (s.hint) return [s.hint.from, s.hint.to];
  const mark = markAt(s);
  if (mark && mark.from) return [mark.from, mark.to];
  const mv = s.analysing && s.lines[0] && s.lines[0].pv[0];
  return typeof mv === 'string' && mv.length >= 4 ? [mv.slice(0, 2), mv.slice(2, 4)] : null;
}

/** The hint's move in the chosen notation. */
const hintName = (s, store) => store.names(s.fen, [s.hint.from + s.hint.to], [s.hint.san])[0];

/** The hint in words: "Hint: Ma to d7". */
const hintSpoken = (s, { i18n, store }) => i18n.t('hintText',
  { san: i18n.spokenMove(s.hint.facts, s.hint.from + s.hint.to, hintName(s, store)) });

function renderStatus(s, v) {
  const { i18n, resultText, store } = v;
  if (s.outcome) return setStatus(s.outcome.result + ' · ' + resultText(s.outcome));
  if (s.hint) return spokenText($('status'), i18n.t('hintText', { san: hintName(s, store) }), hintSpoken(s, v));
  const turn = s.status.turn;
  let text = s.mode === 'engine' && turn === s.human ? i18n.t('yourMove') : i18n.t('toMove', { color: i18n.t(turn) });
  if (s.status.check) text += ' · ' + i18n.t('check');
  // the engine plays only at the end of the line: short of it, the way on is said
  if (engineSide(s, turn) && s.ply < s.moves.length) text += ' · ' + i18n.t('goesOnAtEnd');
  // the rules are named when they are not Makruk's
  setStatus(s.variant === 'makruk' ? text : `${i18n.t(variantKey(s.variant, 'Short'))} · ${text}`);
}

/** Above the board, a variant other than Makruk: its name and what differs. */
function renderVariant(s, { i18n }) {
  const box = $('variant-heading');
  box.hidden = s.variant === 'makruk';
  box.querySelector('h2').textContent = box.hidden ? '' : i18n.t(variantKey(s.variant));
  box.querySelector('p').textContent = box.hidden ? '' : i18n.t(variantKey(s.variant, 'Desc'));
}

function renderPlayers(s, v) {
  // the Cambodian rules are named beside the count and explained under the status
  $('count-rule').hidden = !(s.status.cambodianCounting && s.status.count && !s.outcome);
  const top = s.orientation === 'white' ? 'black' : 'white';
  for (const [id, color] of [['player-top', top], ['player-bottom', top === 'white' ? 'black' : 'white']]) {
    const el = $(id);
    el.dataset.color = color;
    el.classList.toggle('to-move', !s.outcome && s.status.turn === color);
    el.querySelector('.player-name').textContent = playerName(s, color, v.i18n.t);
    el.querySelector('.thinking').hidden = !(s.thinking && s.status.turn === color);
    renderCount(el.querySelector('.count'), s, color, v);
  }
}

/** The move list: numbered moves (each said in words to screen readers: "Ma to d7"), the
 * review's marks, the cursor's move kept in view. A tree with variations or notes is
 * movelist.js's (loaded then; until it has come, the line of the cursor, the list said busy:
 * the rest of the tree is still to come). */
function renderMoves(s, v) {
  const ol = $('moves');
  const tree = plain(s.tree) ? null : v.tree(true);
  if (plain(s.tree) || tree) ol.removeAttribute('aria-busy');
  else ol.setAttribute('aria-busy', 'true');
  if (tree) return tree.renderMoves(s, v);
  const { i18n, store } = v;
  ol.replaceChildren();
  const names = store.names(s.startFen, s.moves.slice(0, s.sans.length), s.sans);
  let li = null;
  for (let k = 0; k < s.sans.length; k++) {
    const white = store.turnAt(k) === 'white';
    if (white || k === 0) {
      li = moveRow(store, k, white);
      ol.appendChild(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.ply = String(k + 1);
    b.textContent = names[k];
    const mark = markOfNag(s.review?.marks?.[k]?.nag);
    const spoken = i18n.spokenMove(s.facts[k], s.moves[k], names[k]);
    b.setAttribute('aria-label', mark ? `${spoken} (${i18n.t(mark.name)})` : spoken);
    if (mark) {
      const sign = document.createElement('span');
      sign.className = `mark mark-${mark.name}`;
      sign.textContent = mark.sign;
      b.append(sign);
    }
    if (k + 1 === s.ply) b.setAttribute('aria-current', 'step');
    li.appendChild(b);
  }
  keepInView(ol);
}

function renderControls(s, v) {
  const ready = s.engine === 'ready';
  const corr = s.mode === 'correspondence'; // no engine help in a game with a friend
  // a game that ended by a resignation or on time is over: review and a new game, no undo
  $('btn-undo').disabled = s.ply === 0 || !!s.ended || (corr && !!s.corr && s.ply <= s.corr.base);
  $('btn-redo').disabled = s.ply >= s.moves.length;
  $('btn-resign').disabled = !!s.outcome || s.mode === 'watch' || s.ply !== s.moves.length;
  // by link, a draw is offered with the move not sent yet (correspondence.js)
  $('btn-draw').disabled = $('btn-resign').disabled || (corr && !corrMayOffer(s));
  $('btn-hint').disabled = !!s.outcome || !ready || corr;
  $('btn-analysis').disabled = !ready || corr;
  $('btn-analysis').setAttribute('aria-pressed', String(s.analysing));
  $('analysis').hidden = !s.analysing;
  $('evalbar').hidden = !s.analysing;
  $('evalbar').classList.toggle('flipped', s.orientation === 'black'); // White's share at White's side
  $('nav-first').disabled = $('nav-prev').disabled = s.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = s.ply >= s.moves.length;
  $('nav-menu').disabled = s.ply === 0;
  renderShared(s, v);
  $('multipv').value = String(s.multipv);
  renderPause(s, v);
}

/** The bar of a position opened by link: continue it against the engine or a friend; a
 * finished game offers its review and a new game instead. */
function renderShared(s, { i18n, hasPrevious }) {
  $('shared').hidden = !s.shared;
  $('shared-back').hidden = !s.shared || !hasPrevious();
  const over = !!s.outcome;
  $('shared-engine').hidden = $('shared-friend').hidden = over;
  $('shared-review').hidden = $('shared-new').hidden = !over;
  $('shared-review').disabled = $('btn-review').disabled;
  i18n.label($('shared-text'), over ? 'sharedOver' : 'sharedLink');
}

/** The board's looks and the settings' controls. */
function renderSettings(s, { board }) {
  const { theme, coords, pieceSet, sound, notation } = s.settings;
  board.set({ theme, coords, pieceSet });
  $('theme').value = theme;
  $('coords').value = coords;
  $('notation').value = notation;
  $('piece-set').value = pieceSet;
  $('btn-sound').setAttribute('aria-pressed', String(!!sound));
}

/** What the board and the screen reader are told of an action. */
function announce(s, action, v) {
  const { board, i18n, store, tree } = v;
  const fork = (action.type === 'goto' || action.type === 'branch') && tree()?.forkText(s, v);
  if (fork) board.announce(fork);
  if (action.type === 'play') {
    const name = store.names(s.startFen, s.moves.slice(0, s.ply), s.sans.slice(0, s.ply))[s.ply - 1] ?? s.last.san;
    board.announce(i18n.t('moveAnnounce', { color: i18n.t(s.last.color),
      san: i18n.spokenMove(s.last.facts, s.last.uci, name) }));
  }
  if (action.type === 'newGame') board.announce(i18n.t('toMove', { color: i18n.t(s.status.turn) }));
  if (action.type === 'hint' && s.hint) board.announce(hintSpoken(s, v));
  if (action.type === 'premove') board.announce(s.premove ? i18n.t('premove', s.premove) : i18n.t('premoveCancelled'));
}

/**
 * The cursor gone to a marked move of the review: its better move is drawn on the board, which
 * on a phone may be scrolled out of sight (the move list is below it): brought into view.
 */
function revealBetterMove(s) {
  const box = $('board').getBoundingClientRect();
  if (markAt(s)?.from && (box.top < 0 || box.bottom > innerHeight)) $('board').scrollIntoView({ block: 'center' });
}

/** The analysis's lines (analysis-view.js, loaded with the first analysis), none when not
 * analysing. */
function renderAnalysis(s, v) {
  if (!s.analysing) return $('lines').replaceChildren();
  import('./analysis-view.js').then((m) => m.renderLines(v.store.getState(), v));
}

const POSITION = ['pieces', 'legal', 'ply', 'moves', 'status', 'outcome', 'mode', 'human', 'level', 'orientation'];

/**
 * Each part of the page, the state it shows (drawn again when one of them changed) and its drawing.
 * @type {[string[], (s: object, v: object) => void][]}
 */
const PARTS = [
  [[...POSITION, 'hint', 'lines', 'analysing', 'premove', 'review'],
    (s, v) => v.board.set({ ...boardView(s), hint: arrow(s) })],
  [[...POSITION, 'thinking', 'variant'], renderPlayers],
  [[...POSITION, 'counting', 'countActions', 'shared', 'variant'], renderCountRequest],
  [['variant'], renderVariant],
  [['clock', 'orientation'], (s, v) => renderClocks(s, v)],
  [['tree', 'path', 'ply', 'startFen', 'review', 'settings'], renderMoves],
  [['review', 'ply', 'moves', 'engine', 'mode', 'ended', 'settings'], renderReview],
  [[...POSITION, 'hint', 'variant', 'settings'], renderStatus],
  [['ply', 'moves', 'outcome', 'ended', 'mode', 'engine', 'analysing', 'orientation', 'shared', 'multipv', 'clock',
    'corr', 'review'], renderControls],
  [['lines', 'analysing', 'fen', 'settings'], renderAnalysis],
  [['corr', 'mode', 'ply', 'moves', 'outcome', 'status'], (s, v) => v.corr()?.renderCorrespondence(s, v)],
  [['outcome', 'moves', 'epoch'], (s, v) => v.renderBanner(s)],
  [['settings'], renderSettings],
  [['update'], (s) => { $('update').hidden = !s.update; }],
  // a game loaded or started anew: no piece of the last one stays picked up
  [['epoch'], (s, v) => v.board.set({ selected: null })],
];

/**
 * The view of `store` on the game page. `hasPrevious()` tells whether an own game was put
 * aside by a shared link ("Back to my game"); `corr()` is correspondence-view.js once loaded.
 */
export function createView({ store, board, i18n, hasPrevious, corr = () => null }) {
  let bannerShownFor = null;
  let resignTimer = 0;
  const resultText = (over) => i18n.t(resultKey(over.result)) +
    (over.reason ? ' ' + i18n.t(reasonKey(over.reason)) : '');
  let treeModule = null; // movelist.js, once a tree with variations or notes is shown
  let treeLoading = null;
  /** movelist.js if loaded (`load`: loads it, and draws the list again when it has come). */
  function tree(load = false) {
    treeLoading ??= load ? import('./movelist.js').then((m) => {
      treeModule = m;
      renderMoves(store.getState(), v);
    }, () => { treeLoading = null; }) : null;
    return treeModule;
  }
  const v = { store, board, i18n, hasPrevious, corr, resultText, renderBanner, tree };
  $('message').addEventListener('click', () => showMessage(''));

  function renderBanner(s) {
    if (!s.outcome) {
      $('banner').hidden = true;
      return;
    }
    // its words, in the page's language (again after a language change)
    const over = s.outcome;
    $('banner-result').textContent = over.result + ' · ' + i18n.t(resultKey(over.result));
    $('banner').querySelector('.banner-reason').textContent = i18n.t(reasonKey(over.reason));
    $('banner').dataset.result = over.result;
    $('banner').dataset.reason = over.reason;
    const key = `${s.epoch}:${s.moves.length}:${s.outcome.result}`;
    if (bannerShownFor === key) return; // closed by the person: not again for this result
    bannerShownFor = key;
    $('banner-review').hidden = $('btn-review').disabled;
    $('banner').hidden = false;
    board.announce(resultText(over));
    // the dialog takes the focus (after a resignation by keyboard it would fall to the page)
    $('banner').querySelector('button:not([hidden])').focus();
  }

  /** A subscriber of the store: (state, action, previous state); without a previous state, all of it. */
  function render(s, action = {}, p = null) {
    for (const [keys, draw] of PARTS) if (!p || keys.some((k) => s[k] !== p[k])) draw(s, v);
    announce(s, action, v);
    if (p && s.ply !== p.ply) revealBetterMove(s);
  }

  return {
    render,
    tree,
    resultText,
    renderClocks: (s) => renderClocks(s, v),
    /** A message in the page's message box: an error, unless `kind` is 'success' or 'info';
     * `stays`: until the player closes it (a click on it). */
    showMessage(text, kind, stays) {
      showMessage(text, kind, !stays && MESSAGE_MS);
    },
    hideBanner() {
      $('banner').hidden = true;
    },
    /** The first press asks again ("Resign?"); the second, within 4 s, says yes. */
    confirmResign() {
      const btn = $('btn-resign');
      clearTimeout(resignTimer);
      if (btn.dataset.confirm !== '1') {
        btn.dataset.confirm = '1';
        btn.textContent = i18n.t('resignConfirm');
        resignTimer = setTimeout(() => { btn.dataset.confirm = ''; btn.textContent = i18n.t('resign'); }, 4000);
        return false;
      }
      btn.dataset.confirm = '';
      btn.textContent = i18n.t('resign');
      return true;
    },
    /** The settings' languages. */
    fillSettings(languages) {
      const lang = $('lang');
      for (const l of languages) lang.add(new Option(l.name, l.code));
      lang.value = i18n.lang;
    },
    applyLanguage() {
      translatePage(i18n, board);
      render(store.getState());
    },
  };
}
