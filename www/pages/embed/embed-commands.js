// The host's commands to an embedded board (embed.html's postMessage and <makruk-board>'s
// methods): each one checked whole before anything changes, and each refusal answered with
// {type: "error", code, message} (README "Embed"). Codes: malformed (not an object, or a field
// of the wrong kind), unknown-type, origin (a sender that origin= does not allow), not-ready
// (the rules module is still loading), load-failed (it could not be loaded), too-long,
// bad-variant, bad-fen, illegal-move, stale (a confirmMove whose move is no longer asked).

import { lineRecord } from '../../common/record.js';
import { errorText } from '../../common/dom.js';

export const COMMANDS = ['setPosition', 'flip', 'move', 'getState', 'setShapes', 'confirmMove'];
const SQUARE = /^[a-h][1-8]$/;
const COLOR = /^[#\w(),.%\s-]{1,40}$/; // a CSS colour: a name, #hex, rgb(...), hsl(...)
const MAX_SHAPES = 64;
const MAX_MOVES = 1000;
const MAX_FEN = 256; // a FEN is under 100 characters
const MAX_MOVE = 20; // a move in SAN or UCI is under 10

/** A refusal: the error message of `code`. */
export const refusal = (code, message) => ({ type: 'error', code, message });

/** The moves of a command: a string (space or comma separated) or an array of strings, else null. */
function movesOf(value) {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim().split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value) && value.every((m) => typeof m === 'string')) return value;
  return null;
}

/**
 * A message from the host read as a command: {command: {type, ...its fields, read}} or {error}
 * (a refusal) when it is none. Only the shape is checked here; checkLine checks the position.
 */
export function readCommand(msg) {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
    return { error: refusal('malformed',
      'a command is an object {type: "setPosition" | "flip" | "move" | "getState", ...}') };
  }
  if (!COMMANDS.includes(msg.type)) {
    const type = JSON.stringify(String(msg.type).slice(0, 20));
    return { error: refusal('unknown-type', `unknown command type ${type} (expected ${COMMANDS.join(', ')})`) };
  }
  if (msg.type === 'move') {
    if (typeof msg.move !== 'string' || !msg.move) return { error: refusal('malformed',
      'move: `move` must be a move in UCI (e3e4) or SAN (e4)') };
    if (msg.move.length > MAX_MOVE) return { error: refusal('too-long',
      `move: the move is too long (at most ${MAX_MOVE} characters)`) };
    return { command: { type: 'move', move: msg.move } };
  }
  if (msg.type === 'setShapes') return readShapes(msg.shapes);
  if (msg.type === 'confirmMove') {
    if (!Number.isInteger(msg.id) || typeof msg.play !== 'boolean') return { error: refusal('malformed',
      'confirmMove: `id` must be the beforemove\'s id, `play` true or false') };
    return { command: { type: 'confirmMove', id: msg.id, play: msg.play } };
  }
  if (msg.type !== 'setPosition') return { command: { type: msg.type } };
  const moves = movesOf(msg.moves);
  const fen = msg.fen ?? null;
  if ((fen !== null && typeof fen !== 'string') || !moves || (msg.variant != null && typeof msg.variant !== 'string')) {
    return { error: refusal('malformed',
      'setPosition: `fen` must be a string, `moves` a string or an array of strings, `variant` a string') };
  }
  if (fen && fen.length > MAX_FEN) return { error: refusal('too-long',
    `setPosition: the FEN is too long (${fen.length} characters; at most ${MAX_FEN})`) };
  if (moves.length > MAX_MOVES) return { error: refusal('too-long',
    `setPosition: too many moves (${moves.length}; at most ${MAX_MOVES})`) };
  return { command: { type: 'setPosition', fen: fen || null, moves, variant: msg.variant ?? null } };
}

/** setShapes' shapes: arrows {from, to, color} and circles {square, color}, as the board's
 * marks ({from, to?, color}); {error} when one is not. */
function readShapes(shapes) {
  const bad = (x) => !x || typeof x !== 'object'
    || !(x.square === undefined ? SQUARE.test(x.from) && SQUARE.test(x.to) : SQUARE.test(x.square))
    || (x.color !== undefined && !(typeof x.color === 'string' && COLOR.test(x.color)));
  if (!Array.isArray(shapes) || shapes.length > MAX_SHAPES || shapes.some(bad)) {
    return { error: refusal('malformed', `setShapes: \`shapes\` must be at most ${MAX_SHAPES} arrows {from, to, color}`
      + ' and circles {square, color} (squares a1..h8)') };
  }
  const marks = shapes.map((x) => (x.square === undefined ?
    { from: x.from, to: x.to, color: x.color } : { from: x.square, color: x.color }));
  return { command: { type: 'setShapes', marks } };
}

/**
 * Whether the line {variant, fen, moves} can be loaded whole: null, or the refusal (rules the
 * core does not know, a bad FEN,
 * a move that is refused: the first such, numbered from 1). The rules module's `Game` reads it,
 * as the store will, on a game of its own that is freed at once.
 */
export function checkLine(Game, { variant, fen, moves }) {
  try {
    // the rule set first: the core knows which there are (its words name them)
    new Game(undefined, variant).free?.();
  } catch (e) {
    return refusal('bad-variant', `setPosition: ${errorText(e)}`);
  }
  let game, dropped;
  try {
    ({ game, dropped } = Game.fromRecord(lineRecord({ variant, fen: fen || undefined, moves })));
  } catch (e) {
    return refusal('bad-fen', `setPosition: ${errorText(e)}`);
  }
  game.free?.();
  if (!dropped) return null;
  // the core's message is "the record's ply N: <why>"
  const why = /^[^:]*: (.*)$/s.exec(dropped.message)?.[1] ?? dropped.message;
  const move = String(moves[dropped.ply]).slice(0, MAX_MOVE);
  return refusal('illegal-move', `setPosition: move ${dropped.ply + 1} (${move}) rejected: ${why}`);
}
