// The core's errors in the page's language (issue 56 item 2): an error reaches the page as a
// code, a kind with its fields (crate/makruk/src/code.rs; the full module throws it as an
// Error's `code`), and the page words it by www/common/i18n/errors/<code>.js, never with the core's
// English. The game module's errors carry no code (its bytes are the first visit's): the page
// keeps the game record the error came from (`ref: {record}`), and the full module, which
// reads the same record, gives the code. Loaded when there is an error to say.

import { loadFeatures } from './i18n/features.js';
import { rulesModule } from '../load-rules.js';
import { lineRecord } from './record.js';

/** The words of `code` ({kind, ...fields, cause}) by `ft` (the errors' texts) and `i18n`. */
export function codeWords(ft, i18n, code) {
  const params = { ...code };
  if (code.piece) params.piece = i18n.t(code.piece.toLowerCase());
  if (code.color) params.color = i18n.colorWord(code.color);
  if (code.ply !== undefined) params.n = code.ply + 1;
  if (code.cause) params.cause = codeWords(ft, i18n, code.cause);
  if (Array.isArray(code.list)) params.list = code.list.join(', ');
  return ft(`err_${code.kind}`, params);
}

/** The record's wrapping is the page's own: the player gave the position and the moves. */
const unwrap = (code) => (code && code.kind.startsWith('record.') && code.cause ? code.cause : code);

/** Resolves to the code of an error's `ref`: its `code`, or the full module's for its `record`
 * (the first thing the record's reader refuses), or null. */
async function codeOf(ref) {
  if (ref.code) return unwrap(ref.code);
  if (typeof ref.record !== 'string') return null;
  const { Game } = await rulesModule(true);
  try {
    const { game, dropped } = Game.fromRecord(ref.record);
    game.free?.();
    return unwrap(dropped?.code) ?? null;
  } catch (e) {
    return unwrap(e?.code) ?? null;
  }
}

/** Resolves to the words of an error's `ref` ({code} or {record}) in `i18n`'s language, or to
 * null when there is no code. */
export async function errorWords(i18n, ref) {
  const code = ref && await codeOf(ref).catch(() => null);
  return code ? codeWords(await loadFeatures(i18n, 'errors'), i18n, code) : null;
}

/** Puts in each of `messages` ([{key, values}]) whose values carry an error's `ref` the
 * error's words, in `i18n`'s language, as its `error`. */
export async function wordErrors(i18n, messages) {
  for (const m of messages) {
    const words = await errorWords(i18n, m.values?.ref);
    if (words) m.values = { ...m.values, error: words };
  }
  return messages;
}

/** Resolves to message `key` with `values` in `i18n`'s language, its `error` in the page's
 * words where `values.ref` gives them. */
export async function worded(i18n, key, values) {
  const [m] = await wordErrors(i18n, [{ key, values }]).catch(() => [{ key, values }]);
  return i18n.t(m.key, m.values);
}

/** The record of the line of the store's state `s` to its cursor with the count action
 * `kind` ("start", "stop") made there: what the full module names a refused action by. */
export function countAttempt(s, kind) {
  const counts = s.counts.filter((c) => parseInt(c, 10) <= s.ply);
  const action = `${s.ply}${kind === 'start' ? 's' : 'x'}`;
  return { record: lineRecord({ variant: s.variant, counting: s.counting, fen: s.startFen,
    moves: s.moves.slice(0, s.ply), counts: [...counts, action] }) };
}

/** What the page words a move refused at the cursor of the store's state `s` by: in a line
 * ended by a player, the game's end ({code}); else the record of the line to the cursor with
 * `move` played there, whose refusal the full module names. */
export function moveAttempt(s, move) {
  if (s.ended) {
    const how = s.resigned ? s.resigned.how : 'time';
    const result = how === 'agree' ? '1/2-1/2' : s.ended.color === 'white' ? '0-1' : '1-0';
    return { code: { kind: 'game.over', result } };
  }
  const counts = s.counts.filter((c) => parseInt(c, 10) <= s.ply);
  const moves = [...s.moves.slice(0, s.ply), String(move)];
  return { record: lineRecord({ variant: s.variant, counting: s.counting, fen: s.startFen, moves, counts }) };
}
