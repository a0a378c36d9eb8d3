// One lesson exercise over the rules module's `Game` (wasm, the full module: it has
// `whyIllegal`): the person's move is judged here, and only here, for the page, the embedded
// lesson and the test that proves every exercise solvable within its par. No DOM.
//
// An exercise (www/pages/learn/exercises.js): {fen, variant?, goal, par, win, targets?, safe?, way?,
// solution}. `win` says what solves it:
//   targets   every target square visited (the other side passes: its pieces stand still)
//   mate      a move that mates          stalemate  a move that stalemates
//   escape    a move out of check (`way`: "khun", "capture" or "block", the way asked for)
//   draw      a move after which neither side can mate (the game is drawn at once)
//   count     a move after which a count runs (`count`: "board" or "pieces", its honour)
// `safe`: a move that leaves the moved piece where the other side can take it is wrong.
// A move that is not legal is refused with the rules module's reason; a legal move that does
// not serve the goal is refused with the lesson's own reason; neither is played.

// the game page's piece keys (www/common/i18n) of the FEN letters
const PIECES = { k: 'khun', m: 'met', s: 'khon', n: 'ma', r: 'ruea', p: 'bia' };

/** Stars for solving in `moves` moves with a par of `par`: 3 at par, 2 a little above, else 1. */
export function starsFor(moves, par) {
  return moves <= par ? 3 : moves <= par + 2 ? 2 : 1;
}

/** The side to move in `fen` (the core's), White when the core refuses it. */
function turnOf(Game, fen, variant) {
  try {
    const g = new Game(fen, variant);
    const turn = g.turnAt(0);
    g.free();
    return turn;
  } catch {
    return 'white';
  }
}

/**
 * The exercise `ex` on the rules module's `Game` class: {state(), attempt(from, to),
 * reset()}. `attempt` answers {result: "illegal", why: {reason, piece}} | {result: "wrong",
 * why: {reason, square?, piece?}} | {result: "moved", move} | {result: "done", move, stars}.
 */
export function createExercise(Game, ex) {
  const variant = ex.variant || 'makruk';
  // the side the person plays; the other side passes between its moves
  const player = turnOf(Game, ex.fen, variant);
  let game = null;
  let left = [];
  let moves = 0;
  let last = null;
  let done = false;

  function reset() {
    game?.free();
    game = new Game(ex.fen, variant);
    left = [...(ex.targets || [])];
    moves = 0;
    last = null;
    done = false;
  }

  /** Why the legal move `m`, which made `next`, does not serve the goal, or null. */
  function wrongness(m, next) {
    const s = next.status();
    const taker = ex.safe && next.legalMoves().find((r) => r.to === m.to);
    if (taker) return { reason: 'attacked', square: taker.from,
      piece: PIECES[pieceAt(next, taker.from).toLowerCase()] };
    switch (ex.win) {
      case 'mate':
        if (s.reason === 'checkmate') return null;
        return { reason: s.reason === 'stalemate' ? 'stalemate' : s.check ? 'notMate' : 'noCheck' };
      case 'stalemate':
        return s.reason === 'stalemate' ? null : { reason: s.reason === 'checkmate' ?
          'mateNotStalemate' : 'notStalemate' };
      case 'draw':
        return s.reason === 'material' ? null : { reason: 'notDraw' };
      case 'count':
        return s.count && s.count.kind === ex.count ? null : { reason: 'noCount' };
      case 'escape': {
        const way = pieceAt(game, m.from).toLowerCase() === 'k' ? 'khun' : pieceAt(game, m.to) ? 'capture' : 'block';
        return way === ex.way ? null : { reason: `escape_${ex.way}` };
      }
      default: {
        const rest = left.filter((t) => t !== m.to);
        // the other side passes before the next move, which it may not do in check
        if (rest.length && s.check) return { reason: 'givesCheck' };
        return null;
      }
    }
  }

  function attempt(from, to) {
    if (done) return { result: 'none' };
    const m = game.legalMoves().find((x) => x.from === from && x.to === to);
    if (!m) {
      const why = game.whyIllegal(from, to) || { reason: 'other' };
      return { result: 'illegal', why: { reason: why.reason, piece: why.piece ? why.piece.toLowerCase() : undefined } };
    }
    const next = new Game(game.fen(), variant);
    next.play(m.uci);
    const why = wrongness(m, next);
    if (why) {
      next.free();
      return { result: 'wrong', why, move: m };
    }
    moves += 1;
    last = m;
    left = left.filter((t) => t !== m.to);
    done = ex.win !== 'targets' || !left.length;
    game.free();
    game = next;
    if (!done) {
      // the other side passes (the core's: not in check, which wrongness ruled out)
      const passed = game.passed();
      game.free();
      game = passed;
    }
    return done ? { result: 'done', move: m, stars: starsFor(moves, ex.par) } : { result: 'moved', move: m };
  }

  /** What the page shows: the pieces, the legal moves, the targets left, the moves made. */
  function state() {
    return {
      pieces: game.board(),
      legal: done ? [] : game.legalMoves(),
      status: game.status(),
      fen: game.fen(),
      targets: left,
      moves,
      last,
      done,
      player,
      stars: done ? starsFor(moves, ex.par) : 0,
    };
  }

  reset();
  return { state, attempt, reset, free: () => game?.free() };
}

/** The piece letter on `square` of a wasm game ('' when empty). */
function pieceAt(game, square) {
  const i = (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
  return game.board()[i].replace('~', '');
}

/**
 * The fewest moves that solve `ex` (up to `limit`), by a search over the legal moves of the
 * rules module through the same judging as the page's; Infinity when none within the limit.
 */
export function fewestMoves(Game, ex, limit = ex.par) {
  const seen = new Set();
  let frontier = [[]];
  for (let depth = 1; depth <= limit; depth++) {
    const next = [];
    for (const line of frontier) {
      const e = createExercise(Game, ex);
      for (const uci of line) e.attempt(uci.slice(0, 2), uci.slice(2, 4));
      const s = e.state();
      for (const m of s.legal) {
        const probe = createExercise(Game, ex);
        for (const uci of line) probe.attempt(uci.slice(0, 2), uci.slice(2, 4));
        const r = probe.attempt(m.from, m.to);
        const after = probe.state();
        probe.free();
        if (r.result === 'done') {
          e.free();
          return depth;
        }
        if (r.result !== 'moved') continue;
        const key = `${after.pieces.join()} ${after.targets.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push([...line, m.uci]);
      }
      e.free();
    }
    frontier = next;
  }
  return Infinity;
}
