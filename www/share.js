// Sharing a game: the Share dialog (link, PNG of the board, QR code of the link), the
// position panel (FEN in and out, PGN export and import) and a link to look at opened while
// the page is open (main.js hands it over from link.js's listener). The link itself is read
// and written by link.js.
// Rules stay in the wasm module: a FEN is checked by the core's reader, PGN moves are
// played by the core's SAN reader. Data (FEN, PGN tags, moves, error messages) only ever
// reaches the page as textContent or form values, never as HTML.

import { errorText, h, openDialog, closeDialog } from './dom.js';
import { readLink, writeLink, sameLine, linkMessages } from './link.js';
import { rulesModule } from './load-rules.js';

// ---------------------------------------------------------------- PGN

// The wasm module that reads and writes PGN (www/wasm-full.js; the game page's own module
// leaves PGN out to stay small), fetched on first use.
let full = null;

/** Loads the PGN module (once) and resolves to its `Game`: readPgnGames, readPgn and writePgn
 * need it loaded. */
export async function loadPgn() {
  full = await rulesModule(true);
  return full.Game;
}
// The core reads and writes PGN (crate/makruk/src/pgn.rs, through wasm): this project's
// letters and PlayOK's chess letters, several games a file.

/**
 * The games of a PGN text: [{tags: Map(name -> value), fen, moves (UCI), notes ([nag, comment]
 * a move), result, error}];
 * a game that cannot be read has an `error` message naming the tag or move that is wrong.
 */
export function readPgnGames(text) {
  if (!full) throw new Error('the PGN module is not loaded (loadPgn)');
  return full.readPgn(String(text)).map((g) => ({ ...g, tags: new Map(g.tags) }));
}

/** The first game of a PGN text: {fen, moves (UCI), tags}; throws the reason it cannot be read. */
export function readPgn(text) {
  const [game] = readPgnGames(text);
  if (game.error) throw new Error(game.error);
  return game;
}

/** PGN of a line (its Variant tag from the rules' Game), with the seven-tag roster: the
 * players' names and today's date; `notes`: [nag, comment] or null for each move (a review's
 * marks); `ended`: the line's resignation or fallen flag ({color, by: "resign" | "time"}),
 * for its Result and Termination. */
export function writePgn(Game, { variant, counting, counts = [], fen, moves, notes = null, ended = null }, { white = '?', black = '?', date = new Date() } = {}) {
  const g = new Game(fen, variant, counting);
  try {
    g.applyCounts(counts);
    for (const m of moves) {
      g.play(m);
      g.applyCounts(counts);
    }
    if (ended && g.status().result === '*') g.end(ended.color, ended.by);
    const d = `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;
    return g.pgn({ Date: d, White: String(white), Black: String(black) }, notes);
  } finally {
    g.free?.();
  }
}

/** "2. somchai – anan, 1-0 (2026.11.30)": a game of a PGN file, from its tags. */
function gameLabel(game, k) {
  const tag = (name) => {
    const v = game.tags.get(name);
    return v && v !== '?' ? v : '';
  };
  const players = [tag('White') || '?', tag('Black') || '?'].join(' – ');
  const date = tag('Date') ? ` (${tag('Date')})` : '';
  return game.error ? `${k + 1}. ${game.error}` : `${k + 1}. ${players}, ${game.result || '*'}${date}`;
}

// ---------------------------------------------------------------- QR codes

// The encoder is lean-qr from npm (package-lock.json), which scripts/build.sh copies into
// www/vendor/: loaded when the Share dialog first opens, not on the page's first visit.
let qrEncoder = null;
function loadQrEncoder() {
  qrEncoder ??= import('./vendor/lean-qr.js').catch((e) => {
    qrEncoder = null; // another opening tries again
    throw e;
  });
  return qrEncoder;
}

/** Error-correction levels tried for the whole game, most robust first. */
const QR_LEVELS = ['M', 'L'];
/** The standard's quiet zone around a code, in modules. */
const QR_QUIET = 4;

/** A QR code of `text` (versions 1 to 40, the smallest that holds it, at `level` or a higher
 * level that fits the same version), or null when even version 40 cannot hold it. */
function encodeQR({ generate, correction }, text, level) {
  try {
    return generate(text, { minCorrectionLevel: correction[level] });
  } catch {
    return null;
  }
}

/** Draws `code` and its quiet zone on `canvas`, `scale` canvas pixels a module. */
function drawQR(code, canvas, scale) {
  const px = (code.size + 2 * QR_QUIET) * scale;
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, px, px);
  ctx.fillStyle = '#000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) ctx.fillRect((x + QR_QUIET) * scale, (y + QR_QUIET) * scale, scale, scale);
    }
  }
}

// ---------------------------------------------------------------- small DOM helpers

/** A translated text span that follows language changes (www/game/view.js relabels [data-i18n]). */
function tr(i18n, key) {
  return h('span', { 'data-i18n': key, text: i18n.t(key) });
}

async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission (insecure page, embedded frame): select the text instead
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand('copy'); } catch { return false; }
    }
    return false;
  }
}

// ---------------------------------------------------------------- the page's share features

/**
 * Hooks the share features into the game page. `api` (from main.js):
 *   Game (wasm class), board, i18n, showMessage(text),
 *   line() -> {variant, startFen, moves, ply, orientation, fen, white, black}, goto(ply), rewriteUrl(),
 *   load({variant, fen, moves, ply, orientation, mode}) -> {error} | {rejected}
 *     (mode: "shared" = analysis, the person chooses how to go on; "engine"; "two").
 */
export function initShare(api) {
  const { i18n } = api;
  const shareDlg = buildShareDialog(api);
  const panel = buildPositionPanel(api);
  document.body.append(shareDlg.el);
  const side = document.querySelector('.side') || document.body;
  side.append(panel.el);

  const editorBtn = h('button', { type: 'button', id: 'btn-editor', 'data-i18n': 'editor', text: i18n.t('editor') });
  editorBtn.addEventListener('click', async () => {
    const { openEditor } = await import('./editor.js');
    openEditor(api);
  });
  document.querySelector('.controls')?.append(editorBtn);

  // A link pasted into the address bar of the open page (its fragment `hash`): load it, or
  // keep the game.
  const openHash = (hash) => {
    const link = readLink(hash);
    const cur = api.line();
    if (!link.hasGame || link.params.has('play')) return; // a game to play: the page's own
    if (sameLine(link, cur)) {
      // the same game: only the cursor moves
      if (Number.isFinite(link.ply) && link.ply !== cur.ply) api.goto?.(link.ply);
      return;
    }
    openLink(api, link);
  };
  return { refresh: () => panel.refresh(), openShare: () => shareDlg.open(), openHash };
}

/** Loads a link into the page; a bad one gives its message and keeps the current game. */
export function openLink(api, link) {
  const { i18n } = api;
  const res = api.load({
    variant: link.variant, counting: link.counting, counts: link.counts, fen: link.fen, moves: link.moves, ply: link.ply, orientation: link.orientation, mode: 'shared',
  });
  for (const m of linkMessages(link)) api.showMessage(i18n.t(m.key, m.values));
  if (res.error) {
    api.showMessage(i18n.t('badFen', { error: res.error }));
    api.rewriteUrl?.();
  } else if (res.rejected) {
    api.showMessage(i18n.t('badMove', res.rejected));
  }
  return res;
}

function pageLink(api) {
  const cur = api.line();
  return location.href.split('#')[0] + writeLink({ ...cur, fen: cur.startFen });
}

function buildShareDialog(api) {
  const { i18n } = api;
  const linkInput = h('input', { type: 'text', id: 'share-link', readOnly: true, 'aria-labelledby': 'share-link-label', spellcheck: 'false' });
  const note = h('p', { class: 'share-note', id: 'share-note', role: 'status' });
  const img = h('img', { id: 'share-png', alt: '', width: 160, height: 160 });
  const pngLink = h('a', { id: 'share-png-link', download: 'makruk.png', href: '#', 'data-i18n': 'downloadPng', text: i18n.t('downloadPng') });
  const qrCanvas = h('canvas', { id: 'share-qr', role: 'img', width: 160, height: 160 });
  const qrNote = h('p', { class: 'share-note', id: 'share-qr-note' });
  const qrLink = h('a', { id: 'share-qr-link', download: 'makruk-qr.png', href: '#', 'data-i18n': 'downloadQr', text: i18n.t('downloadQr') });
  const media = h('div', { class: 'share-media' },
    h('figure', {}, img, h('figcaption', {}, pngLink)),
    h('figure', {}, qrCanvas, h('figcaption', {}, qrLink, qrNote)));
  let pngUrl = null;
  let qrUrl = null;
  const copyBtn = h('button', { type: 'button', id: 'share-copy', 'data-i18n': 'copyLink', text: i18n.t('copyLink') });
  const closeBtn = h('button', { type: 'button', id: 'share-close', 'data-i18n': 'close', text: i18n.t('close') });
  const el = h('dialog', { id: 'share-dialog', class: 'share-dialog', 'aria-labelledby': 'share-title' },
    h('h2', { id: 'share-title', 'data-i18n': 'shareTitle', text: i18n.t('shareTitle') }),
    h('label', { id: 'share-link-label', for: 'share-link', 'data-i18n': 'shareLink', text: i18n.t('shareLink') }),
    h('div', { class: 'share-row' }, linkInput, copyBtn),
    note,
    media,
    h('div', { class: 'dialog-buttons' }, closeBtn));

  copyBtn.addEventListener('click', async () => {
    note.textContent = (await copyText(linkInput.value, linkInput)) ? i18n.t('copied') : i18n.t('copyManually');
  });
  closeBtn.addEventListener('click', () => closeDialog(el));
  el.addEventListener('close', () => {
    for (const u of [pngUrl, qrUrl]) if (u) URL.revokeObjectURL(u);
    pngUrl = qrUrl = null;
  });

  let drawing = 0; // the latest opening's code; an earlier one still loading draws nothing

  /** The code of the whole game's link (or, when too long, of its position) once the encoder
   * has loaded; the canvas's `data-text` says what it holds when it is done ('' for nothing). */
  async function drawCode(url) {
    const ticket = ++drawing;
    delete qrCanvas.dataset.text;
    qrCanvas.hidden = true;
    qrLink.hidden = true;
    qrNote.textContent = '';
    let encoder;
    try {
      encoder = await loadQrEncoder();
    } catch (e) {
      console.warn('QR encoder:', e);
    }
    if (ticket !== drawing) return;
    const cur = api.line();
    let text = url;
    let qr = null;
    for (const level of QR_LEVELS) {
      qr = encoder && encodeQR(encoder, text, level);
      if (qr) break;
    }
    if (encoder && !qr) {
      // the whole game is too long for a code: the code carries the current position
      text = location.href.split('#')[0] + writeLink({ variant: cur.variant, counting: cur.counting, fen: cur.fen, moves: [], ply: 0, orientation: cur.orientation });
      qr = encodeQR(encoder, text, 'L');
      qrNote.textContent = i18n.t(qr ? 'qrPositionOnly' : 'qrTooLong');
    }
    qrCanvas.setAttribute('aria-label', i18n.t('qrLabel'));
    qrCanvas.dataset.text = qr ? text : '';
    if (!qr) return;
    // on screen, whole device pixels a module, so that the code is sharp at any pixel ratio:
    // about 160 CSS px for a short link, 2 CSS px a module for a long one, less when wider
    // than the dialog (its padding may go: the code brings its own quiet zone)
    const modules = qr.size + 2 * QR_QUIET;
    const ratio = window.devicePixelRatio || 1;
    const show = (s) => {
      qrCanvas.style.width = qrCanvas.style.height = `${(modules * s) / ratio}px`;
    };
    let scale = Math.max(1, Math.round((Math.max(160, 2 * modules) * ratio) / modules));
    qrCanvas.hidden = false;
    show(scale);
    while (scale > 1 && qrCanvas.getBoundingClientRect().width > el.clientWidth) show(--scale);
    drawQR(qr, qrCanvas, scale);
    // the downloaded image does not depend on the screen: about 240 px, 2 px a module at least
    const file = document.createElement('canvas');
    drawQR(qr, file, Math.max(2, Math.floor(240 / modules)));
    file.toBlob((blob) => {
      if (!blob || ticket !== drawing) return;
      if (qrUrl) URL.revokeObjectURL(qrUrl);
      qrUrl = URL.createObjectURL(blob);
      qrLink.href = qrUrl;
      qrLink.hidden = false;
    }, 'image/png');
  }

  function open() {
    const url = pageLink(api);
    linkInput.value = url;
    note.textContent = '';
    copyText(url, null).then((ok) => { if (ok) note.textContent = i18n.t('copied'); });
    img.alt = i18n.t('pngAlt', { fen: api.line().fen });
    const canvas = api.board.canvas;
    pngLink.hidden = true;
    canvas.toBlob((blob) => {
      if (!blob) return;
      if (pngUrl) URL.revokeObjectURL(pngUrl);
      pngUrl = URL.createObjectURL(blob);
      img.src = pngUrl;
      pngLink.href = pngUrl;
      pngLink.hidden = false;
    }, 'image/png');
    openDialog(el);
    linkInput.select();
    drawCode(url); // after opening: the code's size depends on the room in the dialog
  }

  return { el, open };
}

function buildPositionPanel(api) {
  const { i18n } = api;
  const fenInput = h('input', { type: 'text', id: 'fen-input', spellcheck: 'false', autocomplete: 'off', 'aria-labelledby': 'fen-label' });
  const fenLoad = h('button', { type: 'button', id: 'fen-load', 'data-i18n': 'load', text: i18n.t('load') });
  const fenCopy = h('button', { type: 'button', id: 'fen-copy', 'data-i18n': 'copy', text: i18n.t('copy') });
  const pgnArea = h('textarea', { id: 'pgn-text', rows: 6, spellcheck: 'false', 'aria-labelledby': 'pgn-label' });
  const pgnExport = h('button', { type: 'button', id: 'pgn-export', 'data-i18n': 'pgnExport', text: i18n.t('pgnExport') });
  const pgnImport = h('button', { type: 'button', id: 'pgn-import', 'data-i18n': 'pgnImport', text: i18n.t('pgnImport') });
  const pgnPick = h('select', { id: 'pgn-game', hidden: true, 'data-i18n-aria': 'pgnGames', 'aria-label': i18n.t('pgnGames') });
  const pgnDownload = h('a', { id: 'pgn-download', download: 'makruk.pgn', href: '#', hidden: true, 'data-i18n': 'download', text: i18n.t('download') });
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

  // the PGN module on its way as soon as the panel opens (its buttons wait for it)
  el.addEventListener('toggle', () => { if (el.open) loadPgn().catch(() => {}); });
  fenInput.addEventListener('focus', () => { editing = true; });
  fenInput.addEventListener('blur', () => { editing = false; });
  fenInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); loadFen(); } });
  fenLoad.addEventListener('click', loadFen);
  fenCopy.addEventListener('click', async () => {
    say((await copyText(fenInput.value, fenInput)) ? i18n.t('copiedFen') : i18n.t('copyManually'));
  });

  function loadFen() {
    const fen = fenInput.value.replace(/_/g, ' ').trim().replace(/\s+/g, ' ');
    if (!fen) return;
    const res = api.load({ variant: api.line().variant, fen, moves: [], ply: 0, mode: 'shared' });
    if (res.error) say(i18n.t('badFenInput', { error: res.error }), true);
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
    const text = writePgn(Game, { variant: cur.variant, counting: cur.counting, counts: cur.counts, fen: cur.startFen, moves: cur.moves, notes: cur.notes, ended: cur.ended }, { white: cur.white, black: cur.black });
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
      say(i18n.t('badPgn', { error: errorText(e) }), true);
      return;
    }
    pgnPick.hidden = games.length < 2;
    if (games.length < 2) {
      loadGame(games[0]);
      return;
    }
    choices = games;
    pgnPick.replaceChildren(h('option', { value: '', text: i18n.t('pgnChoose', { games: i18n.count('gamesCount', games.length) }) }),
      ...games.map((g, k) => h('option', { value: String(k), text: gameLabel(g, k) })));
    say(i18n.t('pgnChoose', { games: i18n.count('gamesCount', games.length) }));
    pgnPick.focus();
  });
  pgnPick.addEventListener('change', () => {
    const game = choices[Number(pgnPick.value)];
    if (pgnPick.value !== '' && game) loadGame(game);
  });

  function loadGame(game) {
    if (game.error) {
      say(i18n.t('badPgn', { error: game.error }), true);
      return;
    }
    const res = api.load({ variant: game.variant, counting: game.counting, counts: game.counts, fen: game.fen, moves: game.moves, ply: game.moves.length, mode: 'shared', notes: game.notes });
    if (res.error) say(i18n.t('badPgn', { error: res.error }), true);
    else say(i18n.t('pgnLoaded', { moves: i18n.count('movesCount', game.moves.length) }));
  }

  function refresh() {
    const fen = api.line().fen;
    if (editing || fen === shownFen) return;
    fenInput.value = shownFen = fen;
  }
  refresh();
  return { el, refresh };
}
