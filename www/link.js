// The link to a game: the URL fragment `#fen=..&moves=..&ply=..&orientation=..`, read and
// written the same way by the game page, the share features and the embed.

import { START_FEN } from './fen.js';

export { START_FEN };
/** Longest fragment value read (a FEN plus a few hundred moves is far shorter). */
const MAX_PARAM = 8192;

/**
 * Reads `#fen=..&moves=..&ply=..&orientation=..` (URLSearchParams; `_` stands for a space in
 * the FEN). Returns {hasGame (false when the fragment carries no game), fen, moves, ply (NaN
 * when absent), orientation, params} where params is the URLSearchParams (for embed options).
 */
export function readLink(hash) {
  const h = String(hash || '').replace(/^#/, '');
  const params = new URLSearchParams(h.length > 4 * MAX_PARAM ? '' : h);
  const get = (k) => String(params.get(k) ?? '').slice(0, MAX_PARAM);
  const hasGame = params.has('fen') || params.has('moves');
  // a blank FEN (`fen=+` or `fen=_`) is no FEN, like an empty one
  const fen = get('fen').replace(/_/g, ' ').trim().replace(/\s+/g, ' ') || START_FEN;
  const moves = get('moves').trim().split(/[\s,]+/).filter(Boolean);
  const ply = params.has('ply') ? parseInt(get('ply'), 10) : NaN;
  const orientation = get('orientation') === 'black' ? 'black' : 'white';
  return { hasGame, fen, moves, ply, orientation, params };
}

/** The fragment of a line, written with URLSearchParams (spaces become `+`). */
export function writeLink({ fen, moves = [], ply, orientation = 'white' }) {
  const p = new URLSearchParams();
  p.set('fen', fen);
  p.set('moves', moves.join(' '));
  p.set('ply', String(Number.isFinite(ply) ? ply : moves.length));
  p.set('orientation', orientation);
  return '#' + p.toString();
}
