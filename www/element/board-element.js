// <makruk-board>: the one element of every route (README "Embed"). Its attributes, properties,
// methods and events are here; where the board runs is a `link`'s: the script tag's
// (frame-link.js: embed.html in an iframe, for pages of another origin; www/embed.js) or the
// npm package's (direct-link.js: the board in the element's shadow root). Both links carry the
// same messages as embed.html's postMessage API, which www/embed-game.js answers.
//
// A link is `connect(el, {params, onMessage})` -> {command(msg), destroy()}: `params` are the
// board's options as embed.html's fragment reads them (URLSearchParams), `onMessage(msg)` hears
// the board ({type: "ready"}, "move", "gameEnd", "state", "error", "solved", "failed").

const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'notation', 'sound', 'lang'];
const PUZZLE = ['puzzle', 'solution'];
const HOST_CSS = ':host{display:block;width:100%;max-width:100%;aspect-ratio:1/1;min-width:120px;position:relative}';
// the class is made where the DOM is; elsewhere (Node, server-side rendering) an empty base,
// so that importing the element never throws
const Base = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

/** Adds the style `css` to shadow root `root` (a constructed sheet: allowed under a host
 * page's strict style-src; else a <style> element). */
export function addStyle(root, css) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    root.prepend(style);
  }
}

/** The board's options of element `el`, as embed.html's fragment, on the line fen, moves. */
function paramsOf(el, fen, moves, orientation) {
  const p = new URLSearchParams();
  const variant = el.getAttribute('variant');
  if (variant) p.set('variant', variant);
  if (fen) p.set('fen', fen);
  p.set('moves', moves || '');
  for (const k of PUZZLE) if (el.hasAttribute(k)) p.set(k, el.getAttribute(k));
  p.set('orientation', orientation);
  for (const k of OPTIONS) {
    const v = el.getAttribute(k);
    if (v !== null) p.set(k, k === 'sound' && v === '' ? '1' : v); // <makruk-board sound>
  }
  return p;
}

/** The <makruk-board> class on link `connect`. */
export function boardElement(connect) {
  return class MakrukBoardElement extends Base {
    static get observedAttributes() {
      return ['fen', 'moves', 'variant', 'orientation', ...PUZZLE, ...OPTIONS];
    }

    #link = null;
    #ready = false;
    #queue = []; // commands before the board is ready
    #waiting = []; // getState's {resolve, reject}
    #failed = null; // the board could not load: why
    #orientation = 'white';
    #positionPending = false;

    constructor() {
      super();
      addStyle(this.attachShadow({ mode: 'open' }), HOST_CSS);
    }

    connectedCallback() {
      if (!this.#link) this.#start(this.getAttribute('fen'), this.getAttribute('moves'));
    }

    disconnectedCallback() {
      // moved elsewhere in the page (disconnected and connected at once): the same board
      queueMicrotask(() => { if (!this.isConnected) this.destroy(); });
    }

    #start(fen, moves, orientation = this.getAttribute('orientation') === 'black' ? 'black' : 'white') {
      this.#link?.destroy();
      this.#ready = false;
      this.#failed = null;
      this.#orientation = orientation;
      this.#link = connect(this, { params: paramsOf(this, fen, moves, orientation), onMessage: (msg) => this.#onMessage(msg) });
    }

    #onMessage(msg) {
      if (msg.type === 'ready') {
        this.#ready = true;
        for (const queued of this.#queue.splice(0)) this.#link.command(queued);
      } else if (msg.type === 'state') {
        this.#orientation = msg.orientation === 'black' ? 'black' : 'white';
        if (this.hasAttribute('orientation')) this.setAttribute('orientation', this.#orientation); // then changes nothing
        for (const w of this.#waiting.splice(0)) w.resolve(msg);
      } else if (msg.type === 'error' && msg.code === 'load-failed') {
        this.#failed = msg.message;
        this.#queue.length = 0;
        for (const w of this.#waiting.splice(0)) w.reject(new Error(msg.message));
      }
      const { type, ...detail } = msg;
      // `error` stays on the element: a bubbling one would reach window.onerror
      const spread = type !== 'error';
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: spread, composed: spread }));
    }

    #command(msg) {
      if (!this.#link) return;
      if (this.#ready) this.#link.command(msg);
      else if (!this.#failed) this.#queue.push(msg);
    }

    attributeChangedCallback(name, oldValue, value) {
      // fen and moves set again to the same value still set the position: the board may have moved on
      if (!this.#link || (oldValue === value && name !== 'fen' && name !== 'moves')) return;
      const puzzle = PUZZLE.some((a) => this.hasAttribute(a));
      if (PUZZLE.includes(name) || name === 'variant' || (name === 'fen' && puzzle)) {
        // another puzzle or other rules: a new board from the attributes
        this.#start(this.getAttribute('fen'), this.getAttribute('moves'));
      } else if (name === 'fen' || name === 'moves') {
        // fen and moves set one after the other make one new position
        if (this.#positionPending) return;
        this.#positionPending = true;
        queueMicrotask(() => {
          this.#positionPending = false;
          this.setPosition(this.getAttribute('fen'), this.getAttribute('moves') || '');
        });
      } else if (name === 'orientation') {
        if ((value === 'black' ? 'black' : 'white') !== this.#orientation) this.flip();
      } else {
        // the other options: the board again, on the current game
        this.getState().then(
          (st) => this.#start(st.startFen, st.moves.join(' '), st.orientation),
          () => this.#start(this.getAttribute('fen'), this.getAttribute('moves')),
        );
      }
    }

    /** The side at the bottom; set, it turns the board (as the attribute does). */
    get orientation() {
      return this.#orientation;
    }

    set orientation(side) {
      this.setAttribute('orientation', side === 'black' ? 'black' : 'white');
    }

    /** Sets the position: a FEN (empty for the start) and UCI or SAN moves (string or array). */
    setPosition(fen, moves) {
      this.#command({ type: 'setPosition', fen: fen || null, moves: moves || [] });
    }

    /** Plays a move given in UCI (e3e4) or SAN (e4). */
    move(m) {
      this.#command({ type: 'move', move: String(m) });
    }

    /** Turns the board (the view only); the attribute, if there is one, follows. */
    flip() {
      this.#orientation = this.#orientation === 'black' ? 'white' : 'black';
      if (this.hasAttribute('orientation') && this.getAttribute('orientation') !== this.#orientation) {
        this.setAttribute('orientation', this.#orientation);
      }
      this.#command({ type: 'flip' });
    }

    /** A Promise of the state {fen, moves, mainLine, path, status, startFen, variant,
     * orientation}; it rejects when the board could not load or is destroyed first. */
    getState() {
      if (this.#failed) return Promise.reject(new Error(this.#failed));
      if (!this.#link) return Promise.reject(new Error('the board was destroyed'));
      return new Promise((resolve, reject) => {
        this.#waiting.push({ resolve, reject });
        this.#command({ type: 'getState' });
      });
    }

    /** Ends the board: its engine worker, its frame and listeners; pending calls reject. A
     * board put back in the page starts again from its attributes. */
    destroy() {
      this.#link?.destroy();
      this.#link = null;
      this.#ready = false;
      this.#queue.length = 0;
      for (const w of this.#waiting.splice(0)) w.reject(new Error('the board was destroyed'));
    }
  };
}

/** Registers `cls` as <makruk-board> where there are custom elements and it is not yet taken. */
export function defineBoard(cls) {
  if (typeof customElements !== 'undefined' && !customElements.get('makruk-board')) customElements.define('makruk-board', cls);
}
