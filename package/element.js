// <makruk-board> as an ES module: the element of every route (www/pages/embed/element/board-element.js) on
// the board in its shadow root, with no frame (www/pages/embed/element/direct-link.js). It registers only
// where there are custom elements: importing it in Node (server-side rendering) is safe.

import { boardElement, defineBoard } from './www/pages/embed/element/board-element.js';
import { directLink } from './www/pages/embed/element/direct-link.js';

/** The <makruk-board> element. */
export const MakrukBoardElement = boardElement(directLink);
defineBoard(MakrukBoardElement);
