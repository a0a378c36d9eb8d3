// <makruk-board> as an ES module: the board, its rules (wasm) and its engine (a module worker)
// inside the element's shadow root, with no frame (the script tag's element, www/embed.js,
// holds embed.html in one). The same board as embed.html (www/embed-game.js), the attributes
// read as embed.html reads its fragment: fen, moves, variant, orientation, interactive,
// engine, coords, theme, pieces, sound, lang. Events (CustomEvents, the message in `detail`):
// ready, move, gameEnd, state, error. Methods: setPosition(fen, moves), move(m), flip(),
// getState().

import { createEmbed, readOptions } from './www/embed-game.js';

const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'sound', 'lang'];
const CSS = `:host{display:block;width:100%;max-width:100%;aspect-ratio:1/1;min-width:120px;position:relative;contain:content}
.board-wrap{position:relative;width:100%;aspect-ratio:1/1;touch-action:none;user-select:none;-webkit-user-select:none;-webkit-tap-highlight-color:transparent;-webkit-touch-callout:none}
.board-wrap>canvas{display:block;width:100%;height:100%}
.board-squares{position:absolute;display:grid;grid-template-columns:repeat(8,1fr);grid-template-rows:repeat(8,1fr)}
.board-row{display:contents}
.board-square{outline:none;border-radius:2px}
.board-square:focus-visible{outline:3px solid #1a73e8;outline-offset:-3px;box-shadow:inset 0 0 0 5px rgba(255,255,255,.7)}
.board-live,.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
[hidden]{display:none!important}
.message{position:absolute;left:4px;right:4px;bottom:4px;margin:0;padding:4px 6px;font:13px/1.4 system-ui,sans-serif;color:#2a2118;background:#fdecea;border:1px solid #e6a39b;border-radius:6px;overflow-wrap:anywhere}`;

let sheet = null;
/** The element's style sheet, one for every board (a constructed one: no inline style needed). */
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

/** The fragment embed.html would read for board `el` on `fen` and `moves`. */
function fragment(el, fen, moves) {
  const p = new URLSearchParams();
  const variant = el.getAttribute('variant');
  if (variant) p.set('variant', variant);
  if (fen) p.set('fen', fen);
  p.set('moves', moves);
  p.set('orientation', el.getAttribute('orientation') === 'black' ? 'black' : 'white');
  for (const k of OPTIONS) {
    const v = el.getAttribute(k);
    if (v !== null) p.set(k, k === 'sound' && v === '' ? '1' : v); // <makruk-board sound>
  }
  return `#${p}`;
}

/** The <makruk-board> element. */
export class MakrukBoardElement extends HTMLElement {
  static get observedAttributes() {
    return ['fen', 'moves', 'variant', 'orientation', ...OPTIONS];
  }

  #embed = null;
  #ready = false;
  #queue = []; // commands before the board is ready
  #positionPending = false;
  #canvas = document.createElement('canvas');
  #message = document.createElement('p');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet()];
    const wrap = document.createElement('div');
    wrap.append(this.#canvas);
    this.#message.className = 'message';
    this.#message.setAttribute('role', 'alert');
    this.#message.hidden = true;
    root.append(wrap, this.#message);
  }

  connectedCallback() {
    if (!this.#embed) this.#start();
  }

  async #start() {
    const opts = readOptions(fragment(this, this.getAttribute('fen'), this.getAttribute('moves') || ''));
    const send = (msg) => this.#emit(msg);
    this.#embed = createEmbed({ canvas: this.#canvas, message: this.#message, opts, send });
    if (!(await this.#embed.load())) return;
    this.#embed.startGame();
    this.#ready = true;
    this.#emit({ type: 'ready' });
    for (const msg of this.#queue.splice(0)) this.#embed.command(msg);
  }

  #emit(msg) {
    const { type, ...detail } = msg;
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #command(msg) {
    if (this.#ready) this.#embed.command(msg);
    else this.#queue.push(msg);
  }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.#ready || (oldValue === value && name !== 'fen' && name !== 'moves')) return;
    if (name === 'fen' || name === 'moves') {
      // fen and moves set one after the other make one new position
      if (this.#positionPending) return;
      this.#positionPending = true;
      queueMicrotask(() => {
        this.#positionPending = false;
        this.setPosition(this.getAttribute('fen'), this.getAttribute('moves') || '');
      });
    } else if (name === 'orientation') {
      if ((value === 'black' ? 'black' : 'white') !== this.#embed.state().orientation) this.flip();
    } else {
      // other rules or options: the options again, on the current game (other rules: from the attributes)
      const s = this.#embed.state();
      const same = name !== 'variant';
      this.#embed.setOptions(readOptions(fragment(this, same ? s.startFen : this.getAttribute('fen'), same ? s.moves.join(' ') : this.getAttribute('moves') || '')));
      this.#embed.apply(false);
      if (name === 'lang') this.#relabel(value);
    }
  }

  async #relabel(lang) {
    const { i18n, board } = this.#embed;
    if (!(await i18n.setLanguage(lang, false))) return;
    board.set({ label: i18n.t('boardLabel') });
    board.relabel();
  }

  /** Sets the position: a FEN (empty for the start) and UCI or SAN moves (string or array). */
  setPosition(fen, moves) {
    this.#command({ type: 'setPosition', fen: fen || null, moves: moves || [] });
  }

  /** Plays a move given in UCI (e3e4) or SAN (e4). */
  move(m) {
    this.#command({ type: 'move', move: String(m) });
  }

  /** Turns the board. */
  flip() {
    this.#command({ type: 'flip' });
  }

  /** A Promise of {fen, moves, status, startFen, variant, orientation} (also a `state` event). */
  getState() {
    return new Promise((resolve) => {
      this.addEventListener('state', (e) => resolve(e.detail), { once: true });
      this.#command({ type: 'getState' });
    });
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('makruk-board')) {
  customElements.define('makruk-board', MakrukBoardElement);
}
