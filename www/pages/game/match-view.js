// The match on the game page (issue 47), loaded only when a game of one is open or a link
// starts one (main.js lazyPart; a first visit has none): the score line beside the board
// ("Game 2 of 4 · You 1 – 0 Engine"), the result dialog's next game (or tie-break game, or a
// tied match ended as a draw) and the match's result, the score told to screen readers when a
// game ends, and the match as one PGN. The arithmetic is match.js's; each game's end and
// result are the store's (the rules module's verdict).

import { endHow } from '../../common/game/store.js';
import { newMatch, checkedMatch, standing, currentGame, withResult, drawnMatch, gameSetup, scoreText,
  matchPgn } from './match.js';
import { writePgn } from './share/pgn.js';
import { $, h, addStylesheet } from '../../common/dom.js';
import { featureTexts, loadFeatures } from '../../common/i18n/features.js';


/** The key of a variant's name in the page's texts: `variantMakpong`. */
const variantKey = (variant) => 'variant' + variant[0].toUpperCase() + variant.slice(1);

/**
 * The match a link asks for (`match=2|4|6`, read by persist.js) of the game it starts
 * (`game`: the store's newGame arguments), or null; a bad length is told to `bad(name, ref)` (its code).
 * The link's position starts each of its regular games, its moves the first.
 */
export function matchOfLink(link, game, bad) {
  if (!link.params.has('match')) return null;
  const match = newMatch({ ...game, length: link.params.get('match'),
    first: game.mode === 'engine' ? game.human : 'white' });
  if (!match) bad('match', { code: { kind: 'link.oneOf', list: ['2', '4', '6'] } });
  return match;
}

// the keys of a's and b's names by the match's mode, and of their winning the match
const NAMES = { engine: ['matchYou', 'matchEngine'], two: ['matchPlayer1', 'matchPlayer2'],
  correspondence: ['matchYou', 'matchFriend'] };
const WINS = { engine: ['matchYouWin', 'matchEngineWins'], two: ['matchPlayer1Wins', 'matchPlayer2Wins'],
  correspondence: ['matchYouWin', 'matchFriendWins'] };

/** The line of the game at the store's state `s`, as the PGN is written from it. */
function lineOf(s) {
  return {
    variant: s.variant, counting: s.counting, counts: s.counts.slice(), fen: s.startFen, moves: s.moves.slice(),
    ended: s.ended && { color: s.ended.color, by: endHow(s) },
  };
}

/** The match's texts at the store's state `s`: {head (the game, or the match's result), score
 * (with the tie-breaks'), said (the dialog's line), st (match.js standing)}, or null with no match. */
function matchTexts(s, { ft, i18n }) {
  const m = checkedMatch(s.match);
  if (!m) return null;
  const st = standing(m, s.outcome?.result);
  const names = NAMES[m.mode].map((k) => ft(k));
  const [a, b] = st.score.map(scoreText);
  let score = ft('matchScore', { a: names[0], b: names[1], scoreA: a, scoreB: b });
  if (st.tieBreak) score += ' · ' + ft('matchTieBreakScore',
    { scoreA: scoreText(st.tieBreak[0]), scoreB: scoreText(st.tieBreak[1]) });
  const cur = currentGame(m);
  let head = cur.tieBreak ? ft('matchTieBreak', { n: cur.k - m.length + 1 })
    : ft('matchGame', { n: cur.k + 1, total: m.length });
  if (st.over) head = ft(st.winner ? WINS[m.mode][st.winner === 'a' ? 0 : 1] : 'matchDrawn');
  const tied = st.tieBreakDue && s.outcome ? ft('matchTied', { variant: i18n.t(variantKey(st.next.variant)) }) : '';
  return { m, st, head, score, said: [st.over ? head : '', score, tied].filter(Boolean).join(' · ') };
}

/**
 * Wires the match to the page: the score line (above the status), the result dialog's
 * buttons, the announcement of the score when a game ends. `view.resultText(outcome)` says a
 * game's result.
 */
export function wireMatch({ store, view, board, i18n }) {
  const ft = featureTexts(i18n, 'match'); // loaded with this module (www/pages/game/main.js)
  addStylesheet(new URL('match.css', import.meta.url));
  // the score line, and its own next game once the result dialog is closed
  const line = h('span', { id: 'match-score' });
  const lineNext = h('button', { type: 'button', id: 'match-next', hidden: true });
  const box = h('p', { id: 'match', class: 'match-score', hidden: true }, line, ' ', lineNext);
  $('variant-heading').before(box);
  const said = h('p', { id: 'banner-match', class: 'banner-match', hidden: true });
  const next = h('button', { type: 'button', id: 'banner-next', hidden: true });
  const draw = h('button', { type: 'button', id: 'banner-draw', hidden: true });
  $('banner').querySelector('.banner-buttons').before(said);
  $('banner').querySelector('.banner-buttons').prepend(next, draw);

  const nextGame = () => {
    const s = store.getState();
    const m = checkedMatch(s.match);
    if (!m || !s.outcome || standing(m, s.outcome.result).over) return;
    view.hideBanner();
    const after = withResult(m, s.outcome.result, lineOf(s));
    // each game's clock starts fresh: newGame gives it the match's time control anew; two
    // people keep the board turning if they chose it
    store.newGame({ ...gameSetup(after, after.games.length), turnBoard: s.turnBoard, match: after });
  };
  next.addEventListener('click', nextGame);
  lineNext.addEventListener('click', nextGame);
  draw.addEventListener('click', () => {
    const s = store.getState();
    const m = checkedMatch(s.match);
    if (m && s.outcome) store.setMatch(drawnMatch(m, s.outcome.result));
    next.focus();
  });

  function render(s, action = {}, prev = null) {
    const texts = matchTexts(s, { ft, i18n });
    box.hidden = !texts;
    said.hidden = !texts || !s.outcome;
    next.hidden = lineNext.hidden = draw.hidden = !texts || !s.outcome || texts.st.over;
    if (!texts) return;
    line.textContent = `${texts.head} · ${texts.score}`;
    said.textContent = texts.said;
    next.textContent = lineNext.textContent = ft(texts.st.tieBreakDue ? 'matchNextTieBreak' : 'matchNext');
    draw.textContent = ft('matchEndDrawn');
    // a friend far away is not asked: the tie-break is played
    draw.hidden = !s.outcome || !texts.st.tieBreakDue || texts.m.mode === 'correspondence';
    if (s.outcome && prev && !prev.outcome) {
      // the score with the result, in one announcement (a second would cut the first short)
      board.announce(`${view.resultText(s.outcome)}. ${texts.said}`);
      if (!$('banner').hidden) (next.hidden ? $('banner').querySelector('button:not([hidden])') : next).focus();
    }
    if (action.type === 'match' && texts.st.over) board.announce(texts.said);
    // a game of the match begins: which, the score, and who is to move (view.js says the last alone)
    if (action.type === 'newGame') {
      board.announce(`${line.textContent}. ${i18n.t('toMove', { color: i18n.t(s.status.turn) })}`);
    }
  }
  store.subscribe(render);
  // a language change writes the page's texts again (view.applyLanguage), the match's too
  const applyLanguage = view.applyLanguage;
  view.applyLanguage = () => {
    applyLanguage();
    render(store.getState());
  };
  render(store.getState());
}

/**
 * Resolves to the match of the share panel's line `cur` ({match, result: the current game's, if over}) as
 * one PGN (`Game`: the full module's), a round a game, the current game (`line`) last, the match
 * and its score in each game's Event; null with no match.
 */
export async function matchPgnText(Game, { match, result }, line, i18n) {
  const m = checkedMatch(match);
  if (!m) return null;
  const ft = await loadFeatures(i18n, 'match');
  const names = m.mode === 'engine' ? [i18n.t('you'), `Makruk engine, level ${m.level}`]
    : NAMES[m.mode].map((k) => ft(k));
  const eventOf = (st) => {
    const tb = st.tieBreak ? `, tie-break ${st.tieBreak.map(scoreText).join(' – ')}` : '';
    const [a, b] = st.score.map(scoreText);
    return `Match of ${m.length} games: ${names[0]} ${a} – ${b} ${names[1]}${tb}`;
  };
  return matchPgn(m, {
    current: line, result, names, eventOf,
    write: (line, tags) => {
      try {
        return writePgn(Game, line, { ...tags, timeControl: m.timeControl });
      } catch (e) {
        return `{${String(e.message || e).replace(/[{}]/g, '')}}`; // a game storage spoilt: said, the others kept
      }
    },
  });
}
