// The playable board of an embed, for both of its hosts: embed.html (www/embed-main.js: the
// fragment and postMessage) and the npm package's <makruk-board> element (package/: its
// attributes and methods). createEmbed wires the game page's store and engine driver
// (www/game/) to a canvas board and says what happens through `send`, the board's messages of
// the README's embed API ({type: "move", uci, san, fen}, {type: "gameEnd", result, reason},
// {type: "state", ...}, {type: "error", message}). The rules are the wasm module's; the board
// component knows none.

import { createBoard } from './board/index.js';
import { createI18n } from './i18n/index.js';
import { readLink, badVariantMessage } from './link.js';
import { errorText, showMessage } from './dom.js';
import { createStore, boardView, recordOf } from './game/store.js';
import { mainMoves } from './game/tree.js';
import { createEngineDriver } from './game/engine-driver.js';
import { createSound } from './game/sound.js';
import { isLevel } from './game/levels.js';
import { loadRules, thaiNotation } from './load-rules.js';
import { refusals } from './refusal.js';

const MAX_MOVES = 1000;
const MAX_FEN = 256; // a FEN is under 100 characters
export const COMMANDS = ['setPosition', 'flip', 'move', 'getState'];

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
    puzzle,
    lesson: p.get('lesson'),
  };
}

/** The moves of a command: a string (space or comma separated) or an array of strings, else null. */
function movesOf(value) {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim().split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value) && value.length <= MAX_MOVES && value.every((m) => typeof m === 'string')) return value;
  return null;
}

/** The host's commands (COMMANDS) on a board: ctx is {store(), setPosition, refuse, send, state}. */
function hostCommands(ctx) {
  return {
    setPosition(msg) {
      const moves = movesOf(msg.moves);
      if ((msg.fen !== undefined && msg.fen !== null && typeof msg.fen !== 'string') || !moves) {
        return console.warn('makruk embed: ignored a malformed setPosition (fen must be a string, moves a string or an array of strings)');
      }
      if (msg.fen && msg.fen.length > MAX_FEN) return ctx.refuse(`setPosition: the FEN is too long (${msg.fen.length} characters; at most ${MAX_FEN})`);
      const res = ctx.setPosition(msg.fen || null, moves);
      if (res.error) ctx.refuse(`setPosition: ${res.error}`);
      else if (res.rejected) ctx.refuse(`setPosition: move ${res.rejected.n} (${res.rejected.move.slice(0, 20)}) rejected: ${res.rejected.error}`);
    },
    flip() {
      const o = ctx.store().getState().orientation === 'white' ? 'black' : 'white';
      ctx.store().setPlayers({ orientation: o, human: o });
    },
    move(msg) {
      if (typeof msg.move !== 'string' || !msg.move || msg.move.length > 20) {
        return console.warn('makruk embed: ignored a malformed move (move must be a UCI or SAN string)');
      }
      const res = ctx.store().play(msg.move);
      if (res.error) ctx.refuse(`move ${JSON.stringify(String(msg.move).slice(0, 20))} rejected: ${res.error}`);
    },
    getState: () => ctx.send(ctx.state()),
  };
}

/**
 * A board on `canvas` (in an element of its own) for the options `opts` (readOptions), its
 * messages shown in `message` and told to the host through `send(msg)`; `onLine(state)` hears
 * every change of the line or the orientation (embed.html keeps its fragment with it).
 * Returns {board, i18n, store (once loaded), show(text), setPuzzle(p), setOptions(opts),
 * load() (the rules module: resolves to the store, or null when it could not be loaded),
 * startGame() (the engine and the options' position), apply(first) (the options' position
 * again), setPosition(fen, moves, ply, orientation), command(msg) (a host's command), state() (the state message)}.
 */
export function createEmbed({ canvas, message, opts: options, send, onLine = () => {} }) {
  let opts = options;
  let store = null;
  let puzzle = null; // the puzzle being solved: {onMove}
  const i18n = createI18n(opts.lang);
  const line = () => store && { record: recordOf(store.getState()), ply: store.getState().ply };
  const refusal = refusals(i18n, line, (text) => show(text), message);
  const board = createBoard(canvas, {
    orientation: opts.link.orientation,
    theme: opts.theme,
    coords: opts.coords,
    pieceSet: opts.pieceSet,
    viewOnly: !opts.interactive,
    describe: (sq, p) => i18n.describe(sq, p),
    label: i18n.t('boardLabel'),
    onMove: (from, to) => {
      if (puzzle ? puzzle.onMove(from, to) === 'none' : store.playFromTo(from, to).error) render(store.getState());
      else refusal.moved();
    },
    onPremove: (from, to) => store?.setPremove(from, to),
    onRefuse: (from, to) => refusal.refuse(from, to),
  });
  // the labelled squares in the chosen language once it has arrived
  i18n.ready.then(() => {
    board.set({ label: i18n.t('boardLabel') });
    board.relabel();
  });

  const render = (s) => board.set(boardView(s));
  const show = (text, kind) => showMessage(text, kind, 8000, message);
  /** A command that could not be carried out: the host hears why, the board keeps its game. */
  function refuse(text) {
    console.warn('makruk embed:', text);
    send({ type: 'error', message: text });
  }

  /** The subscriber that draws and tells the host of moves and the end. */
  function onChange(s, action, prev) {
    render(s);
    if (s.variant !== prev.variant || s.startFen !== prev.startFen || s.moves !== prev.moves || s.ply !== prev.ply || s.orientation !== prev.orientation) onLine(s);
    if (action.type !== 'play') return;
    const name = store.names(s.startFen, s.moves.slice(0, s.ply), s.sans.slice(0, s.ply))[s.ply - 1] ?? s.last.san;
    board.announce(i18n.t('moveAnnounce', { color: i18n.t(s.last.color), san: i18n.spokenMove(s.last.san, s.last.uci, name) }));
    send({ type: 'move', uci: s.last.uci, san: s.last.san, fen: s.fen });
    if (s.outcome) send({ type: 'gameEnd', result: s.outcome.result, reason: s.outcome.reason });
  }

  /** The players of the options: the person plays the side at the bottom, the engine the other. */
  const players = (orientation) => ({ mode: opts.engine ? 'engine' : 'two', level: opts.engine || undefined, human: orientation, orientation });

  /** Sets the game from a FEN (read in the options' variant) and UCI/SAN moves (the first `ply` of them). */
  function setPosition(fen, moves, ply = NaN, orientation = store.getState().orientation) {
    const n = Number.isFinite(ply) ? Math.max(0, Math.min(ply, moves.length)) : moves.length;
    return store.load({ variant: opts.link.variant, fen: fen || undefined, moves: moves.slice(0, n), mode: 'keep', players: players(orientation) });
  }

  function state() {
    const s = store.getState();
    // the moves to the cursor; the main line, and the cursor's path in the tree (tree.js)
    return { type: 'state', fen: s.fen, moves: s.moves.slice(0, s.ply), mainLine: mainMoves(s), path: s.path.slice(0, s.ply), status: s.status, startFen: s.startFen, variant: s.variant, orientation: s.orientation };
  }

  const commands = hostCommands({ store: () => store, setPosition, refuse, send, state });

  /** The options' position; a bad FEN or move is shown, and on the first, the start position. */
  function apply(first) {
    const { link } = opts;
    puzzle = null;
    board.set({ theme: opts.theme, coords: opts.coords, pieceSet: opts.pieceSet, viewOnly: !opts.interactive });
    const res = setPosition(link.fen, link.moves, link.ply, link.orientation);
    store.setSettings({ sound: opts.sound });
    if (link.badVariant) {
      const m = badVariantMessage(link);
      show(i18n.t(m.key, m.values));
    }
    if (res.error) {
      import('./codes.js').then((c) => c.worded(i18n, 'badFen', res)).then(show);
      if (first) setPosition(null, [], NaN, link.orientation);
      else onLine(store.getState());
    } else if (res.rejected) {
      import('./codes.js').then((c) => c.worded(i18n, 'badMove', res.rejected)).then(show);
    }
  }

  async function load() {
    const rules = await loadRules(i18n, show);
    if (!rules) return null;
    store = createStore(rules.Game, { settings: { notation: opts.notation }, loadThaiLine: thaiNotation });
    store.subscribe(onChange);
    createSound(store);
    return store;
  }

  function startGame() {
    createEngineDriver(store, {
      eager: false, // only a board that plays the engine loads it
      connect: async () => {
        try {
          const mod = await import('./engine-client.js');
          return await mod.createEngine({ onCrash: (m) => console.warn('makruk embed: engine:', m) });
        } catch (e) {
          show(i18n.t('engineMissing', { error: errorText(e) }));
          opts.engine = null;
          store.setPlayers({ mode: 'two' });
          throw e;
        }
      },
      moveLimits: (s) => ({ level: s.level }),
    });
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
    /** Carries out a host's command ({type} one of COMMANDS), once the rules are loaded. */
    command(msg) {
      if (store) commands[msg.type](msg);
    },
  };
}
