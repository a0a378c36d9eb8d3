// The script tag's link of <makruk-board> (board-element.js): embed.html, served beside
// www/embed.js, in an iframe in the element's shadow root. The board, its rules (wasm) and its
// engine (a worker) run there, on the board's origin under its own Content-Security-Policy, so
// that a page of any origin can hold it and its styles cannot disturb it; the element and the
// frame talk by postMessage, each checking the other's origin (origin= in the fragment).

import { addStyle } from './board-element.js';

const EVENTS = ['ready', 'move', 'gameEnd', 'state', 'error', 'solved', 'failed', 'beforemove', 'position'];
const CSS = 'iframe{display:block;width:100%;height:100%;border:0}';
const styled = new WeakSet(); // the shadow roots that have CSS

/** The link to embed.html at address `base` (a URL string). */
export function frameLink(base) {
  const origin = new URL(base).origin;
  return (el, { params, onMessage }) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('title', el.getAttribute('aria-label') || 'Makruk board');
    frame.setAttribute('part', 'board');
    if (!styled.has(el.shadowRoot)) addStyle(el.shadowRoot, CSS);
    styled.add(el.shadowRoot);
    if (location.origin && location.origin !== 'null') params.set('origin', location.origin);
    const listen = (event) => {
      if (event.source !== frame.contentWindow || event.origin !== origin) return;
      const msg = event.data;
      if (msg && typeof msg === 'object' && EVENTS.includes(msg.type)) onMessage(msg);
    };
    window.addEventListener('message', listen);
    frame.src = `${base}#${params}`;
    el.shadowRoot.append(frame);
    return {
      command: (msg) => frame.contentWindow?.postMessage(msg, origin),
      destroy() {
        window.removeEventListener('message', listen);
        frame.remove(); // its document, its worker with it
      },
    };
  };
}
