// Types of makruk-board: the <makruk-board> element, the rules (Game) and the engine.

/** The rules: Makruk, Ouk Chatrang (Cambodian), Makpong, Kar Ouk. */
export type Variant = 'makruk' | 'cambodian' | 'makpong' | 'karouk';
export type Color = 'white' | 'black';
export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';

/** A legal or played move. */
export interface MoveInfo {
  /** `e3e4` */
  uci: string;
  /** `e4` */
  san: string;
  from: string;
  to: string;
  promotion: boolean;
  /** What the move does, as the core says it (`move_facts`), in one number: the FEN letter of the
   * piece that moves (uppercase) as its char code in the low byte, then 0x100 a capture, 0x200 a
   * check (mate included), 0x400 a mate, 0x800 a Bia's promotion, 0x1000 its SAN names the square
   * it comes from. */
  facts: number;
}

/** The count of a bare side (board's or pieces' honour). */
export interface CountInfo {
  kind: string;
  ply: number;
  limit: number;
  moves: number;
  limitMoves: number;
  side: Color;
}

/** The state of a game at its last move. */
export interface Status {
  turn: Color;
  check: boolean;
  result: Result;
  /** `checkmate`, `stalemate`, `counting`, `repetition`, `material`, ...; null while the game goes on. */
  reason: string | null;
  count: CountInfo | null;
  cambodianCounting: boolean;
  canMate: { white: boolean; black: boolean };
  /** A count runs, or the material lets a side count (counting on request: where a player may start one). */
  countInReach: boolean;
}

/** Loads the rules' wasm module; `Game` works once it has resolved (before, it throws "call
 * init() first"; the element loads the module itself). */
export function init(): Promise<unknown>;

/** A game: a start position and the moves played (the rules of the wasm module). */
export class Game {
  /** From a FEN, or the variant's start position when `fen` is undefined or null; throws on a bad FEN. */
  constructor(fen?: string | null, variant?: Variant | null, counting?: 'auto' | 'request' | null);
  /** The game of a record (a game as the core writes it: the `record` of a `Position`), taken back to its first `ply` moves when given; `dropped`: what could not be read (it and what follows). A bad header throws. */
  static fromRecord(record: string, ply?: number): { game: Game; dropped?: { ply: number; message: string } };
  /** The current position as FEN. */
  fen(): string;
  /** The FEN of the start position. */
  startFen(): string;
  variant(): Variant;
  /** The variant a match of this game's variant plays its tie-breaks in (Makpong for Makruk's family, Kar Ouk for Ouk Chatrang's). */
  tieBreak(): Variant;
  legalMoves(): MoveInfo[];
  /** Plays a move in UCI (`e3e4`) or SAN (`e4`); throws on an illegal one. */
  play(move: string): MoveInfo;
  /** Takes back the last move: it in UCI, or undefined at the start. */
  undo(): string | undefined;
  /** The moves played, in SAN. */
  history(): string[];
  /** The moves played, in UCI. */
  moves(): string[];
  /** The moves played, each as `legalMoves` gives a move. */
  played(): MoveInfo[];
  status(): Status;
  /** The board from a1 to h8: FEN letters, `M~`/`m~` for a promoted Bia, `""` when empty. */
  board(): string[];
  /** The move number of the move made at `ply` (the number of moves before it), for every variant. */
  moveNumber(ply: number): number;
  /** Frees the game's memory in the wasm module. */
  free(): void;
}

/** A position: a FEN string, or a start (FEN or the variant's) and moves (UCI or SAN). */
export type Position = string | { fen?: string | null; moves?: string[]; variant?: Variant } | {
  /** a whole game as the core writes it (counting mode and count actions included) */
  record: string;
};

/** Limits of a search, as UCI's `go` (ms); at least one of them. */
export interface SearchLimits {
  movetime?: number;
  depth?: number;
  nodes?: number;
  /** 1 (beginner) to 8 (full strength) */
  level?: number;
  multipv?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
}

export type Score = { cp: number } | { mate: number };

/** A search's progress, at least once a depth. */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  time: number;
  /** the principal variation, UCI */
  pv: string[];
}

export interface SearchResult {
  /** UCI, null with no legal move */
  move: string | null;
  ponder: string | null;
  score: Score;
}

/** The engine in a module worker. */
export interface Engine {
  search(position: Position, limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult>;
  legalMoves(position: Position): Promise<MoveInfo[]>;
  status(position: Position): Promise<Status>;
  /** Cancels what runs (its promise rejects); a fresh worker takes over. */
  stop(): void;
  terminate(): void;
}

/** Starts the engine; `onCrash` hears of a worker that died (it is replaced). */
export function createEngine(options?: { onCrash?: (message: string) => void }): Engine;

/** The state of a board. */
export interface BoardState {
  fen: string;
  /** UCI, from startFen to the position shown */
  moves: string[];
  /** the main line of the move tree, UCI */
  mainLine: string[];
  /** the position's path in the move tree: at each ply, the index of the variation taken (0: the main line) */
  path: number[];
  status: Status;
  startFen: string;
  variant: Variant;
  orientation: Color;
}

/** Why a command was refused (the game is as it was) or the board could not load. */
export type BoardErrorCode = 'malformed' | 'unknown-type' | 'origin' | 'not-ready' | 'load-failed' | 'too-long' | 'bad-variant' | 'bad-fen' | 'illegal-move' | 'stale';

/** The visitor's move before it is played. */
export interface BeforeMoveDetail {
  from: string;
  to: string;
  uci: string;
  san: string;
}

/** An arrow (from, to) or a circle (square) drawn by the host; `color` any CSS colour. */
export type Shape = { from: string; to: string; color?: string } | { square: string; color?: string };

/** The details of the element's events. All bubble (and so reach `document`) but `error`. */
export interface MakrukBoardEventMap {
  ready: CustomEvent<Record<string, never>>;
  move: CustomEvent<{ uci: string; san: string; fen: string }>;
  gameEnd: CustomEvent<{ result: Result; reason: string }>;
  state: CustomEvent<BoardState>;
  /** cancelable: `preventDefault()` puts the piece back */
  beforemove: CustomEvent<BeforeMoveDetail>;
  /** a puzzle's (the script tag's element) */
  solved: CustomEvent<Record<string, never>>;
  failed: CustomEvent<{ move: string }>;
  /** on the element only (it does not bubble: never window.onerror) */
  error: CustomEvent<{ code: BoardErrorCode; message: string }>;
}

/**
 * `<makruk-board>`. Attributes: fen, moves (UCI, space-separated), variant, orientation
 * (white | black), interactive (1 | 0), engine (off | 1..8), player (white | black | both |
 * none), engine-side (white | black), last-move (1 | 0), check (1 | 0), coords (1 | thai | 0),
 * theme (wood | light), pieces (traditional | western), notation (standard | thai), sound (0 | 1),
 * lang (en | th | tr | de | uk). Styling: --makruk-board-radius, --makruk-board-shadow,
 * --makruk-board-min-width, --makruk-message-color, --makruk-message-background, ::part(board).
 */
export class MakrukBoardElement extends HTMLElement {
  /** The current position (null before the board is ready); set: a new game from it. */
  fen: string | null;
  /** The moves (UCI) from the `fen` attribute to the position; set: a new game. */
  get moves(): string[];
  set moves(moves: string[] | string);
  /** The side at the bottom; set: the board turns. */
  orientation: Color;
  /** A new position: a FEN (null or empty for the start) and UCI or SAN moves. */
  setPosition(fen?: string | null, moves?: string | string[]): void;
  /** Plays a move (either side's) in UCI (`e3e4`) or SAN (`e4`); a refused one fires `error`. */
  move(move: string): void;
  /** Draws the host's arrows and circles; `[]` clears them. */
  setShapes(shapes: Shape[]): void;
  /** Turns the board (the view only: the engine keeps its side). */
  flip(): void;
  /** The board's state (also fired as a `state` event); rejects if the board could not load or was destroyed. */
  getState(): Promise<BoardState>;
  /** Ends the board (its worker and listeners); removing the element does it too. */
  destroy(): void;
  addEventListener<K extends keyof MakrukBoardEventMap>(type: K, listener: (this: MakrukBoardElement, ev: MakrukBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof MakrukBoardEventMap>(type: K, listener: (this: MakrukBoardElement, ev: MakrukBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'makruk-board': MakrukBoardElement;
  }
  /** The element's events that bubble, heard on `document` */
  interface DocumentEventMap extends Omit<MakrukBoardEventMap, 'error'> {}
}
