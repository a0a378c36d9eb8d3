// Why a move is refused, on the game page and the embed: the rules module's reason
// (`Game.whyIllegal`, crate/makruk/src/explain.rs) said in the player's language. A plain
// mis-click (a square the piece never reaches, an own piece, the other side's piece) is not
// said; a move the piece's pattern allows and the rules forbid is. The sentences
// (www/refusal-strings.js) are loaded on the first refusal, not on the first visit.

import { featureTexts } from './i18n/index.js';

/** The reasons that are a mis-click, not a rule to learn: nothing is said. */
const QUIET = new Set(['noPiece', 'notYourTurn', 'ownPiece', 'notThatWay', 'other', 'gameOver']);

/** Whether a refusal `why` ({reason, piece} of whyIllegal, or null) is worth a sentence. */
const saysWhy = (why) => !!why && !QUIET.has(why.reason);

/** The sentence of `why` ({reason, piece}) in `texts` (REFUSALS) for `i18n`'s language. */
function whySentence(texts, i18n, why) {
  const piece = why.piece ? why.piece.toLowerCase() : '';
  const key = [`why_${why.reason}_${piece}`, `why_${why.reason}`].find((k) => k in texts.en) ?? 'why_other';
  return featureTexts(i18n, texts)(key, { piece: piece && i18n.t(piece) });
}

/** Resolves to the sentence that says why the move was refused, or null for a mis-click. */
async function refusalText(i18n, why) {
  if (!saysWhy(why)) return null;
  const { REFUSALS } = await import('./refusal-strings.js');
  return whySentence(REFUSALS, i18n, why);
}

/** Shows, through `show(text)`, why the move was refused (`why` of whyIllegal), unless it is a
 * mis-click; the page's language is `i18n`'s. */
export function sayRefusal(i18n, why, show) {
  refusalText(i18n, why).then((text) => text && show(text), (e) => console.warn('refusal:', e));
}
