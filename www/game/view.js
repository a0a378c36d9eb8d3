// Rendering of the game page around the board: the board's inputs, players, move list,
// status line, controls, result banner and messages.

import { app, board, i18n, $, load, status, outcome, engineSide, colorAt, PREVIOUS_KEY } from './state.js';
import { renderLines } from './engine.js';
import { flashMessage } from '../dom.js';

const MESSAGE_MS = 12000;

function kingSquare(pieces, color) {
  const k = pieces.indexOf(color === 'white' ? 'K' : 'k');
  return k < 0 ? null : 'abcdefgh'[k & 7] + ((k >> 3) + 1);
}

export function refresh() {
  const st = status();
  const pieces = app.game.board();
  const over = outcome();
  const movable = !over && !engineSide(st.turn);
  const dests = new Map();
  if (movable) {
    for (const m of app.game.legalMoves()) {
      if (!dests.has(m.from)) dests.set(m.from, []);
      dests.get(m.from).push(m.to);
    }
  }
  const last = app.ply > 0 ? app.moves[app.ply - 1] : null;
  board.set({
    pieces,
    dests,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    check: st.check ? kingSquare(pieces, st.turn) : null,
    hint: app.hint,
    orientation: app.orientation,
  });
  renderPlayers();
  renderMoves();
  renderStatus();
  renderControls();
  if (app.analysing) renderLines();
}

function resultKey(result) {
  return result === '1-0' ? 'resultWhite' : result === '0-1' ? 'resultBlack' : 'resultDraw';
}

function reasonKey(reason) {
  return 'reason' + reason[0].toUpperCase() + reason.slice(1);
}

export function resultText(over) {
  return i18n.t(resultKey(over.result)) + (over.reason ? ' ' + i18n.t(reasonKey(over.reason)) : '');
}

export function setStatus(text) {
  $('status').textContent = text;
}

function renderStatus() {
  const over = outcome();
  if (over) return setStatus(over.result + ' · ' + resultText(over));
  const st = status();
  let text = app.mode === 'engine' && st.turn === app.human ? i18n.t('yourMove') : i18n.t('toMove', { color: i18n.t(st.turn) });
  if (st.check) text += ' · ' + i18n.t('check');
  setStatus(text);
}

function playerName(color) {
  if (app.mode === 'engine') return color === app.human ? i18n.t('you') : i18n.t('engine', { level: app.level });
  if (app.mode === 'watch') return i18n.t(color) + ' · ' + i18n.t('engine', { level: app.level });
  return i18n.t(color);
}

export function renderPlayers() {
  const st = status();
  const top = app.orientation === 'white' ? 'black' : 'white';
  const over = outcome();
  for (const [id, color] of [['player-top', top], ['player-bottom', top === 'white' ? 'black' : 'white']]) {
    const el = $(id);
    el.dataset.color = color;
    el.classList.toggle('to-move', !over && st.turn === color);
    el.querySelector('.player-name').textContent = playerName(color);
    el.querySelector('.thinking').hidden = !(app.thinking && st.turn === color);
    const count = el.querySelector('.count');
    const c = st.count;
    if (c && c.side === color && !over) {
      const honour = i18n.t(c.kind === 'pieces' ? 'honourPieces' : 'honourBoard');
      count.textContent = i18n.t('counting', { honour, count: Math.ceil(c.ply / 2), limit: c.limit / 2 });
      count.hidden = false;
    } else {
      count.hidden = true;
      count.textContent = '';
    }
  }
}

function renderMoves() {
  const ol = $('moves');
  ol.replaceChildren();
  const firstBlack = colorAt(0) === 'black';
  const startNo = Number(app.startFen.split(' ')[5]) || 1;
  let li = null;
  for (let k = 0; k < app.sans.length; k++) {
    const white = colorAt(k) === 'white';
    if (white || k === 0) {
      li = document.createElement('li');
      const no = document.createElement('span');
      no.className = 'move-no';
      no.textContent = (startNo + Math.floor((k + (firstBlack ? 1 : 0)) / 2)) + '.';
      li.appendChild(no);
      if (!white) {
        const dots = document.createElement('span');
        dots.className = 'move';
        dots.textContent = '…';
        li.appendChild(dots);
      }
      ol.appendChild(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.ply = String(k + 1);
    b.textContent = app.sans[k];
    if (k + 1 === app.ply) {
      b.setAttribute('aria-current', 'step');
    }
    li.appendChild(b);
  }
  // keep the current move visible inside the list without scrolling the page
  const cur = ol.querySelector('[aria-current]');
  if (cur) {
    const top = cur.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (top + cur.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = top + cur.offsetHeight - ol.clientHeight;
  }
}

function renderControls() {
  const over = outcome();
  $('btn-undo').disabled = app.ply === 0;
  $('btn-redo').disabled = app.ply >= app.moves.length;
  $('btn-resign').disabled = !!over || app.mode === 'watch' || app.ply !== app.moves.length;
  $('btn-hint').disabled = !!over || !app.engine;
  $('btn-analysis').disabled = !app.engine;
  $('btn-analysis').setAttribute('aria-pressed', String(app.analysing));
  $('analysis').hidden = !app.analysing;
  $('evalbar').hidden = !app.analysing;
  $('evalbar').classList.toggle('flipped', app.orientation === 'black'); // White's share at White's side
  $('nav-first').disabled = $('nav-prev').disabled = app.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = app.ply >= app.moves.length;
  $('shared').hidden = !app.shared;
  $('shared-back').hidden = !app.shared || !load(PREVIOUS_KEY);
}

export function showBanner(over) {
  $('banner-result').textContent = over.result + ' · ' + i18n.t(resultKey(over.result));
  $('banner').querySelector('.banner-reason').textContent = i18n.t(reasonKey(over.reason));
  $('banner').dataset.result = over.result;
  $('banner').dataset.reason = over.reason;
  $('banner').hidden = false;
}

export function hideBanner() {
  $('banner').hidden = true;
}

export function showMessage(text) {
  flashMessage($('message'), text, MESSAGE_MS);
}

export function applyLanguage() {
  document.documentElement.lang = i18n.lang;
  document.title = i18n.t('title');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', i18n.t(el.dataset.i18nAria));
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
  if (app.game) refresh();
}
