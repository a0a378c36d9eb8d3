// The npm package's link of <makruk-board> (board-element.js): the board itself in the
// element's shadow root, with no frame: the same board as embed.html (www/pages/embed/embed-game.js), its
// rules (wasm) and engine (a module worker) loaded from the package's files.

import { addStyle } from './board-element.js';
import { createEmbed, readOptions } from '../embed-game.js';

const CSS = `.board-wrap{position:relative;width:100%;aspect-ratio:1/1;touch-action:none;user-select:none;-webkit-user-select:none;-webkit-tap-highlight-color:transparent;-webkit-touch-callout:none}
.board-wrap>canvas{display:block;width:100%;height:100%}
.board-squares{position:absolute;display:grid;grid-template-columns:repeat(8,1fr);grid-template-rows:repeat(8,1fr)}
.board-row{display:contents}
.board-square{outline:none;border-radius:2px}
.board-square:focus-visible{outline:3px solid #1a73e8;outline-offset:-3px;box-shadow:inset 0 0 0 5px rgba(255,255,255,.7)}
.board-live,.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
[hidden]{display:none!important}
.message{position:absolute;left:4px;right:4px;bottom:4px;margin:0;padding:4px 6px;font:13px/1.4 system-ui,sans-serif;color:var(--makruk-message-color,#2a2118);background:var(--makruk-message-background,#fdecea);border:1px solid #e6a39b;border-radius:6px;overflow-wrap:anywhere}`;
const styled = new WeakSet(); // the shadow roots that have CSS

/** The link: the board of `params` in `el`'s shadow root. */
export function directLink(el, { params, onMessage }) {
  const root = el.shadowRoot;
  if (!styled.has(root)) addStyle(root, `:host{contain:content}\n${CSS}`);
  styled.add(root);
  const wrap = document.createElement('div');
  wrap.setAttribute('part', 'board');
  const canvas = document.createElement('canvas');
  const message = document.createElement('p');
  wrap.append(canvas);
  message.className = 'message';
  message.setAttribute('role', 'alert');
  message.hidden = true;
  root.append(wrap, message);
  let destroyed = false;
  const send = (msg) => { if (!destroyed) onMessage(msg); };
  const embed = createEmbed({ canvas, message, opts: readOptions(`#${params}`), send });
  embed.load().then((store) => {
    if (!store || destroyed) return; // a failure was told (load-failed)
    embed.startGame();
    send({ type: 'ready' });
  });
  return {
    command: (msg) => embed.command(msg),
    destroy() {
      destroyed = true;
      embed.destroy();
      wrap.remove();
      message.remove();
    },
  };
}
