// The game record (crate/makruk/src/record.rs): the core's one line of text for a whole game,
// `1.<variant>.<counting>.<start FEN>.<moves, count actions, end>`, which the engine worker,
// the review and saved games pass instead of a FEN and a move list. The core writes it
// (`game.record()`) and reads it (`Game.fromRecord`); here only a line given in parts, as links
// and older saved games hold it, is put into that form for the core to read: nothing is
// judged or replayed here.

/** Tokens the record reserves (a count action, an end) or cannot hold (its separators). */
const NOT_A_MOVE = /^(s|x|[rt][wb])$|[.\-\s]/;

/**
 * The record of a line in parts: `variant` ("makruk" when left out), `counting` ("auto" when
 * left out), `fen` (the start; left out: the variant's), `moves` (UCI or SAN), `counts` (the
 * count actions as links keep them, `["0s", "4x"]`: `<ply>s` a start, `<ply>x` a stop; others
 * are skipped). A move the record cannot hold is written `?`, which the core refuses there.
 */
export function lineRecord({ variant = 'makruk', counting = 'auto', fen, moves = [], counts = [] } = {}) {
  const actions = new Map();
  for (const entry of counts) {
    const m = /^(\d{1,4})([sx])$/.exec(String(entry));
    if (m) actions.set(Number(m[1]), [...(actions.get(Number(m[1])) || []), m[2]]);
  }
  const tokens = [];
  for (let k = 0; k <= moves.length; k++) {
    tokens.push(...(actions.get(k) || []));
    if (k < moves.length) tokens.push(NOT_A_MOVE.test(String(moves[k])) ? '?' : String(moves[k]));
  }
  const start = fen ? String(fen).trim().replace(/\s+/g, '_').replace(/\+/g, '-') : '';
  return `1.${variant}.${counting}.${start}.${tokens.join('-')}`;
}
