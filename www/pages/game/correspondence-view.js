// A game with a friend by link, the page side (its state and actions are correspondence.js):
// the panel (what to do now, the link to send) and its buttons, the list of the games by
// link kept in this browser, and the links themselves, written and opened. The game page
// loads it when there is such a game (main.js): a first visit has none.

import { writeLink } from '../../common/link.js';
// share.js takes link.js with count.js: importing both keeps them in one chunk of the first
// visit rather than two (dist.mjs splits what this module shares with the page; docs/size.md)
import '../../common/game/count.js';
import { $ } from '../../common/dom.js';
import { readStored, writeStored } from '../../common/storage.js';
import { CORR_ID, CORR_KEY, corrMayMove } from '../../common/game/correspondence.js';
import { matchParam, matchOfCorrLink } from './match.js';

/**
 * The games by link kept in this browser, newest first: [{id, side, variant, startFen, moves,
 * base, updated, result, offer, told, resigned}]; the friend has seen the first `base` moves,
 * the others (the person's move) are not sent yet; `offer`, `told`: the store's `corr`;
 * `resigned`: the store's end by a player. Older entries have no base: all their moves were
 * sent.
 */
export function corrGames() {
  const list = readStored(CORR_KEY);
  if (!Array.isArray(list)) return [];
  return list.filter((e) => e && typeof e.id === 'string' && typeof e.startFen === 'string' && Array.isArray(e.moves)
    && (e.side === 'white' || e.side === 'black')).sort((a, b) => (b.updated || 0) - (a.updated || 0))
    .map((e) => ({ ...e,
      base: Number.isInteger(e.base) && e.base >= 0 && e.base <= e.moves.length ? e.base : e.moves.length }));
}

/** Keeps the store's game by link in the list: the moves the friend has seen and the move not sent yet. */
function keepCorr(s) {
  const entry = {
    id: s.corr.id, side: s.human, variant: s.variant, startFen: s.startFen,
    moves: s.moves.slice(0, s.ended ? s.moves.length : Math.max(s.ply, s.corr.base)),
    base: s.corr.base, updated: Date.now(), result: s.outcome ? s.outcome.result : null, match: s.match,
    offer: s.corr.offer, told: s.corr.told, resigned: s.resigned,
  };
  writeStored(CORR_KEY, [entry, ...corrGames().filter((e) => e.id !== entry.id)].slice(0, 50));
}

/** Whether a draw offer stands at the end of the line (the side that played its last move
 * offered it), in a game that goes on, with the cursor there. */
export const corrOffered = (s) =>
  !!s.corr && s.corr.offer === s.moves.length && s.ply === s.moves.length && !s.outcome && !s.ended;

const letter = (color) => color[0]; // "w", "b"
const colorOf = (l) => ({ w: 'white', b: 'black' })[l];

/**
 * The link that sends a game by link to the friend: its moves up to the cursor (a finished
 * game's whole line, with `end=` the record's token of a resignation or a draw accepted,
 * `rw`..`db`), and `offer=w|b` with the person's move that offers a draw.
 */
function corrLink(s, base = location.href.split('#')[0]) {
  const line = { variant: s.variant, fen: s.startFen, moves: s.moves.slice(0, s.ended ? s.moves.length : s.ply) };
  const end = s.ended && s.resigned ? (s.resigned.how === 'agree' ? 'd' : 'r') + letter(s.resigned.color) : null;
  const offer = corrOffered(s) && s.status.turn !== s.human ? letter(s.human) : null;
  return base + writeLink(line,
    { orientation: null, play: 'correspondence', id: s.corr.id, match: matchParam(s.match), offer, end });
}

/** Opens a game by link: its player is `side`; the friend has seen its first `base` moves (all
 * by default); `match`: the match it is a game of (match.js), if any; `offer`, `told`,
 * `resigned`: see corrGames. */
function openCorr(storeApi, {
  id, side, variant, startFen, moves, base = moves.length, match = null, offer = null, told = false, resigned = null,
}, rest = {}) {
  return storeApi.load({
    variant, fen: startFen, moves, mode: 'keep', corr: { id, base, offer, told }, match, resigned,
    players: { mode: 'correspondence', human: side, orientation: side, shared: false, analysing: false }, ...rest,
  });
}

/**
 * What a link of a game by link says beyond its moves, checked against its line (`s`: the
 * store's state with the link's line; `cut`: a move of it was refused): `end=` a resignation
 * or a draw accepted (by the side to move: the offer came with the other's move), `offer=` a
 * draw offered with the last move. Returns {resigned, offer} (each null when absent or not
 * valid: `messages` then says so, and the game goes on without it).
 */
function linkClaims(p, s, cut, messages) {
  const bad = (name, key, kind) =>
    messages.push({ key, values: { error: String(p.get(name)).slice(0, 40), ref: { code: { kind } } } });
  const n = s.moves.length;
  const live = !s.outcome && !cut;
  let resigned = null;
  if (p.has('end')) {
    const m = /^([rd])([wb])$/.exec(p.get('end'));
    const color = m && colorOf(m[2]);
    if (!m || !live || (m[1] === 'd' && (color !== s.status.turn || n === 0))) bad('end', 'corrBadEnd', 'link.end');
    else resigned = { color, ply: n, how: m[1] === 'd' ? 'agree' : 'resign' };
  }
  if (!p.has('offer') || resigned) return { resigned, offer: null };
  const by = colorOf(p.get('offer'));
  if (!by || by === s.status.turn || n === 0 || !live) {
    bad('offer', 'corrBadOffer', 'link.offer');
    return { resigned, offer: null };
  }
  return { resigned, offer: n };
}

const isPrefix = (a, b) => a.length <= b.length && a.every((m, k) => m === b[k]);

/** Whether a listed game (older ones have no variant: Makruk) starts as `variant` from `fen`. */
const sameStart = (saved, variant, fen) => (saved.variant || 'makruk') === variant && saved.startFen === fen;

/**
 * A link of a game by link (`play=correspondence&id=..`): the next move of a listed game, an
 * older link of it (the stored game is opened, with the person's move not sent yet, and the
 * messages say so), one that contradicts it (both are kept: the link becomes a game of its
 * own), or a new game whose player is the side to move.
 */
export function correspondenceFromLink(storeApi, link, messages) {
  const id = link.params.get('id') || '';
  if (!CORR_ID.test(id)) {
    messages.push({ key: 'badParam', values: { name: 'id', error: id, ref: { code: { kind: 'link.id' } } } });
    return null;
  }
  // read the link's line with the rules module first: a bad move keeps the legal prefix
  const probe = storeApi.load({
    variant: link.variant, fen: link.fen, moves: link.moves, mode: 'keep', players: { mode: 'two' },
  });
  if (probe.error) {
    messages.push({ key: 'badFen', values: { error: probe.error, ref: probe.ref } });
    return null;
  }
  if (probe.rejected) messages.push({ key: 'badMove', values: probe.rejected });
  const { variant, startFen, moves } = storeApi.getState();
  const turn = storeApi.getState().status.turn;
  const listed = corrGames().find((e) => e.id === id);
  const claims = linkClaims(link.params, storeApi.getState(), !!probe.rejected, messages);
  // a game of a match: the match as this page keeps it (with its games' lines), else the link's,
  // with the lines of its games this page kept
  const match = (side) => link.params.has('match')
    && withKeptLines(matchOfCorrLink(link.params.get('match'), { id, side, variant, fen: startFen }));
  if (listed && sameStart(listed, variant, startFen)) {
    const kept = { ...listed, match: listed.match || match(listed.side) };
    if (isPrefix(listed.moves, moves)) {
      return openCorr(storeApi, { ...kept, moves, base: moves.length, ...newer(listed, moves, claims, messages) });
    }
    if (isPrefix(moves, listed.moves)) {
      if (moves.length < listed.base) messages.push({ key: 'corrOlder', values: {}, kind: 'info' });
      if (listed.moves.length > listed.base) messages.push({ key: 'corrUnsent', values: {}, kind: 'info' });
      return openCorr(storeApi, kept);
    }
  }
  let own = id;
  if (listed) {
    messages.push({ key: 'corrContradicts', values: {}, kind: 'info' });
    own = `${id.slice(0, 20)}-${Date.now().toString(36).slice(-3)}`;
  }
  const told = !!claims.resigned;
  return openCorr(storeApi,
    { id: own, side: turn, variant, startFen, moves, match: own === id ? match(turn) : null, ...claims, told });
}

/**
 * A listed game's state when its link has come (its moves continue the game's, or are the
 * same): the link's offer and end; a draw accepted of an offer this page never made is refused
 * (`messages`); an end kept here stays when the link is the same line without it.
 */
function newer(listed, moves, { resigned, offer }, messages) {
  const same = listed.moves.length === moves.length;
  if (resigned?.how === 'agree' && listed.offer !== moves.length) {
    messages.push({ key: 'corrBadEnd', values: { error: 'd', ref: { code: { kind: 'link.noOffer' } } } });
    resigned = null;
  }
  if (!resigned && same && listed.resigned) {
    return { resigned: listed.resigned, offer: listed.offer, told: listed.told };
  }
  return { resigned, offer: offer ?? (same ? listed.offer : null), told: !!resigned };
}

/** A match by link read from a link (or null), its games' lines from the games by link kept
 * here (`<id>`, `<id>-2`, ...: a page that saw them), for its PGN. */
function withKeptLines(match) {
  if (!match) return null;
  const kept = corrGames();
  const games = match.games.map((g, k) => {
    const e = kept.find((x) => x.id === (k ? `${match.corrId}-${k + 1}` : match.corrId));
    if (!e) return g;
    const line = { variant: e.variant || 'makruk', counting: 'auto', counts: [], fen: e.startFen, moves: e.moves };
    return { ...g, line: { ...line, ended: null } };
  });
  return { ...match, games };
}

/** The panel's Accept and Decline of the friend's draw offer, made when first needed (not in
 * index.html: a first visit has no game by link). */
function offerRow(i18n) {
  if (!$('corr-offer')) {
    $('corr-send').insertAdjacentHTML('afterend', `<div class="share-row" id="corr-offer" hidden>
      <button type="button" id="corr-accept" data-i18n="drawAccept"></button>
      <button type="button" id="corr-decline" data-i18n="drawDecline"></button></div>`);
    i18n.translate($('corr-offer'));
  }
  return $('corr-offer');
}

/** Whether the friend has not seen all of the game: a move, or its end by a player. */
const unsent = (s) => s.moves.length > s.corr.base || (!!s.ended && !s.corr.told);

/** The panel of a game by link: what to do now, and the link to send when the friend is to move. */
function renderCorr(s, { i18n, resultText }) {
  const on = s.mode === 'correspondence' && !!s.corr;
  $('corr').hidden = !on;
  if (!on) return;
  const mine = !s.outcome && corrMayMove(s); // store.js's personMoves in a game by link
  const offered = corrOffered(s); // by the side that played the last move
  let text;
  if (s.outcome) {
    text = s.outcome.result + ' · ' + resultText(s.outcome);
    if (unsent(s)) text = i18n.t('corrSendEnd', { result: text });
  } else if (mine) text = i18n.t(offered ? 'corrOffered' : 'corrYourMove');
  else if (s.ply > s.corr.base) text = i18n.t(offered ? 'corrOfferSend' : 'corrSend');
  else if (s.ply === 0 && s.status.turn !== s.human) {
    text = i18n.t('corrFriendFirst', { color: i18n.colorWord(s.status.turn) });
  }
  else text = i18n.t('corrWaiting');
  $('corr-text').textContent = text;
  $('corr-send').hidden = mine;
  offerRow(i18n).hidden = !(mine && offered);
  $('corr-link').value = corrLink(s);
  $('corr-share').hidden = typeof navigator.share !== 'function';
}

/** The games by link kept in this browser, each with whose move it is ("send the link" when
 * the person's move is not sent yet). */
function renderCorrList(s, { i18n, store }) {
  const games = corrGames();
  $('corr-games').hidden = games.length === 0;
  const ul = $('corr-list');
  ul.replaceChildren();
  for (const g of games) {
    const turn = store.turnAt(g.base, g.startFen, g.variant);
    // (as the panel's `unsent`: a move, or an end, the friend has not been sent)
    const unsent = g.moves.length > g.base || (!!g.result && !g.told);
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.corr = g.id;
    const over = g.result && i18n.t('corrOver', { result: g.result });
    const state = over && !unsent ? over : [over, i18n.t(unsent ? 'corrSendTurn'
      : turn === g.side ? 'corrYourTurn' : 'corrTheirTurn')].filter(Boolean).join(', ');
    b.textContent = i18n.t('corrOpen',
      { color: i18n.t(g.side), moves: i18n.count('movesCount', g.moves.length), turn: state });
    if (s.corr && s.corr.id === g.id && s.mode === 'correspondence') b.setAttribute('aria-current', 'true');
    if (unsent || (!g.result && turn === g.side)) b.classList.add('your-turn');
    const li = document.createElement('li');
    li.append(b);
    ul.append(li);
  }
}

/** The view of games by link: the panel and the list (`v`: {i18n, resultText}), the game by
 * link kept in the list first (its moves, cursor or end changed: view.js draws this part then). */
export function renderCorrespondence(s, v) {
  if (s.mode === 'correspondence' && s.corr) keepCorr(s);
  renderCorr(s, v);
  renderCorrList(s, v);
}

/** Wires the panel's buttons and the list: the link is sent by copying it (the Copy button,
 * or the link's text copied by hand) or through the system's share sheet; a listed game opens. */
export function wireCorrespondence({ store, view, i18n }) {
  const sent = () => {
    store.sent();
    view.showMessage(i18n.t('corrSent'), 'success');
  };
  $('corr-link').addEventListener('copy', sent);
  $('corr-copy').addEventListener('click', async () => {
    const text = $('corr-link').value;
    // sent at the click: the clipboard may take its time (or ask for permission)
    sent();
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      $('corr-link').select(); // no clipboard here: the person copies the selected link
    }
  });
  $('corr-share').addEventListener('click', async () => {
    try {
      await navigator.share({ title: i18n.t('title'), url: $('corr-link').value });
      store.sent();
    } catch {
      // the person closed the share sheet: nothing was sent
    }
  });
  // the friend's draw offer: accepted (the game ends, the link sends it back) or declined
  offerRow(i18n);
  $('corr-accept').addEventListener('click', () => {
    const s = store.getState();
    if (corrOffered(s) && corrMayMove(s)) store.acceptDraw(s.human);
  });
  $('corr-decline').addEventListener('click', () => {
    const s = store.getState();
    if (corrOffered(s) && corrMayMove(s)) store.setOffer(null);
    view.showMessage(i18n.t('corrDeclined'), 'info');
  });
  $('corr-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-corr]');
    const game = b && corrGames().find((g) => g.id === b.dataset.corr);
    if (game) openCorr(store, game);
  });
}
