// PGN for the page: the core reads and writes it (crate/makruk/src/pgn/, through the full
// wasm module), this project's letters and PlayOK's chess letters, several games a file.

import { rulesModule } from '../../../load-rules.js';
import { lineRecord } from '../../../common/record.js';
import { plain } from '../../../common/game/tree.js';
import { toPgn } from '../tree-edit.js';

// The wasm module that reads and writes PGN (www/wasm-full.js; the game page's own module
// leaves PGN out to stay small), fetched on first use.
let full = null;

/** Loads the PGN module (once) and resolves to its `Game`: readPgnGames, readPgn and writePgn
 * need it loaded. */
export async function loadPgn() {
  full = await rulesModule(true);
  return full.Game;
}

/**
 * The games of a PGN text: [{tags: Map(name -> value), fen, moves (UCI), notes ([nag, comment]
 * a move), comment and tree (before the first move, and the moves with their variations, as
 * www/pages/game/tree-edit.js's fromPgn reads them), result, error}];
 * a game that cannot be read has an `error` message naming the tag or move that is wrong.
 */
export function readPgnGames(text) {
  if (!full) throw new Error('the PGN module is not loaded (loadPgn)');
  return full.readPgn(String(text)).map((g) => ({ ...g, tags: new Map(g.tags) }));
}

/** The first game of a PGN text: {fen, moves (UCI), tags}; throws the reason it cannot be read. */
export function readPgn(text) {
  const [game] = readPgnGames(text);
  if (game.error) throw new Error(game.error);
  return game;
}

/** The PGN form of `tree` (www/common/game/tree.js) with the review's `notes` ([nag, comment] or
 * null a move of the main line) as NAGs and comments of the main line's moves. */
function treeWithNotes(tree, notes) {
  const out = toPgn(tree);
  (notes || []).forEach((note, k) => {
    const node = out.moves[k];
    if (!note || !node) return;
    const [nag, comment] = note;
    if (nag && !node.nags.includes(nag)) node.nags = [...node.nags, nag];
    if (comment && !node.comment.includes(comment)) node.comment = node.comment ? `${comment} ${node.comment}` : comment;
  });
  return out;
}

/** PGN of a line (its Variant tag from the rules' Game), with the seven-tag roster: the
 * players' names and today's date; `notes`: [nag, comment] or null for each move (a review's
 * marks); `ended`: the line's resignation or fallen flag ({color, by: "resign" | "time"}),
 * for its Result and Termination; `event` and `round` (a match's) their tags, `timeControl`
 * ({initial, increment} ms) its TimeControl; `tree`
 * (www/common/game/tree.js, its main line `moves`): written with its variations, comments and NAGs,
 * the notes among them. */
export function writePgn(Game, { variant, counting, counts = [], fen, moves, notes = null, ended = null, tree = null }, { white = '?', black = '?', date = new Date(), event, round, timeControl = null } = {}) {
  // the core reads the line's record: its count actions at their ply
  const { game: g } = Game.fromRecord(lineRecord({ variant, counting, fen, moves, counts }));
  try {
    if (ended && g.status().result === '*') g.end(ended.color, ended.by);
    const d = `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;
    const tags = { Date: d, White: String(white), Black: String(black), Event: event, Round: round };
    // PGN's clock: seconds and seconds added a move ("180+2")
    if (timeControl) tags.TimeControl = `${Math.round(timeControl.initial / 1000)}+${Math.round(timeControl.increment / 1000)}`;
    return tree && !plain(tree) ? g.pgnTree(tags, treeWithNotes(tree, notes)) : g.pgn(tags, notes);
  } finally {
    g.free?.();
  }
}

/** "2. somchai – anan, 1-0 (2026.11.30)": a game of a PGN file, from its tags. */
export function gameLabel(game, k) {
  const tag = (name) => {
    const v = game.tags.get(name);
    return v && v !== '?' ? v : '';
  };
  const players = [tag('White') || '?', tag('Black') || '?'].join(' – ');
  const date = tag('Date') ? ` (${tag('Date')})` : '';
  return game.error ? `${k + 1}. ${game.error}` : `${k + 1}. ${players}, ${game.result || '*'}${date}`;
}
