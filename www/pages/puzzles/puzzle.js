// Puzzles: the lines of the puzzle file, the player's rating, and a puzzle being solved on the
// game store (www/common/game/store.js), whose rules module judges every move. No DOM, no storage:
// the puzzle page (www/pages/puzzles/main.js) and the embed (www/pages/embed/main.js) use it.
//
// The file (www/pages/puzzles/puzzles.txt, made by makruk-puzzles: docs/puzzles.md) has one puzzle a
// line: `id;FEN;solution (UCI, the solver's moves and the replies in turn);rating;themes`.

export const THEMES = ['mate1', 'mate2', 'mate3+', 'material', 'promotion', 'counting', 'fork', 'pin'];
export const START_RATING = 1500;
const ID = /^[0-9a-z]{1,12}$/;
const UCI = /^[a-h][1-8][a-h][1-8]m?$/;

/** The puzzles of the file's text, [{id, fen, moves, rating, themes}]; a bad line is left out. */
export function parsePuzzles(text) {
  const out = [];
  for (const line of String(text).split('\n')) {
    const [id, fen, solution, rating, themes, extra] = line.trim().split(';');
    if (extra !== undefined || !ID.test(id || '') || !fen) continue;
    const moves = String(solution).split(' ').filter(Boolean);
    if (moves.length % 2 !== 1 || !moves.every((m) => UCI.test(m))) continue;
    out.push({ id, fen, moves, rating: Number(rating) || START_RATING,
      themes: String(themes).split(',').filter((t) => THEMES.includes(t)) });
  }
  return out;
}

/** A puzzle given by a FEN and its solution (the embed's `#fen=...&solution=...`). */
export function customPuzzle(fen, solution) {
  return { id: null, fen, moves: String(solution).trim().split(/[\s,]+/).filter(Boolean), rating: null, themes: [] };
}

/**
 * The player's rating after a puzzle of `puzzleRating`, solved (`won`) or not: Elo, with a
 * larger step while the player has few puzzles (`played` before this one), so that the
 * rating finds its level quickly.
 */
export function rate(rating, puzzleRating, won, played) {
  const k = played < 10 ? 64 : played < 30 ? 40 : 20;
  const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
  return Math.round(rating + k * ((won ? 1 : 0) - expected));
}

/**
 * The next puzzle for a player: among `puzzles` of `theme` (null: all) not in `done` (a Set of
 * ids; when every one is done, among all of them), one of the `spread` nearest to `rating`,
 * chosen by `random()` in [0, 1). Null when no puzzle has the theme.
 */
export function pickPuzzle(puzzles, { theme = null, rating = START_RATING, done = new Set(), not = null,
  random = Math.random, spread = 12 } = {}) {
  const themed = puzzles.filter((p) => (!theme || p.themes.includes(theme)) && p.id !== not);
  if (!themed.length) return null;
  const fresh = themed.filter((p) => !done.has(p.id));
  const pool = (fresh.length ? fresh : themed).slice()
    .sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating));
  return pool[Math.floor(random() * Math.min(spread, pool.length))];
}

/**
 * A puzzle on `store`: `load()` sets its position with the solution as the line ahead of the
 * cursor (the person plays the side to move, the store refuses the other side's moves), and
 * returns {error} when the FEN or a move of the solution is not legal ({rejected: {n, move,
 * error}} then says which), or the solution does not end with the solver's move ({length}).
 * Then:
 * - `attempt(from, to)`: the person's move: {result: "right" (the reply is due: `reply()`),
 *   "solved", "wrong" (the move stays on the board until `retry()`), or "none" (not the
 *   person's turn, or not a legal move)}; a move that mates is always right;
 * - `reply()`: plays the opponent's reply of the solution;
 * - `retry()`: takes the wrong move back;
 * - `hint()`: the square of the piece to move; `step()`: plays the solution's next move
 *   (showing the solution), true while there is more;
 * - `progress()`: {solved, wrong, mistakes, hints, shown}.
 */
export function createSolver(store, puzzle) {
  const solver = store.turnAt(0, puzzle.fen, 'makruk') ?? 'white'; // the core's
  const counts = { mistakes: 0, hints: 0, shown: false };
  let solved = false;
  let wrongAt = null; // the ply before the wrong move on the board

  function load(ply = 0) {
    if (puzzle.moves.length % 2 !== 1) return { error: 'the solution is not an odd number of moves', length: true };
    const res = store.load({
      fen: puzzle.fen, moves: puzzle.moves, ply, mode: 'keep',
      players: { mode: 'engine', human: solver, orientation: solver, analysing: false, shared: false },
    });
    if (res.error) return { error: res.error };
    if (res.rejected) return { error: res.rejected.error, rejected: res.rejected };
    const fits = store.getState().moves.length === puzzle.moves.length;
    if (!fits) return { error: 'the solution does not fit the position' };
    wrongAt = null;
    return {};
  }

  const line = () => store.getState().moves;
  const mine = () => { const s = store.getState(); return s.status.turn === solver && wrongAt === null && !solved; };

  function attempt(from, to) {
    const s = store.getState();
    const m = mine() && s.legal.find((x) => x.from === from && x.to === to);
    if (!m) return { result: 'none' };
    const expected = puzzle.moves[s.ply];
    const res = store.play(m.uci);
    if (res.error) return { result: 'none' };
    const after = store.getState();
    if (m.uci === expected || after.status.reason === 'checkmate') {
      solved = m.uci !== expected || after.ply >= puzzle.moves.length;
      return { result: solved ? 'solved' : 'right', uci: m.uci };
    }
    wrongAt = s.ply;
    counts.mistakes += 1;
    return { result: 'wrong', uci: m.uci };
  }

  function reply() {
    const s = store.getState();
    if (solved || wrongAt !== null || s.status.turn === solver || s.ply >= puzzle.moves.length) return null;
    return store.play(puzzle.moves[s.ply], 'engine').move?.uci ?? null;
  }

  function retry() {
    if (wrongAt !== null) load(wrongAt);
  }

  function hint() {
    if (!mine()) return null;
    counts.hints += 1;
    return puzzle.moves[store.getState().ply].slice(0, 2);
  }

  function step() {
    if (solved) return false;
    counts.shown = true;
    retry();
    const s = store.getState();
    if (s.ply >= puzzle.moves.length) return false;
    if (line()[s.ply] === puzzle.moves[s.ply]) store.goto(s.ply + 1);
    else store.play(puzzle.moves[s.ply], 'engine');
    return store.getState().ply < puzzle.moves.length;
  }

  function progress() {
    return { solved, wrong: wrongAt !== null, ...counts };
  }

  return { puzzle, solver, load, attempt, reply, retry, hint, step, progress };
}
