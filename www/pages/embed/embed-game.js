// The playable board of an embed, for both of its hosts: embed.html (www/pages/embed/main.js: the
// fragment and postMessage) and the npm package's <makruk-board> element (package/: its
// attributes and methods). createEmbed wires the game page's store and engine driver
// (www/common/game/) to a canvas board and says what happens through `send`, the board's messages of
// the README's embed API ({type: "move", uci, san, fen}, {type: "gameEnd", result, reason},
// {type: "state", ...}, {type: "error", message}). The rules are the wasm module's; the board
// component knows none.

import { createBoard } from '../../common/board/index.js';
import { createI18n } from '../../common/i18n/index.js';
import { readLink, badVariantMessage, withRules } from '../../common/link.js';
import { errorText, showMessage } from '../../common/dom.js';
import { createStore, boardView, recordOf } from '../../common/game/store.js';
import { mainMoves } from '../../common/game/tree.js';
import { createEngineDriver } from '../../common/game/engine-driver.js';
import { createSound } from '../../common/game/sound.js';
import { isLevel } from '../../common/game/levels.js';
import { loadRules, thaiNotation } from '../../load-rules.js';
import { readCommand, checkLine, refusal } from './embed-commands.js';
import { refusals } from '../../common/refusal.js';

export { COMMANDS } from './embed-commands.js';

/** The options of a fragment (`#fen=...&engine=3...`, the README's embed options). */
export function readOptions(hash) {
  const link = readLink(hash);
  const p = link.params;
  const level = Number(p.get('engine'));
  const puzzle = p.has('puzzle') || p.has('solution');
  return {
    link,
    interactive: p.get('interactive') !== '0',
    engine: !puzzle && isLevel(level) ? level : null,
    coords: p.get('coords') === '0' ? 'none' : p.get('coords') === 'thai' ? 'thai' : 'latin',
    notation: link.notation || 'standard',
    theme: p.get('theme') || 'wood',
    pieceSet: p.get('pieces') === 'western' ? 'western' : 'traditional',
    sound: p.get('sound') === '1',
    lang: p.get('lang') || undefined,
    origin: p.get('origin') || null,
    // which sides the visitor may move (null: as before, the store's players), which the engine plays
    player: ['white', 'black', 'both', 'none'].includes(p.get('player')) ? p.get('player') : null,
    engineSide: ['white', 'black'].includes(p.get('engine-side')) ? p.get('engine-side') : null,
    lastMove: p.get('last-move') !== '0',
    check: p.get('check') !== '0',
    confirm: p.get('confirm') === '1', // the visitor's moves wait for the host's confirmMove
    puzzle,
    lesson: p.get('lesson'),
  };
}

/** What the board shows of store state `s` under options `opts`: the store's view, moves only
 * for the sides `player` lets the visitor move, the highlights kept, the host's `marks`. */
function embedView(s, opts, marks) {
  const v = boardView(s);
  if (opts.player && opts.player !== 'both' && opts.player !== s.status.turn) {
    v.dests = new Map();
    v.premoveDests = new Map();
  }
  if (!opts.lastMove) v.lastMove = null;
  if (!opts.check) v.check = null;
  return { ...v, marks };
}

/** The players of options `opts`, the board turned to `orientation`: the engine plays
 * engine-side, else the side opposite the player's, else the side at the top. */
function playersOf(opts, orientation) {
  const human = opts.engineSide ? (opts.engineSide === 'white' ? 'black' : 'white')
    : opts.player === 'white' || opts.player === 'black' ? opts.player : orientation;
  return { mode: opts.engine ? 'engine' : 'two', level: opts.engine || undefined, human, orientation };
}

/** The `state` message of store state `s`: the moves to the cursor; the main line, and the
 * cursor's path in the tree (tree.js). */
function stateMessage(s) {
  return { type: 'state', fen: s.fen, moves: s.moves.slice(0, s.ply), mainLine: mainMoves(s),
    path: s.path.slice(0, s.ply), status: s.status, startFen: s.startFen, variant: s.variant,
    orientation: s.orientation };
}

/** The visitor's moves that wait for the host (confirm=1): `ask` posts {type: "beforemove",
 * id, from, to, uci, san}, `take(id)` gives back the move asked, once. */
function moveGate(send) {
  let next = 1;
  let asked = null;
  return {
    ask(s, m) {
      asked = { id: next++, uci: m.uci, fen: s.fen };
      send({ type: 'beforemove', id: asked.id, from: m.from, to: m.to, uci: m.uci, san: m.san });
    },
    take(id) {
      const a = asked && asked.id === id ? asked : null;
      if (a) asked = null;
      return a;
    },
  };
}

/** The host's commands (COMMANDS) on a board, once read whole (embed-commands.js): ctx is
 * {store(), Game(), setPosition, refuse, send, state}. */
function hostCommands(ctx) {
  return {
    setPosition({ fen, moves, variant }) {
      const error = checkLine(ctx.Game(), { variant: variant || ctx.variant(), fen, moves });
      if (error) return ctx.refuse(error);
      const res = ctx.setPosition(fen, moves, NaN, undefined, variant || undefined);
      // checked above: never
      if (res.error || res.rejected) ctx.refuse(refusal('bad-fen', `setPosition: ${res.error || res.rejected.error}`));
    },
    flip() {
      const o = ctx.store().getState().orientation === 'white' ? 'black' : 'white';
      ctx.store().setPlayers({ orientation: o }); // the view only: the engine keeps its side
    },
    move({ move }) {
      const res = ctx.store().play(move);
      if (res.error) ctx.refuse(refusal('illegal-move', `move ${JSON.stringify(move)} rejected: ${res.error}`));
    },
    getState: () => ctx.send(ctx.state()),
    setShapes({ marks }) {
      ctx.setMarks(marks);
    },
    confirmMove({ id, play }) {
      const asked = ctx.gate.take(id);
      if (!asked) return ctx.refuse(refusal('stale', `confirmMove: no move ${id} is waiting`));
      if (!play) return ctx.render();
      if (ctx.store().getState().fen !== asked.fen) return ctx.refuse(refusal('stale',
        'confirmMove: the position changed since the beforemove'));
      const res = ctx.store().play(asked.uci);
      if (res.error) ctx.refuse(refusal('illegal-move', `confirmMove: ${res.error}`));
    },
  };
}

/** The engine of an embed (for createEngineDriver): a worker, or a said failure, after which
 * the board goes on without it; one that starts after destroy() ends at once. */
async function connectEngine({ show, i18n, opts, store, destroyed }) {
  let client;
  try {
    const mod = await import('../../engine-client.js');
    client = await mod.createEngine({ onCrash: (m) => console.warn('makruk embed: engine:', m) });
  } catch (e) {
    if (destroyed()) throw e;
    show(i18n.t('engineMissing', { error: errorText(e) }));
    opts.engine = null;
    store.setPlayers({ mode: 'two' });
    throw e;
  }
  if (destroyed()) client.terminate();
  return client;
}

// what the host hears of when one changes: the line and the orientation
const LINE_KEYS = ['variant', 'startFen', 'moves', 'ply', 'orientation'];

/** Says, by `show` in `i18n`'s language, what in the options' link `link` could not be used
 * (`res`: the store's load of it): an unknown variant, a bad FEN, a refused move. */
function showLinkErrors(i18n, show, link, res) {
  if (link.badVariant) {
    const m = badVariantMessage(link);
    show(i18n.t(m.key, m.values));
  }
  const worded = (key, what) => import('../../common/codes.js').then((c) => c.worded(i18n, key, what)).then(show);
  if (res.error) worded('badFen', res);
  else if (res.rejected) worded('badMove', res.rejected);
}

/**
 * A board on `canvas` (in an element of its own) for the options `opts` (readOptions), its
 * messages shown in `message` and told to the host through `send(msg)`; `onLine(state)` hears
 * every change of the line or the orientation (embed.html keeps its fragment with it).
 * Returns {board, i18n, store (once loaded), show(text), setPuzzle(p), setOptions(opts),
 * load() (the rules module: resolves to the store, or null when it could not be loaded),
 * startGame() (the engine and the options' position), apply(first) (the options' position
 * again), setPosition(fen, moves, ply, orientation), command(msg) (a host's command), state()
 * (the state message)}.
 * @param {{canvas: HTMLCanvasElement, message: HTMLElement, opts: any, send: (msg: object) => void,
 *   onLine?: (state: object) => void}} options
 */
export function createEmbed({ canvas, message, opts: options, send, onLine = () => {} }) {
  let opts = options;
  let store = null;
  let puzzle = null; // the puzzle being solved: {onMove}
  const i18n = createI18n(opts.lang);
  const line = () => store && { record: recordOf(store.getState()), ply: store.getState().ply };
  const moveRefusal = refusals(i18n, line, (text) => show(text), message);
  const board = createBoard(canvas, {
    orientation: opts.link.orientation,
    theme: opts.theme,
    coords: opts.coords,
    pieceSet: opts.pieceSet,
    viewOnly: !opts.interactive,
    describe: (sq, p) => i18n.describe(sq, p),
    label: i18n.t('boardLabel'),
    onMove: (from, to) => {
      const s = store.getState();
      const m = opts.confirm && !puzzle && s.legal.find((x) => x.from === from && x.to === to);
      if (m) gate.ask(s, m); // the host says whether it is played (confirmMove)
      const unmoved = m || (puzzle ? puzzle.onMove(from, to) === 'none' : store.playFromTo(from, to).error);
      if (unmoved) render(store.getState());
      else moveRefusal.moved();
    },
    onPremove: (from, to) => store?.setPremove(from, to),
    onRefuse: (from, to) => moveRefusal.refuse(from, to),
  });
  // the labelled squares in the chosen language once it has arrived
  i18n.ready.then(() => {
    board.set({ label: i18n.t('boardLabel') });
    board.relabel();
  });

  let marks = []; // the host's shapes
  const gate = moveGate(send);
  const render = (s) => board.set(embedView(s, opts, marks));
  const show = (text, kind) => showMessage(text, kind, 8000, message);
  /** A command that could not be carried out (`error`: a refusal, embed-commands.js): the host
   * hears why, the board keeps its game. */
  function refuse(error) {
    console.warn('makruk embed:', error.message);
    send(error);
  }

  /** The subscriber that draws and tells the host of moves and the end. */
  function onChange(s, action, prev) {
    render(s);
    if (LINE_KEYS.some((k) => s[k] !== prev[k])) {
      onLine(s);
      send({ type: 'position', fen: s.fen, moves: s.moves.slice(0, s.ply), startFen: s.startFen, variant: s.variant,
        orientation: s.orientation });
    }
    if (action.type !== 'play') return;
    const name = store.names(s.startFen, s.moves.slice(0, s.ply), s.sans.slice(0, s.ply))[s.ply - 1] ?? s.last.san;
    board.announce(i18n.t('moveAnnounce', { color: i18n.t(s.last.color),
      san: i18n.spokenMove(s.last.facts, s.last.uci, name) }));
    send({ type: 'move', uci: s.last.uci, san: s.last.san, fen: s.fen });
    if (s.outcome) send({ type: 'gameEnd', result: s.outcome.result, reason: s.outcome.reason });
  }

  /** The options' link as the rules module takes it (a link's unknown variant opens Makruk:
   * the core's rule sets; no FEN, their start). */
  const linkOf = () => withRules(opts.link, store.variantStart);

  /** Sets the game from a FEN (read in the options' variant) and UCI/SAN moves (the first `ply` of them). */
  function setPosition(fen, moves, ply = NaN, orientation = store.getState().orientation, variant = linkOf().variant) {
    const n = Number.isFinite(ply) ? Math.max(0, Math.min(ply, moves.length)) : moves.length;
    return store.load({ variant, fen: fen || undefined, moves: moves.slice(0, n), mode: 'keep',
      players: playersOf(opts, orientation) });
  }

  const state = () => stateMessage(store.getState());

  let rules = null;
  const parts = /** @type {{destroy(): void}[]} */ ([board]); // what destroy() ends: {destroy()} each
  let loadFailed = null; // why the rules module could not be loaded
  const commands = hostCommands({
    store: () => store, Game: () => rules.Game, variant: () => linkOf().variant, setPosition, refuse, send, state,
    gate,
    render: () => render(store.getState()),
    setMarks: (m) => { marks = m; render(store.getState()); },
  });

  /** The options' position; a bad FEN or move is shown, and on the first, the start position. */
  function apply(first) {
    const link = linkOf();
    puzzle = null;
    board.set({ theme: opts.theme, coords: opts.coords, pieceSet: opts.pieceSet, viewOnly: !opts.interactive });
    const res = setPosition(link.fen, link.moves, link.ply, link.orientation);
    store.setSettings({ sound: opts.sound });
    showLinkErrors(i18n, show, link, res);
    if (res.error && first) setPosition(null, [], NaN, link.orientation);
    else if (res.error) onLine(store.getState());
  }

  async function load() {
    rules = await loadRules(i18n, (text) => {
      loadFailed = text;
      show(text);
    });
    if (!rules) {
      send(refusal('load-failed', loadFailed));
      return null;
    }
    store = createStore(rules.Game, { settings: { notation: opts.notation }, loadThaiLine: thaiNotation });
    parts.push({ destroy: store.subscribe(onChange) }, createSound(store));
    return store;
  }

  function startGame() {
    parts.push(createEngineDriver(store, {
      eager: false, // only a board that plays the engine loads it
      connect: () => connectEngine({ show, i18n, opts, store, destroyed: () => !parts.length }),
      moveLimits: (s) => ({ level: s.level }),
    }));
    apply(true);
  }

  return {
    board,
    i18n,
    get store() {
      return store;
    },
    show,
    setPuzzle: (p) => { puzzle = p; },
    setOptions: (next) => { opts = next; },
    load,
    startGame,
    apply,
    setPosition,
    state,
    /** Ends the board: its engine worker, its sound, its listeners. */
    destroy() {
      for (const part of parts.splice(0)) part.destroy();
    },
    /** Carries out a host's message, checked whole (embed-commands.js), once the rules are
     * loaded; anything else is answered with an error. */
    command(msg) {
      const { command, error } = readCommand(msg);
      if (error) return refuse(error);
      if (!store) return refuse(loadFailed ? refusal('load-failed', loadFailed) : refusal('not-ready',
        'the board is still loading its rules: wait for "ready"'));
      return commands[command.type](command);
    },
  };
}
