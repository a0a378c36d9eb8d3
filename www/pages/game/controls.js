// The page's controls: buttons, the move list, the keyboard, the shared-position bar and the
// settings, each turned into an action of the store (or of the view for what only the view
// shows); the New game dialog is newgame.js's, loaded when it first opens. Nothing here writes
// the DOM.

import { $ } from '../../common/dom.js';
import { rulesModule } from '../../load-rules.js';
import { previousGame, openSaved } from './persist.js';
import { wireReview } from './review-view.js';
import { wireCountRequest } from './count-view.js';

/** Wires the page's controls to `store`, `view`, the engine `driver` and the i18n (`texts()`:
 * all of its texts there); `learn`: the New game dialog links the lessons (a first visit). */
export function wireControls({ store, view, driver, i18n, texts, learn, share, update }) {
  const on = (id, fn) => $(id).addEventListener('click', fn);
  on('btn-update', () => update());
  // the dialog (newgame.js) opens with its texts (loaded after the engine's first move, or now)
  // and the core's rule sets and levels (the full module's, which the first visit does without)
  const openNewGame = () => Promise.all([import('./newgame.js'), texts(), rulesModule(true)])
    .then(([dialog, , { Game }]) => dialog.openNewGame({ store, view, i18n, learn, rules: Game.rules() }));

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
  // a draw offered (draw-offer.js, with its texts)
  on('btn-draw', () => Promise.all([import('./draw-offer.js'), texts()])
    .then(([m]) => m.offerDraw({ store, view, driver, i18n })));
  on('btn-hint', async () => {
    const m = await driver.hint();
    if (!m && !store.getState().outcome) view.showMessage(i18n.t('hintNone'), 'info');
  });
  on('btn-analysis', () => store.setAnalysing(!store.getState().analysing));
  on('btn-share', async () => (await share())?.openShare());
  on('btn-editor', async () => (await share())?.openEditor());
  on('btn-pause', () => store.pauseClock(!store.getState().clock?.paused));
  $('multipv').addEventListener('change', (e) => store.setMultipv(e.target.value));
  on('nav-first', () => store.goto(0));
  on('nav-prev', () => store.goto(store.getState().ply - 1));
  on('nav-next', () => store.goto(store.getState().ply + 1));
  on('nav-last', () => store.goto(store.getState().moves.length));
  // the menu of the move at the cursor (move-menu.js, with its texts): the button, or a right
  // click or long press on a move
  const openMenu = () => Promise.all([import('./move-menu.js'), texts()])
    .then(([m]) => m.openMoveMenu({ store, i18n }));
  on('nav-menu', openMenu);
  $('moves').addEventListener('contextmenu', (e) => {
    const b = e.target.closest('button.move');
    if (!b) return;
    e.preventDefault();
    b.click();
    openMenu();
  });
  // a move of an engine line: the line up to it enters the tree
  $('lines').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-pv]');
    if (b) for (const m of b.dataset.pv.split(' ')) if (store.play(m).error) break;
  });
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button.move');
    if (b?.dataset.ply) store.goto(Number(b.dataset.ply));
    else if (b?.dataset.path) view.tree()?.gotoNode(store, b.dataset.path.split('.').map(Number));
  });
  on('shared-engine', () => store.continueAs('engine'));
  on('shared-friend', () => store.continueAs('two'));
  on('shared-back', () => {
    const prev = previousGame();
    const res = prev && openSaved(store, { ...prev, shared: false });
    // its error in the page's words (www/common/codes.js)
    if (res && res.error) {
      Promise.all([texts(), import('../../common/codes.js')])
        .then(([, c]) => c.worded(i18n, 'previousBad', res)).then((text) => view.showMessage(text));
    }
  });

  wireCountRequest({ store, view, i18n });
  wireReview({ store });

  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target instanceof Element && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || $('newgame')?.open || $('move-menu')?.open) return;
    const s = store.getState();
    const nav = { ArrowLeft: s.ply - 1, ArrowRight: s.ply + 1, Home: 0, End: s.moves.length }[e.key];
    const branch = { ArrowUp: -1, ArrowDown: 1 }[e.key];
    if (nav !== undefined) store.goto(nav);
    else if (!branch || !view.tree()?.chooseBranch(store, branch)) return;
    e.preventDefault();
  });

  const lang = $('lang');
  lang.addEventListener('change', async () => {
    await i18n.setLanguage(lang.value);
    view.applyLanguage();
    view.showMessage(''); // worded in the language before (the position panel's too: share/panel.js)
  });
  $('theme').addEventListener('change', (e) => store.setSettings({ theme: e.target.value }));
  $('coords').addEventListener('change', (e) => store.setSettings({ coords: e.target.value }));
  $('notation').addEventListener('change', (e) => store.setSettings({ notation: e.target.value }));
  $('piece-set').addEventListener('change', (e) => store.setSettings({ pieceSet: e.target.value }));
  on('btn-sound', () => store.setSettings({ sound: !store.getState().settings.sound }));
}
