// Why a move is refused, on the game page and the embed: the rules module's reason
// (`Game.whyIllegal`, crate/makruk/src/explain.rs) said in the player's language. A plain
// mis-click (a square the piece never reaches, an own piece, the other side's piece) is not
// said; a move the piece's pattern allows and the rules forbid is. The pages load this module
// on the first refusal, not on the first visit, and its sentences (www/i18n/refusal/<code>.js)
// in the page's language on the first that says why.

import { loadFeatures } from './i18n/features.js';

/** The reasons that are a mis-click, not a rule to learn: nothing is said. */
const QUIET = new Set(['noPiece', 'notYourTurn', 'ownPiece', 'notThatWay', 'other', 'gameOver']);

/** Whether a refusal `why` ({reason, piece} of whyIllegal, or null) is worth a sentence. */
const saysWhy = (why) => !!why && !QUIET.has(why.reason);

/** The sentence of `why` ({reason, piece}) in `tt` (the refusals' texts, www/i18n/refusal/). */
function whySentence(tt, i18n, why) {
  const piece = why.piece ? why.piece.toLowerCase() : '';
  const key = [`why_${why.reason}_${piece}`, `why_${why.reason}`].find(tt.has) ?? 'why_other';
  return tt(key, { piece: piece && i18n.t(piece) });
}

/** Resolves to the sentence that says why the move was refused (`why` of whyIllegal) in
 * `i18n`'s language, or to null for a mis-click. */
export async function refusalText(i18n, why) {
  return saysWhy(why) ? whySentence(await loadFeatures(i18n, 'refusal'), i18n, why) : null;
}
