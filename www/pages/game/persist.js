// The game kept across visits: a subscriber of the store that writes the game to local
// storage and the URL fragment (`#fen=..&moves=..&ply=..&orientation=..`, `variant=` when not
// Makruk), and the reading
// of both when the page opens (a shared link, the saved game, or a new one).

import { readLink, writeLink, sameLine, linkMessages, withRules } from '../../common/link.js';
import { placementAfter, fenToBoard, colorAt, START_FEN } from '../../common/fen.js';
import { DEFAULT_LEVEL, MAX_LEVEL, isLevel } from '../../common/game/levels.js';
import { parseTimeControl } from '../../common/game/clock.js';
import { readStored, writeStored, SETTINGS_KEY } from '../../common/storage.js';
import { CORR_KEY } from '../../common/game/correspondence.js';
import { plain, mainMoves, common } from '../../common/game/tree.js';

export const GAME_KEY = 'makruk.game';
const PREVIOUS_KEY = 'makruk.previousGame'; // the own game put aside when a shared link opens

/** A saved game as storage holds it (every field is checked again when it is read): the main
 * line as `moves`, and the tree and the cursor's line (`path`, with `ply` on it) when there
 * is more than one line or a note. */
function savedGame(s) {
  const more = !plain(s.tree);
  return {
    variant: s.variant, counting: s.counting, counts: s.counts, startFen: s.startFen,
    moves: more ? mainMoves(s) : s.moves, ply: s.ply, fen: s.fen, mode: s.mode, human: s.human,
    level: s.level, blackLevel: s.blackLevel, orientation: s.orientation, resigned: s.resigned, analysing: s.analysing,
    shared: s.shared, turnBoard: s.turnBoard, clock: s.clock, corr: s.corr, match: s.match,
    ...(more ? { tree: s.tree, path: s.path } : {}),
  };
}

function isGame(saved) {
  return !!saved && typeof saved === 'object' && typeof saved.startFen === 'string' && Array.isArray(saved.moves);
}

/** The main line of a state as a link carries it: {moves (the main line), variation (where
 * the cursor's line leaves it: {fork, moves}, or null)}. */
export function linkLine(s) {
  const main = plain(s.tree) ? s.moves : mainMoves(s);
  const fork = common(main, s.moves);
  return { moves: main, variation: fork < s.moves.length ? { fork, moves: s.moves.slice(fork) } : null };
}

/** The link of a state: the main line, and the cursor's line where it leaves it. */
export function linkOf(s) {
  return writeLink({ variant: s.variant, counting: s.counting, counts: s.counts, fen: s.startFen, ...linkLine(s),
    ply: s.ply, orientation: s.orientation });
}

/**
 * After a load: the saved tree (`tree`, `path`) or the link's variation (`variation`), with
 * the cursor at `ply` on that line, checked by tree-edit.js (loaded then).
 * @param {object} storeApi
 * @param {{tree?: object, path?: number[], variation?: object}} line
 * @param {number} ply
 */
function follow(storeApi, { tree, path, variation }, ply) {
  if (!tree && !variation) return;
  const epoch = storeApi.getState().epoch;
  import('./tree-edit.js').then((m) => storeApi.getState().epoch === epoch
    && storeApi.editTree((s, Game) => (tree ? m.restoredTree(Game, s, tree, path, ply)
      : m.linkLine(Game, s, variation, ply))));
}

/**
 * Keeps the store's game in storage and the address bar. Returns {save()} to write the
 * address bar again (after a bad link was refused, say).
 */
export function persist(storeApi) {
  let lastGame = null;
  // the settings the page opened with are kept from the first: the language's defaults (Thai
  // notation for a Thai page) do not change what is shown when the language changes and the
  // page is reloaded
  let lastSettings = null;

  function save(force = false) {
    const s = storeApi.getState();
    const game = JSON.stringify(savedGame(s));
    if (game === lastGame && !force) return;
    lastGame = game;
    writeStored(GAME_KEY, savedGame(s));
    try {
      history.replaceState(null, '', linkOf(s));
    } catch {
      // sandboxed frames may refuse: the game still lives in storage
    }
  }

  storeApi.subscribe((s, action, prev) => {
    // the own game is put aside ("Back to my game") when another one opens for a look
    if (action.type === 'load' && action.mode === 'shared' && !prev.shared && prev.moves.length) {
      writeStored(PREVIOUS_KEY, savedGame(prev));
    }
    const settings = JSON.stringify(s.settings);
    if (settings !== lastSettings) {
      lastSettings = settings;
      writeStored(SETTINGS_KEY, s.settings);
    }
    save();
  });
  return { save };
}

/** Whether the page needs the games by link (correspondence-view.js): a link of one, the
 * saved game, or the list kept in this browser. */
export function wantsCorrespondence(hash = location.hash) {
  const list = readStored(CORR_KEY);
  return readLink(hash).params.get('play') === 'correspondence' || readStored(GAME_KEY)?.mode === 'correspondence'
    || (Array.isArray(list) && list.length > 0);
}

/** Whether the page needs the match (match-view.js): a link that starts one, or the saved game's. */
export function wantsMatch(hash = location.hash) {
  return readLink(hash).params.has('match') || !!readStored(GAME_KEY)?.match;
}

/** The saved game put aside by a shared link, if any. */
export function previousGame() {
  const prev = readStored(PREVIOUS_KEY);
  return isGame(prev) ? prev : null;
}

/** The players of a saved game (the store checks each value again). */
function playersOf(saved) {
  return {
    mode: saved.mode, human: saved.human, level: saved.level, blackLevel: saved.blackLevel, analysing: saved.analysing,
    shared: !!saved.shared,
    orientation: saved.orientation, turnBoard: saved.turnBoard,
  };
}

/** Opens a saved game (storage may hold anything). Returns the store's answer. Its tree, if
 * it has one, follows (tree-edit.js checks it, loaded then). */
export function openSaved(storeApi, saved, ply = Number(saved.ply)) {
  const res = storeApi.load({
    variant: saved.variant, counting: saved.counting, counts: saved.counts, fen: saved.startFen,
    moves: saved.moves.map(String), ply, mode: 'keep',
    players: playersOf(saved), resigned: saved.resigned, clock: saved.clock, corr: saved.corr, match: saved.match,
  });
  if (!res.error) follow(storeApi, saved, ply);
  return res;
}

/** A game by link's line and side as correspondence-view.js opens it (its guess on the first
 * paint, before the rules module is there): the game kept in this browser when the link is an
 * older one of it (the same start: a link without a FEN starts where its rules do, as a kept
 * game of them whose FEN the core wrote), else the link's, played by the side to move. */
function corrLine(link) {
  const list = readStored(CORR_KEY);
  const sameStart = (e) => (link.fen ? e.startFen === link.fen : (e.variant || 'makruk') === link.variant);
  const kept = Array.isArray(list) && list.find((e) => isGame(e) && e.id === link.params.get('id') && sameStart(e));
  const older = kept && String(link.moves) === String(kept.moves.slice(0, link.moves.length));
  return older ? { moves: kept.moves, orientation: kept.side } : { moves: link.moves,
    orientation: colorAt(link.fen || START_FEN, link.moves.length) };
}

/**
 * The board to draw first, before the rules module has loaded, {pieces, orientation}: what
 * `restore` then opens, the link's game (`play=` starts one from its line), else the saved
 * game, else the start. `pieces` is null when only the rules module can tell the position (SAN
 * moves): the board then stays empty until it has. The rules module judges the line
 * afterwards: a link it refuses is the only case where the board then changes.
 */
export function firstLine(hash = location.hash) {
  const link = readLink(hash);
  const saved = readStored(GAME_KEY);
  const play = link.params.get('play');
  let { moves, orientation } = link;
  if (play === 'correspondence') ({ moves, orientation } = corrLine(link));
  else if (play) orientation = play === 'engine' ? orientation : 'white';
  else if (link.hasGame) moves = moves.slice(0, link.ply >= 0 ? link.ply : moves.length);
  else if (isGame(saved) && typeof saved.fen === 'string') return { pieces: fenToBoard(saved.fen),
    orientation: saved.orientation === 'black' ? 'black' : 'white' };
  // (a link without a FEN starts from its rules' start: the same placement in every rule set)
  return { pieces: placementAfter(link.fen || START_FEN, moves), orientation };
}

/** The modes of a link's `play=` values (correspondence apart). */
const PLAY_MODES = { engine: 'engine', friend: 'two', watch: 'watch' };

/** A level of a link (`name`=1..8), else `fallback` (a bad value named through `bad`). */
function levelParam(p, name, bad, fallback = DEFAULT_LEVEL) {
  if (!p.has(name)) return fallback;
  const n = Number(p.get(name));
  if (isLevel(n)) return n;
  bad(name, { code: { kind: 'link.range', min: 1, max: MAX_LEVEL } });
  return fallback;
}

/**
 * A game started at once from a link: `play=engine` (with `level=1..8`; `orientation` is the
 * person's side), `play=friend` (two people on this device) or `play=watch` (engine against
 * engine: `level=` White's, `blacklevel=` Black's), each with `clock=<minutes>+
 * <increment>` if it has one, and `match=2|4|6` (`matches`: match-view.js, loaded then). A bad
 * value is named in `messages` and its default used.
 * Returns the store's answer, or null when `play` is not a known value.
 */
function playFromLink(storeApi, link, messages, { corr, matches }) {
  const p = link.params;
  // (`ref`: the error as a code, which www/common/codes.js words in the page's language; until then,
  // and should it fail, the value given)
  const bad = (name, ref, error = p.get(name) ?? '') =>
    messages.push({ key: 'badParam', values: { name, error, ref } });
  const play = p.get('play');
  if (play === 'correspondence' && corr) return corr.correspondenceFromLink(storeApi, link, messages);
  if (!PLAY_MODES[play]) {
    bad('play', { code: { kind: 'link.oneOf', list: ['engine', 'friend', 'watch', 'correspondence'] } });
    return null;
  }
  const level = levelParam(p, 'level', bad);
  const blackLevel = play === 'watch' ? levelParam(p, 'blacklevel', bad, level) : level;
  let timeControl = null;
  if (p.has('clock')) {
    timeControl = parseTimeControl(p.get('clock'));
    if (timeControl.error) {
      bad('clock', { code: { kind: 'link.clock' } });
      timeControl = null;
    }
  }
  const game = {
    variant: link.variant, counting: link.counting, counts: link.counts, startFen: link.fen, moves: link.moves,
    mode: PLAY_MODES[play], human: link.orientation, level, blackLevel, timeControl,
  };
  game.match = play === 'watch' ? null : matches?.matchOfLink(link, game, bad); // no match between engines
  let res = storeApi.newGame(game);
  if (res.error) {
    // what the link could give is kept (the game, its rules, level and clock), from the
    // variant's start; the message says what was dropped
    bad('fen', res.ref, res.error);
    if (link.moves.length) bad('moves', { code: { kind: 'link.after' } });
    res = storeApi.newGame({ ...game, startFen: undefined, moves: [], counts: [],
      match: game.match && { ...game.match, startFen: null } });
  }
  if (res.rejected) messages.push({ key: 'badMove', values: res.rejected });
  return res;
}

/**
 * Restores the game when the page opens: a shared link (analysis, the own game put aside),
 * the saved game (the link's cursor and orientation if it is the same game), or a new game.
 * `corr` is correspondence-view.js, loaded when `wantsCorrespondence` (a link of a game by link);
 * `matches` match-view.js, loaded when `wantsMatch`.
 * Returns the messages to show: [{key, values, kind}] (a bad FEN, a refused move; kind 'info': a note, no error).
 */
export function restore(storeApi, hash = location.hash, corr = null, matches = null) {
  const link = withRules(readLink(hash), storeApi.variantStart);
  const saved = readStored(GAME_KEY);
  const messages = [];
  messages.push(...linkMessages(link));
  const same = link.hasGame && isGame(saved) && sameLine(link, saved);
  // a reload's link a move or more behind the saved game: one came in as the page went away
  const [nav] = /** @type {PerformanceNavigationTiming[]} */ (performance.getEntriesByType('navigation'));
  const older = link.hasGame && isGame(saved) && nav?.type === 'reload'
    && sameLine(link, { ...saved, moves: saved.moves.slice(0, link.moves.length), counts: link.counts });
  const report = (res) => {
    if (res.error) messages.push({ key: 'badFen', values: { error: res.error, ref: res.ref } });
    else if (res.rejected) messages.push({ key: 'badMove', values: res.rejected });
    return !res.error;
  };
  const play = link.params.has('play');
  if (play) {
    const res = playFromLink(storeApi, link, messages, { corr, matches });
    if (res && !res.error) {
      if (isGame(saved) && !saved.shared && saved.moves.length) writeStored(PREVIOUS_KEY, saved);
      return messages;
    }
  }
  if (link.hasGame && !same && !older && !play) {
    // a shared link: analysis mode, nothing moves by itself; the own game is kept aside
    if (isGame(saved) && !saved.shared) writeStored(PREVIOUS_KEY, saved);
    const kept = { variant: link.variant, counting: link.counting, mode: 'shared',
      players: isGame(saved) ? playersOf(saved) : {} };
    const res = storeApi.load({ ...kept, counts: link.counts, fen: link.fen, moves: link.moves, ply: link.ply,
      orientation: link.orientation });
    if (!res.error) follow(storeApi, link, link.ply);
    if (report(res)) return messages;
    // a position refused: its rules and counting kept, from their start (the core's), and the
    // right form said
    storeApi.load(kept);
    messages.push({ key: 'fenForm', values: { fen: storeApi.getState().startFen } });
    return messages;
  }
  if (isGame(saved)) {
    const ply = same && Number.isFinite(link.ply) ? link.ply : Number(saved.ply);
    const res = openSaved(storeApi, same ? { ...saved, orientation: link.orientation } : saved, ply);
    if (report(res)) return messages;
  }
  storeApi.newGame({ mode: 'engine', human: 'white' });
  return messages;
}
