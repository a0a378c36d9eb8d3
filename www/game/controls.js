// The page's controls: buttons, the move list, the keyboard, the shared-position bar, the
// settings and the new-game dialog, each turned into an action of the store (or of the view
// for what only the view shows). Nothing here writes the DOM.

import { DEFAULT_LEVEL } from './store.js';
import { parseTimeControl } from './clock.js';
import { $ } from '../dom.js';
import { previousGame, openSaved } from './persist.js';
import { newCorrId } from './correspondence.js';
import { wireReview } from './review-view.js';
import { wireCountRequest } from './count-view.js';

// Handicap starts of docs/rules.md, Makruk's only (the dialog offers them for Makruk): the side
// giving odds starts without a Met, a Khon (the one beside its Met), a Ma (on the Khun's far
// wing), or with a Ruea replaced by a Met.
const HANDICAPS = {
  white: {
    noMet: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1',
    noKhon: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKM1NR w - - 0 1',
    noMa: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMS1R w - - 0 1',
    rueaMet: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNM w - - 0 1',
  },
  black: {
    noMet: 'rns1ksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    noKhon: 'rn1mksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    noMa: 'r1smksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    rueaMet: 'mnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
  },
};
const isHandicap = (start) => start in HANDICAPS.white;

/** Wires the page's controls to `store`, `view`, the engine `driver` and the i18n (`texts()`:
 * all of its texts there). */
export function wireControls({ store, view, driver, i18n, texts, share, update }) {
  const on = (id, fn) => $(id).addEventListener('click', fn);
  on('btn-update', () => update());
  // the dialog opens with its texts (loaded after the engine's first move, or now)
  const openNewGame = () => texts().then(() => view.openNewGame(store.getState(), isHandicap));

  on('btn-new', openNewGame);
  on('banner-new', () => { view.hideBanner(); openNewGame(); });
  on('banner-close', () => {
    view.hideBanner();
    $('btn-new').focus(); // not to the page: the banner's button is gone
  });
  on('shared-new', openNewGame);
  on('btn-undo', () => store.undo());
  on('btn-redo', () => store.redo());
  on('btn-flip', () => store.flip());
  on('btn-resign', () => {
    if (store.getState().outcome) return;
    if (view.confirmResign()) store.resign();
  });
  on('btn-hint', async () => {
    const m = await driver.hint();
    if (!m && !store.getState().outcome) view.showMessage(i18n.t('hintNone'), 'info');
  });
  on('btn-analysis', () => store.setAnalysing(!store.getState().analysing));
  on('btn-share', async () => (await share())?.openShare());
  on('btn-pause', () => store.pauseClock(!store.getState().clock?.paused));
  $('multipv').addEventListener('change', (e) => store.setMultipv(e.target.value));
  on('nav-first', () => store.goto(0));
  on('nav-prev', () => store.goto(store.getState().ply - 1));
  on('nav-next', () => store.goto(store.getState().ply + 1));
  on('nav-last', () => store.goto(store.getState().moves.length));
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) store.goto(Number(b.dataset.ply));
  });
  on('shared-engine', () => store.continueAs('engine'));
  on('shared-friend', () => store.continueAs('two'));
  on('shared-back', () => {
    const prev = previousGame();
    const res = prev && openSaved(store, { ...prev, shared: false });
    if (res && res.error) view.showMessage(i18n.t('badFen', { error: res.error }));
  });

  wireCountRequest({ store, view, i18n });
  wireReview({ store });

  const form = $('ng-form');
  form.addEventListener('change', () => view.syncDialog(isHandicap));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    view.closeNewGame();
    if (!e.submitter || e.submitter.value !== 'start') return;
    const mode = form.elements.mode.value;
    let human = form.elements.color.value;
    if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
    const level = Number(form.elements.level.value) || DEFAULT_LEVEL;
    const variant = form.elements.variant.value;
    const start = form.elements.start.value;
    let startFen; // the variant's start
    if (start === 'current') startFen = store.getState().fen;
    else if (isHandicap(start)) startFen = HANDICAPS[form.elements.odds.value === 'black' ? 'black' : 'white'][start];
    let timeControl = null;
    const clock = form.elements.clock.value;
    if (clock) {
      timeControl = parseTimeControl(clock === 'custom' ? `${form.elements.minutes.value}+${form.elements.increment.value}` : clock);
      if (timeControl.error) {
        view.showMessage(timeControl.error);
        return;
      }
    }
    const corr = mode === 'correspondence' ? { id: newCorrId(), base: 0 } : null;
    const counting = mode === 'correspondence' ? 'auto' : form.elements.counting.value;
    store.setSettings({ fastReplies: form.elements.fastReplies.checked });
    const res = store.newGame({ variant, counting, startFen, mode, human, level, timeControl, turnBoard: form.elements.turnBoard.checked, corr });
    if (res.error) view.showMessage(i18n.t('badFen', { error: res.error }));
  });

  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || $('newgame').open) return;
    const s = store.getState();
    const nav = { ArrowLeft: s.ply - 1, ArrowRight: s.ply + 1, Home: 0, End: s.moves.length }[e.key];
    if (nav !== undefined) {
      store.goto(nav);
      e.preventDefault();
    }
  });

  const lang = $('lang');
  lang.addEventListener('change', async () => {
    await i18n.setLanguage(lang.value);
    view.applyLanguage();
  });
  $('theme').addEventListener('change', (e) => store.setSettings({ theme: e.target.value }));
  $('coords').addEventListener('change', (e) => store.setSettings({ coords: e.target.value }));
  $('piece-set').addEventListener('change', (e) => store.setSettings({ pieceSet: e.target.value }));
  on('btn-sound', () => store.setSettings({ sound: !store.getState().settings.sound }));
}
