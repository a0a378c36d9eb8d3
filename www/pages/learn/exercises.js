// The lessons (learn.html): stages in teaching order, each a list of exercises. Data only:
// www/pages/learn/lesson.js judges the moves by the rules module, www/common/i18n/learn/<code>.js holds the
// texts (the stage's `title_<name>` and `intro_<name>`, each exercise's `goal` key with its
// values), and tests/learn.node.test.mjs proves each exercise solved by its `solution` in
// `par` moves and by no move fewer than the search finds, and every text in five languages.
//
// An exercise: {fen, variant?, goal: [key, values?], par, win, targets?, safe?, way?, count?,
// solution: [UCI moves]}; `win` and the rest as www/pages/learn/lesson.js says. Piece names in the
// values are the game page's piece keys (ruea, ma, khon, met, khun, bia), shown in the page's language.

export const STAGES = [
  {
    name: 'ruea',
    exercises: [
      { fen: '7k/8/8/8/8/8/8/R3K3 w - - 0 1', goal: ['reach', { piece: 'ruea' }], win: 'targets', targets: ['a6'], par: 1, solution: ['a1a6'] },
      { fen: '7k/8/8/8/8/8/8/R3K3 w - - 0 1', goal: ['reach', { piece: 'ruea' }], win: 'targets', targets: ['a5', 'e5'], par: 2, solution: ['a1a5', 'a5e5'] },
      { fen: '7k/8/8/8/3P4/8/8/3RK3 w - - 0 1', goal: ['reachAround', { piece: 'ruea' }], win: 'targets', targets: ['a6', 'd6'], par: 3, solution: ['d1a1', 'a1a6', 'a6d6'] },
    ],
  },
  {
    name: 'ma',
    exercises: [
      { fen: '7k/7p/8/8/8/8/8/1N2K3 w - - 0 1', goal: ['reach', { piece: 'ma' }], win: 'targets', targets: ['c3'], par: 1, solution: ['b1c3'] },
      { fen: '7k/7p/8/8/8/8/8/1N2K3 w - - 0 1', goal: ['reach', { piece: 'ma' }], win: 'targets', targets: ['d5', 'f6'], par: 3, solution: ['b1c3', 'c3d5', 'd5f6'] },
      { fen: '7k/7p/8/8/8/8/2PPP3/3N3K w - - 0 1', goal: ['jump', { piece: 'ma' }], win: 'targets', targets: ['e3', 'f5'], par: 2, solution: ['d1e3', 'e3f5'] },
    ],
  },
  {
    name: 'khon',
    exercises: [
      { fen: '7k/8/8/8/8/8/8/2S1K3 w - - 0 1', goal: ['reach', { piece: 'khon' }], win: 'targets', targets: ['c2'], par: 1, solution: ['c1c2'] },
      { fen: '7k/8/8/8/8/8/8/2S1K3 w - - 0 1', goal: ['reach', { piece: 'khon' }], win: 'targets', targets: ['e3', 'e4'], par: 3, solution: ['c1d2', 'd2e3', 'e3e4'] },
      { fen: '7k/8/8/3S4/8/8/8/4K3 w - - 0 1', goal: ['back', { piece: 'khon' }], win: 'targets', targets: ['d3'], par: 2, solution: ['d5c4', 'c4d3'] },
    ],
  },
  {
    name: 'met',
    exercises: [
      { fen: '7k/7p/8/8/8/8/8/3MK3 w - - 0 1', goal: ['reach', { piece: 'met' }], win: 'targets', targets: ['c2'], par: 1, solution: ['d1c2'] },
      { fen: '7k/7p/8/8/8/8/8/3MK3 w - - 0 1', goal: ['reach', { piece: 'met' }], win: 'targets', targets: ['e4'], par: 3, solution: ['d1e2', 'e2d3', 'd3e4'] },
      { fen: '7k/7p/8/4M3/8/8/8/4K3 w - - 0 1', goal: ['back', { piece: 'met' }], win: 'targets', targets: ['c3'], par: 2, solution: ['e5d4', 'd4c3'] },
    ],
  },
  {
    name: 'khun',
    exercises: [
      { fen: '7k/7p/8/8/8/P7/8/4K3 w - - 0 1', goal: ['reach', { piece: 'khun' }], win: 'targets', targets: ['e2', 'f3'], par: 2, solution: ['e1e2', 'e2f3'] },
      { fen: '3r3k/8/8/8/8/3PK3/8/8 w - - 0 1', goal: ['khunSafe'], win: 'targets', targets: ['c3'], par: 2, solution: ['e3d2', 'd2c3'] },
      { fen: '7k/8/8/8/4m3/P7/4K3/8 w - - 0 1', goal: ['capture'], win: 'targets', targets: ['e4'], par: 2, solution: ['e2e3', 'e3e4'] },
    ],
  },
  {
    name: 'bia',
    exercises: [
      { fen: '7k/7p/8/8/8/4P3/8/4K3 w - - 0 1', goal: ['reach', { piece: 'bia' }], win: 'targets', targets: ['e5'], par: 2, solution: ['e3e4', 'e4e5'] },
      { fen: '7k/8/8/8/4n3/3P4/8/4K3 w - - 0 1', goal: ['capture'], win: 'targets', targets: ['e4'], par: 1, solution: ['d3e4'] },
      { fen: '7k/8/8/2sp4/3P4/8/8/4K3 w - - 0 1', goal: ['capture'], win: 'targets', targets: ['c5'], par: 1, solution: ['d4c5'] },
    ],
  },
  {
    name: 'promotion',
    exercises: [
      { fen: '7k/7p/8/4P3/8/8/8/4K3 w - - 0 1', goal: ['promote'], win: 'targets', targets: ['e6'], par: 1, solution: ['e5e6'] },
      { fen: '7k/7p/8/4P3/8/8/8/4K3 w - - 0 1', goal: ['promoteOn'], win: 'targets', targets: ['e6', 'd7'], par: 2, solution: ['e5e6', 'e6d7'] },
      { fen: '7k/8/4r3/3P4/8/8/8/K7 w - - 0 1', goal: ['promoteCapture'], win: 'targets', targets: ['e6'], par: 1, solution: ['d5e6'] },
    ],
  },
  {
    name: 'capture',
    exercises: [
      { fen: '7k/8/8/p3n3/8/8/8/R6K w - - 0 1', goal: ['captureAll'], win: 'targets', targets: ['a5', 'e5'], par: 2, solution: ['a1a5', 'a5e5'] },
      { fen: '7k/4s3/8/3m4/8/2N5/8/7K w - - 0 1', goal: ['captureAll'], win: 'targets', targets: ['d5', 'e7'], par: 2, solution: ['c3d5', 'd5e7'] },
      { fen: '7k/8/8/6m1/5P2/2n5/3S4/7K w - - 0 1', goal: ['captureAll'], win: 'targets', targets: ['c3', 'g5'], par: 2, solution: ['d2c3', 'f4g5'] },
    ],
  },
  {
    name: 'protection',
    exercises: [
      { fen: '1n5k/8/8/8/8/8/8/R6K w - - 0 1', goal: ['reachSafe', { piece: 'ruea' }], win: 'targets', safe: true, targets: ['e6'], par: 2, solution: ['a1e1', 'e1e6'] },
      { fen: '7k/8/4p3/1s1n4/8/8/8/1R5K w - - 0 1', goal: ['captureSafe'], win: 'targets', safe: true, targets: ['b5'], par: 1, solution: ['b1b5'] },
      { fen: '7k/8/8/2r5/8/8/8/1N5K w - - 0 1', goal: ['reachSafe', { piece: 'ma' }], win: 'targets', safe: true, targets: ['d4'], par: 3, solution: ['b1d2', 'd2f3', 'f3d4'] },
    ],
  },
  {
    name: 'check',
    exercises: [
      { fen: '4r2k/8/8/8/8/8/8/4K3 w - - 0 1', goal: ['escape_khun'], win: 'escape', way: 'khun', par: 1, solution: ['e1d1'] },
      { fen: '7k/8/8/4r3/8/3N4/8/4K3 w - - 0 1', goal: ['escape_capture'], win: 'escape', way: 'capture', par: 1, solution: ['d3e5'] },
      { fen: 'r6k/8/8/8/6R1/8/8/K7 w - - 0 1', goal: ['escape_block'], win: 'escape', way: 'block', par: 1, solution: ['g4a4'] },
    ],
  },
  {
    name: 'mate',
    exercises: [
      { fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1', goal: ['mate'], win: 'mate', par: 1, solution: ['h1h8'] },
      { fen: 'k7/8/1KS5/8/8/8/8/8 w - - 0 1', goal: ['mate'], win: 'mate', par: 1, solution: ['c6b7'] },
      { fen: '6rk/6mp/8/4N3/8/8/8/K7 w - - 0 1', goal: ['mate'], win: 'mate', par: 1, solution: ['e5f7'] },
    ],
  },
  {
    name: 'stalemate',
    exercises: [
      { fen: '7k/5K2/8/8/8/8/8/6R1 w - - 0 1', goal: ['mateNoStalemate'], win: 'mate', par: 1, solution: ['g1h1'] },
      { fen: 'k7/8/K7/8/8/8/8/2R5 w - - 0 1', goal: ['stalemate'], win: 'stalemate', par: 1, solution: ['c1b1'] },
    ],
  },
  {
    name: 'material',
    exercises: [
      { fen: '7k/8/6m1/3p4/3K4/8/8/8 w - - 0 1', goal: ['drawMet'], win: 'draw', par: 1, solution: ['d4d5'] },
      { fen: '7k/m7/8/m3p3/4K3/8/8/8 w - - 0 1', goal: ['drawMets'], win: 'draw', par: 1, solution: ['e4e5'] },
      { fen: '7k/8/8/8/2pK4/8/8/5n2 w - - 0 1', goal: ['drawMa'], win: 'draw', par: 1, solution: ['d4c4'] },
    ],
  },
  {
    name: 'counting',
    exercises: [
      { fen: '7k/8/8/8/4p3/8/4R3/K6m w - - 0 1', goal: ['countBoard'], win: 'count', count: 'board', par: 1, solution: ['e2e4'] },
      { fen: '7k/8/8/8/4n3/8/4R3/K2M4 w - - 0 1', goal: ['countPieces'], win: 'count', count: 'pieces', par: 1, solution: ['e2e4'] },
      { fen: 'k7/8/1K6/8/8/8/8/7R w - 32 29 40', goal: ['countMate'], win: 'mate', par: 1, solution: ['h1h8'] },
    ],
  },
  {
    name: 'ouk',
    exercises: [
      { fen: '4k3/7p/8/8/8/P7/8/3K4 w D - 0 1', variant: 'cambodian', goal: ['leap'], win: 'targets', targets: ['f2'], par: 1, solution: ['d1f2'] },
      { fen: '4k3/7p/8/8/8/8/8/3KM3 w E - 0 1', variant: 'cambodian', goal: ['doubleStep'], win: 'targets', targets: ['e3'], par: 1, solution: ['e1e3'] },
      { fen: '4k3/8/8/8/8/P1n5/8/3K4 w D - 0 1', variant: 'cambodian', goal: ['leapCheck'], win: 'escape', way: 'khun', par: 1, solution: ['d1e1'] },
      { fen: '4k3/8/8/8/8/4n3/8/4M2K w E - 0 1', variant: 'cambodian', goal: ['doubleStepCapture'], win: 'targets', targets: ['e3'], par: 2, solution: ['e1d2', 'd2e3'] },
    ],
  },
];

/** The stage called `name`, or undefined. */
export const stageNamed = (name) => STAGES.find((s) => s.name === name);
