// A row of the move list, for the plain list (view.js) and the tree's (movelist.js).

/** A row of the move list from the move at `ply`: its number (the core's, right in every
 * variant) and, when Black moves first in it, "…" in White's place. */
export function moveRow(store, ply, white) {
  const li = document.createElement('li');
  const no = document.createElement('span');
  no.className = 'move-no';
  no.textContent = store.moveNumber(ply) + '.';
  li.append(no);
  if (!white) {
    const dots = document.createElement('span');
    dots.className = 'move';
    dots.textContent = '…';
    li.append(dots);
  }
  return li;
}
