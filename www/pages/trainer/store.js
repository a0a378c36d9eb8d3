// The trainer's store: the drill on the board and the actions that change it, as the game
// page's store (www/common/game/store.js) holds its game. No DOM, no worker, no storage: the page
// (www/pages/trainer/main.js) asks the tables and renders, a subscriber of the state.
//
// The position has one owner: the rules module's `Game` (wasm), private here; the state
// holds what it says of the position (`fen`, `pieces`, `moves`, `status`, `legal`).
// Subscribers are called with (state, action, previous state); states are never changed in
// place.

/** The state of a trainer with no drill yet. */
const EMPTY = {
  drill: null, // {ending, fen, human, limitMoves}: a new object for each drill
  fen: null,
  pieces: [],
  moves: [], // UCI, from the drill's start
  status: null, // the rules module's status: {turn, check, result, reason, count}
  legal: [],
  last: null, // the last move: {uci, san, from, to, by: "person" | "defender", taken (the piece it took, or "")}
  probe: null, // the tables' word on the position, null while asked or at the end
  busy: false, // a move is being judged, or a drill prepared
  preparing: false, // a drill is being prepared (the tables may take a second or more)
  over: false, // the drill has ended (mate, or a draw by the count or otherwise)
  recorded: false, // the drill's result is in the progress (a success, or the first loss of the win)
  distance: false, // the distance to mate is shown
  message: '',
  refused: null, // the reason a link's drill was refused, or null
};

/** The `Game` class of the rules module; the drill's position is a `new Game(fen)`. */
export function createTrainerStore(Game) {
  let game = null;
  let state = Object.freeze({ ...EMPTY });
  const subscribers = new Set();

  function set(patch, action) {
    const prev = state;
    state = Object.freeze({ ...state, ...patch });
    for (const fn of [...subscribers]) fn(state, action, prev);
  }

  const position = () => ({ fen: game.fen(), pieces: game.board(), moves: game.played().map((m) => m.uci),
    status: game.status(), legal: game.legalMoves() });

  return {
    getState: () => state,
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    /** Starts a drill of `ending` from `fen` (checked: won within the count) with the tables' `probe`. */
    start(ending, fen, probe) {
      game?.free?.();
      game = new Game(fen);
      const drill = { ending, fen, human: probe.strong, limitMoves: probe.limitMoves, countStart: probe.countStart };
      set({ ...EMPTY, drill, probe, ...position() }, { type: 'start' });
    },
    /** A drill is being prepared (the tables may take a second or more). */
    preparing: () => set({ busy: true, preparing: true }, { type: 'preparing' }),
    /** No drill: a link's drill was refused for `text`. */
    refuse(text) {
      game?.free?.();
      game = null;
      set({ ...EMPTY, refused: text, message: text }, { type: 'refuse' });
    },
    /** Plays a move (UCI) of the drill; the position waits for the tables' word (probed). */
    play(uci, by) {
      const taken = state.pieces['abcdefgh'.indexOf(uci[2]) + 8 * (Number(uci[3]) - 1)] || '';
      const res = game.play(uci);
      set({ ...position(), last: { ...res, by, taken }, probe: null, busy: true }, { type: 'play', by });
      return res;
    },
    /** The tables' word on the position after a move (null at the end of the game). */
    probed(probe) {
      set({ probe, busy: false, over: state.status.result !== '*' }, { type: 'probed' });
    },
    /** The drill's result is in the progress. */
    recorded: () => set({ recorded: true }, { type: 'recorded' }),
    showDistance: () => set({ distance: true }, { type: 'distance' }),
    setMessage: (message) => set({ message }, { type: 'message' }),
  };
}
