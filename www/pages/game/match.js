// A match (issue 47), pure: several games between the same two sides, colours alternating,
// a tied match settled by tie-break games in the family's tie-break variant (Makpong after
// Makruk or Makpong, Kar Ouk after Ouk Chatrang) until one is won. No DOM, no store: the
// store carries the match as a value (`state.match`), match-view.js shows it and starts its
// games. Each game's end and result are the rules module's (the store's `outcome`); here only
// the match's arithmetic: the score, whose turn it is to have White, which variant comes next,
// whether a tie-break is due, the match's result; and its games as one PGN.
//
// The two sides are "a" (the person against the engine or a friend by link; the first player
// between two people) and "b" (the engine; the friend; the second player). A match as the store
// and storage keep it:
//   {v: 1, length (2, 4 or 6 regular games), variant (theirs), counting, startFen (the
//    regular games' start; null: the variant's), first ("white"/"black": a's colour in game
//    1), mode ("engine"/"two"/"correspondence"), level, timeControl ({initial, increment} ms,
//    or null), corrId (by link: the first game's id; game k's is `<corrId>-<k+1>`),
//    games: [{variant, aWhite, result ("1-0", "0-1", "1/2-1/2"), line}] (the games finished
//    before the current one, `line` as the PGN is written from it), drawn (a tied match ended
//    as a draw by agreement)}

import { clampLevel } from '../../common/game/levels.js';
import { other } from '../../common/fen.js';
import { CORR_ID } from '../../common/game/correspondence.js';

/** Whether `v` is written as the core names a rule set (which ones there are is the core's: the
 * store refuses a match of rules it does not know). */
const isName = (v) => typeof v === 'string' && /^[a-z]{1,20}$/.test(v);

/** The lengths a match may have, in regular games. */
export const MATCH_LENGTHS = [2, 4, 6];
const RESULTS = ['1-0', '0-1', '1/2-1/2'];
const MAX_GAMES = 40; // tie-breaks included: storage may hold anything
const MODES = ['engine', 'two', 'correspondence'];
// a game's result in a link's `match`, as the winner's colour: White, Black, drawn
const LETTERS = { '1-0': 'w', '0-1': 'b', '1/2-1/2': 'd' };

/**
 * A new match: `length` regular games of `variant`; `first` is a's colour in game 1. Null
 * when `length` is not one of MATCH_LENGTHS. `tieBreak`, the variant of its tie-breaks, is
 * the core's: the store sets it when the match comes with a game (`Game.tieBreak()`).
 * @param {{length: number | string, variant?: string, tieBreak?: string, counting?: string, startFen?: string,
 *   first?: string, mode?: string, level?: number, timeControl?: object, corrId?: string}} options
 */
export function newMatch({ length, variant = 'makruk', tieBreak = null, counting = 'auto', startFen = null,
  first = 'white', mode = 'engine', level, timeControl = null, corrId = null }) {
  const n = Number(length);
  if (!MATCH_LENGTHS.includes(n)) return null;
  return {
    v: 1, length: n, variant: isName(variant) ? variant : 'makruk',
    tieBreak: isName(tieBreak) ? tieBreak : null,
    counting: counting === 'request' ? 'request' : 'auto',
    startFen: typeof startFen === 'string' && startFen ? startFen : null, first: first === 'black' ? 'black' : 'white',
    mode: MODES.includes(mode) ? mode : 'engine', level: clampLevel(level),
    timeControl: checkedTimeControl(timeControl), games: [], drawn: false,
    // room for the game's number in the ids of the next games
    corrId: mode === 'correspondence' && CORR_ID.test(corrId) ? corrId.slice(0, 20) : null,
  };
}

function checkedTimeControl(tc) {
  if (!tc || typeof tc !== 'object') return null;
  const ok = (v) => Number.isFinite(v) && v >= 0 && v <= 600 * 60000;
  return ok(tc.initial) && tc.initial > 0 && ok(tc.increment) ? { initial: tc.initial, increment: tc.increment } : null;
}

const strings = (list) => (Array.isArray(list) ? list.map(String) : []);

/** A finished game's line as the PGN is written from it, read back (the rules module judges its
 * moves when it is written): only its fields, each of its type; null when it is no line. */
function checkedLine(l) {
  if (!l || typeof l !== 'object' || typeof l.fen !== 'string') return null;
  const e = l.ended;
  const ended = e && ['white', 'black'].includes(e.color) &&
    ['resign', 'time', 'agree'].includes(e.by) ? { color: e.color, by: e.by } : null;
  return { variant: isName(l.variant) ? l.variant : 'makruk',
    counting: l.counting === 'request' ? 'request' : 'auto', counts: strings(l.counts), fen: l.fen,
    moves: strings(l.moves), ended };
}

/** Game `k` of `match` read back: its variant must be the one the match plays then. */
function checkedGame(g, k, match) {
  if (!g || typeof g !== 'object' || !RESULTS.includes(g.result)) return null;
  if (!isName(g.variant) || g.variant !== nextVariant(match, k)) return null;
  return { variant: g.variant, aWhite: !!g.aWhite, result: g.result, line: checkedLine(g.line) };
}

/** A match read back from storage or the store (anything may be there): the match, or null. */
export function checkedMatch(m) {
  if (!m || typeof m !== 'object' || m.v !== 1 || !Array.isArray(m.games) || m.games.length > MAX_GAMES) return null;
  const base = newMatch(m);
  if (!base) return null;
  const games = m.games.map((g, k) => checkedGame(g, k, base));
  if (games.includes(null)) return null;
  return { ...base, games, drawn: !!m.drawn };
}

/** a's colour in game `k` (0-based, tie-breaks counted on): colours alternate from game to game. */
function aColor(match, k) {
  const other = match.first === 'white' ? 'black' : 'white';
  return k % 2 === 0 ? match.first : other;
}

/** The points of a result for a and b: [1, 0], [0, 1] or [½, ½]. */
function points(result, aWhite) {
  if (result === '1/2-1/2') return [0.5, 0.5];
  const aWon = (result === '1-0') === aWhite;
  return aWon ? [1, 0] : [0, 1];
}

/** Sums the points of `games`: [a, b]. */
function sum(games) {
  return games.reduce(([a, b], g) => {
    const [pa, pb] = points(g.result, g.aWhite);
    return [a + pa, b + pb];
  }, [0, 0]);
}

/**
 * Where the match stands after its finished `games` (and the current game's `result`, when
 * it is over and not yet among them): {score: [a, b] of the regular games, tieBreak: [a, b] or
 * null, played (games finished), winner ("a", "b", or null), over (the match is decided or
 * drawn), tieBreakDue (the next game is a tie-break), next: {k, variant, aWhite, tieBreak} (the
 * next game, when not over)}.
 */
export function standing(match, result = null) {
  const games = result ? [...match.games, { variant: nextVariant(match, match.games.length),
    aWhite: aColor(match, match.games.length) === 'white', result }] : match.games;
  const regular = games.slice(0, match.length);
  const extra = games.slice(match.length);
  const score = sum(regular);
  const tieBreak = extra.length ? sum(extra) : null;
  let winner = null;
  // a lead the games left cannot make up decides the match
  if (score[0] > match.length / 2) winner = 'a';
  else if (score[1] > match.length / 2) winner = 'b';
  else if (regular.length === match.length && score[0] !== score[1]) winner = score[0] > score[1] ? 'a' : 'b';
  else if (tieBreak && tieBreak[0] !== tieBreak[1]) winner = tieBreak[0] > tieBreak[1] ? 'a' : 'b';
  const over = !!winner || !!match.drawn;
  const k = games.length;
  const tieBreakDue = !over && k >= match.length;
  return {
    score, tieBreak, played: k, winner, over, tieBreakDue,
    next: over ? null : { k, variant: nextVariant(match, k), aWhite: aColor(match, k) === 'white',
      tieBreak: tieBreakDue },
  };
}

/** The variant of game `k`: the match's for its regular games, its tie-break variant after
 * (the core's, which the store sets). */
function nextVariant(match, k) {
  return k < match.length ? match.variant : match.tieBreak;
}

/** The game now played (the current one, `k` = games finished): {k, variant, aWhite, tieBreak}. */
export function currentGame(match) {
  const k = match.games.length;
  return { k, variant: nextVariant(match, k), aWhite: aColor(match, k) === 'white', tieBreak: k >= match.length };
}

/** The match with its current game finished with `result` and its `line` (for the PGN). */
export function withResult(match, result, line) {
  const cur = currentGame(match);
  return { ...match, games: [...match.games, { variant: cur.variant, aWhite: cur.aWhite, result, line }] };
}

/** A tied match (a tie-break due once the current game's `result` counts) ended as a draw by
 * agreement; any other match as it is. */
export function drawnMatch(match, result = null) {
  return standing(match, result).tieBreakDue ? { ...match, drawn: true } : match;
}

/**
 * What the store's newGame needs for game `k` of the match: {variant, counting, startFen,
 * mode, human, level, timeControl (its clock starts fresh)}. Regular games start from the
 * match's position, tie-breaks from their variant's start.
 */
export function gameSetup(match, k) {
  const variant = nextVariant(match, k);
  const a = aColor(match, k);
  return {
    variant, counting: match.counting, startFen: k < match.length && match.startFen ? match.startFen : undefined,
    mode: match.mode, human: a, level: match.level, timeControl: match.timeControl,
    corr: match.corrId ? { id: corrGameId(match, k), base: 0 } : null,
  };
}

/** The id of game `k` of a match by link: both friends' pages name it alike. */
const corrGameId = (match, k) => (k ? `${match.corrId}-${k + 1}` : match.corrId);

/** A match by link in the links of its games: `match=<length>` and the results of the games
 * before, as the winners' colours (`4.wbd`); null for no match. */
export function matchParam(match) {
  const m = checkedMatch(match);
  return m ? [m.length, m.games.map((g) => LETTERS[g.result]).join('')].filter(Boolean).join('.') : null;
}

/**
 * The match of a link of a game by link (`match=4.wbd`, see matchParam) for the friend who opens
 * it: `side`, their colour in the game, `id`, `variant` and `fen` the game's. Null when the text
 * is not one. The games before have no line here (they are in the other page's PGN).
 */
export function matchOfCorrLink(text, { id, side, variant, fen }) {
  const m = /^([246])(?:\.([wbd]{1,40}))?$/.exec(String(text));
  if (!m) return null;
  const results = [...(m[2] || '')];
  const k = results.length;
  // (a game of the tie-breaks is of the tie-break variant; the store sets it otherwise)
  const base = newMatch({
    length: m[1], variant, tieBreak: k >= Number(m[1]) ? variant : null, startFen: k < Number(m[1]) ? fen : null,
    first: k % 2 ? other(side) : side,
    mode: 'correspondence',
    corrId: k ? id.replace(/-\d+$/, '') : id,
  });
  const result = Object.fromEntries(Object.entries(LETTERS).map(([r, l]) => [l, r]));
  return { ...base, games: results.map((l, j) => ({ variant: nextVariant(base, j), aWhite: aColor(base, j) === 'white',
    result: result[l], line: null })) };
}

/** A score as people write it: 0, ½, 1, 1½. */
export function scoreText(x) {
  const whole = Math.floor(x);
  const half = x - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}

/**
 * The match as one PGN: each game (the finished ones from their lines, then `current` if it
 * is given: it is never among them) written by `write(line, {white, black, round, event})`, a
 * round each (`1`, `2`, ..., tie-breaks on), the match and its score in each game's Event
 * (`eventOf(standing)` names it; the current game's `result` counts when it is over). `names`
 * are a's and b's names: [a, b].
 */
export function matchPgn(match, { current = null, result = null, names, write, eventOf }) {
  const lines = match.games.map((g, k) => ({ line: g.line, aWhite: g.aWhite, round: k + 1 }));
  if (current) lines.push({ line: current, aWhite: currentGame(match).aWhite, round: lines.length + 1 });
  const event = eventOf(standing(match, result));
  // a game without its line (a page that joined a match by link later) keeps its round's number
  return lines.filter((g) => g.line).map((g) => write(g.line, {
    white: g.aWhite ? names[0] : names[1], black: g.aWhite ? names[1] : names[0], round: String(g.round), event,
  }).trimEnd()).join('\n\n') + '\n';
}
