/*
 * How large the detector looks (longest side of its input). PaddleOCR's fixed 960 px
 * shrinks a 4000 px phone photo four times and its small print vanishes. Measured on a
 * rendered 12 MP photo with 18 px text: 29% of characters read at 960, 99.8% at 1280,
 * 100% at 1600 and 2048; detection costs grow with the pixels (2048 is 1.6× the work of
 * 1600), and on a busy 2-core machine 2048 alone took 5–7 s, past the 5 s budget.
 * Other images are seen at their own size, except strips (a single line, a label) which
 * are enlarged 2×: the DB model lost the ends of 445×39 and 700×30 lines at 1× and read
 * them whole at 2×.
 */

export const MAX_DET_SIDE = 1600;
const STRIP = 200;

export function chooseDetSide(width: number, height: number): number {
  const longest = Math.max(width, height);
  const scale = Math.min(width, height) < STRIP ? 2 : 1;
  return Math.min(longest * scale, MAX_DET_SIDE);
}
