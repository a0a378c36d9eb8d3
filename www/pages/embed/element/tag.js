// The script tag's <makruk-board> (README "A script tag"): scripts/embed-script.mjs bundles
// this module into www/embed.js, a classic script that a page of another origin loads without
// CORS headers, with nothing added to its globals but the element. The board is embed.html,
// beside the script, in a frame (frame-link.js).

import { boardElement, defineBoard } from './board-element.js';
import { frameLink } from './frame-link.js';

if (typeof document !== 'undefined') {
  const script = document.currentScript || document.querySelector('script[src*="embed.js"]');
  defineBoard(boardElement(frameLink(new URL('../embed.html', script ? script.src : location.href).href)));
}
