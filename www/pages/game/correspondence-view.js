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
 * base, updated, result}]; the friend has seen the first `base` moves, the others (the
 * person's move) are not sent yet. Older entries have no base: all their moves were sent.
 */
export function corrGames() {
  const list = readStored(CORR_KEY);
  if (!Array.isArray(list)) return [];
  return list.filter((e) => e && typeof e.id === 'string' && typeof e.startFen === 'string' && Array.isArray(e.moves)
    && (e.side === 'white' || e.side === 'black')).sort((a, b) => (b.updated || 0) - (a.updated || 0))
    .map((e) => ({ ...e, base: Number.isInteger(e.base) && e.base >= 0 && e.base <= e.moves.length ? e.base : e.moves.length }));
}

/** Keeps the store's game by link in the list: the moves the friend has seen and the move not sent yet. */
function keepCorr(s) {
  const entry = {
    id: s.corr.id, side: s.human, variant: s.variant, startFen: s.startFen, moves: s.moves.slice(0, Math.max(s.ply, s.corr.base)),
    base: s.corr.base, updated: Date.now(), result: s.outcome ? s.outcome.result : null, match: s.match,
  };
  writeStored(CORR_KEY, [entry, ...corrGames().filter((e) => e.id !== entry.id)].slice(0, 50));
}

/** The link that sends a game by link to the friend: its moves up to the cursor. */
function corrLink(s, base = location.href.split('#')[0]) {
  const line = { variant: s.variant, fen: s.startFen, moves: s.moves.slice(0, s.ply) };
  return base + writeLink(line, { orientation: null, play: 'correspondence', id: s.corr.id, match: matchParam(s.match) });
}

/** Opens a game by link: its player is `side`; the friend has seen its first `base` moves (all
 * by default); `match`: the match it is a game of (match.js), if any. */
function openCorr(storeApi, { id, side, variant, startFen, moves, base = moves.length, match = null }, rest = {}) {
  return storeApi.load({
    variant, fen: startFen, moves, mode: 'keep', corr: { id, base }, match,
    players: { mode: 'correspondence', human: side, orientation: side, shared: false, analysing: false }, ...rest,
  });
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
  const probe = storeApi.load({ variant: link.variant, fen: link.fen, moves: link.moves, mode: 'keep', players: { mode: 'two' } });
  if (probe.error) {
    messages.push({ key: 'badFen', values: { error: probe.error, ref: probe.ref } });
    return null;
  }
  if (probe.rejected) messages.push({ key: 'badMove', values: probe.rejected });
  const { variant, startFen, moves } = storeApi.getState();
  const turn = storeApi.getState().status.turn;
  const listed = corrGames().find((e) => e.id === id);
  // a game of a match: the match as this page keeps it (with its games' lines), else the link's,
  // with the lines of its games this page kept
  const match = (side) => link.params.has('match') && withKeptLines(matchOfCorrLink(link.params.get('match'), { id, side, variant, fen: startFen }));
  if (listed && sameStart(listed, variant, startFen)) {
    const kept = { ...listed, match: listed.match || match(listed.side) };
    if (isPrefix(listed.moves, moves)) return openCorr(storeApi, { ...kept, moves, base: moves.length });
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
  return openCorr(storeApi, { id: own, side: turn, variant, startFen, moves, match: own === id ? match(turn) : null });
}

/** A match by link read from a link (or null), its games' lines from the games by link kept
 * here (`<id>`, `<id>-2`, ...: a page that saw them), for its PGN. */
function withKeptLines(match) {
  if (!match) return null;
  const kept = corrGames();
  const games = match.games.map((g, k) => {
    const e = kept.find((x) => x.id === (k ? `${match.corrId}-${k + 1}` : match.corrId));
    return e ? { ...g, line: { variant: e.variant || 'makruk', counting: 'auto', counts: [], fen: e.startFen, moves: e.moves, ended: null } } : g;
  });
  return { ...match, games };
}

/** The panel of a game by link: what to do now, and the link to send when the friend is to move. */
function renderCorr(s, { i18n, resultText }) {
  const on = s.mode === 'correspondence' && !!s.corr;
  $('corr').hidden = !on;
  if (!on) return;
  const mine = !s.outcome && corrMayMove(s); // store.js's personMoves in a game by link
  let text;
  if (s.outcome) text = s.outcome.result + ' · ' + resultText(s.outcome);
  else if (mine) text = i18n.t('corrYourMove');
  else if (s.ply > s.corr.base) text = i18n.t('corrSend');
  else if (s.ply === 0 && s.status.turn !== s.human) text = i18n.t('corrFriendFirst', { color: i18n.colorWord(s.status.turn) });
  else text = i18n.t('corrWaiting');
  $('corr-text').textContent = text;
  $('corr-send').hidden = mine;
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
    const unsent = g.moves.length > g.base;
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.corr = g.id;
    const state = g.result ? i18n.t('corrOver', { result: g.result })
      : i18n.t(unsent ? 'corrSendTurn' : turn === g.side ? 'corrYourTurn' : 'corrTheirTurn');
    b.textContent = i18n.t('corrOpen', { color: i18n.t(g.side), moves: i18n.count('movesCount', g.moves.length), turn: state });
    if (s.corr && s.corr.id === g.id && s.mode === 'correspondence') b.setAttribute('aria-current', 'true');
    if (!g.result && (unsent || turn === g.side)) b.classList.add('your-turn');
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
  $('corr-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-corr]');
    const game = b && corrGames().find((g) => g.id === b.dataset.corr);
    if (game) openCorr(store, game);
  });
}
