// The link to a game: the URL fragment `#fen=..&moves=..&ply=..&orientation=..` (and
// `variant=cambodian` for Ouk Chatrang, `makpong`, `karouk`, `counting=request&counts=0s,4x`:
// see docs/rules.md; `moves` is the main line, and `var=2+c3c4+c6c5` the cursor's line when
// it leaves it: after the main line's first 2 moves, those; `ply` is on that line), read and
// written the same way by the game page, the share features and the embed; the messages of a
// bad link; and the page's one listener for links opened while it is open.

/** Longest fragment value read (a FEN plus a few hundred moves is far shorter). */
const MAX_PARAM = 8192;

/**
 * Reads `#fen=..&moves=..&ply=..&orientation=..&variant=..` (URLSearchParams; `_` stands for
 * a space in the FEN). Returns {hasGame (false when the fragment carries no game), variant (as
 * asked, "makruk" when absent: the core judges it, see withRules), fen (null when absent),
 * moves, ply (NaN when absent), orientation, counting, badCounting (the unknown value read,
 * else null; "auto" is then used), counts, notation ("thai" | "standard" from `notation=`, else
 * null), variation ({fork, moves}: the cursor's line leaves the main line after its first
 * `fork` moves, for these; or null), params} where params is the URLSearchParams (for embed
 * options).
 */
export function readLink(hash) {
  const h = String(hash || '').replace(/^#/, '');
  const params = new URLSearchParams(h.length > 4 * MAX_PARAM ? '' : h);
  const get = (k) => String(params.get(k) ?? '').slice(0, MAX_PARAM);
  const hasGame = params.has('fen') || params.has('moves') || params.has('variant');
  const variant = get('variant') || 'makruk';
  // a blank FEN (`fen=+` or `fen=_`) is no FEN, like an empty one
  const fen = checksField(get('fen').replace(/_/g, ' ').trim().replace(/\s+/g, ' ')) || null;
  const moves = get('moves').trim().split(/[\s,]+/).filter(Boolean);
  const ply = params.has('ply') ? parseInt(get('ply'), 10) : NaN;
  const orientation = get('orientation') === 'black' ? 'black' : 'white';
  const askedCounting = get('counting') || 'auto';
  const counting = askedCounting === 'request' ? 'request' : 'auto';
  const badCounting = counting === askedCounting ? null : askedCounting.slice(0, 40);
  const counts = counting === 'request' ? get('counts').split(/[\s,]+/).filter(Boolean) : [];
  const notation = ['thai', 'standard'].includes(get('notation')) ? get('notation') : null;
  const [fork, ...branch] = get('var').trim().split(/[\s,]+/);
  const variation = /^\d{1,4}$/.test(fork) && branch.length ? { fork: Number(fork), moves: branch } : null;
  return { hasGame, variant, fen, moves, ply, orientation, counting, badCounting, counts, notation,
    variation, params };
}

/**
 * A link read (readLink) as the rules module takes it, `rulesOf` the core's rule set of a name
 * (the store's variantStart): its variant when the core knows it, else Makruk with the unknown
 * value in `badVariant` (null for a known one); its FEN, else that rule set's start, the core's.
 * @param {ReturnType<typeof readLink>} link
 * @param {(variant: string) => ({variant: string, startFen: string} | null)} rulesOf
 */
export function withRules(link, rulesOf) {
  const rules = rulesOf(link.variant);
  const known = rules || rulesOf('makruk');
  return { ...link, variant: known.variant, badVariant: rules ? null : link.variant.slice(0, 40),
    fen: link.fen || known.startFen };
}

/**
 * A FEN whose Kar Ouk checks field (`1+1`) a hand-written link turned into two fields: a `+`
 * in a fragment is a space to URLSearchParams, so `..._-_1+1_3_20` comes as eight fields, the
 * checks' two numbers fifth and sixth. They are joined again; any other FEN is left as it is.
 */
function checksField(fen) {
  const f = fen.split(' ');
  if (f.length !== 8 || !/^\d+$/.test(f[4]) || !/^\d+$/.test(f[5])) return fen;
  return [...f.slice(0, 4), `${f[4]}+${f[5]}`, ...f.slice(6)].join(' ');
}

/** The fragment of a line, written with URLSearchParams (spaces become `+`); the variant only
 * when it is not Makruk, the counting only when on request. `extra` sets further parameters
 * after the line's (a null value removes one).
 * @param {{variant?: string, counting?: string, counts?: string[], fen?: string, moves?: string[], ply?: number,
 *   orientation?: string, variation?: object}} line
 * @param {object} [extra]
 */
export function writeLink({ variant = 'makruk', counting = 'auto', counts = [], fen, moves = [], ply,
  orientation = 'white', variation = null }, extra = {}) {
  const p = new URLSearchParams();
  if (variant !== 'makruk') p.set('variant', variant);
  if (counting === 'request') {
    p.set('counting', counting);
    if (counts.length) p.set('counts', counts.join(','));
  }
  p.set('fen', fen);
  p.set('moves', moves.join(' '));
  if (variation) p.set('var', [variation.fork, ...variation.moves].join(' '));
  p.set('ply', String(Number.isFinite(ply) ? ply : moves.length));
  p.set('orientation', orientation);
  for (const [k, v] of Object.entries(extra)) {
    if (v == null) p.delete(k);
    else p.set(k, v);
  }
  return '#' + p.toString();
}

/** Whether a link (as withRules gives it: its start FEN the core's) and a line ({variant,
 * startFen, moves, counting, counts}: a saved game, the page's game; older saved games have no
 * variant (Makruk) and no counting) are the same game (the cursor and the orientation aside). */
export function sameLine(link, line) {
  return (line.variant || 'makruk') === link.variant && line.startFen === link.fen &&
    line.moves.join(' ') === link.moves.join(' ')
    && (line.counting || 'auto') === link.counting && String(line.counts || []) === String(link.counts);
}

/** The message of a link's unknown variant (withRules opened it as Makruk). */
export function badVariantMessage(link) {
  const text = String(link.badVariant);
  return { key: 'badParam', values: { name: 'variant', error: text, ref: { code: { kind: 'variant', text } } } };
}

/** The message of a link's unknown counting (readLink used "auto"). */
function badCountingMessage(link) {
  const text = String(link.badCounting);
  return { key: 'badParam', values: { name: 'counting', error: text, ref: { code: { kind: 'counting', text } } } };
}

/** The messages of a link's unknown values ([{key, values}] for the i18n; none for a good link),
 * the link as withRules gives it. */
export function linkMessages(link) {
  return [link.badVariant && badVariantMessage(link), link.badCounting && badCountingMessage(link)].filter(Boolean);
}

/**
 * The page's one listener of links opened while it is open (a link pasted into the address
 * bar, a link followed within the page): calls `fn(hash)` with each new fragment, read from
 * the event, not the address bar, which the page may have rewritten (history.replaceState)
 * between the navigation and the event.
 */
export function onLinkChange(fn) {
  window.addEventListener('hashchange', (e) => fn(new URL(e.newURL).hash));
}

// ---------------------------------------------------------------- the side pages' links

/**
 * The fragment of a side page's link, the one place these formats are written: `#trainer=RR`
 * (a drill by its ending) or `#trainer=fen:<FEN>` (trainer.html), `#puzzle=<id>`
 * (puzzles.html), `#stage=<name>&exercise=<n>` (learn.html; the first exercise without
 * `exercise`). `page` is "trainer", "puzzle" or "stage".
 */
export function sideLink(page, value, exercise = 1) {
  const p = new URLSearchParams({ [page]: value });
  if (page === 'stage' && exercise > 1) p.set('exercise', String(exercise));
  return '#' + p.toString();
}

/** What a side page's link names: {trainer, puzzle, stage} (each its text, or null) and
 * `exercise` (1 when absent or not a number). */
export function readSideLink(hash) {
  const p = new URLSearchParams(String(hash).replace(/^#/, ''));
  return { trainer: p.get('trainer'), puzzle: p.get('puzzle'), stage: p.get('stage'),
    exercise: Math.max(1, Number.parseInt(p.get('exercise'), 10) || 1) };
}
