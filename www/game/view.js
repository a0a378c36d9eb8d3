// The game page's view: the only writer of the page's DOM around the board (and of the
// board component's inputs). A subscriber of the store: each part is drawn again when the
// state it shows has changed. Text from data (SAN, FEN, error messages, URL parameters) is
// only ever set with textContent, never parsed as HTML.

import { boardView, colorAt, personMoves } from './store.js';
import { timeLeft, formatClock, isLow } from './clock.js';
import { flashMessage, openDialog, closeDialog } from '../dom.js';
import { markOfNag } from './review.js';
import { START_FEN, startFenOf } from '../fen.js';

const MESSAGE_MS = 12000;
// the review chart's colours: White's share, the marks (as in the move list)
const CHART = { back: '#3b3b3b', white: '#eeeeee', mid: '#888888', cursor: '#e0a030' };
const MARK_COLORS = { 6: '#56b4d3', 2: '#e69f00', 4: '#d73027' };

export const $ = (id) => document.getElementById(id);

export function setStatus(text) {
  $('status').textContent = text;
}

/** The page's own texts and the board's labels in the language of `i18n`. */
export function translatePage(i18n, board) {
  document.documentElement.lang = i18n.lang;
  document.title = i18n.t('title');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', i18n.t(el.dataset.i18nAria));
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
}

function resultKey(result) {
  return result === '1-0' ? 'resultWhite' : result === '0-1' ? 'resultBlack' : 'resultDraw';
}

function reasonKey(reason) {
  return 'reason' + reason[0].toUpperCase() + reason.slice(1);
}

/** The key of a variant's text: `variantKarouk`, `variantKaroukShort`, `variantKaroukDesc`. */
const variantKey = (variant, suffix = '') => 'variant' + variant[0].toUpperCase() + variant.slice(1) + suffix;

/** The variants that count by the Cambodian rules (their own limits and starts, from the core). */
const CAMBODIAN_COUNTING = ['cambodian', 'karouk'];

/** Score from White's point of view: {cp} or {mate}. */
function whiteScore(score, turn) {
  const sign = turn === 'white' ? 1 : -1;
  if (score && score.mate !== undefined && score.mate !== null) return { mate: sign * score.mate };
  return { cp: sign * ((score && score.cp) || 0) };
}

function scoreText(s) {
  if (s.mate !== undefined) return (s.mate > 0 ? '+' : '-') + 'M' + Math.abs(s.mate);
  return (s.cp > 0 ? '+' : '') + (s.cp / 100).toFixed(2);
}

/** SAN moves from a position with move numbers: "12… e5 13. Nd2". */
function numbered(fen, sans) {
  const fields = fen.split(' ');
  let no = Number(fields[5]) || 1;
  let white = fields[1] !== 'b';
  const out = [];
  sans.forEach((san, k) => {
    if (white) out.push(`${no}.`);
    else if (k === 0) out.push(`${no}…`);
    out.push(san);
    if (!white) no++;
    white = !white;
  });
  return out.join(' ');
}

/**
 * The view of `store` on the game page. `hasPrevious()` tells whether an own game was put
 * aside by a shared link ("Back to my game"); `corrGames()` lists the games by link and
 * `corrLink(state)` is the link that sends one to the friend.
 */
export function createView({ store, board, i18n, hasPrevious, corrGames, corrLink }) {
  let bannerShownFor = null;
  let resignTimer = 0;

  const changed = (s, p, keys) => !p || keys.some((k) => s[k] !== p[k]);

  function resultText(over) {
    return i18n.t(resultKey(over.result)) + (over.reason ? ' ' + i18n.t(reasonKey(over.reason)) : '');
  }

  /** The review's mark of the move that led to the cursor, or null. */
  const markAt = (s) => (s.ply > 0 && s.review?.marks?.[s.ply - 1]) || null;

  /** The best move of the analysis, the hint, or the better move at a marked one, as an arrow. */
  function arrow(s) {
    if (s.hint) return [s.hint.from, s.hint.to];
    const mark = markAt(s);
    if (mark && mark.from) return [mark.from, mark.to];
    const mv = s.analysing && s.lines[0] && s.lines[0].pv[0];
    return typeof mv === 'string' && mv.length >= 4 ? [mv.slice(0, 2), mv.slice(2, 4)] : null;
  }

  function renderBoard(s) {
    board.set({ ...boardView(s), hint: arrow(s) });
  }

  function renderStatus(s) {
    if (s.outcome) return setStatus(s.outcome.result + ' · ' + resultText(s.outcome));
    if (s.hint) return setStatus(i18n.t('hintText', { san: s.hint.san }));
    const turn = s.status.turn;
    let text = s.mode === 'engine' && turn === s.human ? i18n.t('yourMove') : i18n.t('toMove', { color: i18n.t(turn) });
    if (s.status.check) text += ' · ' + i18n.t('check');
    // the rules are named when they are not Makruk's
    setStatus(s.variant === 'makruk' ? text : `${i18n.t(variantKey(s.variant, 'Short'))} · ${text}`);
  }

  /** Above the board, a variant other than Makruk: its name and what differs. */
  function renderVariant(s) {
    const box = $('variant-heading');
    box.hidden = s.variant === 'makruk';
    box.querySelector('h2').textContent = box.hidden ? '' : i18n.t(variantKey(s.variant));
    box.querySelector('p').textContent = box.hidden ? '' : i18n.t(variantKey(s.variant, 'Desc'));
  }

  function playerName(s, color) {
    if (s.mode === 'engine') return color === s.human ? i18n.t('you') : i18n.t('engine', { level: s.level });
    if (s.mode === 'watch') return i18n.t(color) + ' · ' + i18n.t('engine', { level: s.level });
    return i18n.t(color);
  }

  /** Counting on request: the side to move's buttons, each shown only when allowed. */
  function renderCountRequest(s) {
    const box = $('count-request');
    const may = s.counting === 'request' && !s.outcome && personMoves(s);
    box.hidden = s.counting !== 'request';
    const help = box.querySelector('p');
    help.dataset.i18n = CAMBODIAN_COUNTING.includes(s.variant) ? 'countHelpCambodian' : 'countHelp';
    help.textContent = i18n.t(help.dataset.i18n);
    box.querySelector('[data-action="count-start"]').hidden = !(may && s.countActions.start);
    box.querySelector('[data-action="count-stop"]').hidden = !(may && s.countActions.stop);
  }

  function renderPlayers(s) {
    // the Cambodian rules are named beside the count and explained under the status
    const cambodian = CAMBODIAN_COUNTING.includes(s.variant);
    $('count-rule').hidden = !(cambodian && s.status.count && !s.outcome);
    const top = s.orientation === 'white' ? 'black' : 'white';
    for (const [id, color] of [['player-top', top], ['player-bottom', top === 'white' ? 'black' : 'white']]) {
      const el = $(id);
      el.dataset.color = color;
      el.classList.toggle('to-move', !s.outcome && s.status.turn === color);
      el.querySelector('.player-name').textContent = playerName(s, color);
      el.querySelector('.thinking').hidden = !(s.thinking && s.status.turn === color);
      const count = el.querySelector('.count');
      const c = s.status.count;
      // the same fields as the UCI engine's `Count:` line
      count.dataset.count = c ? `${c.kind} ${c.ply} ${c.limit}` : 'none 0 0';
      if (c && c.side === color && !s.outcome) {
        const honour = i18n.t(c.kind === 'pieces' ? 'honourPieces' : 'honourBoard');
        count.textContent = i18n.t(cambodian ? 'countingCambodian' : 'counting', { honour, count: Math.ceil(c.ply / 2), limit: c.limit / 2 });
        count.hidden = false;
      } else {
        count.hidden = true;
        count.textContent = '';
      }
    }
  }

  /** The clocks beside the players: time left, running, low. */
  function renderClocks(s, now = Date.now()) {
    for (const el of document.querySelectorAll('.player .clock')) {
      const color = el.parentElement.dataset.color;
      el.hidden = !s.clock;
      if (!s.clock) continue;
      const left = timeLeft(s.clock, color, now);
      el.dataset.clock = color;
      el.dataset.running = String(s.clock.running === color);
      el.classList.toggle('low', isLow(s.clock, left));
      el.textContent = formatClock(left);
      el.setAttribute('aria-label', `${i18n.t(color)}: ${formatClock(left)}`);
    }
  }

  /** A game by link: what to do now, and the link to send when the friend is to move. */
  function renderCorr(s) {
    const on = s.mode === 'correspondence' && !!s.corr;
    $('corr').hidden = !on;
    if (!on) return;
    const mine = personMoves(s);
    let text;
    if (s.outcome) text = s.outcome.result + ' · ' + resultText(s.outcome);
    else if (mine) text = i18n.t('corrYourMove');
    else if (s.ply > s.corr.base) text = i18n.t('corrSend');
    else if (s.ply === 0 && s.status.turn !== s.human) text = i18n.t('corrFriendFirst', { color: i18n.colorWord(s.status.turn) });
    else text = i18n.t('corrWaiting');
    $('corr-text').textContent = text;
    $('corr-send').hidden = mine;
    $('corr-link').value = corrLink(s);
    $('corr-share').hidden = typeof navigator.share !== 'function';
  }

  /** The games by link kept in this browser, each with whose move it is. */
  function renderCorrList(s) {
    const games = corrGames();
    $('corr-games').hidden = games.length === 0;
    const ul = $('corr-list');
    ul.replaceChildren();
    for (const g of games) {
      const turn = colorAt(g.startFen, g.moves.length);
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.corr = g.id;
      const state = g.result ? i18n.t('corrOver', { result: g.result }) : i18n.t(turn === g.side ? 'corrYourTurn' : 'corrTheirTurn');
      b.textContent = i18n.t('corrOpen', { color: i18n.t(g.side), n: g.moves.length, turn: state });
      if (s.corr && s.corr.id === g.id && s.mode === 'correspondence') b.setAttribute('aria-current', 'true');
      if (!g.result && turn === g.side) b.classList.add('your-turn');
      const li = document.createElement('li');
      li.append(b);
      ul.append(li);
    }
  }

  function renderMoves(s) {
    const ol = $('moves');
    ol.replaceChildren();
    const firstBlack = colorAt(s.startFen, 0) === 'black';
    const startNo = Number(s.startFen.split(' ')[5]) || 1;
    let li = null;
    for (let k = 0; k < s.sans.length; k++) {
      const white = colorAt(s.startFen, k) === 'white';
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
      b.textContent = s.sans[k];
      const mark = markOfNag(s.review?.marks?.[k]?.nag);
      if (mark) {
        const sign = document.createElement('span');
        sign.className = `mark mark-${mark.name}`;
        sign.textContent = mark.sign;
        b.append(sign);
      }
      if (k + 1 === s.ply) b.setAttribute('aria-current', 'step');
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

  function renderControls(s) {
    const ready = s.engine === 'ready';
    const corr = s.mode === 'correspondence'; // no engine help in a game with a friend
    $('btn-undo').disabled = s.ply === 0 || (corr && !!s.corr && s.ply <= s.corr.base);
    $('btn-redo').disabled = s.ply >= s.moves.length;
    $('btn-resign').disabled = !!s.outcome || s.mode === 'watch' || s.mode === 'correspondence' || s.ply !== s.moves.length;
    $('btn-hint').disabled = !!s.outcome || !ready || corr;
    $('btn-analysis').disabled = !ready || corr;
    $('btn-analysis').setAttribute('aria-pressed', String(s.analysing));
    $('analysis').hidden = !s.analysing;
    $('evalbar').hidden = !s.analysing;
    $('evalbar').classList.toggle('flipped', s.orientation === 'black'); // White's share at White's side
    $('nav-first').disabled = $('nav-prev').disabled = s.ply === 0;
    $('nav-next').disabled = $('nav-last').disabled = s.ply >= s.moves.length;
    $('shared').hidden = !s.shared;
    $('shared-back').hidden = !s.shared || !hasPrevious();
    $('multipv').value = String(s.multipv);
    const pause = $('btn-pause');
    pause.hidden = !s.clock || s.mode !== 'two' || !!s.outcome;
    pause.setAttribute('aria-pressed', String(!!(s.clock && s.clock.paused)));
    pause.textContent = i18n.t(s.clock && s.clock.paused ? 'resumeClock' : 'pauseClock');
  }

  function renderReview(s) {
    const r = s.review;
    $('btn-review').disabled = !s.moves.length || !!r?.running || s.engine === 'missing' || s.mode === 'correspondence';
    $('review').hidden = !r;
    if (!r) return;
    $('review-run').hidden = !r.running;
    $('review-progress').max = r.total;
    $('review-progress').value = r.chances.length;
    const acc = r.accuracy;
    const pct = (a) => (a === null ? '–' : `${Math.round(a)}%`);
    $('review-accuracy').textContent = acc ? i18n.t('reviewAccuracy', { white: pct(acc.white), black: pct(acc.black) }) : '';
    const mark = markAt(s);
    const kind = mark && markOfNag(mark.nag);
    const better = mark?.line.length ? ' · ' + i18n.t('reviewBetter', { line: mark.line.join(' ') }) : '';
    $('review-better').textContent = kind ? `${kind.sign} ${i18n.t(kind.name)}${better}` : '';
    $('review-retry').hidden = !mark;
    drawChart(s);
  }

  /** White's win chance at each reviewed position, the marked moves as dots, the cursor. */
  function drawChart(s) {
    const r = s.review;
    const canvas = $('review-chart');
    canvas.hidden = r.chances.length < 2;
    if (canvas.hidden) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    const x = (k) => (k / (r.total - 1)) * w; // as chartPly reads a click
    const pad = 5 * dpr; // room for the dots at the edges
    const y = (c) => pad + ((1 - c) / 2) * (h - 2 * pad);
    ctx.fillStyle = CHART.back;
    ctx.fillRect(0, 0, w, h);
    ctx.beginPath();
    ctx.moveTo(0, h);
    r.chances.forEach((c, k) => ctx.lineTo(x(k), y(c)));
    ctx.lineTo(x(r.chances.length - 1), h);
    ctx.closePath();
    ctx.fillStyle = CHART.white;
    ctx.fill();
    ctx.fillStyle = CHART.mid;
    ctx.fillRect(0, Math.round(h / 2), w, Math.max(1, dpr));
    ctx.fillStyle = CHART.cursor;
    ctx.fillRect(Math.round(x(s.ply) - dpr), 0, Math.max(2, 2 * dpr), h);
    (r.marks || []).forEach((m, k) => {
      if (!m || r.chances[k + 1] === undefined) return;
      ctx.beginPath();
      ctx.arc(x(k + 1), y(r.chances[k + 1]), 4 * dpr, 0, 2 * Math.PI);
      ctx.fillStyle = MARK_COLORS[m.nag];
      ctx.fill();
    });
    canvas.setAttribute('aria-label', i18n.t('reviewChart'));
  }

  function renderLines(s) {
    const ol = $('lines');
    ol.replaceChildren();
    if (!s.analysing) return;
    for (const info of s.lines) {
      const sc = whiteScore(info.score, s.status.turn);
      const li = document.createElement('li');
      const b = document.createElement('b');
      b.textContent = scoreText(sc);
      const span = document.createElement('span');
      span.textContent = ' ' + numbered(s.fen, store.sanLine(info.pv));
      const d = document.createElement('small');
      d.textContent = ' ' + i18n.t('depth', { depth: info.depth });
      li.append(b, span, d);
      ol.appendChild(li);
    }
    const best = s.lines[0];
    if (best) {
      const sc = whiteScore(best.score, s.status.turn);
      const pct = sc.mate !== undefined ? (sc.mate > 0 ? 100 : 0) : 50 + 50 * Math.tanh(sc.cp / 500);
      const bar = $('evalbar');
      bar.querySelector('.evalbar-white').style.height = pct.toFixed(1) + '%';
      bar.querySelector('.evalbar-text').textContent = scoreText(sc);
      bar.setAttribute('aria-valuenow', pct.toFixed(0));
      bar.setAttribute('aria-valuetext', scoreText(sc));
    }
  }

  function renderBanner(s) {
    if (!s.outcome) {
      $('banner').hidden = true;
      return;
    }
    const key = `${s.epoch}:${s.moves.length}:${s.outcome.result}`;
    if (bannerShownFor === key) return; // closed by the person: not again for this result
    bannerShownFor = key;
    const over = s.outcome;
    $('banner-result').textContent = over.result + ' · ' + i18n.t(resultKey(over.result));
    $('banner').querySelector('.banner-reason').textContent = i18n.t(reasonKey(over.reason));
    $('banner').dataset.result = over.result;
    $('banner').dataset.reason = over.reason;
    $('banner').hidden = false;
    board.announce(resultText(over));
  }

  /** The board's looks and the settings' controls. */
  function renderSettings(s) {
    const { theme, coords, pieceSet, sound } = s.settings;
    board.set({ theme, coords, pieceSet });
    $('theme').value = theme;
    $('coords').value = coords;
    $('piece-set').value = pieceSet;
    $('btn-sound').setAttribute('aria-pressed', String(!!sound));
  }

  const POSITION = ['pieces', 'legal', 'ply', 'moves', 'status', 'outcome', 'mode', 'human', 'level', 'orientation'];

  /** A subscriber of the store: (state, action, previous state); without a previous state, all of it. */
  function render(s, action = {}, p = null) {
    if (changed(s, p, [...POSITION, 'hint', 'lines', 'analysing', 'premove', 'review'])) renderBoard(s);
    if (changed(s, p, [...POSITION, 'thinking', 'variant'])) renderPlayers(s);
    if (changed(s, p, [...POSITION, 'counting', 'countActions', 'shared', 'variant'])) renderCountRequest(s);
    if (changed(s, p, ['variant'])) renderVariant(s);
    if (changed(s, p, ['clock', 'orientation'])) renderClocks(s);
    if (changed(s, p, ['sans', 'ply', 'startFen', 'review'])) renderMoves(s);
    if (changed(s, p, ['review', 'ply', 'moves', 'engine', 'mode'])) renderReview(s);
    if (changed(s, p, [...POSITION, 'hint', 'variant'])) renderStatus(s);
    if (changed(s, p, ['ply', 'moves', 'outcome', 'mode', 'engine', 'analysing', 'orientation', 'shared', 'multipv', 'clock', 'corr'])) renderControls(s);
    if (changed(s, p, ['lines', 'analysing', 'fen'])) renderLines(s);
    if (changed(s, p, ['corr', 'mode', 'ply', 'moves', 'outcome', 'status'])) {
      renderCorr(s);
      renderCorrList(s);
    }
    if (changed(s, p, ['outcome', 'moves', 'epoch'])) renderBanner(s);
    if (!p || s.settings !== p.settings) renderSettings(s);
    if (changed(s, p, ['update'])) $('update').hidden = !s.update;
    if (action.type === 'play') board.announce(i18n.t('moveAnnounce', { color: i18n.t(s.last.color), san: s.last.san }));
    if (action.type === 'newGame') board.announce(i18n.t('toMove', { color: i18n.t(s.status.turn) }));
    if (action.type === 'hint' && s.hint) board.announce(i18n.t('hintText', { san: s.hint.san }));
    if (action.type === 'premove') board.announce(s.premove ? i18n.t('premove', s.premove) : i18n.t('premoveCancelled'));
  }

  return {
    render,
    renderClocks,
    showMessage(text) {
      flashMessage($('message'), text, MESSAGE_MS);
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
    /** Opens the new-game dialog on the current choices; `isHandicap(start)` tells which starts give odds. */
    openNewGame(s, isHandicap) {
      const form = $('ng-form');
      form.elements.level.value = String(s.level);
      form.elements.mode.value = s.mode;
      form.elements.color.value = s.human;
      form.elements.turnBoard.checked = s.turnBoard;
      form.elements.fastReplies.checked = !!s.settings.fastReplies;
      form.elements.variant.value = s.variant;
      form.elements.counting.value = s.counting;
      this.syncDialog(isHandicap);
      openDialog($('newgame'));
    },
    /** Shows the dialog's rows that apply to its choices. */
    syncDialog(isHandicap) {
      const form = $('ng-form');
      const mode = form.elements.mode.value;
      $('ng-level-row').hidden = mode === 'two' || mode === 'correspondence';
      $('ng-color').disabled = mode !== 'engine' && mode !== 'correspondence';
      $('ng-turn-row').hidden = mode !== 'two';
      $('ng-fast-row').hidden = mode !== 'engine';
      $('ng-level-desc').hidden = $('ng-level-row').hidden;
      // the descriptions of the level and the variant: a language change relabels them through data-i18n
      const describe = (id, key) => {
        $(id).dataset.i18n = key;
        $(id).textContent = i18n.t(key);
      };
      describe('ng-level-desc', `levelDesc${form.elements.level.value}`);
      // a game by link sends no count actions
      $('ng-counting-row').hidden = mode === 'correspondence';
      $('ng-custom-row').hidden = form.elements.clock.value !== 'custom';
      const variant = form.elements.variant.value;
      describe('ng-variant-desc', variantKey(variant, 'Desc'));
      // the handicap starts are Makruk's position: for the variants that start from it
      const makrukStart = startFenOf(variant) === START_FEN;
      for (const o of form.elements.start.options) if (isHandicap(o.value)) o.disabled = !makrukStart;
      if (form.elements.start.selectedOptions[0]?.disabled) form.elements.start.value = 'standard';
      $('ng-odds-row').hidden = !isHandicap(form.elements.start.value);
    },
    closeNewGame() {
      closeDialog($('newgame'));
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
