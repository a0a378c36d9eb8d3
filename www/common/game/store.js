// The page's one store: the state of a game page or an embedded board, and the actions that
// change it. No DOM, no engine, no storage: the view, persistence and the engine driver are
// subscribers, which read the state and call actions back (chessground's shape).
//
// The store keeps the tree of moves (tree.js), the line through it and its cursor (`variant`,
// `startFen`, `tree`, `path`, and the line's `moves` and `sans`, `ply`), the players and the
// page's settings (their shape: StoreState below), and composes the features' slices, each with
// its state and its actions in a file named after it: the clock (clock.js), the review
// (review.js), counting on request (count.js) and the game with a friend by link
// (correspondence.js). The rules module's `Game` (wasm) is only the calculator of the
// position at the cursor, kept private here; every question about legality and status goes
// to it, the end of the game included: the store tells it of a resignation or a fallen flag
// (`resigned`, `clock.flagged`: the record of that end, at the end of the line) when the
// cursor is there, and reads the verdict from its status. A line so ended is over at every
// cursor: no move, count, undo, retry or resignation in it, only its review and a new game.
//
// Subscribers are called with (state, action, previous state) after each action, in order:
// an action dispatched by a subscriber is delivered after the current one has reached every
// subscriber. State objects are never changed in place: compare fields to see what changed.
//
// A feature's actions get `ctx`: {state() (the current state), set(patch, action), game (the
// wasm game at the cursor), position() (its fields for the state), fresh (the fields a new
// position resets), Game, now(), load(line), errorText(e), recordOf(state) (the line's game record)}.

import { START_FEN, other } from '../fen.js';
import { SQUARES, destinations, moveSquares, checkedKhun } from './board-view.js';
import { advance, newClock, startClock, clockActions } from './clock.js';
import { reviewFollows, reviewNotes, reviewActions } from './review.js';
import { COUNTINGS, countInitial, countActions } from './count.js';
import { lineRecord } from '../record.js';
import { checkedCorr, corrFollows, corrMayMove, corrMayGoBack, correspondenceActions } from './correspondence.js';
import { DEFAULT_LEVEL, clampLevel } from './levels.js';
import { treeOfLine, extend, addMove, common, editNode, lineFields, cutFields, mainMoves } from './tree.js';

const MODES = ['engine', 'two', 'watch', 'correspondence'];
const COLORS = ['white', 'black'];

/** The message of a thrown value (an Error from the wasm module, or anything else). */
const errorText = (e) => String((e && e.message) || e);

/** Leaves the position, the engine's advice and the premove of the old cursor behind. */
const fresh = { last: null, hint: null, lines: [], premove: null };

/** Whether the engine plays `color` in `state`. */
export function engineSide(state, color) {
  return state.mode === 'watch' || (state.mode === 'engine' && color !== state.human);
}

/** The engine's level for `color`: engine against engine, each side has its own. */
export function levelOf(state, color) {
  return state.mode === 'watch' && color === 'black' ? state.blackLevel : state.level;
}

/**
 * Whether a person may move now: the side to move is a person's (not the engine's, not the
 * friend's far away), and in a game by link only at the position the friend sent (one move).
 */
export function personMoves(s) {
  if (s.outcome || s.ended) return false;
  if (s.mode === 'correspondence') return corrMayMove(s);
  return !engineSide(s, s.status.turn);
}

/**
 * The name of the player of `color`, in the texts of `t` (an i18n `t`): "You" and "Engine,
 * level 4" against the engine, "You" and "Your friend" in a game by link, the colour's name
 * between two people on one device. The page's players and the PGN's tags say the same.
 */
export function playerName(s, color, t) {
  if (s.mode === 'engine') return color === s.human ? t('you') : t('engine', { level: s.level });
  if (s.mode === 'correspondence') return t(color === s.human ? 'you' : 'yourFriend');
  if (s.mode === 'watch') return t(color) + ' · ' + t('engine', { level: levelOf(s, color) });
  return t(color);
}

/** The PGN's name of the player of `color`: the engine by its level, a person as the page names
 * them (playerName), two people on one device with no names ("?"). */
export function pgnName(s, color, t) {
  if (engineSide(s, color)) return `Makruk engine, level ${levelOf(s, color)}`;
  return s.mode === 'two' ? '?' : playerName(s, color, t);
}

/** Whether the person may choose a premove: against the engine, while it is to move at the
 * end of the line. */
function premoveAllowed(s) {
  return s.mode === 'engine' && !s.outcome && !s.ended && s.ply === s.moves.length && s.status.turn !== s.human;
}

/** What the board component shows of a state: pieces, legal destinations of the side a
 * person moves, the last move, the Khun in check, the orientation, and the premove. While
 * the engine thinks every square is offered to the person's pieces: the move is judged
 * when it is played. */
export function boardView(s) {
  const dests = personMoves(s) ? destinations(s.legal, s.pieces, s.status.turn) : new Map();
  const premoveDests = new Map();
  if (premoveAllowed(s)) {
    const mine = s.human === 'white' ? /^[A-Z]/ : /^[a-z]/;
    s.pieces.forEach((p, i) => {
      if (mine.test(p)) premoveDests.set(SQUARES[i], SQUARES.filter((sq) => sq !== SQUARES[i]));
    });
  }
  return {
    pieces: s.pieces,
    dests,
    lastMove: moveSquares(s.ply > 0 ? s.moves[s.ply - 1] : null),
    check: checkedKhun(s.pieces, s.status.turn, s.status.check),
    orientation: s.orientation,
    premoveDests,
    premove: s.premove ? [s.premove.from, s.premove.to] : null,
  };
}

/** The result at the cursor, as the rules module's status says it: {result, reason} or null. */
function outcomeOf(status) {
  return status.result && status.result !== '*' ? { result: status.result, reason: status.reason } : null;
}

/** How a player ended the line, in the rules module's words: 'resign', 'agree' (a draw
 * agreed: `resigned.how`) or 'time'. */
export const endHow = (s) => (s.resigned ? s.resigned.how || 'resign' : 'time');

/**
 * The end of the line that a player made rather than the rules: a resignation (`resigned`)
 * or a fallen flag (`clock.flagged`) at the end of the line, {color, ply}, or null.
 */
function endedBy(s) {
  const f = s.clock && s.clock.flagged;
  return s.resigned || (f && f.ply === s.moves.length ? f : null);
}

/**
 * The store's state (frozen; every change makes a new one): the line, the players and the
 * page; the features' slices. An object field is null when there is none (no resignation, no
 * clock, no match...).
 * @typedef {object} StoreState
 * the line and its cursor
 * @property {string} variant the rules: makruk | cambodian (Ouk Chatrang) | makpong | karouk
 *   (Kar Ouk); the core's names
 * @property {string} startFen
 * @property {{children: object[]}} tree the moves played and their variations (tree.js)
 * @property {number[]} path the line through the tree (tree.js), one index a move
 * @property {string[]} moves UCI, the whole line of `path` (moves ahead of the cursor can be redone)
 * @property {string[]} sans
 * @property {number[]} facts the core's facts of the line's moves (www/common/move-facts.js)
 * @property {number} ply
 * @property {string} counting counting on request (count.js): auto | request
 * @property {string[]} counts the count actions, as links keep them (count.js)
 * @property {{color: string, ply: number, how?: string}} resigned a resignation, or with how
 *   'agree' a draw `color` accepted
 * @property {number} epoch counts loads and new games: a fresh start even in an equal position
 * the position at the cursor, from the rules module
 * @property {string} fen
 * @property {string[]} pieces
 * @property {{turn: string, check: boolean, result: string, reason: string, count: any}} status
 * @property {{uci: string, san: string, from: string, to: string, promotion?: boolean, facts: number}[]} legal
 * @property {{start: boolean, stop: boolean}} countActions the count actions allowed now
 * @property {{result: string, reason: string}} outcome resignation and time included (the rules
 *   module's verdict)
 * @property {{color: string, ply: number}} ended the line ended by a resignation (`resigned`) or
 *   on time (over at every cursor)
 * @property {any} clock clock.js; null: no clock
 * @property {any} match the match this game belongs to (match.js, which checks it; carried here
 *   with its tie-break variant, the core's for the game's family, `tieBreak`
 *   as a value)
 * @property {{uci: string, san: string, facts: number, color: string, by: string}} last the move that brought
 *   the cursor here by play()
 * the players and the page
 * @property {string} mode engine | two | watch | correspondence
 * @property {string} human the person's side against the engine
 * @property {number} level the engine's (White's, engine against engine)
 * @property {number} blackLevel Black's engine against engine
 * @property {string} orientation
 * @property {boolean} analysing
 * @property {number} multipv
 * @property {boolean} shared a position opened from a link, not (yet) the person's own game
 * @property {boolean} turnBoard two people on one device: the board turns to the side to move
 * @property {any} corr a game with a friend by link (correspondence.js)
 * the engine, as the driver reports it
 * @property {string} engine loading | ready | missing
 * @property {boolean} thinking
 * @property {object[]} lines analysis: the engine's info messages, best first
 * @property {{from: string, to: string, san: string, facts: number}} hint
 * @property {boolean} update a new version of the site is installed and waits for a reload
 * @property {{from: string, to: string}} premove the person's move chosen while the engine thinks
 * @property {any} review the review of the line (review.js)
 * @property {{theme: string, coords: string, pieceSet: string, sound: boolean, notation: string,
 *   [other: string]: any}} settings
 */

/**
 * The state of a new store.
 * @returns {StoreState}
 */
function initialState(settings) {
  return {
    variant: 'makruk',
    startFen: START_FEN,
    tree: { children: [] },
    path: [],
    moves: [],
    sans: [],
    facts: [],
    ply: 0,
    ...countInitial,
    resigned: null,
    epoch: 0,
    fen: START_FEN,
    pieces: [],
    status: null,
    legal: [],
    countActions: null,
    outcome: null,
    ended: null,
    clock: null,
    match: null,
    last: null,
    mode: 'engine',
    human: 'white',
    level: DEFAULT_LEVEL,
    blackLevel: DEFAULT_LEVEL,
    orientation: 'white',
    analysing: false,
    multipv: 3,
    shared: false,
    turnBoard: false,
    corr: null,
    engine: 'loading',
    thinking: false,
    lines: [],
    hint: null,
    update: false,
    premove: null,
    review: null,
    settings: { theme: 'wood', coords: 'latin', pieceSet: 'traditional', sound: true, notation: 'standard',
      ...settings },
  };
}

/**
 * Creates a store over the rules module's `Game` class. `settings` are the page's display
 * settings ({theme, coords, notation: "standard" | "thai"}), kept here so that every part
 * reads them from one place; `thaiLine` is the rules module's (moves in Thai notation), which
 * `names` uses when the notation is Thai; or `loadThaiLine` resolves to it (the full module,
 * outside the first visit), asked when Thai notation is first needed, and the move list redraws.
 */
export function createStore(Game, { settings = {}, now = () => Date.now(), thaiLine = null,
  loadThaiLine = null } = {}) {
  const subscribers = new Set();
  const queue = [];
  let delivering = false;
  /** @type {StoreState} */
  let state = initialState(settings);

  /** Tells the rules module of a resignation or a fallen flag at the cursor of `next`, and
   * reads its verdict. */
  function judge(next) {
    next.ended = endedBy(next);
    if (next.ended && next.ended.ply === next.ply && next.status.result === '*') {
      ctx.game.end(next.ended.color, endHow(next));
      Object.assign(next, ctx.position());
    }
    next.outcome = outcomeOf(next.status);
  }

  function set(patch, action) {
    const prev = state;
    const next = { ...state, ...patch };
    judge(next); // a resignation stops the clock
    next.clock = advance(prev, next, action, now());
    judge(next); // the flag that fell now
    if (next.premove && !premoveAllowed(next)) next.premove = null;
    next.review = reviewFollows(prev, next);
    next.corr = corrFollows(next);
    state = Object.freeze(next);
    queue.push([state, action, prev]);
    if (delivering) return;
    delivering = true;
    try {
      while (queue.length) {
        const [s, a, p] = queue.shift();
        for (const fn of [...subscribers]) fn(s, a, p);
      }
    } finally {
      delivering = false;
    }
  }

  const ctx = {
    Game, now, set, fresh, errorText, thaiLine, loadThaiLine, recordOf,
    game: new Game(), // the position at the cursor
    state: () => state,
    position: () => {
      const g = ctx.game;
      return { fen: g.fen(), pieces: g.board(), status: g.status(), legal: g.legalMoves(),
        countActions: g.countActions() };
    },
    load: null, // loadActions' load
    gotoLine: null, // lineActions' gotoLine, for the review's retry
  };
  const loading = loadActions(ctx);
  ctx.load = loading.load;
  const lines = lineActions(ctx);
  ctx.gotoLine = lines.gotoLine;

  state = { ...state, ...ctx.position() };
  state = Object.freeze({ ...state, outcome: outcomeOf(state.status) });
  if (state.settings.notation === 'thai') askThaiLine(ctx); // ready before the first move
  return {
    getState: () => state,
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    ...loading,
    ...lines,
    ...endActions(ctx),
    ...rulesQueries(ctx),
    ...playerActions(ctx),
    ...clockActions(ctx),
    ...countActions(ctx),
    ...correspondenceActions(ctx),
    ...reviewActions(ctx),
  };
}

/** Who ends the line by default: the person against the engine or a friend by link, else the
 * side to move (two people on one device). */
const defaultResigner = (s) => (s.mode === 'engine' || s.mode === 'correspondence' ? s.human : s.status.turn);

/** The ends a player makes (see createStore for `ctx`): a resignation, a draw agreed. */
function endActions(ctx) {
  /** The end of the line that `color` makes: a resignation, or with `how` 'agree' a draw. */
  function endBy(color, how) {
    const s = ctx.state();
    // by link, the friend has seen the moves ahead of the cursor: they stay
    if (s.outcome || s.ended || s.mode === 'watch' || !COLORS.includes(color)
      || (s.mode === 'correspondence' && s.ply !== s.moves.length)) return;
    const resigned = { color, ply: s.ply, ...(how ? { how } : {}) };
    ctx.set({ ...ctx.fresh, ...cutFields(s), resigned, ...ctx.position() },
      { type: how ? 'draw' : 'resign' });
  }
  return {
    /** The person resigns (defaultResigner). */
    resign(color = defaultResigner(ctx.state())) {
      endBy(color);
    },
    /** `color` accepts the draw the other side offered (draw-offer.js, correspondence-view.js):
     * the core's agreement (`game.end(color, 'agree')`), kept as `resigned.how` 'agree'. */
    acceptDraw: (color) => endBy(color, 'agree'),
  };
}

/**
 * The wasm game of a line in parts ({variant, counting, fen, moves (UCI or SAN), counts}), read
 * by the core from its record (www/common/record.js) up to the first refusal, taken back to `ply`
 * moves when given. Returns {game, rejected: null or {n, move, error, ref}}; throws on a bad
 * variant, counting or FEN. `error` is the core's English (the console's), `ref` ({record}:
 * www/common/codes.js asks the full module for its code) what the page words.
 */
function gameOfLine(Game, line, ply) {
  const record = lineRecord(line);
  const { game, dropped } = Game.fromRecord(record, ply);
  if (!dropped) return { game, rejected: null };
  // the part refused: a move, a count action ("start", "stop"), an end or a token after it
  const move = dropped.part === 'start' || dropped.part === 'stop' ?
    `count ${dropped.part}` : String((line.moves || [])[dropped.ply]);
  return { game, rejected: { n: dropped.ply + 1, move, error: dropped.message, ref: { record } } };
}

/** What the page words a line's error by (www/common/codes.js): the line's record, whose code the
 * full module gives (the game module's errors have none). */
const errorRef = (line) => {
  try {
    return { record: lineRecord(line) };
  } catch {
    return {};
  }
};

/** The parts of the store's line in `s` (the line ahead of the cursor included). */
const recordParts = (s) => ({ variant: s.variant, counting: s.counting, fen: s.startFen, moves: s.moves,
  counts: s.counts });

/** The game record of the line in state `s` (www/common/record.js), which the core reads: what the
 * engine searches (at the cursor, `s.ply`) and the review reviews. */
export const recordOf = (s) => lineRecord(recordParts(s));

/** The rule set the core names `variant`, {variant, startFen}, or null when it knows none. */
function variantStart(Game, variant) {
  try {
    const g = new Game(undefined, variant);
    const out = { variant: g.variant(), startFen: g.startFen() };
    g.free?.();
    return out;
  } catch {
    return null;
  }
}

/** The players and the page of a loaded line, by its `mode` (see load). */
function loadedPlayers(state, { mode, players, orientation, turn }) {
  const p = { ...players };
  if (mode !== 'keep') {
    p.shared = mode === 'shared';
    p.analysing = mode === 'shared' || mode === 'analyse';
    p.mode = mode === 'engine' ? 'engine' : 'two';
    if (mode === 'engine') p.human = turn;
  }
  const next = checkedPlayers({ ...state, ...p });
  if (mode === 'engine') next.orientation = next.human;
  else if (orientation) next.orientation = orientation === 'black' ? 'black' : 'white';
  return next;
}

/** Loading a line and starting a new game (see createStore for `ctx`). */
function loadActions(ctx) {
  const { Game } = ctx;

  /**
   * Loads a line: the rules variant (default "makruk"), a FEN (default: the variant's start),
   * moves (UCI or SAN) and the cursor. A bad FEN or variant returns {error} and
   * changes nothing; a refused move returns {rejected: {n, move, error}} and keeps the moves
   * before it. `mode`: "shared" (a position to look at: analysis, nothing moves by itself),
   * "analyse", "two", "engine" (the person plays the side to move), or "keep" (the players
   * stay; `players` may set them); `match`: the match the line is a game of (match.js;
   * none when left out).
   */
  function load(line) {
    return loadAs(line, { type: 'load', mode: line.mode || 'shared' });
  }

  /**
   * @param {{variant?: string, counting?: string, counts?: string[], fen?: string, moves?: string[], ply?: number,
   *   orientation?: string, mode?: string, players?: any, resigned?: any, clock?: any, corr?: any, notes?: any[],
   *   match?: any}} line
   * @param {{type: string, mode?: string}} action
   */
  function loadAs({ variant = 'makruk', counting = 'auto', counts = [], fen, moves = [], ply = NaN, orientation,
    mode = 'shared', players = {}, resigned = null, clock = null, corr = null, notes = null, match = null }, action) {
    let g, rejected;
    try {
      counting = COUNTINGS.includes(counting) ? counting : 'auto';
      ({ game: g, rejected } = gameOfLine(Game, { variant, counting, fen: fen || undefined, moves, counts }));
    } catch (e) {
      return { error: errorText(e), ref: errorRef({ variant, counting, fen: fen || undefined }) };
    }
    const played = g.played();
    const [line, record] = [played.map((m) => m.uci), g.countRecord()];
    const startFen = g.startFen();
    const marked = notes && lineRecord({ variant: g.variant(), counting, fen: startFen, moves: line, counts: record });
    const cursor = Math.min(Math.max(0, Number.isFinite(ply) ? ply : line.length), line.length);
    for (let k = line.length; k > cursor; k--) g.undo();
    ctx.game.free?.();
    ctx.game = g;
    const s = ctx.state();
    const next = loadedPlayers(s, { mode, players, orientation, turn: g.turnAt(cursor) });
    ctx.set({
      ...ctx.fresh, ...next, variant: g.variant(), counting: g.counting(), counts: record, startFen,
        ...lineFields(treeOfLine(played), line.map(() => 0)), ply: cursor, epoch: s.epoch + 1, thinking: false,
      clock: startClock(clock, ctx.now()),
      corr: next.mode === 'correspondence' ? checkedCorr(corr, line.length) : null,
      resigned: resigned && Number.isInteger(resigned.ply) && COLORS.includes(resigned.color) &&
        resigned.ply === line.length
        ? { color: resigned.color, ply: resigned.ply, ...(resigned.how === 'agree' ? { how: 'agree' } : {}) } : null,
      // (a match of rules the core does not know, as storage may hold, is none)
      review: null, match: match && variantStart(Game, match.variant) ? { ...match, tieBreak: g.tieBreak() } : null,
      ...ctx.position(),
    }, action);
    // the review of PGN notes comes a moment later (`reviewRead`)
    return { rejected, ...(marked ? { reviewRead: reviewNotes(ctx, marked, notes) } : {}) };
  }

  return {
    load,
    /**
     * A new game of `variant` from `startFen` (default: the variant's start) with these players;
     * `timeControl` {initial, increment} (ms) gives it clocks; `moves` may start it from a line;
     * `match`: the match it is a game of (match.js).
     */
    newGame({ variant = 'makruk', counting = 'auto', counts = [], startFen, moves = [], mode = 'engine',
      human = 'white', level = ctx.state().level, blackLevel = level, timeControl = null, turnBoard = false,
      corr = null, match = null }) {
      const m = MODES.includes(mode) ? mode : 'engine';
      return loadAs({
        variant, counting, counts, fen: startFen, moves, mode: 'keep', clock: timeControl && newClock(timeControl),
          corr, match,
        players: { mode: m, human, level, blackLevel, turnBoard, shared: false, analysing: false,
          orientation: m === 'engine' || m === 'correspondence' ? human : 'white' },
      }, { type: 'newGame' });
    },
  };
}

/** `sans`, or in Thai notation when that is the setting (the SAN where the rules module
 * writes none: a move it does not take). */
function names(ctx, fen, ucis, sans) {
  const s = ctx.state();
  if (s.settings.notation !== 'thai' || !ucis.length) return sans;
  if (!ctx.thaiLine) {
    askThaiLine(ctx);
    return sans;
  }
  let thai = [];
  try {
    thai = ctx.thaiLine(fen, s.variant, ucis.join(' '));
  } catch {
    // a position the rules module does not take: SAN
  }
  return sans.map((san, k) => thai[k] ?? san);
}

/** Loads the Thai notation once (`ctx.loadThaiLine`), then redraws what shows moves (a
 * `settings` change); a failed load leaves the SAN. */
function askThaiLine(ctx) {
  if (!ctx.loadThaiLine) return;
  const load = ctx.loadThaiLine;
  ctx.loadThaiLine = null;
  load().then((fn) => {
    ctx.thaiLine = fn;
    ctx.set({ settings: { ...ctx.state().settings } }, { type: 'settings' });
  }, (e) => console.warn('Thai notation:', errorText(e)));
}

/** What the rules module tells of lines and positions that are not the cursor's (see createStore for `ctx`). */
function rulesQueries(ctx) {
  return {
    /** The moves of a line of UCI moves from the cursor (the part that is legal), as the rules
     * module plays them: [{uci, san, facts, ...}]. */
    playedLine(pv, max = 12) {
      const out = [];
      try {
        for (const uci of pv.slice(0, max)) out.push(ctx.game.play(uci));
      } catch {
        // a stale line from an earlier position: what fits
      }
      for (let k = 0; k < out.length; k++) ctx.game.undo();
      return out;
    },
    /** The side to move after the first `ply` moves of the line, or with `fen` of another game
     * (one kept by link) from it under `variant`: the core's; null for a FEN it refuses. */
    turnAt(ply, fen, variant) {
      try {
        const g = fen ? new ctx.Game(fen, variant) : ctx.game;
        const turn = g.turnAt(ply);
        if (fen) g.free?.();
        return turn;
      } catch {
        return null;
      }
    },
    /** The move number of the move made at `ply` of the line (the core's, for every variant:
     * Kar Ouk's FEN has a checks field before the move number). */
    moveNumber: (ply) => ctx.game.moveNumber(ply),
    /** The names of `ucis` (whose SAN is `sans`) played from `fen`, in the chosen notation:
     * the SAN, or the rules module's Thai notation. */
    names: (fen, ucis, sans) => names(ctx, fen, ucis, sans),
    /** The rule set the core names `variant`, {variant, startFen} (its name and start, the
     * core's), or null when the core knows no such rules (a link's `variant=`, a host's). */
    variantStart: (variant) => variantStart(ctx.Game, variant),
    /** Whether `fen` is a position the rules of `variant` accept: null, or the reason why not. */
    checkFen(fen, variant = ctx.state().variant) {
      try {
        new ctx.Game(fen, variant).free?.();
        return null;
      } catch (e) {
        return errorText(e);
      }
    },
  };
}

/** The actions on the line and its cursor (see createStore for `ctx`). */
function lineActions(ctx) {
  const { set } = ctx;
  const moved = (patch, action) => set({ ...ctx.fresh, ...patch, ...ctx.position() }, action);

  /** The wasm game at `ply` of the line `moves` (the state's line by default) with the count
   * record `counts`, read by the core from the line's record. */
  function seek(ply, moves = ctx.state().moves, counts = ctx.state().counts) {
    const g = gameOfLine(ctx.Game, { ...recordParts(ctx.state()), moves, counts }, ply).game;
    ctx.game.free?.();
    ctx.game = g;
  }

  /** Moves the cursor within the line. */
  function goto(ply) {
    const s = ctx.state();
    const target = Math.max(0, Math.min(s.moves.length, Math.trunc(Number(ply)) || 0));
    if (target === s.ply) return;
    seek(target);
    moved({ ply: target }, { type: 'goto' });
  }

  /**
   * Goes to the line `path` (a path of the tree, continued along the main continuation) at
   * ply `ply` (default: its end). The count actions past the fork stay with the line left.
   */
  function gotoLine(path, ply = path.length, action = { type: 'goto' }) {
    const s = ctx.state();
    if (s.ended && common(s.path, path) < s.path.length) return;
    const fields = lineFields(s.tree, extend(s.tree, path));
    const cursor = Math.max(0, Math.min(fields.moves.length, ply));
    const fork = common(s.moves, fields.moves);
    if (fork === s.moves.length && fork === fields.moves.length && cursor === s.ply) return;
    const counts = fork < s.moves.length ? s.counts.filter((c) => parseInt(c, 10) <= fork) : s.counts;
    seek(cursor, fields.moves, counts);
    moved({ ...fields, ply: cursor, counts }, action);
  }

  /**
   * Plays a move (UCI or SAN) at the cursor: the line's next move is followed; any other
   * move enters the branch of that move if there is one, else starts a variation there (in a
   * game being played, against the engine or a friend by link, before any review, the new
   * line becomes the main one and ends there: branchFields). `by`: "person" or "engine".
   * Returns {move} or {error}.
   */
  function play(move, by = 'person') {
    clock.tick();
    let s = ctx.state();
    // the rules module refuses moves once the game is over; earlier in a line that ended by a
    // resignation or on time, the store does
    if (s.ended) return { error: `the game is over (${s.resigned ? 'by resignation' : 'on time'}): no more moves` };
    let res;
    try {
      res = ctx.game.play(move);
    } catch (e) {
      return { error: errorText(e) };
    }
    const premove = by === 'engine' ? s.premove : null;
    const color = ctx.game.turnAt(s.ply);
    let { resigned, counts } = s;
    let line = { tree: s.tree, path: s.path, moves: s.moves, sans: s.sans, facts: s.facts };
    if (s.moves[s.ply] !== res.uci || (playsOn(s) && s.ply + 1 < s.moves.length)) {
      line = branchFields(s, res);
      counts = ctx.game.countRecord(); // those made up to the cursor
      resigned = null;
    } else {
      seek(s.ply + 1); // the line's next move: the game there, its count actions included
    }
    /** @type {Partial<StoreState>} */
    const patch = { ...line, resigned, counts, ply: s.ply + 1, last: { ...res, color, by } };
    if (s.turnBoard && s.mode === 'two') patch.orientation = other(color);
    moved(patch, { type: 'play', by });
    s = ctx.state();
    // the premove is played at once if it is legal now, else dropped (fresh cleared it)
    if (premove && !s.outcome) playFromTo(premove.from, premove.to);
    return { move: res };
  }
  const clock = clockActions(ctx);

  /** The move from one square to another, if legal (promotion is forced: at most one). */
  function playFromTo(from, to, by = 'person') {
    const m = ctx.state().legal.find((x) => x.from === from && x.to === to);
    return m ? play(m.uci, by) : { error: `no legal move from ${from} to ${to}` };
  }

  return {
    goto, gotoLine, play, playFromTo,
    /** Changes the tree with `edit(state, Game)`, a function that returns {tree, path, ply}
     * (the line to follow, its moves in the tree, legal: tree-edit.js; the cursor, by default
     * where it was when the new line passes through it, else at the fork) or null for no
     * change. The main line's first moves stay (the count actions are theirs). */
    editTree(edit) {
      const s = ctx.state();
      const res = edit(s, ctx.Game);
      // a line ended by a resignation or on time keeps its moves (its notes may change)
      if (!res || (s.ended && mainMoves({ tree: res.tree }).join() !== mainMoves(s).join())) return;
      const fields = lineFields(res.tree, extend(res.tree, res.path));
      const cursor = Math.min(res.ply ?? s.ply, res.ply === undefined ?
        common(s.moves.slice(0, s.ply), fields.moves) : fields.moves.length);
      const counts = s.counts.filter((c) => parseInt(c, 10) <= common(s.moves, fields.moves));
      seek(cursor, fields.moves, counts);
      moved({ ...fields, ply: cursor, counts }, { type: 'tree' });
    },
    /** Back one move; against the engine, back to the person's last turn. Not in a line that
     * ended by a resignation or on time (the cursor still moves through it: goto). */
    undo() {
      const s = ctx.state();
      if (s.ended) return;
      let target = s.ply - 1;
      if (!corrMayGoBack(s, target)) return; // only the unsent move
      if (s.mode === 'engine') {
        while (target > 0 && ctx.game.turnAt(target) !== s.human) target--;
        if (target < 0 || ctx.game.turnAt(target) !== s.human) return;
      }
      goto(Math.max(0, target));
    },
    /** Forward one move; against the engine, forward to the person's next turn. */
    redo() {
      const s = ctx.state();
      let target = s.ply + 1;
      if (s.mode === 'engine') while (target < s.moves.length && ctx.game.turnAt(target) !== s.human) target++;
      goto(Math.min(s.moves.length, target));
    },
    ...handOverActions(ctx),
    /** The person's premove while the engine thinks; (null) cancels it. */
    setPremove(from, to) {
      const s = ctx.state();
      if (!from) {
        if (s.premove) set({ premove: null }, { type: 'premove' });
        return {};
      }
      if (!premoveAllowed(s)) return { error: 'a premove is made while the engine thinks' };
      set({ premove: { from, to } }, { type: 'premove' });
      return {};
    },
  };
}

/** A shared position continued as the person's own game, lineActions' part. */
function handOverActions(ctx) {
  const { set } = ctx;
  const moved = (patch, action) => set({ ...ctx.fresh, ...patch, ...ctx.position() }, action);
  return {
    /** Continues a shared position as the person's own game: "engine" (the person takes the
     * side to move; moves ahead of the cursor are dropped) or "two". */
    continueAs(mode) {
      const s = ctx.state();
      if (mode !== 'engine') return set({ shared: false, mode: 'two', analysing: false, lines: [] },
        { type: 'continue', mode: 'two' });
      const human = s.status.turn;
      moved({ ...cutFields(s), shared: false, mode, human, orientation: human, analysing: false },
        { type: 'continue', mode });
    },
  };
}

/** Whether `s` is a game being played (against the engine or a friend by link, before any
 * review): a move played in it ends the line (branchFields), never walks into an old one. */
function playsOn(s) {
  return (s.mode === 'engine' || s.mode === 'correspondence') && !s.review;
}

/** The line fields after move `res` ({uci, san, facts}) played at the cursor of `s`: a new variation
 * or an existing branch, promoted to the main line and its end in a game being played. */
function branchFields(s, res) {
  const prefix = s.path.slice(0, s.ply);
  let { tree, index } = addMove(s.tree, prefix, res);
  const playing = playsOn(s) && prefix.every((i) => i === 0);
  if (playing && index > 0) {
    tree = editNode(tree, prefix, (n) => ({ ...n,
      children: [n.children[index], ...n.children.filter((_, k) => k !== index)] }));
    index = 0;
  }
  if (playsOn(s)) tree = editNode(tree, [...prefix, index], (n) => ({ ...n, children: [] }));
  return lineFields(tree, extend(tree, [...prefix, index]));
}

/** Players of untrusted origin (storage, links) made valid. */
function checkedPlayers(p) {
  return {
    mode: MODES.includes(p.mode) ? p.mode : 'engine',
    human: p.human === 'black' ? 'black' : 'white',
    level: clampLevel(p.level),
    blackLevel: clampLevel(p.blackLevel ?? p.level),
    orientation: p.orientation === 'black' ? 'black' : 'white',
    analysing: !!p.analysing,
    shared: !!p.shared,
    turnBoard: !!p.turnBoard,
  };
}

/** The players, the display settings, and what the engine driver reports (see createStore for `ctx`). */
function playerActions({ state, set }) {
  return {
    /** Sets players: {mode, human, level, blackLevel, orientation, analysing, shared} (any of them). */
    setPlayers: (p) => set(checkedPlayers({ ...state(), ...p }), { type: 'players' }),
    flip: () => set({ orientation: other(state().orientation) }, { type: 'flip' }),
    setAnalysing: (on) => set({ analysing: !!on, lines: [] }, { type: 'analysing' }),
    setMultipv: (n) => set({ multipv: Math.min(8, Math.max(1, Math.trunc(Number(n)) || 1)), lines: [] },
      { type: 'multipv' }),
    setSettings: (patch) => set({ settings: { ...state().settings, ...patch } }, { type: 'settings' }),
    setEngine: (engine) => set({ engine }, { type: 'engine' }),
    setThinking: (thinking) => { if (thinking !== state().thinking) set({ thinking }, { type: 'thinking' }); },
    setLines: (lines) => set({ lines }, { type: 'lines' }),
    setHint: (hint) => set({ hint }, { type: 'hint' }),
    setUpdate: () => set({ update: true }, { type: 'update' }),
    /** The match of the game (match.js), changed without a new game: a tied match drawn. */
    setMatch: (match) => set({ match }, { type: 'match' }),
  };
}
