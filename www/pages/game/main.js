// The game page: one store (www/common/game/store.js) and its subscribers, wired here:
//   store.js          the state and its actions: the line and its cursor, the players; it
//                     composes the features' slices: clock.js, review.js, count.js,
//                     correspondence.js (a game with a friend by link)
//   view.js           the only writer of the page's DOM around the board, with the features'
//                     views: clock-view.js, review-view.js, count-view.js, analysis-view.js,
//                     correspondence-view.js (also its list in storage and its links; loaded
//                     when there is a game by link: lazyPart)
//   persist.js        local storage and the URL fragment; restoring the game on load
//   engine-driver.js  the engine's moves, analysis and the hint, through the worker
//   pace.js           a person's pace for the engine's replies at levels 1-6
//   review-driver.js  the searches of a game review, in a worker of their own
//   controls.js       buttons, keyboard and settings, as actions
//   newgame.js        the New game dialog, made when it first opens
//   match-view.js     a match of several games (match.js), loaded with the first game of one
//   sound.js          the sounds of moves, checks, the end and a low clock (Web Audio)
// The rules are the wasm module's; the board component knows none.

import { createBoard } from '../../common/board/index.js';
import { createI18n, LANGUAGES } from '../../common/i18n/index.js';
import { readLink, onLinkChange, readSideLink } from '../../common/link.js';
import { readStored, savedSettings } from '../../common/storage.js';
import { createStore, endHow, engineSide, personMoves, pgnName, recordOf } from '../../common/game/store.js';
import { createView, translatePage, setStatus } from './view.js';
import { persist, restore, firstLine, previousGame, wantsCorrespondence, wantsMatch, linkLine,
  GAME_KEY } from './persist.js';
import { createEngineDriver } from '../../common/game/engine-driver.js';
import { replyPaceMs } from './pace.js';
import { wireControls } from './controls.js';
import { createSound } from '../../common/game/sound.js';
import { pgnNotes } from '../../common/game/review.js';
import { $, addStylesheet, errorText, exposeForTests, menuButton } from '../../common/dom.js';
import { loadRules, thaiNotation } from '../../load-rules.js';

// share.js loads this long after the engine's first move, or after the engine is ready,
// when nothing asked for it before
const AFTER_MOVE_MS = 500;
const SHARE_DELAY_MS = 3000;

// English comes in two parts: the texts a first visit shows before the engine's first move,
// and the rest (the dialogs', share's, games by link, ...), loaded later (allTexts in main)
const i18n = createI18n(undefined, { later: true });
const settings = savedSettings(i18n.lang);
// a link may ask for a piece set (pieces=western) or a notation (notation=thai) without
// changing the saved choice
const linkPieces = readLink(location.hash).params.get('pieces');
if (linkPieces === 'western' || linkPieces === 'traditional') settings.pieceSet = linkPieces;
settings.notation = readLink(location.hash).notation || settings.notation;

/** While a clock runs: its display ten times a second, and the loss on time when it is out. */
function runClocks(store, view) {
  let timer = 0;
  const follow = (s) => {
    const running = !!(s.clock && s.clock.running);
    if (running && !timer) {
      timer = setInterval(() => {
        store.tick();
        view.renderClocks(store.getState());
      }, 100);
    } else if (!running && timer) {
      clearInterval(timer);
      timer = 0;
    }
  };
  store.subscribe(follow);
  follow(store.getState());
}

/**
 * A part of the page loaded when it is needed (a first visit needs neither: docs/size.md): the
 * games by link (game/correspondence-view.js) and the match (game/match-view.js). `load()`
 * resolves to the module (with all the texts), `get()` is it or null; `attach(ctx)`, once the
 * view exists, wires it (`wire(module, ctx)`), and loads it when the store's state is `wanted`.
 */
function lazyPart(importer, texts, wire, wanted) {
  let mod = null;
  let ctx = null;
  const start = () => {
    if (!mod || !ctx || ctx.wired) return;
    ctx.wired = true;
    wire(mod, ctx);
  };
  const load = async () => {
    [mod] = await Promise.all([mod ?? importer(), texts()]);
    start();
    return mod;
  };
  const attach = (c) => {
    ctx = c;
    start();
    c.store.subscribe((s) => wanted(s) && !c.wired && load());
  };
  return { get: () => mod, load, attach };
}

/**
 * The English texts a first visit does not show before the engine's first move
 * (i18n/en-rest.js; other languages come whole): loaded with share.js, before a dialog or a
 * game by link opens, or at once when the page opens on a kept game or a link (docs/size.md).
 * The function returned loads them once (again after a failure) and resolves to whether they
 * are there; `retranslate()` writes the page's texts again when they have come (until then
 * its hidden parts may hold their keys).
 */
function lazyTexts(retranslate) {
  let texts = null;
  return () => (texts ??= i18n.complete().then((ok) => {
    if (ok) retranslate();
    else texts = null;
    return ok;
  }));
}

/**
 * share.js (link, PNG, QR, FEN/PGN panel, editor), with its texts and share.css: the function
 * returned loads it once, after the engine's first move, on first use, or a moment after the
 * engine is ready, whichever comes first: a first visit spends its bandwidth on the board and
 * the engine (docs/size.md). A failure there cannot take the game down with it.
 */
function shareLoader({ Game, board, store, view, persistence, texts }) {
  let sharing = null;
  return () => (sharing ??= Promise.all([
    import('./share.js'), texts(), addStylesheet(new URL('share.css', import.meta.url)),
  ]).then(([{ initShare }]) => {
    const share = initShare({
      Game, board, i18n,
      showMessage: view.showMessage,
      load: (line) => store.load(line),
      variantStart: (variant) => store.variantStart(variant),
      goto: (ply) => store.goto(ply),
      editTree: (edit) => store.editTree(edit),
      rewriteUrl: () => persistence.save(true),
      line: () => {
        const s = store.getState();
        const name = (color) => pgnName(s, color, i18n.t);
        return {
          variant: s.variant, counting: s.counting, counts: s.counts.slice(), startFen: s.startFen, ...linkLine(s),
          tree: s.tree, ply: s.ply, orientation: s.orientation, fen: s.fen,
          white: name('white'), black: name('black'), notes: pgnNotes(s.review?.marks),
          ended: s.ended && { color: s.ended.color, by: endHow(s) },
          match: s.match, result: s.outcome?.result, // a game of a match: its games as one PGN
          timeControl: s.clock, // {initial, increment}: the PGN's TimeControl
        };
      },
    });
    store.subscribe(() => share.refresh());
    return share;
  }).catch((e) => {
    console.warn('share.js:', e);
    return null;
  }));
}

/** The review's driver (review-driver.js), loaded with the first review (not on a first visit):
 * a driver made during a review runs it. */
function awaitReview(store) {
  const unsubscribe = store.subscribe((s, action) => {
    if (action.type !== 'reviewStart') return;
    unsubscribe();
    import('./review-driver.js').then((m) => m.createReviewDriver(store, {
      connect: async () => (await import('../../engine-client.js')).createEngine(),
    })).catch(() => store.reviewCancel());
  });
}

async function main() {
  // the counting-mates trainer's drill links (#trainer=RR) belong to its page
  if (readSideLink(location.hash).trainer !== null) return location.replace(`trainer.html${location.hash}`);
  // and the puzzles' (#puzzle=<id>) to the puzzle page
  if (readSideLink(location.hash).puzzle !== null) return location.replace(`puzzles.html${location.hash}`);
  const firstVisit = !readStored(GAME_KEY); // (when the page opens)
  let store = null;
  let view = null;
  const line = () => store && { record: recordOf(store.getState()), ply: store.getState().ply };
  // the refusals' sentences (www/common/refusal.js), loaded with the first
  let refusal = null;
  const refusals = () => (refusal ??= import('../../common/refusal.js')
    .then((m) => m.refusals(i18n, line, (text) => view.showMessage(text))));
  let board = null;
  const allTexts = lazyTexts(() => (view ? view.applyLanguage() : board && translatePage(i18n, board)));
  const opensGame = !firstVisit || location.hash.length > 1; // which may show any text at once
  if (opensGame) allTexts();
  // Draw the board at once from the URL or the saved game; the rules module follows.
  const first = firstLine();
  board = createBoard(document.querySelector('#board canvas'), {
    pieces: first.pieces || [],
    orientation: first.orientation,
    theme: settings.theme,
    coords: settings.coords,
    pieceSet: settings.pieceSet,
    viewOnly: false,
    describe: (sq, p) => i18n.describe(sq, p),
    onMove: (from, to) => {
      const s = store.getState();
      if (!s.legal.some((m) => m.from === from && m.to === to)) return view.render(s);
      const res = store.playFromTo(from, to);
      if (!res.error) refusal?.then((r) => r.moved());
      if (res.error) {
        // the refusal in the page's words (www/common/codes.js: its code, never the core's English)
        Promise.all([allTexts(), import('../../common/codes.js')])
          .then(([, c]) => c.worded(i18n, 'moveRefused', { error: res.error, ref: c.moveAttempt(s, from + to) }))
          .then((text) => view.showMessage(text));
        view.render(store.getState());
      }
    },
    onPremove: (from, to) => store?.setPremove(from, to),
    onRefuse: (from, to) => refusals().then((r) => r.refuse(from, to)),
    onSelect: (sq) => {
      if (!sq || !store) return;
      const n = store.getState().legal.filter((m) => m.from === sq).length;
      board.announce(i18n.t('pickedUp', { square: sq, n }));
    },
    label: i18n.t('boardLabel'),
    describedBy: 'board-help',
  });
  // its squares are labelled now, in the page's language until the chosen one has arrived;
  // it is drawn in the first frame, before this frame callback; nothing else runs before that
  // frame is out (docs/testing.md, "The first move and the first paint")
  performance.mark('board-labelled');
  menuButton($('btn-settings'), $('settings'));
  exposeForTests('makrukBoard', board);
  await new Promise((drawn) => requestAnimationFrame(() => {
    performance.mark('board-drawn');
    setTimeout(drawn);
  }));
  await i18n.ready; // its language may still be on its way
  translatePage(i18n, board);
  setStatus(i18n.t('loading'));

  const rules = await loadRules(i18n, setStatus);
  if (!rules) return;
  store = createStore(rules.Game, { settings, loadThaiLine: thaiNotation });
  const corr = lazyPart(() => import('./correspondence-view.js'), allTexts, (mod, ctx) => {
    mod.wireCorrespondence(ctx);
    ctx.view.render(ctx.store.getState());
  }, (s) => s.mode === 'correspondence');
  // (a match's own texts, www/common/i18n/match/, in the page's language, with it)
  const matchTexts = () => Promise.all([allTexts(),
    import('../../common/i18n/features.js').then((m) => m.loadFeatures(i18n, 'match')).catch(() => false)]);
  const match = lazyPart(() => import('./match-view.js'), matchTexts, (mod, ctx) => mod.wireMatch(ctx), (s) => s.match);
  if (wantsCorrespondence()) await corr.load();
  if (wantsMatch()) await match.load();
  if (opensGame) await allTexts();
  const messages = restore(store, location.hash, corr.get(), match.get());
  view = createView({ store, board, i18n, hasPrevious: () => !!previousGame(), corr: corr.get });
  const persistence = persist(store);
  persistence.save(true);
  store.subscribe(view.render);
  view.fillSettings(LANGUAGES);
  view.render(store.getState());
  // the link's messages: an error unless each is information (kind 'info': an older link, ...)
  const say = (messages) => {
    if (messages.length) view.showMessage(messages.map((m) => i18n.t(m.key, m.values)).join(' '),
      messages.every((m) => m.kind) ? 'info' : 'error', true);
  };
  // the errors among them in the page's words (www/common/codes.js, loaded then)
  const sayWords = (list) => list.length && import('../../common/codes.js')
    .then((m) => m.wordErrors(i18n, list)).catch(() => list).then(say);
  sayWords(messages);
  corr.attach({ store, view, i18n });
  match.attach({ store, view, board, i18n });
  runClocks(store, view);
  createSound(store);

  const driver = createEngineDriver(store, {
    connect: async () => {
      const mod = await import('../../engine-client.js');
      return mod.createEngine({ onCrash: () => view.showMessage(i18n.t('engineCrashed')) });
    },
    // so that engine-against-engine games can be followed (not on the clock: the pause would count)
    pauseMs: (s) => (s.mode === 'watch' && !s.clock ? 350 : 0),
    paceMs: (s) => replyPaceMs(s),
  });
  awaitReview(store);
  let offline = null;

  const loadShare = shareLoader({ Game: rules.Game, board, store, view, persistence, texts: allTexts });
  // what the model-based test reads after each step (tests/model.support.mjs); `share` loads
  // share.js as its first use does (tests/ui.support.mjs shareParts)
  exposeForTests('makrukGame', { store, recordOf, personMoves, share: loadShare });
  let engineMoved = false;
  store.subscribe((s) => {
    if (engineMoved || !(s.ply > 0 && engineSide(s, store.turnAt(s.ply - 1)))) return;
    engineMoved = true;
    setTimeout(loadShare, AFTER_MOVE_MS); // after the move is drawn and heard
  });
  // a link opened while the page is open: a game to play (play=...) starts here; a game to
  // look at goes to share.js (handed to it once it is there, if it is still on its way)
  onLinkChange((hash) => {
    if (!readLink(hash).params.has('play')) return loadShare().then((sh) => sh?.openHash(hash));
    Promise.all([wantsCorrespondence(hash) ? corr.load() : allTexts(), wantsMatch(hash) && match.load()])
      .then(() => sayWords(restore(store, hash, corr.get(), match.get())));
  });
  // a first visit (no game kept yet) finds the lessons in the New game dialog. The new version
  // is taken once share.js is loaded: a file asked of the old version's service worker as it
  // stops starts it again, and Chromium keeps the new one waiting until the old one has been
  // idle for 30 s
  wireControls({ store, view, driver, i18n, texts: allTexts, learn: firstVisit, share: loadShare,
    update: () => loadShare().then(() => offline?.apply()) });
  document.body.dataset.ready = 'game';
  try {
    await driver.ready;
    document.body.dataset.ready = 'engine';
  } catch (e) {
    view.showMessage(i18n.t('engineMissing', { error: errorText(e) }));
  }
  setTimeout(loadShare, SHARE_DELAY_MS);
  // the site kept for offline use, once the game is up (its downloads wait for the first board)
  try {
    const { registerOffline } = await import('../../common/offline.js');
    offline = await registerOffline(() => store.setUpdate());
  } catch (e) {
    console.warn('offline:', errorText(e));
  }
}

main();
