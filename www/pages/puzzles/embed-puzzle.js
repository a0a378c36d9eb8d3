// A puzzle in embed.html: `#puzzle=<id>` (from the puzzle file) or `#fen=...&solution=<UCI
// moves>`. The person plays the solver's moves, the replies play themselves; the host hears
// {type: "solved"} and {type: "failed", move} (a wrong move, shown for a moment and taken
// back, so that the person can try again). Loaded by www/pages/embed/main.js only for such links.

import { errorText } from '../../common/dom.js';
import { loadFeatures } from '../../common/i18n/features.js';
import { parsePuzzles, customPuzzle, createSolver } from './puzzle.js';

const REPLY_MS = 350;
const WRONG_MS = 900;

/**
 * Sets up the puzzle of the fragment (`params`, `fen`: the link's FEN) on `store`. Resolves to
 * {onMove(from, to)} for the board, or to {error} (said in the page's language: the caller
 * shows it and keeps a usable board). `send(msg)` tells the host, `show(text)` the person.
 */
export async function embedPuzzle({ store, params, fen, i18n, send, show }) {
  const ft = await loadFeatures(i18n, 'puzzles');
  let puzzle;
  if (params.has('puzzle')) {
    const id = params.get('puzzle').slice(0, 24);
    try {
      const r = await fetch(new URL('./puzzles.txt', import.meta.url));
      if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
      puzzle = parsePuzzles(await r.text()).find((p) => p.id === id);
    } catch (e) {
      return { error: ft('loadFailed', { error: errorText(e) }) };
    }
    if (!puzzle) return { error: ft('noPuzzle', { id }) };
  } else {
    puzzle = customPuzzle(fen, params.get('solution'));
  }
  const solver = createSolver(store, puzzle);
  const res = solver.load();
  if (res.length) return { error: ft('solutionLength') };
  if (res.rejected) {
    const r = res.rejected;
    return { error: ft('badSolution', { n: r.n, move: String(r.move).slice(0, 20), error: r.error }) };
  }
  if (res.error) return { error: ft('badPosition', { error: res.error }) };
  let timer = null;
  return {
    onMove(from, to) {
      const r = solver.attempt(from, to);
      clearTimeout(timer);
      if (r.result === 'solved') {
        show(ft('solved'), 'success');
        send({ type: 'solved' });
      } else if (r.result === 'wrong') {
        show(ft('wrong', { san: store.getState().last.san }));
        send({ type: 'failed', move: r.uci });
        timer = setTimeout(() => solver.retry(), WRONG_MS);
      } else if (r.result === 'right') timer = setTimeout(() => solver.reply(), REPLY_MS);
      return r.result;
    },
  };
}
