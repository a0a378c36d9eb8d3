// Why a move is refused, on the game page and the embed: the rules module's reason
// (`Game.whyIllegal`, crate/makruk/src/explain.rs) said in the player's language, for every
// attempt (issue 56: a piece sent where it never goes is told so too). The pages load this
// module on the first refusal, not on the first visit, and its sentences
// (www/common/i18n/refusal/<code>.js) in the page's language with it (the embed loads it with its board).

import { loadFeatures } from './i18n/features.js';
import { whyIllegal } from '../load-rules.js';
import { withdrawMessage } from './dom.js';

/** The sentence of `why` ({reason, piece}) in `ft` (the refusals' texts, www/common/i18n/refusal/). */
function whySentence(ft, i18n, why) {
  const piece = why.piece ? why.piece.toLowerCase() : '';
  const key = [`why_${why.reason}_${piece}`, `why_${why.reason}`].find(ft.has) ?? 'why_other';
  return ft(key, { piece: piece && i18n.t(piece) });
}

/** Resolves to the sentence that says why the move was refused (`why` of whyIllegal) in
 * `i18n`'s language, or to null when there is no reason (the move is legal). */
export async function refusalText(i18n, why) {
  return why ? whySentence(await loadFeatures(i18n, 'refusal'), i18n, why) : null;
}

/**
 * The refusals of a game's board (the game page, the embed): `refuse(from, to)` says through
 * `show(text)`, in `i18n`'s language, why the move was refused in the game `line()` gives
 * (`{record, ply}` of the store's line, or null), unless the line has moved on by then;
 * `moved()`, on the next legal move, takes the sentence away from the message box `el` if it
 * is still shown there.
 */
export function refusals(i18n, line, show, el) {
  let said = '';
  return {
    refuse(from, to) {
      const at = line();
      if (!at) return;
      whyIllegal(at.record, at.ply, from, to).then((why) => refusalText(i18n, why)).then((text) => {
        const now = line();
        if (!text || !now || now.record !== at.record || now.ply !== at.ply) return;
        said = text;
        show(text);
      });
    },
    moved() {
      withdrawMessage(said, el);
      said = '';
    },
  };
}
