// The New game dialog: its markup, made on its first opening (a first visit does not download
// it before the engine's first move: docs/size.md), its rows shown as its choices ask, and the
// game it starts, as an action of the store. Its texts are [data-i18n] elements, relabelled
// with the page's on a language change (view.js translatePage).

import { DEFAULT_LEVEL } from '../../common/game/levels.js';
import { parseTimeControl, PRESETS } from '../../common/game/clock.js';
import { $, openDialog, closeDialog } from '../../common/dom.js';
import { newCorrId } from '../../common/game/correspondence.js';
import { newMatch, MATCH_LENGTHS } from './match.js';

/** The handicap start `name` (the core's: Game.rules(), docs/rules.md) of `variant`, with the
 * odds given by `giver`; undefined for another start. */
const handicapOf = (rules, variant, name, giver) =>
  rules.variants.find((v) => v.name === variant)?.handicaps.find((h) => h.name === name)?.[giver];
const isHandicap = (rules, name) => rules.variants.some((v) => v.handicaps.some((h) => h.name === name));

/** The key of a variant's text: `variantKarouk`, `variantKaroukDesc`. */
const variantKey = (variant, suffix = '') => 'variant' + variant[0].toUpperCase() + variant.slice(1) + suffix;

/** The levels' options: the core's levels (Game.rules()), each with its measured Elo. */
const levelOptions = (rules) => rules.levels.elo
  .map((elo, k) => `<option value="${k + 1}" data-i18n="level${k + 1}" data-elo="${elo}"></option>`).join('');

// the markup (only the core's levels go into it); the texts come from the [data-i18n] keys
const markup = (rules) => `
<dialog id="newgame" aria-labelledby="ng-title">
  <form method="dialog" id="ng-form">
    <h2 id="ng-title" data-i18n="ngTitle"></h2>
    <p class="ng-learn" id="ng-learn" hidden><a href="learn.html" data-i18n="learnLink"></a></p>
    <fieldset>
      <legend data-i18n="ngOpponent"></legend>
      <label><input type="radio" name="mode" value="engine" checked> <span data-i18n="ngEngine"></span></label>
      <label><input type="radio" name="mode" value="two"> <span data-i18n="ngTwo"></span></label>
      <label><input type="radio" name="mode" value="watch"> <span data-i18n="ngWatch"></span></label>
      <label><input type="radio" name="mode" value="correspondence"> <span data-i18n="ngCorr"></span></label>
    </fieldset>
    <fieldset id="ng-color">
      <legend data-i18n="ngColor"></legend>
      <label><input type="radio" name="color" value="white" checked> <span data-i18n="white"></span></label>
      <label><input type="radio" name="color" value="black"> <span data-i18n="black"></span></label>
      <label><input type="radio" name="color" value="random"> <span data-i18n="ngRandom"></span></label>
    </fieldset>
    <label class="row" id="ng-match-row"><span data-i18n="ngMatch"></span>
      <select name="match" id="ng-match">
        <option value="" data-i18n="ngMatchOne"></option>
        ${MATCH_LENGTHS.map((n) => `<option value="${n}"></option>`).join('')}
      </select></label>
    <label class="row" id="ng-level-row"><span id="ng-level-label" data-i18n="ngLevel"></span>
      <select name="level" id="ng-level">${levelOptions(rules)}</select></label>
    <p class="level-desc" id="ng-level-desc"></p>
    <label class="row" id="ng-black-level-row"><span data-i18n="ngLevelBlack"></span>
      <select name="blackLevel" id="ng-black-level">${levelOptions(rules)}</select></label>
    <label class="row check"
      id="ng-fast-row"><input type="checkbox" name="fastReplies"> <span data-i18n="ngFastReplies"></span></label>
    <label class="row"><span data-i18n="ngClock"></span>
      <select name="clock" id="ng-clock">
        <option value="" data-i18n="ngClockNone"></option>
        ${PRESETS.map((tc) => `<option>${tc}</option>`).join('')}
        <option value="custom" data-i18n="ngClockCustom"></option>
      </select></label>
    <div class="row" id="ng-custom-row" hidden>
      <label><span data-i18n="ngMinutes"></span>
        <input type="number" name="minutes" min="0.1" max="600" step="0.1" value="5" inputmode="decimal"></label>
      <label><span data-i18n="ngIncrement"></span>
        <input type="number" name="increment" min="0" max="180" step="1" value="3" inputmode="numeric"></label>
    </div>
    <label class="row" id="ng-turn-row"
      hidden><input type="checkbox" name="turnBoard"> <span data-i18n="ngTurnBoard"></span></label>
    <label class="row"><span data-i18n="ngVariant"></span>
      <select name="variant" id="ng-variant">
        <option value="makruk" data-i18n="variantMakruk"></option>
        <option value="cambodian" data-i18n="variantCambodian"></option>
        <option value="makpong" data-i18n="variantMakpong"></option>
        <option value="karouk" data-i18n="variantKarouk"></option>
      </select></label>
    <p class="level-desc" id="ng-variant-desc" data-i18n="variantMakrukDesc"></p>
    <label class="row" id="ng-counting-row"><span data-i18n="ngCounting"></span>
      <select name="counting" id="ng-counting">
        <option value="auto" data-i18n="ngCountingAuto"></option>
        <option value="request" data-i18n="ngCountingRequest"></option>
      </select></label>
    <label class="row"><span data-i18n="ngStart"></span>
      <select name="start" id="ng-start">
        <option value="standard" data-i18n="ngStandard"></option>
        <option value="noMet" data-i18n="hcNoMet"></option>
        <option value="noKhon" data-i18n="hcNoKhon"></option>
        <option value="noMa" data-i18n="hcNoMa"></option>
        <option value="rueaMet" data-i18n="hcRueaMet"></option>
        <option value="current" data-i18n="ngCurrent"></option>
      </select></label>
    <label class="row" id="ng-odds-row" hidden><span data-i18n="ngOddsBy"></span>
      <select name="odds">
        <option value="white" data-i18n="white"></option>
        <option value="black" data-i18n="black"></option>
      </select></label>
    <div class="dialog-buttons">
      <button type="submit" value="start" id="ng-start-btn" data-i18n="start"></button>
      <button type="submit" value="cancel" formnovalidate data-i18n="cancel"></button>
    </div>
  </form>
</dialog>`;

/**
 * Opens the dialog on the current choices (`store`'s state), made and wired on its first
 * opening; `learn`: the lessons' link shown (a first visit); `rules`: the core's rule sets and
 * levels (the full module's Game.rules()).
 */
export function openNewGame({ store, view, i18n, learn, rules }) {
  if (!$('newgame')) makeDialog({ store, view, i18n, learn, rules });
  const s = store.getState();
  const form = $('ng-form');
  form.elements.level.value = String(s.level);
  form.elements.blackLevel.value = String(s.blackLevel);
  form.elements.mode.value = s.mode;
  form.elements.color.value = s.settings.randomColor ? 'random' : s.human; // "Random" stays chosen
  form.elements.turnBoard.checked = s.turnBoard;
  form.elements.fastReplies.checked = !!s.settings.fastReplies;
  form.elements.variant.value = s.variant;
  form.elements.counting.value = s.counting;
  form.elements.match.value = s.match?.length ? String(s.match.length) : '';
  syncDialog(i18n, rules);
  openDialog($('newgame'));
}

function makeDialog({ store, view, i18n, learn, rules }) {
  document.body.insertAdjacentHTML('beforeend', markup(rules));
  i18n.translate($('newgame'));
  $('ng-learn').hidden = !learn;
  const form = $('ng-form');
  form.addEventListener('change', () => syncDialog(i18n, rules));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    closeDialog($('newgame'));
    if (e.submitter?.value === 'start') startGame(form, { store, view, i18n, rules });
  });
}

/** The game the dialog's choices ask for. */
function startGame(form, { store, view, i18n, rules }) {
  const mode = form.elements.mode.value;
  let human = form.elements.color.value;
  if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
  const level = Number(form.elements.level.value) || DEFAULT_LEVEL;
  const blackLevel = mode === 'watch' ? Number(form.elements.blackLevel.value) || DEFAULT_LEVEL : level;
  const variant = form.elements.variant.value;
  const start = form.elements.start.value;
  let startFen; // the variant's start
  if (start === 'current') startFen = store.getState().fen;
  else if (isHandicap(rules, start)) {
    startFen = handicapOf(rules, variant, start, form.elements.odds.value === 'black' ? 'black' : 'white');
  }
  let timeControl = null;
  const clock = form.elements.clock.value;
  if (clock) {
    timeControl = parseTimeControl(clock === 'custom' ?
      `${form.elements.minutes.value}+${form.elements.increment.value}` : clock);
    if (timeControl.error) {
      view.showMessage(timeControl.error);
      return;
    }
  }
  const corr = mode === 'correspondence' ? { id: newCorrId(), base: 0 } : null;
  const counting = mode === 'correspondence' ? 'auto' : form.elements.counting.value;
  store.setSettings({ fastReplies: form.elements.fastReplies.checked,
    randomColor: form.elements.color.value === 'random' });
  // a match: colours alternate from the one chosen (or drawn) for its first game
  const length = Number(form.elements.match.value);
  const match = length && mode !== 'watch' ? newMatch({ length, variant, counting, startFen,
    first: mode === 'two' ? 'white' : human, mode, level, timeControl, corrId: corr?.id }) : null;
  const res = store.newGame({ variant, counting, startFen, mode, human: match ? match.first : human, level, blackLevel,
    timeControl, turnBoard: form.elements.turnBoard.checked, corr, match });
  if (res.error) import('../../common/codes.js').then((c) => c.worded(i18n, 'badFen', res)).then(view.showMessage);
}

/** Shows the dialog's rows that apply to its choices. */
function syncDialog(i18n, rules) {
  const form = $('ng-form');
  const mode = form.elements.mode.value;
  $('ng-level-row').hidden = mode === 'two' || mode === 'correspondence';
  $('ng-color').disabled = mode !== 'engine' && mode !== 'correspondence';
  $('ng-turn-row').hidden = mode !== 'two';
  // a match against the engine, between two people on this device or with a friend by link;
  // its lengths as "4 games"
  $('ng-match-row').hidden = mode === 'watch';
  for (const o of form.elements.match.options) if (o.value) o.textContent = i18n.count('gamesCount', Number(o.value));
  $('ng-fast-row').hidden = mode !== 'engine';
  $('ng-level-desc').hidden = $('ng-level-row').hidden;
  // engine against engine: a level for each side
  $('ng-black-level-row').hidden = mode !== 'watch';
  i18n.label($('ng-level-label'), mode === 'watch' ? 'ngLevelWhite' : 'ngLevel');
  // the descriptions of the level and the variant: a language change relabels them through data-i18n
  const level = form.elements.level.value;
  $('ng-level-desc').dataset.skill = rules.levels.skill[level - 1];
  i18n.label($('ng-level-desc'), `levelDesc${level}`);
  // a game by link sends no count actions
  $('ng-counting-row').hidden = mode === 'correspondence';
  $('ng-custom-row').hidden = form.elements.clock.value !== 'custom';
  const variant = form.elements.variant.value;
  i18n.label($('ng-variant-desc'), variantKey(variant, 'Desc'));
  // the handicap starts the core offers for the variant (Makruk's)
  for (const o of form.elements.start.options) {
    if (isHandicap(rules, o.value)) o.disabled = !handicapOf(rules, variant, o.value, 'white');
  }
  if (form.elements.start.selectedOptions[0]?.disabled) form.elements.start.value = 'standard';
  $('ng-odds-row').hidden = !isHandicap(rules, form.elements.start.value);
}
