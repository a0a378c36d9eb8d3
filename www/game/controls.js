// The page's controls: buttons, the move list and the keyboard, the shared-position bar,
// the settings and the new-game dialog.

import { LANGUAGES } from '../i18n/index.js';
import {
  $, app, board, share, i18n, settings, load, store, status, PREVIOUS_KEY, SETTINGS_KEY,
  DEFAULT_LEVEL,
} from './state.js';
import { goto, afterChange, newGame, undo, redo, resign } from './line.js';
import { cancelSearch, analyse, hint, clearLines } from './engine.js';
import { refresh, hideBanner, applyLanguage } from './view.js';
import { save, tryLine, restorePlayers } from './persist.js';
import { openDialog, closeDialog } from '../dom.js';
import { START_FEN } from '../link.js';

// Handicap starts of RULES.md: the side giving odds starts without a Met, a Khon (the one
// beside its Met), a Ma (on the Khun's far wing), or with a Ruea replaced by a Met.
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

// ---------------------------------------------------------------- the new-game dialog

function openNewGame() {
  const form = $('ng-form');
  form.elements.level.value = String(app.level);
  form.elements.mode.value = app.mode; // start from the current choices
  form.elements.color.value = app.human;
  syncDialog();
  openDialog($('newgame'));
}

function syncDialog() {
  const form = $('ng-form');
  const mode = form.elements.mode.value;
  $('ng-color').disabled = mode !== 'engine';
  $('ng-level-row').hidden = mode === 'two';
  const start = form.elements.start.value;
  $('ng-odds-row').hidden = !(start in HANDICAPS.white);
}

function submitNewGame(e) {
  e.preventDefault();
  const ok = e.submitter && e.submitter.value === 'start';
  closeDialog($('newgame'));
  if (!ok) return;
  const form = $('ng-form');
  const mode = form.elements.mode.value;
  let human = form.elements.color.value;
  if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
  const level = Number(form.elements.level.value) || DEFAULT_LEVEL;
  const start = form.elements.start.value;
  let startFen = START_FEN;
  if (start === 'current') startFen = app.game.fen();
  else if (start in HANDICAPS.white) startFen = HANDICAPS[form.elements.odds.value === 'black' ? 'black' : 'white'][start];
  newGame({ startFen, mode, human, level });
}

// ---------------------------------------------------------------- wiring

function toggleAnalysis() {
  app.analysing = !app.analysing;
  clearLines();
  if (!app.analysing) cancelSearch();
  refresh();
  afterChange();
}

export function wireControls() {
  $('btn-new').addEventListener('click', openNewGame);
  $('banner-new').addEventListener('click', () => { hideBanner(); openNewGame(); });
  $('banner-close').addEventListener('click', hideBanner);
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  $('btn-flip').addEventListener('click', () => {
    app.orientation = app.orientation === 'white' ? 'black' : 'white';
    refresh();
    save();
  });
  $('btn-resign').addEventListener('click', resign);
  $('btn-hint').addEventListener('click', hint);
  $('btn-analysis').addEventListener('click', toggleAnalysis);
  $('btn-share').addEventListener('click', () => share?.openShare());
  $('multipv').addEventListener('change', (e) => {
    app.multipv = Number(e.target.value) || 1;
    clearLines();
    if (app.analysing) analyse();
  });
  $('nav-first').addEventListener('click', () => goto(0));
  $('nav-prev').addEventListener('click', () => goto(app.ply - 1));
  $('nav-next').addEventListener('click', () => goto(app.ply + 1));
  $('nav-last').addEventListener('click', () => goto(app.moves.length));
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goto(Number(b.dataset.ply));
  });
  $('shared-engine').addEventListener('click', () => {
    app.shared = false;
    app.mode = 'engine';
    app.human = status().turn;
    app.orientation = app.human;
    app.analysing = false;
    cancelSearch();
    app.moves.length = app.ply;
    app.sans.length = app.ply;
    refresh();
    afterChange();
  });
  $('shared-back').addEventListener('click', () => {
    const prev = load(PREVIOUS_KEY);
    if (!prev || typeof prev.startFen !== 'string' || !Array.isArray(prev.moves)) return;
    cancelSearch();
    app.shared = false;
    restorePlayers(prev);
    app.orientation = prev.orientation === 'black' ? 'black' : 'white';
    tryLine(prev.startFen, prev.moves.map(String), Number(prev.ply));
  });
  $('shared-friend').addEventListener('click', () => {
    app.shared = false;
    app.mode = 'two';
    app.analysing = false;
    cancelSearch();
    refresh();
    afterChange();
  });
  const form = $('ng-form');
  form.addEventListener('change', syncDialog);
  form.addEventListener('submit', submitNewGame);
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || $('newgame').open) return;
    const nav = { ArrowLeft: app.ply - 1, ArrowRight: app.ply + 1, Home: 0, End: app.moves.length }[e.key];
    if (nav !== undefined && app.game) {
      goto(nav);
      e.preventDefault();
    }
  });

  const lang = $('lang');
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name;
    lang.appendChild(o);
  }
  lang.value = i18n.lang;
  lang.addEventListener('change', () => {
    i18n.setLanguage(lang.value);
    applyLanguage();
  });
  $('theme').value = settings.theme;
  $('coords').value = settings.coords;
  $('theme').addEventListener('change', (e) => {
    settings.theme = e.target.value;
    store(SETTINGS_KEY, settings);
    board.set({ theme: settings.theme });
  });
  $('coords').addEventListener('change', (e) => {
    settings.coords = e.target.value;
    store(SETTINGS_KEY, settings);
    board.set({ coords: settings.coords });
  });
}
