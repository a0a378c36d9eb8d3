// The page's one store: the state of a game page or an embedded board, and the actions that
// change it. No DOM, no engine, no storage: the view, persistence and the engine driver are
// subscribers, which read the state and call actions back (chessground's shape).
//
// The line of moves and its cursor have one owner: this store (`variant`, `startFen`, `moves`,
// `sans`, `ply`). The rules module's `Game` (wasm) is only the calculator of the position at the
// cursor, kept private here; every question about legality and status goes to it.
//
// Subscribers are called with (state, action, previous state) after each action, in order:
// an action dispatched by a subscriber is delivered after the current one has reached every
// subscriber. State objects are never changed in place: compare fields to see what changed.

import { START_FEN } from '../fen.js';
import { SQUARES, destinations, moveSquares, checkedKhun } from './board-view.js';
import { advance, newClock, checkedClock, timeLeft } from './clock.js';
import { whiteEval, winChance, summarize, markOfNag } from './review.js';

export const DEFAULT_LEVEL = 4;
export const MODES = ['engine', 'two', 'watch', 'correspondence'];
const COLORS = ['white', 'black'];

const other = (color) => (color === 'white' ? 'black' : 'white');
const clampLevel = (level) => Math.min(8, Math.max(1, Math.round(Number(level)) || DEFAULT_LEVEL));

/** The message of a thrown value (an Error from the wasm module, or anything else). */
const errorText = (e) => String((e && e.message) || e);

export const COUNTINGS = ['auto', 'request'];

/** The count actions of a record made at `ply` ("<ply>s" starts a count, "<ply>x" stops it). */
const countsAt = (counts, ply) => counts.filter((a) => parseInt(a, 10) === ply);

/** The count actions of a record made at or before `ply`. */
const countsUpTo = (counts, ply) => counts.filter((a) => parseInt(a, 10) <= ply);

/** Makes one count action in the wasm game (throws its error when refused). */
const act = (g, a) => (a.endsWith('s') ? g.startCount() : g.stopCount());

/** Makes the count actions of `counts` at `ply` in the wasm game. */
export const applyCounts = (g, counts, ply) => countsAt(counts, ply).forEach((a) => act(g, a));

/** Whether the engine plays `color` in `state`. */
export function engineSide(state, color) {
  return state.mode === 'watch' || (state.mode === 'engine' && color !== state.human);
}

/** Side to move after `ply` moves from the start FEN. */
export function colorAt(startFen, ply) {
  const first = String(startFen).split(' ')[1] === 'b' ? 'black' : 'white';
  return ply % 2 === 0 ? first : other(first);
}

/**
 * Whether a person may move now: the side to move is a person's (not the engine's, not the
 * friend's far away), and in a game by link only at the position the friend sent (one move).
 */
export function personMoves(s) {
  if (s.outcome) return false;
  if (s.mode === 'correspondence') return s.status.turn === s.human && !!s.corr && s.ply === s.corr.base;
  return !engineSide(s, s.status.turn);
}

/** Whether the person may choose a premove: against the engine, while it is to move at the
 * end of the line. */
export function premoveAllowed(s) {
  return s.mode === 'engine' && !s.outcome && s.ply === s.moves.length && s.status.turn !== s.human;
}

/** What the board component shows of a state: pieces, legal destinations of the side a
 * person moves, the last move, the Khun in check, the orientation, and the premove. While
 * the engine thinks every square is offered to the person's pieces: the move is judged
 * when it is played. */
export function boardView(s) {
  const dests = destinations(personMoves(s) ? s.legal : []);
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

/** The result at the cursor by the rules or a resignation: {result, reason} or null. */
function outcomeOf(s) {
  if (s.status.result && s.status.result !== '*') return { result: s.status.result, reason: s.status.reason };
  if (s.resigned && s.ply === s.resigned.ply) return { result: s.resigned.color === 'white' ? '0-1' : '1-0', reason: 'resign' };
  return null;
}

/** A loss on time at the cursor; a draw when the other side could not mate any more. */
function timeOutcome(s) {
  const f = s.clock && s.clock.flagged;
  if (!f || f.ply !== s.ply) return null;
  const winner = other(f.color);
  if (s.status.canMate && s.status.canMate[winner] === false) return { result: '1/2-1/2', reason: 'timeNoMate' };
  return { result: winner === 'white' ? '1-0' : '0-1', reason: 'time' };
}

/**
 * Creates a store over the rules module's `Game` class. `settings` are the page's display
 * settings ({theme, coords}), kept here so that every part reads them from one place.
 */
export function createStore(Game, { settings = {}, now = () => Date.now() } = {}) {
  let game = new Game(); // the position at the cursor
  const subscribers = new Set();
  const queue = [];
  let delivering = false;

  let state = {
    // the line and its cursor
    variant: 'makruk', // the rules: makruk | cambodian (Ouk Chatrang); the core's names
    startFen: START_FEN,
    moves: [], // UCI, the whole line (moves ahead of the cursor can be redone)
    sans: [],
    ply: 0,
    counting: 'auto', // auto | request: counts start by themselves, or when a side asks
    counts: [], // the count actions of the whole line: "<ply>s" (start), "<ply>x" (stop)
    resigned: null, // {color, ply}
    epoch: 0, // counts loads and new games: a fresh start even in an equal position
    // the position at the cursor, from the rules module
    fen: START_FEN,
    pieces: [],
    status: null, // {turn, check, result, reason, count}
    legal: [], // [{uci, san, from, to, promotion}]
    outcome: null, // {result, reason}, resignation and time included
    clock: null, // see clock.js; null: no clock
    last: null, // the move that brought the cursor here by play(): {uci, san, color, by}
    // the players and the page
    mode: 'engine', // engine | two | watch
    human: 'white', // the person's side against the engine
    level: DEFAULT_LEVEL,
    orientation: 'white',
    analysing: false,
    multipv: 3,
    shared: false, // a position opened from a link, not (yet) the person's own game
    turnBoard: false, // two people on one device: the board turns to the side to move
    corr: null, // a game with a friend by link: {id, base: the moves the friend has seen}
    // the engine, as the driver reports it
    engine: 'loading', // loading | ready | missing
    thinking: false,
    lines: [], // analysis: the engine's info messages, best first
    hint: null, // {from, to, san}
    update: false, // a new version of the site is installed and waits for a reload
    premove: null, // {from, to}: the person's move chosen while the engine thinks
    // the review of the line (see review.js), dropped when the line changes:
    // {startFen, line (the moves joined), total (positions), running, chances (White's win
    // chance of each position reviewed), best ([uci, ...] the engine's line at each),
    // marks (null while running; one a move: null or {nag, better (SAN), line (SAN), from, to}),
    // accuracy ({white, black} in %, null when read from PGN)}
    review: null,
    settings: { theme: 'wood', coords: 'latin', pieceSet: 'traditional', sound: true, ...settings },
  };

  function position() {
    return { fen: game.fen(), pieces: game.board(), status: game.status(), legal: game.legalMoves(), countActions: game.countActions() };
  }

  function set(patch, action) {
    const prev = state;
    const next = { ...state, ...patch };
    next.outcome = outcomeOf(next);
    next.clock = advance(prev, next, action, now());
    next.outcome ||= timeOutcome(next);
    if (next.premove && !premoveAllowed(next)) next.premove = null;
    const r = next.review;
    if (r && (next.moves !== prev.moves || next.startFen !== prev.startFen) && (r.startFen !== next.startFen || r.line !== next.moves.join(' '))) next.review = null;
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

  /** Moves the wasm game along the line from the cursor to `ply`. */
  function seek(ply) {
    for (let at = state.ply; at > ply; at--) game.undo();
    for (let at = state.ply; at < ply; at++) {
      game.play(state.moves[at]);
      applyCounts(game, state.counts, at + 1);
    }
  }

  /** Leaves the position, the engine's advice and the premove of the old cursor behind. */
  const fresh = { last: null, hint: null, lines: [], premove: null };

  // ---------------------------------------------------------------- the line

  /**
   * Loads a line: the rules variant (default "makruk"), a FEN (default: the variant's start),
   * moves (UCI or SAN) and the cursor. A bad FEN or variant returns {error} and
   * changes nothing; a refused move returns {rejected: {n, move, error}} and keeps the moves
   * before it. `mode`: "shared" (a position to look at: analysis, nothing moves by itself),
   * "analyse", "two", "engine" (the person plays the side to move), or "keep" (the players
   * stay; `players` may set them).
   */
  function load(line) {
    return loadAs(line, { type: 'load', mode: line.mode || 'shared' });
  }

  function loadAs({ variant = 'makruk', counting = 'auto', counts = [], fen, moves = [], ply = NaN, orientation, mode = 'shared', players = {}, resigned = null, clock = null, corr = null, notes = null }, action) {
    let g;
    try {
      g = new Game(fen || undefined, variant, COUNTINGS.includes(counting) ? counting : 'auto');
    } catch (e) {
      return { error: errorText(e) };
    }
    const line = [];
    const sans = [];
    const record = [];
    let rejected = null;
    const wanted = (Array.isArray(counts) ? counts : []).map(String).filter((a) => /^\d{1,4}[sx]$/.test(a));
    for (let k = 0; k <= moves.length; k++) {
      for (const a of countsAt(wanted, k)) {
        try {
          act(g, a);
          record.push(a);
        } catch (e) {
          rejected = { n: k + 1, move: a.endsWith('s') ? 'count start' : 'count stop', error: errorText(e) };
          break;
        }
      }
      if (rejected || k === moves.length) break;
      try {
        const res = g.play(moves[k]);
        line.push(res.uci);
        sans.push(res.san);
      } catch (e) {
        rejected = { n: k + 1, move: String(moves[k]), error: errorText(e) };
        break;
      }
    }
    const startFen = g.startFen();
    const review = notes ? reviewOfNotes(g, notes) : null;
    const cursor = Math.min(Math.max(0, Number.isFinite(ply) ? ply : line.length), line.length);
    for (let k = line.length; k > cursor; k--) g.undo();
    game.free?.();
    game = g;
    const p = { ...players };
    if (mode !== 'keep') {
      p.shared = mode === 'shared';
      p.analysing = mode === 'shared' || mode === 'analyse';
      p.mode = mode === 'engine' ? 'engine' : 'two';
      if (mode === 'engine') p.human = colorAt(startFen, cursor);
    }
    const next = checkedPlayers({ ...state, ...p });
    if (mode === 'engine') next.orientation = next.human;
    else if (orientation) next.orientation = orientation === 'black' ? 'black' : 'white';
    const patch = {
      ...fresh, ...next, variant: g.variant(), counting: g.counting(), counts: record, startFen, moves: line, sans, ply: cursor, epoch: state.epoch + 1, thinking: false,
      clock: startClock(clock),
      corr: next.mode === 'correspondence' ? checkedCorr(corr, line.length) : null,
      resigned: resigned && Number.isInteger(resigned.ply) && COLORS.includes(resigned.color) && resigned.ply === line.length ? resigned : null,
      review,
    };
    set({ ...patch, ...position() }, action);
    return { rejected };
  }

  /**
   * A new game of `variant` from `startFen` (default: the variant's start) with these players;
   * `timeControl` {initial, increment} (ms) gives it clocks; `moves` may start it from a line.
   */
  function newGame({ variant = 'makruk', counting = 'auto', counts = [], startFen, moves = [], mode = 'engine', human = 'white', level = state.level, timeControl = null, turnBoard = false, corr = null }) {
    const m = MODES.includes(mode) ? mode : 'engine';
    return loadAs({
      variant, counting, counts, fen: startFen, moves, mode: 'keep', clock: timeControl && newClock(timeControl), corr,
      players: { mode: m, human, level, turnBoard, shared: false, analysing: false, orientation: m === 'engine' ? human : 'white' },
    }, { type: 'newGame' });
  }

  /** A clock given to load: a new one, or one read back from storage with its time run on. */
  function startClock(clock) {
    const c = checkedClock(clock);
    if (c && c.running) c[c.running] = timeLeft(c, c.running, now());
    return c;
  }

  /** A game by link: {id, base (the moves the friend has seen)}, checked. */
  function checkedCorr(c, length) {
    const id = c && typeof c.id === 'string' && /^[A-Za-z0-9-]{1,24}$/.test(c.id) ? c.id : null;
    if (!id) return null;
    const base = Number.isInteger(c.base) ? Math.max(0, Math.min(c.base, length)) : length;
    return { id, base };
  }

  /** The link of a game by link was sent: the friend has seen the moves up to the cursor. */
  function sent() {
    if (state.mode !== 'correspondence' || !state.corr) return;
    const patch = { corr: { ...state.corr, base: state.ply }, moves: state.moves.slice(0, state.ply), sans: state.sans.slice(0, state.ply) };
    set(patch, { type: 'sent' });
  }

  /** Looks at the running clock: a side out of time loses (or draws) now. */
  function tick() {
    const c = state.clock;
    if (c && c.running && timeLeft(c, c.running, now()) <= 0) set({}, { type: 'tick' });
  }

  /** Stops or restarts both clocks (two people on one device). */
  function pauseClock(paused) {
    if (state.clock) set({ clock: { ...state.clock, paused: !!paused } }, { type: 'pause' });
  }

  /** Moves the cursor within the line. */
  function goto(ply) {
    const target = Math.max(0, Math.min(state.moves.length, Math.trunc(Number(ply)) || 0));
    if (target === state.ply) return;
    seek(target);
    const patch = { ...fresh, ply: target };
    set({ ...patch, ...position() }, { type: 'goto' });
  }

  /**
   * Plays a move (UCI or SAN) at the cursor: the line's next move is followed, any other
   * move cuts the line there. `by`: "person" or "engine". Returns {move} or {error}.
   */
  function play(move, by = 'person') {
    tick();
    if (state.outcome && state.outcome.reason === 'time') return { error: 'the time is up' };
    // the rules module refuses moves after its own results; a resignation is the store's
    if (state.outcome && state.outcome.reason === 'resign') return { error: `the game is over (${state.outcome.result} by resignation): no more moves` };
    let res;
    try {
      res = game.play(move);
    } catch (e) {
      return { error: errorText(e) };
    }
    const premove = by === 'engine' ? state.premove : null;
    const color = colorAt(state.startFen, state.ply);
    let { moves, sans, resigned, counts } = state;
    if (moves[state.ply] !== res.uci) {
      moves = [...moves.slice(0, state.ply), res.uci];
      sans = [...sans.slice(0, state.ply), res.san];
      counts = countsUpTo(counts, state.ply);
      resigned = null;
    } else {
      applyCounts(game, counts, state.ply + 1);
    }
    const patch = { ...fresh, moves, sans, resigned, counts, ply: state.ply + 1, last: { ...res, color, by } };
    if (state.turnBoard && state.mode === 'two') patch.orientation = other(color);
    set({ ...patch, ...position() }, { type: 'play', by });
    // the premove is played at once if it is legal now, else dropped (fresh cleared it)
    if (premove && !state.outcome) playFromTo(premove.from, premove.to);
    return { move: res };
  }

  /**
   * Counting on request: the side to move starts a count ("start") or the counting side stops
   * its own ("stop"), at the cursor; the line ahead of it is dropped. Returns {} or {error}
   * (nothing changes).
   */
  function count(kind) {
    if (state.outcome) return { error: 'the game is over: no count may start or stop' };
    try {
      if (kind === 'start') game.startCount();
      else if (kind === 'stop') game.stopCount();
      else return { error: `unknown count action "${String(kind).slice(0, 20)}" (start or stop)` };
    } catch (e) {
      return { error: errorText(e) };
    }
    const counts = [...countsUpTo(state.counts, state.ply), `${state.ply}${kind === 'start' ? 's' : 'x'}`];
    const patch = { ...fresh, counts, moves: state.moves.slice(0, state.ply), sans: state.sans.slice(0, state.ply) };
    set({ ...patch, ...position() }, { type: 'count', kind });
    return {};
  }

  /** The person's premove while the engine thinks; (null) cancels it. */
  function setPremove(from, to) {
    if (!from) {
      if (state.premove) set({ premove: null }, { type: 'premove' });
      return {};
    }
    if (!premoveAllowed(state)) return { error: 'a premove is made while the engine thinks' };
    set({ premove: { from, to } }, { type: 'premove' });
    return {};
  }

  /** The move from one square to another, if legal (promotion is forced: at most one). */
  function playFromTo(from, to, by = 'person') {
    const m = state.legal.find((x) => x.from === from && x.to === to);
    return m ? play(m.uci, by) : { error: `no legal move from ${from} to ${to}` };
  }

  /** Back one move; against the engine, back to the person's last turn. */
  function undo() {
    let target = state.ply - 1;
    if (state.mode === 'correspondence' && state.corr && target < state.corr.base) return; // only the unsent move
    if (state.mode === 'engine') {
      while (target > 0 && colorAt(state.startFen, target) !== state.human) target--;
      if (target < 0 || colorAt(state.startFen, target) !== state.human) return;
    }
    goto(Math.max(0, target));
  }

  /** Forward one move; against the engine, forward to the person's next turn. */
  function redo() {
    let target = state.ply + 1;
    if (state.mode === 'engine') {
      while (target < state.moves.length && colorAt(state.startFen, target) !== state.human) target++;
    }
    goto(Math.min(state.moves.length, target));
  }

  /** The person resigns (against the engine) or the side to move does (two people). */
  function resign() {
    if (state.outcome || state.mode === 'watch' || state.mode === 'correspondence') return;
    const color = state.mode === 'engine' ? state.human : state.status.turn;
    const patch = { ...fresh, moves: state.moves.slice(0, state.ply), sans: state.sans.slice(0, state.ply), resigned: { color, ply: state.ply } };
    set({ ...patch, ...position() }, { type: 'resign' });
  }

  /** Continues a shared position as the person's own game: "engine" (the person takes the
   * side to move; moves ahead of the cursor are dropped) or "two". */
  function continueAs(mode) {
    if (mode === 'engine') {
      const human = state.status.turn;
      const patch = {
        ...fresh, shared: false, mode, human, orientation: human, analysing: false,
        moves: state.moves.slice(0, state.ply), sans: state.sans.slice(0, state.ply),
      };
      set({ ...patch, ...position() }, { type: 'continue', mode });
    } else {
      set({ shared: false, mode: 'two', analysing: false, lines: [] }, { type: 'continue', mode: 'two' });
    }
  }

  // ---------------------------------------------------------------- the review

  /** A review of `moves` from `startFen` under `variant`: running, or done with its `marks`. */
  const newReview = (startFen, moves, variant, marks = null) => ({
    startFen, variant, line: moves.join(' '), total: moves.length + 1, running: !marks, chances: [], best: [], marks, accuracy: null,
  });

  /** A mark: its NAG and the better move's line (sansFrom). */
  const mark = (nag, better) => ({ nag, better: better.san[0] || null, line: better.san, from: better.from, to: better.to });

  /** Starts reviewing the line (the review driver searches each position). */
  function reviewStart() {
    if (state.review?.running || !state.moves.length) return;
    set({ review: newReview(state.startFen, state.moves, state.variant) }, { type: 'reviewStart' });
  }

  /** The engine's answer at the next position: its score (side to move's) and line (UCI). */
  function reviewProgress(score, pv = []) {
    const r = state.review;
    if (!r?.running || r.chances.length >= r.total) return;
    const turn = colorAt(r.startFen, r.chances.length);
    const review = { ...r, chances: [...r.chances, winChance(whiteEval(score, turn), turn)], best: [...r.best, pv] };
    set({ review }, { type: 'reviewProgress' });
  }

  /** Every position has its evaluation: the marks, better moves and accuracy. */
  function reviewDone() {
    const r = state.review;
    if (!r?.running || r.chances.length < r.total) return;
    const moves = r.line.split(' ');
    const g = new Game(r.startFen, r.variant);
    const chances = [...r.chances];
    const movers = moves.map((_, k) => colorAt(r.startFen, k));
    const lines = moves.map((m, k) => {
      const line = sansFrom(g, r.best[k]);
      g.play(m);
      return line;
    });
    // the end of a finished game is known by the rules, not guessed by the search
    const result = g.status().result;
    if (result && result !== '*') chances[moves.length] = result === '1-0' ? 1 : result === '0-1' ? -1 : 0;
    g.free?.();
    const { nags, accuracy } = summarize(chances, movers);
    const marks = nags.map((nag, k) => (nag ? mark(nag, lines[k]) : null));
    set({ review: { ...r, chances, running: false, marks, accuracy } }, { type: 'reviewDone' });
  }

  /** Stops a running review; what it had found is dropped. */
  function reviewCancel() {
    if (state.review?.running) set({ review: null }, { type: 'reviewCancel' });
  }

  /** A line of moves (UCI or SAN) from `g`'s position, g left as it was: {san, from, to
   * (the first move's squares, or null)}. */
  function sansFrom(g, pv = []) {
    const san = [];
    const first = [];
    try {
      for (const move of pv.slice(0, 8)) {
        const res = g.play(move);
        if (!first.length) first.push(res.from, res.to);
        san.push(res.san);
      }
    } catch {
      // what fits
    }
    for (let k = 0; k < san.length; k++) g.undo();
    return { san, from: first[0] || null, to: first[1] || null };
  }

  /** The marks read back from PGN notes ([nag, comment] a move) against `g` (at the end of its line). */
  function reviewOfNotes(g, notes) {
    const moves = g.moves();
    for (let k = moves.length; k > 0; k--) g.undo();
    const marks = moves.map((m, k) => {
      const [nag, comment] = notes[k] || [];
      const better = /^Better: (\S+)/.exec(comment || '');
      const line = sansFrom(g, better ? [better[1]] : []);
      g.play(m);
      return markOfNag(nag) ? mark(nag, line) : null;
    });
    return marks.some(Boolean) ? newReview(g.startFen(), moves, g.variant(), marks) : null;
  }

  /** At a marked move of the review: plays on against the engine from the position before
   * it, the person taking the side that made the mistake. */
  function retry() {
    const k = state.ply - 1;
    if (!state.review?.marks?.[k]) return;
    const { variant, counting, startFen: fen } = state;
    load({ variant, counting, counts: countsUpTo(state.counts, k), fen, moves: state.moves.slice(0, k), mode: 'engine' });
  }

  // ---------------------------------------------------------------- players and display

  /** Players of untrusted origin (storage, links) made valid. */
  function checkedPlayers(p) {
    return {
      mode: MODES.includes(p.mode) ? p.mode : 'engine',
      human: p.human === 'black' ? 'black' : 'white',
      level: clampLevel(p.level),
      orientation: p.orientation === 'black' ? 'black' : 'white',
      analysing: !!p.analysing,
      shared: !!p.shared,
      turnBoard: !!p.turnBoard,
    };
  }

  /** Sets players: {mode, human, level, orientation, analysing, shared} (any of them). */
  function setPlayers(p) {
    set(checkedPlayers({ ...state, ...p }), { type: 'players' });
  }

  function flip() {
    set({ orientation: other(state.orientation) }, { type: 'flip' });
  }

  function setAnalysing(on) {
    set({ analysing: !!on, lines: [] }, { type: 'analysing' });
  }

  function setMultipv(n) {
    set({ multipv: Math.min(8, Math.max(1, Math.trunc(Number(n)) || 1)), lines: [] }, { type: 'multipv' });
  }

  function setSettings(patch) {
    set({ settings: { ...state.settings, ...patch } }, { type: 'settings' });
  }

  // ---------------------------------------------------------------- what the engine driver reports

  const setEngine = (engine) => set({ engine }, { type: 'engine' });
  const setThinking = (thinking) => { if (thinking !== state.thinking) set({ thinking }, { type: 'thinking' }); };
  const setLines = (lines) => set({ lines }, { type: 'lines' });
  const setHint = (hint) => set({ hint }, { type: 'hint' });
  const setUpdate = () => set({ update: true }, { type: 'update' });

  /** SAN of a line of UCI moves from the cursor (the part that is legal). */
  function sanLine(pv, max = 12) {
    const out = [];
    try {
      for (const uci of pv.slice(0, max)) out.push(game.play(uci).san);
    } catch {
      // a stale line from an earlier position: what fits
    }
    for (let k = 0; k < out.length; k++) game.undo();
    return out;
  }

  /** Whether `fen` is a position the rules of `variant` accept: null, or the reason why not. */
  function checkFen(fen, variant = state.variant) {
    try {
      new Game(fen, variant).free?.();
      return null;
    } catch (e) {
      return errorText(e);
    }
  }

  state = { ...state, ...position() };
  state = Object.freeze({ ...state, outcome: outcomeOf(state) });
  return {
    getState: () => state,
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    load, newGame, tick, pauseClock, sent, goto, play, playFromTo, count, setPremove, undo, redo, resign, continueAs,
    setPlayers, flip, setAnalysing, setMultipv, setSettings,
    reviewStart, reviewProgress, reviewDone, reviewCancel, retry,
    setEngine, setThinking, setLines, setHint, setUpdate,
    sanLine, checkFen,
  };
}
