// Small DOM helpers shared by the game page, the share features, the editor and the embed.
// Text from data only ever goes in as textContent or attribute values, never as HTML.

/** The element of the page with this id. */
export const $ = (id) => document.getElementById(id);

/** Adds the stylesheet at `url` to the page; resolves once it has loaded (or failed to). */
export function addStylesheet(url) {
  const link = h('link', { rel: 'stylesheet', href: url });
  const loaded = new Promise((resolve) => { link.onload = link.onerror = resolve; });
  document.head.append(link);
  return loaded;
}

/** The message of a thrown value (an Error from the wasm module, or anything else). */
export function errorText(e) {
  return String((e && e.message) || e);
}

/** An element with attributes and children; strings become text nodes (never HTML). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c);
  return el;
}

export function openDialog(dlg) {
  if (typeof dlg.showModal === 'function') {
    if (!dlg.open) dlg.showModal();
  } else {
    dlg.setAttribute('open', '');
  }
}

export function closeDialog(dlg) {
  if (dlg.close) dlg.close(); else dlg.removeAttribute('open');
}

/** Sets `el`'s text: `text` on screen, `spoken` to screen readers (a move in words, not its SAN). */
export function spokenText(el, text, spoken) {
  el.replaceChildren(h('span', { 'aria-hidden': 'true' }, text), h('span', { class: 'visually-hidden' }, spoken));
}

const messageTimers = new WeakMap();

/**
 * The message box (the page's `#message`, on every page and the embed; `el` another, a board
 * element's own): shows `text`, of `kind` 'error' (the default), 'success' or 'info' (a note,
 * no failure: "No hint available."), as the element's `data-kind` (its colours), and hides it
 * again after `ms` when given; no text hides it at once.
 */
export function showMessage(text, kind = 'error', ms = 0, el = $('message')) {
  clearTimeout(messageTimers.get(el));
  el.textContent = text || '';
  el.dataset.kind = kind;
  el.hidden = !text;
  if (text && ms) messageTimers.set(el, setTimeout(() => { el.hidden = true; }, ms));
}

/** Hides the message box `el` if it still shows `text` (a sentence a later event has made
 * stale: a refusal after the next legal move). */
export function withdrawMessage(text, el = $('message')) {
  if (text && !el.hidden && el.textContent === text) showMessage('', el.dataset.kind, 0, el);
}

/**
 * Puts `value` on `window[name]` for the browser tests (the board, the puzzle page's and the
 * trainer's hooks), only when a test asked for them: tests/helpers.mjs sets `MAKRUK_TEST`
 * before the page's scripts run. A visitor's page has none of them.
 */
export function exposeForTests(name, value) {
  if (globalThis.MAKRUK_TEST === true) globalThis[name] = value;
}

/**
 * The gear that holds a page's settings on a phone (its styles show it there only): it opens
 * and closes `panel` (class `open`, aria-expanded); Escape or a press elsewhere closes it.
 */
export function menuButton(button, panel) {
  const set = (open) => {
    button.setAttribute('aria-expanded', String(open));
    panel.classList.toggle('open', open);
  };
  button.addEventListener('click', () => set(!panel.classList.contains('open')));
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !panel.classList.contains('open')) return;
    set(false);
    button.focus();
  });
  document.addEventListener('pointerdown', (e) => {
    if (!panel.contains(e.target) && !button.contains(e.target)) set(false);
  });
}

/** Keeps the current item (`[aria-current]`) of the list `ol` in view inside it, without
 * scrolling the page. */
export function keepInView(ol) {
  const cur = ol.querySelector('[aria-current]');
  if (cur) {
    const top = cur.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (top + cur.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = top + cur.offsetHeight - ol.clientHeight;
  }
}
