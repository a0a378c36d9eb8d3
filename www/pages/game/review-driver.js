// The review driver: a subscriber of the store that runs the review's searches (see
// review.js), one position after another at a fixed number of nodes, in an engine worker
// of its own, so that the game's engine (engine-driver.js) and the board stay free.
// The worker lives for one review: cancelling ends it, and so does the review's end. The
// page loads it with the first review (main.js): a driver made during a review runs it.

import { REVIEW_NODES } from '../../common/game/review.js';

/**
 * Drives reviews for `store`. options:
 *   connect()  -> Promise of an engine client (createEngine), one a review
 *   nodes      -> the search's nodes per position
 * Returns {destroy()}.
 */
export function createReviewDriver(store, { connect, nodes = REVIEW_NODES }) {
  let client = null;
  let token = 0; // counts reviews: a search answered for an older one is dropped
  let active = false;

  function stop() {
    token++;
    active = false;
    client?.terminate();
    client = null;
  }

  async function run(t) {
    const { record, total } = store.getState().review;
    const c = await connect();
    if (t !== token) return c.terminate();
    client = c;
    for (let k = 0; k < total; k++) {
      let pv = [];
      // the position after k moves of the game's record (its counts included), read by the core
      const res = await c.search(record, k, { nodes }, (info) => {
        if (info.pv?.length) pv = info.pv;
      }).catch(() => null);
      if (t !== token) return;
      if (!res) return store.reviewCancel(); // the worker crashed
      if (res.move && pv[0] !== res.move) pv = [res.move];
      store.reviewProgress(res.score, pv);
    }
    stop();
    store.reviewDone();
  }

  const unsubscribe = store.subscribe((s, action) => {
    if (action.type === 'reviewStart') {
      stop();
      active = true;
      run(token).catch(() => store.reviewCancel());
    } else if (active && !s.review?.running) {
      stop(); // cancelled, or the line changed under the review
    }
  });

  if (store.getState().review?.running) {
    active = true;
    run(token).catch(() => store.reviewCancel());
  }
  return { destroy() { unsubscribe(); stop(); } };
}
