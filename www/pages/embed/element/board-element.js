// <makruk-board>: the one element of every route (README "Embed"). Its attributes, properties,
// methods and events are here; where the board runs is a `link`'s: the script tag's
// (frame-link.js: embed.html in an iframe, for pages of another origin; www/embed.js) or the
// npm package's (direct-link.js: the board in the element's shadow root). Both links carry the
// same messages as embed.html's postMessage API, which www/pages/embed/embed-game.js answers.
//
// A link is `connect(el, {params, onMessage})` -> {command(msg), destroy()}: `params` are the
// board's options as embed.html's fragment reads them (URLSearchParams), `onMessage(msg)` hears
// the board ({type: "ready"}, "move", "gameEnd", "state", "error", "solved", "failed", and
// "beforemove" and "position", which the element answers and keeps).

const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'notation', 'sound', 'lang', 'player', 'engine-side', 'last-move', 'check'];
const PUZZLE = ['puzzle', 'solution'];
// styled from the page by custom properties (--makruk-board-radius, --makruk-board-shadow,
// --makruk-board-min-width) and ::part(board), the board's frame or wrapper
const HOST_CSS = ':host{display:block;width:100%;max-width:100%;aspect-ratio:1/1;min-width:var(--makruk-board-min-width,120px);position:relative;'
  + 'border-radius:var(--makruk-board-radius,0);box-shadow:var(--makruk-board-shadow,none);overflow:hidden}';
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
  p.set('confirm', '1'); // the visitor's moves go through `beforemove`
  for (const k of OPTIONS) {
    const v = el.getAttribute(k);
    if (v !== null) p.set(k, k === 'sound' && v === '' ? '1' : v); // <makruk-board sound>
  }
  return p;
}

/**
 * One run of a board on link `connect` for element `el` (from its connection, or a restart, to
 * its end): the link, the commands queued until the board is ready, the pending getState calls,
 * and what the board last said of its line. The board's messages become events on `el`.
 */
class BoardRun {
  #link;
  #el;
  #ready = false;
  #queue = []; // commands before the board is ready
  #waiting = []; // getState's {resolve, reject}
  #failed = null; // why the board could not load
  line = { fen: null, moves: [] }; // from its `position` messages
  orientation;

  constructor(connect, el, params, orientation) {
    this.#el = el;
    this.orientation = orientation;
    this.#link = connect(el, { params, onMessage: (msg) => this.#onMessage(msg) });
  }

  #onMessage(msg) {
    if (msg.type === 'position') {
      this.line = { fen: msg.fen, moves: msg.moves };
      this.#turned(msg.orientation);
      return;
    }
    if (msg.type === 'beforemove') {
      const { from, to, uci, san } = msg;
      const ev = new CustomEvent('beforemove', { detail: { from, to, uci, san }, cancelable: true, bubbles: true, composed: true });
      this.#el.dispatchEvent(ev);
      this.#link?.command({ type: 'confirmMove', id: msg.id, play: !ev.defaultPrevented });
      return;
    }
    if (msg.type === 'ready') {
      this.#ready = true;
      for (const queued of this.#queue.splice(0)) this.#link.command(queued);
    } else if (msg.type === 'state') {
      this.#turned(msg.orientation);
      for (const w of this.#waiting.splice(0)) w.resolve(msg);
    } else if (msg.type === 'error' && msg.code === 'load-failed') {
      this.#failed = msg.message;
      this.#queue.length = 0;
      for (const w of this.#waiting.splice(0)) w.reject(new Error(msg.message));
    }
    const { type, ...detail } = msg;
    // `error` stays on the element: a bubbling one would reach window.onerror
    const spread = type !== 'error';
    this.#el.dispatchEvent(new CustomEvent(type, { detail, bubbles: spread, composed: spread }));
  }

  /** The board says which side is at the bottom: the attribute, if there is one, follows (and
   * then changes nothing). */
  #turned(side) {
    this.orientation = side === 'black' ? 'black' : 'white';
    if (this.#el.hasAttribute('orientation')) this.#el.setAttribute('orientation', this.orientation);
  }

  command(msg) {
    if (!this.#link) return;
    if (this.#ready) this.#link.command(msg);
    else if (!this.#failed) this.#queue.push(msg);
  }

  getState() {
    if (this.#failed) return Promise.reject(new Error(this.#failed));
    if (!this.#link) return Promise.reject(new Error('the board was destroyed'));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.command({ type: 'getState' });
    });
  }

  destroy() {
    this.#link?.destroy();
    this.#link = null;
    this.#queue.length = 0;
    for (const w of this.#waiting.splice(0)) w.reject(new Error('the board was destroyed'));
  }
}

/**
 * A Makruk board: the visitor plays against the engine, or the host plays through the methods.
 * Its board runs on a link (the class that boardElement makes for one).
 *
 * @customElement makruk-board
 * @attr {string} fen - the start position (FEN; the variant's start when absent)
 * @attr {string} moves - the moves played from it (UCI, space-separated)
 * @attr {'makruk'|'cambodian'|'makpong'|'karouk'} variant - the rules
 * @attr {'white'|'black'} orientation - the side at the bottom
 * @attr {'1'|'0'} interactive - whether the visitor may move
 * @attr {string} engine - off, or the engine's level 1..8
 * @attr {'white'|'black'|'both'|'none'} player - the sides the visitor may move
 * @attr {'white'|'black'} engine-side - the side the engine plays
 * @attr {'1'|'0'} last-move - the last move's highlight
 * @attr {'1'|'0'} check - the checked Khun's highlight
 * @attr {'1'|'thai'|'0'} coords - the coordinates
 * @attr {'wood'|'light'} theme - the board's colours
 * @attr {'traditional'|'western'} pieces - the piece set
 * @attr {'standard'|'thai'} notation - the spoken moves' notation
 * @attr {'0'|'1'} sound - the move sounds
 * @attr {string} lang - the labels' language: en, th, tr, de, uk
 * @attr {string} puzzle - a puzzle of the site's (the script tag's element)
 * @attr {string} solution - a puzzle's solution from fen (UCI; the script tag's element)
 * @fires ready - the board takes commands (again after a restart)
 * @fires move - a move was played: detail {uci, san, fen}
 * @fires gameEnd - the game ended: detail {result, reason}
 * @fires state - the answer to getState(): detail the state
 * @fires beforemove - the visitor's move before it is played (cancelable): detail {from, to, uci, san}
 * @fires error - a refused command or a failed load (does not bubble): detail {code, message}
 * @fires solved - a puzzle solved
 * @fires failed - a puzzle's wrong move: detail {move}
 * @csspart board - the board's wrapper (npm) or frame (script tag)
 * @cssprop --makruk-board-radius - the corners' radius (0)
 * @cssprop --makruk-board-shadow - a box shadow (none)
 * @cssprop --makruk-board-min-width - the least width (120px)
 * @cssprop --makruk-message-color - a message's text colour (the npm element)
 * @cssprop --makruk-message-background - a message's background (the npm element)
 */
export class MakrukBoardElement extends Base {
  /** The link, `connect(el, {params, onMessage})` (set by boardElement). */
  static connect = null;

  static get observedAttributes() {
    return ['fen', 'moves', 'variant', 'orientation', ...PUZZLE, ...OPTIONS];
  }

  #run = null;
  #positionPending = false;

  constructor() {
    super();
    addStyle(this.attachShadow({ mode: 'open' }), HOST_CSS);
  }

  connectedCallback() {
    if (!this.#run) this.#start(this.getAttribute('fen'), this.getAttribute('moves'));
  }

  disconnectedCallback() {
    // moved elsewhere in the page (disconnected and connected at once): the same board
    queueMicrotask(() => { if (!this.isConnected) this.destroy(); });
  }

  #start(fen, moves, orientation = this.getAttribute('orientation') === 'black' ? 'black' : 'white') {
    this.#run?.destroy();
    this.#run = new BoardRun(this.constructor.connect, this, paramsOf(this, fen, moves, orientation), orientation);
  }

  attributeChangedCallback(name, oldValue, value) {
    // fen and moves set again to the same value still set the position: the board may have moved on
    if (!this.#run || (oldValue === value && name !== 'fen' && name !== 'moves')) return;
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
      if ((value === 'black' ? 'black' : 'white') !== this.#run.orientation) this.flip();
    } else {
      // the other options: the board again, on the current game
      this.getState().then(
        (st) => this.#start(st.startFen, st.moves.join(' '), st.orientation),
        () => this.#start(this.getAttribute('fen'), this.getAttribute('moves')),
      );
    }
  }

  /** The current position (FEN; null before the board is ready); set, a new game from it. */
  get fen() {
    return this.#run?.line.fen ?? null;
  }

  set fen(fen) {
    this.setAttribute('fen', fen || '');
    this.setAttribute('moves', ''); // the position itself: no moves after it
  }

  /** The moves played (UCI) to the position; set (an array or a string), a new game from the fen attribute. */
  get moves() {
    return [...(this.#run?.line.moves ?? [])];
  }

  set moves(moves) {
    this.setAttribute('moves', Array.isArray(moves) ? moves.join(' ') : String(moves || ''));
  }

  /** The side at the bottom; set, it turns the board (as the attribute does). */
  get orientation() {
    return this.#run?.orientation ?? (this.getAttribute('orientation') === 'black' ? 'black' : 'white');
  }

  set orientation(side) {
    this.setAttribute('orientation', side === 'black' ? 'black' : 'white');
  }

  /** Sets the position: a FEN (empty for the start) and UCI or SAN moves (string or array). */
  setPosition(fen, moves) {
    this.#run?.command({ type: 'setPosition', fen: fen || null, moves: moves || [] });
  }

  /** Plays a move given in UCI (e3e4) or SAN (e4). */
  move(m) {
    this.#run?.command({ type: 'move', move: String(m) });
  }

  /** Draws the host's arrows {from, to, color} and circles {square, color}; [] clears them. */
  setShapes(shapes) {
    this.#run?.command({ type: 'setShapes', shapes });
  }

  /** Turns the board (the view only); the attribute, if there is one, follows. */
  flip() {
    if (!this.#run) return;
    const side = this.#run.orientation === 'black' ? 'white' : 'black';
    this.#run.orientation = side;
    if (this.hasAttribute('orientation') && this.getAttribute('orientation') !== side) this.setAttribute('orientation', side);
    this.#run.command({ type: 'flip' });
  }

  /** A Promise of the state {fen, moves, mainLine, path, status, startFen, variant,
   * orientation}; it rejects when the board could not load or is destroyed first. */
  getState() {
    return this.#run ? this.#run.getState() : Promise.reject(new Error('the board was destroyed'));
  }

  /** Ends the board: its engine worker, its frame and listeners; pending calls reject. A
   * board put back in the page starts again from its attributes. */
  destroy() {
    this.#run?.destroy();
    this.#run = null;
  }
}

/** The <makruk-board> class on link `connect` (board-element.js's head says what a link is). */
export function boardElement(connect) {
  return class MakrukBoard extends MakrukBoardElement {
    static connect = connect;
  };
}

/** Registers `cls` as <makruk-board> where there are custom elements and it is not yet taken. */
export function defineBoard(cls) {
  if (typeof customElements !== 'undefined' && !customElements.get('makruk-board')) customElements.define('makruk-board', cls);
}
