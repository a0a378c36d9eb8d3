// The Share dialog: the link to the game, a PNG of the board and a QR code of the link (of
// the position alone when the whole game does not fit).

import { h, openDialog, closeDialog } from '../../../common/dom.js';
import { writeLink } from '../../../common/link.js';
import { copyText } from './clipboard.js';
import { loadQrEncoder, QR_LEVELS, QR_QUIET, encodeQR, drawQR } from './qr.js';

/** The link to the whole game, cursor and orientation included. */
function pageLink(api) {
  const cur = api.line();
  return location.href.split('#')[0] + writeLink({ ...cur, fen: cur.startFen });
}

/** The Share dialog: the game's link (copied when it opens), a PNG of the board and a QR code
 * of the link. Returns {el, open()}. */
export function buildShareDialog(api) {
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
