// A review's marks (review.js): their NAGs, signs, names and thresholds, for the page's move
// list and board (always there) and the review's marks (review-marks.js, loaded later).

/** The marks: NAG, sign and name, worst first. */
export const MARKS = [
  { nag: 4, sign: '??', name: 'blunder', drop: 0.3 },
  { nag: 2, sign: '?', name: 'mistake', drop: 0.2 },
  { nag: 6, sign: '?!', name: 'inaccuracy', drop: 0.1 },
];

export const markOfNag = (nag) => MARKS.find((m) => m.nag === nag) || null;
