// Sharing a game: the Share dialog (link, PNG of the board, QR code of the link:
// www/pages/game/share/dialog.js, qr.js, clipboard.js), the position panel (FEN in and out, PGN export
// and import: www/pages/game/share/panel.js, pgn.js) and a link to look at opened while the page is open
// (main.js hands it over from link.js's listener). The link itself is read and written by link.js.
// Rules stay in the wasm module: a FEN is checked by the core's reader, PGN moves are
// played by the core's SAN reader. Data (FEN, PGN tags, moves, error messages) only ever
// reaches the page as textContent or form values, never as HTML.

import { readLink, sameLine, linkMessages, withRules } from '../../common/link.js';
import { buildShareDialog } from './share/dialog.js';
import { buildPositionPanel } from './share/panel.js';

/**
 * Hooks the share features into the game page. `api` (from main.js):
 *   Game (wasm class), board, i18n, showMessage(text),
 *   line() -> {variant, startFen, moves, ply, orientation, fen, white, black}, goto(ply), rewriteUrl(),
 *   load({variant, fen, moves, ply, orientation, mode}) -> {error} | {rejected}
 *     (mode: "shared" = analysis, the person chooses how to go on; "engine"; "two"),
 *   variantStart(variant) -> {variant, startFen} | null (the store's: the core's rule set of a name).
 */
export function initShare(api) {
  const shareDlg = buildShareDialog(api);
  const panel = buildPositionPanel(api);
  document.body.append(shareDlg.el);
  const side = document.querySelector('.side') || document.body;
  side.append(panel.el);
  // (its button is in the page from the first paint, so that nothing moves when this arrives:
  // www/pages/game/controls.js)
  const openEditor = async () => (await import('./editor.js')).openEditor(api);

  // A link pasted into the address bar of the open page (its fragment `hash`): load it, or
  // keep the game.
  const openHash = (hash) => {
    const link = withRules(readLink(hash), api.variantStart);
    const cur = api.line();
    if (!link.hasGame || link.params.has('play')) return; // a game to play: the page's own
    if (sameLine(link, cur)) {
      // the same game: only the cursor moves
      if (Number.isFinite(link.ply) && link.ply !== cur.ply) api.goto?.(link.ply);
      return;
    }
    openLink(api, link);
  };
  return { refresh: () => panel.refresh(), openShare: () => shareDlg.open(), openEditor, openHash };
}

/** Loads a link (as withRules gives it) into the page; a bad one gives its message and keeps
 * the current game. */
export function openLink(api, link) {
  const { i18n } = api;
  const res = api.load({
    variant: link.variant, counting: link.counting, counts: link.counts, fen: link.fen, moves: link.moves,
    ply: link.ply, orientation: link.orientation, mode: 'shared',
  });
  // (an error in the page's words, from its code: www/common/codes.js)
  const say = (key, values) => import('../../common/codes.js').then((c) => c.worded(i18n, key, values))
    .then((text) => api.showMessage(text));
  for (const m of linkMessages(link)) say(m.key, m.values);
  if (res.error) {
    say('badFen', res);
    api.rewriteUrl?.();
  } else if (res.rejected) {
    say('badMove', res.rejected);
  }
  return res;
}
