// A draw offered (issue 56 item 5), loaded with the first offer: to the engine, which answers
// by the core's rule (docs/engine-worker.md, "A draw offered to the engine": its search's
// score and the count, asked of the full module's `acceptsDraw`), to the other person on
// this device, who accepts or declines in a dialog, or to a friend by link, with the move
// sent (correspondence-view.js shows the friend the offer). An accepted draw is the core's end of the
// game (the store's acceptDraw(color): the record's `d`, the PGN's 1/2-1/2).

import { $, openDialog, closeDialog } from '../../common/dom.js';
import { recordOf } from '../../common/game/store.js';
import { rulesModule } from '../../load-rules.js';
import { corrMayOffer } from '../../common/game/correspondence.js';

const other = (c) => (c === 'white' ? 'black' : 'white');

/** The person to move offers a draw: to the engine, or to the other person on this device;
 * by link, the person who has just moved. */
export function offerDraw({ store, view, driver, i18n }) {
  const s = store.getState();
  if (s.outcome || s.ended || s.ply !== s.moves.length) return null;
  if (s.mode === 'engine') return offerToEngine({ store, view, driver, i18n });
  if (s.mode === 'two') return offerToFriend({ store, view, i18n });
  if (corrMayOffer(s)) return store.setOffer(s.ply); // it goes with the link (correspondence.js)
  return null;
}

/** The engine's answer: its search's score of the position and the count, by the core's rule. */
async function offerToEngine({ store, view, driver, i18n }) {
  const s = store.getState();
  const engine = other(s.human);
  const [score, wasm] = await Promise.all([driver.evaluate(), rulesModule(true)]);
  const now = store.getState();
  // the game went on
  if (now.epoch !== s.epoch || now.moves.length !== s.moves.length || now.outcome || now.ended) return;
  let accepts = false;
  if (score) {
    const { game } = wasm.Game.fromRecord(recordOf(s));
    try {
      accepts = wasm.acceptsDraw(game, engine, score);
    } finally {
      game.free();
    }
  }
  if (accepts) store.acceptDraw(engine);
  view.showMessage(i18n.t(accepts ? 'drawAccepted' : 'drawDeclined'), 'info');
}

const MARKUP = `
<dialog id="draw-offer" aria-labelledby="draw-offer-text">
  <form method="dialog">
    <p id="draw-offer-text"></p>
    <div class="dialog-buttons">
      <button type="submit" value="accept" id="draw-accept" data-i18n="drawAccept"></button>
      <button type="submit" value="decline" id="draw-decline" data-i18n="drawDecline"></button>
    </div>
  </form>
</dialog>`;

/** Two people on one device: the side to move offers, the other accepts or declines. */
function offerToFriend({ store, view, i18n }) {
  if (!$('draw-offer')) {
    document.body.insertAdjacentHTML('beforeend', MARKUP);
    $('draw-offer').querySelector('form').addEventListener('submit', (e) => {
      e.preventDefault();
      closeDialog($('draw-offer'));
      const by = $('draw-offer').dataset.by;
      const s = store.getState();
      if (s.status.turn !== by || s.ply !== s.moves.length) return; // the game went on
      if (e.submitter?.value === 'accept') store.acceptDraw(other(by));
      else view.showMessage(i18n.t('drawDeclinedBy', { side: i18n.t(other(by)) }), 'info');
    });
  }
  const by = store.getState().status.turn;
  const dlg = $('draw-offer');
  dlg.dataset.by = by;
  i18n.translate(dlg);
  $('draw-offer-text').textContent = i18n.t('drawOffered', { side: i18n.t(by), other: i18n.t(other(by)) });
  openDialog(dlg);
}
