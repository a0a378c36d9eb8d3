// embed.html: a minimal board for an <iframe>, on the game page's store and engine driver
// (www/pages/embed/embed-game.js, shared with the npm package's element). Its adapters: the fragment (the
// game page's fen, moves, ply, orientation,
// variant, plus interactive, engine, coords, theme, pieces, notation, sound, lang, origin; or a puzzle:
// puzzle=<id>, or fen with solution=<UCI moves>, see www/pages/puzzles/embed-puzzle.js; or a lesson
// stage: lesson=<stage>, see www/pages/learn/embed-lesson.js) and
// postMessage from the host page (silent unless sound=1):
//   host -> board: {type: "setPosition", fen, moves} (in the fragment's variant), {type: "flip"}, {type: "move", move},
//                  {type: "getState"}, {type: "setShapes", shapes}, {type: "confirmMove", id, play}
//   board -> host: {type: "ready"}, {type: "move", uci, san, fen}, {type: "gameEnd", result,
//                  reason}, {type: "state", fen, moves (to the cursor), mainLine, path (the cursor's in
//                  the move tree, www/common/game/tree.js), status, startFen, variant, orientation},
//                  {type: "error", code, message} (a message that could not be carried out:
//                  every refused message is answered, www/pages/embed/embed-commands.js; also when the
//                  rules module could not be loaded),
//                  {type: "position", fen, moves, startFen, variant, orientation} (the line
//                  changed), {type: "beforemove", id, from, to, uci, san} (confirm=1: the
//                  visitor's move, played once the host confirms it),
//                  {type: "solved"}, {type: "failed", move} (a puzzle's; move in UCI),
//                  {type: "lessonDone", stage, stars} (a lesson's)
// With `origin=` only that origin may command the board (and only it receives the board's
// messages; another gets its refusal alone).

import { writeLink, onLinkChange, withRules } from '../../common/link.js';
import { $, errorText, exposeForTests } from '../../common/dom.js';
import { createEmbed, readOptions } from './embed-game.js';
import { refusal } from './embed-commands.js';

const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'notation', 'sound', 'lang', 'origin'];
const MAX_SOLUTION = 200; // UCI moves of a puzzle's solution: a handful

let opts = readOptions(location.hash);
let lastHash = location.hash;

function send(msg) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage(msg, opts.origin || '*');
  } catch (e) {
    console.warn('makruk embed: could not post to the host:', errorText(e));
  }
}

/** Keeps the line in the fragment (a puzzle's fragment stays as it is). */
function writeUrl(s) {
  if (opts.puzzle) return;
  try {
    const keep = new URLSearchParams(location.hash.slice(1));
    const options = Object.fromEntries(OPTIONS.filter((k) => keep.has(k)).map((k) => [k, keep.get(k)]));
    lastHash = writeLink({ variant: s.variant, fen: s.startFen, moves: s.moves.slice(0, s.ply),
      orientation: s.orientation }, options);
    history.replaceState(null, '', lastHash);
  } catch {
    // a sandboxed frame may refuse; the game goes on
  }
}

const embed = createEmbed({ canvas: document.querySelector('#board canvas'), message: $('message'), opts, send,
  onLine: writeUrl });
const { board, i18n } = embed;
exposeForTests('makrukBoard', board);
// the board and its labelled squares come first, in the page's language until the chosen one
// has arrived
await i18n.ready;
document.documentElement.lang = i18n.lang;

// ---------------------------------------------------------------- commands from the host

function onMessage(event) {
  if (window.parent !== window && event.source !== window.parent) return; // only the host page
  if (opts.origin && event.origin !== opts.origin) {
    const text = `ignored a message from ${event.origin} (only ${opts.origin} may command this board)`;
    console.warn(`makruk embed: ${text}`);
    // the refusal alone goes back to that origin: nothing of the game
    try {
      event.source?.postMessage(refusal('origin', text), event.origin);
    } catch {
      // an opaque origin ("null") cannot be answered
    }
    return;
  }
  embed.command(event.data);
}

// ---------------------------------------------------------------- start

/** The puzzle of the fragment; a bad one is said, and the board left usable on its position. */
async function applyPuzzle(store) {
  const link = withRules(opts.link, store.variantStart);
  board.set({ theme: opts.theme, coords: opts.coords, pieceSet: opts.pieceSet, viewOnly: !opts.interactive });
  const { embedPuzzle } = await import('../puzzles/embed-puzzle.js');
  const params = new URLSearchParams(link.params);
  if ((params.get('solution') || '').length > MAX_SOLUTION * 6) params.set('solution', '');
  const res = await embedPuzzle({ store, params, fen: link.fen, i18n, send, show: embed.show });
  if (!res.error) {
    embed.setPuzzle(res);
    return;
  }
  embed.show(res.error);
  if (embed.setPosition(link.fen, []).error) embed.setPosition(null, []);
}

async function main() {
  if (opts.lesson !== null) {
    // a lesson has its own exercises and rules module (the full one): no game, no commands
    onLinkChange(() => location.reload());
    const { embedLesson } = await import('../learn/embed-lesson.js');
    await embedLesson({ board, i18n, name: opts.lesson, send, show: embed.show });
    document.body.dataset.ready = 'lesson';
    send({ type: 'ready' });
    return;
  }
  window.addEventListener('message', onMessage);
  const store = await embed.load();
  if (!store) return;
  const wasPuzzle = opts.puzzle;
  onLinkChange((hash) => {
    if (hash === lastHash) return;
    opts = readOptions(hash);
    // to or from a puzzle: another kind of board, started afresh
    if (wasPuzzle || opts.puzzle) return location.reload();
    embed.setOptions(opts);
    embed.apply(false);
    send({ type: 'ready' }); // a new fragment is a fresh start for the host too
  });
  // a puzzle's replies are its solution's, never the engine's
  if (opts.puzzle) {
    await applyPuzzle(store);
    document.body.dataset.ready = 'puzzle';
    send({ type: 'ready' });
    return;
  }
  embed.startGame();
  document.body.dataset.ready = 'game';
  send({ type: 'ready' });
}

main();
