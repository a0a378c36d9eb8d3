// <makruk-board>: a Makruk board for pages that prefer a script tag to writing an iframe.
//
//   <script src="https://your.site/makruk/www/embed.js" defer></script>
//   <makruk-board fen="..." moves="e3e4 e6e5" orientation="white" interactive="1" engine="3"></makruk-board>
//   <makruk-board variant="cambodian"></makruk-board>   (Ouk Chatrang; default makruk)
//   <makruk-board puzzle="q54rlq"></makruk-board>         (a puzzle of the site's puzzle page)
//   <makruk-board fen="..." solution="h1h8"></makruk-board>   (a puzzle of your own)
//
// A plain (classic) script, so that it loads from another origin without any special HTTP
// header. The element holds embed.html (served next to this file) in an iframe inside its
// shadow root: the board, the rules (wasm) and the engine (worker) run there, under its own
// Content-Security-Policy, and the page's styles cannot disturb them. The frame's messages
// become DOM CustomEvents on the element (`ready`, `move`, `gameEnd`, `state`, `error`, and a
// puzzle's `solved` and `failed` (detail.move: the wrong move, UCI), with the message as
// `detail`); the methods setPosition(fen, moves), flip(), move(m) and
// getState() (a Promise of the state) send the host's commands. Attributes: fen, moves,
// variant (makruk|cambodian|makpong|karouk), orientation, interactive (0|1), engine (off|1..8), puzzle (an id),
// solution (UCI moves from fen), and also coords, theme, pieces (traditional|western), notation
// (standard|thai: the spoken moves), sound (1: on; silent by default) and lang.
// Its names stay inside the block (const, let and class are block-scoped): nothing is added
// to the page's globals but the element.
'use strict';
if (typeof window !== 'undefined' && window.customElements && !customElements.get('makruk-board')) {
  const script = document.currentScript || document.querySelector('script[src*="embed.js"]');
  const BASE = new URL('../embed.html', script ? script.src : location.href);
  const FRAME_ORIGIN = BASE.origin;
  const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'notation', 'sound', 'lang'];
  const EVENTS = ['ready', 'move', 'gameEnd', 'state', 'error', 'solved', 'failed'];
  const PUZZLE = ['puzzle', 'solution'];

  /** The frame's address for element `el`: embed.html with the attributes in its fragment. */
  function frameUrl(el, fen, moves, orientation) {
    const p = new URLSearchParams();
    const variant = el.getAttribute('variant');
    if (variant) p.set('variant', variant);
    if (fen) p.set('fen', fen);
    p.set('moves', moves || '');
    for (let k = 0; k < PUZZLE.length; k++) {
      if (el.hasAttribute(PUZZLE[k])) p.set(PUZZLE[k], el.getAttribute(PUZZLE[k]));
    }
    p.set('orientation', orientation);
    for (let i = 0; i < OPTIONS.length; i++) {
      const v = el.getAttribute(OPTIONS[i]);
      if (v !== null) p.set(OPTIONS[i], OPTIONS[i] === 'sound' && v === '' ? '1' : v); // <makruk-board sound>
    }
    if (location.origin && location.origin !== 'null') p.set('origin', location.origin);
    return BASE.href + '#' + p.toString();
  }

  /** The side at the bottom of board `el`, and its attribute with it (which then changes
   * nothing): after flip(), orientation="white" turns the board back. */
  function orient(el, side) {
    el._orientation = side;
    if (el.hasAttribute('orientation') && el.getAttribute('orientation') !== side) el.setAttribute('orientation', side);
  }

  class MakrukBoard extends HTMLElement {
    static get observedAttributes() {
      return ['fen', 'moves', 'variant', 'orientation'].concat(PUZZLE, OPTIONS);
    }

    constructor() {
      super();
      this._ready = false;
      this._queue = [];
      this._waiting = [];
      this._orientation = null;
      this._positionPending = false;
      var root = this.attachShadow({ mode: 'open' });
      var css = ':host{display:block;width:100%;max-width:100%;aspect-ratio:1/1;min-width:120px}' +
        'iframe{display:block;width:100%;height:100%;border:0}';
      this._frame = document.createElement('iframe');
      this._frame.setAttribute('title', this.getAttribute('aria-label') || 'Makruk board');
      root.append(this._frame);
      // a constructed style sheet also works under a host page's strict style-src policy
      try {
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        root.adoptedStyleSheets = [sheet];
      } catch (e) {
        var style = document.createElement('style');
        style.textContent = css;
        root.prepend(style);
      }
      this._onMessage = this._onMessage.bind(this);
    }

    connectedCallback() {
      window.addEventListener('message', this._onMessage);
      if (!this._frame.getAttribute('src')) this._load(this._attrFen(), this._attrMoves());
    }

    disconnectedCallback() {
      window.removeEventListener('message', this._onMessage);
    }

    attributeChangedCallback(name, oldValue, value) {
      // fen and moves set again to the same value still set the position: the board may have moved on
      if (!this.isConnected || !this._frame.getAttribute('src') || (oldValue === value && name !== 'fen' && name !== 'moves')) return;
      if (PUZZLE.indexOf(name) >= 0 || (name === 'fen' && this._isPuzzle())) {
        // another puzzle: a new board from the attributes
        this._load(this._attrFen(), this._attrMoves());
      } else if (name === 'fen' || name === 'moves') {
        // fen and moves set one after the other make one new position
        if (this._positionPending) return;
        this._positionPending = true;
        var self = this;
        queueMicrotask(function () {
          self._positionPending = false;
          self.setPosition(self._attrFen(), self._attrMoves());
        });
      } else if (name === 'variant') {
        // other rules: a new game from the attributes
        this._load(this._attrFen(), this._attrMoves());
      } else if (name === 'orientation') {
        var want = value === 'black' ? 'black' : 'white';
        if (this._orientation && want !== this._orientation) this.flip();
      } else {
        // the other options: reload the frame on the current game
        var self = this;
        this.getState().then(function (st) {
          self._load(st.startFen, st.moves.join(' '), st.orientation);
        }, function () {
          self._load(self._attrFen(), self._attrMoves());
        });
      }
    }

    _isPuzzle() {
      return PUZZLE.some(function (a) { return this.hasAttribute(a); }, this);
    }

    _attrFen() {
      return this.getAttribute('fen') || '';
    }

    _attrMoves() {
      return this.getAttribute('moves') || '';
    }

    _load(fen, moves, orientation) {
      this._orientation = orientation || (this.getAttribute('orientation') === 'black' ? 'black' : 'white');
      this._ready = false;
      this._frame.src = frameUrl(this, fen, moves, this._orientation);
    }

    _post(msg) {
      if (!this._ready || !this._frame.contentWindow) {
        this._queue.push(msg);
        return;
      }
      this._frame.contentWindow.postMessage(msg, FRAME_ORIGIN);
    }

    _onMessage(event) {
      if (event.source !== this._frame.contentWindow || event.origin !== FRAME_ORIGIN) return;
      var msg = event.data;
      if (!msg || typeof msg !== 'object' || EVENTS.indexOf(msg.type) < 0) return;
      if (msg.type === 'ready') {
        this._ready = true;
        var queued = this._queue.splice(0);
        for (var i = 0; i < queued.length; i++) this._post(queued[i]);
      }
      if (msg.type === 'state') {
        orient(this, msg.orientation === 'black' ? 'black' : 'white');
        var waiting = this._waiting.splice(0);
        for (var j = 0; j < waiting.length; j++) waiting[j](msg);
      }
      var detail = Object.assign({}, msg);
      delete detail.type;
      this.dispatchEvent(new CustomEvent(msg.type, { detail: detail, bubbles: true, composed: true }));
    }

    /** Sets the position: a FEN (empty for the start) and UCI or SAN moves (string or array). */
    setPosition(fen, moves) {
      this._post({ type: 'setPosition', fen: fen || null, moves: moves || [] });
    }

    flip() {
      orient(this, this._orientation === 'black' ? 'white' : 'black');
      this._post({ type: 'flip' });
    }

    /** Plays a move given in UCI (e3e4) or SAN (e4). */
    move(m) {
      this._post({ type: 'move', move: String(m) });
    }

    /** A Promise of {fen, moves, status, startFen, orientation}. */
    getState() {
      var self = this;
      return new Promise(function (resolve, reject) {
        self._waiting.push(resolve);
        self._post({ type: 'getState' });
        setTimeout(function () {
          var k = self._waiting.indexOf(resolve);
          if (k >= 0) {
            self._waiting.splice(k, 1);
            reject(new Error('the board did not answer'));
          }
        }, 10000);
      });
    }
  }

  customElements.define('makruk-board', MakrukBoard);
}
