/*
 * How large the detector looks (longest side of its input). PaddleOCR's fixed 960 px
 * shrinks a 4000 px phone photo four times and its small print vanishes. Measured on a
 * rendered 12 MP photo with 18 px text: 29% of characters read at 960, 99.8% at 1280,
 * 100% at 1600 and 2048; detection costs grow with the pixels (2048 is 1.6× the work of
 * 1600), and on a busy 2-core machine 2048 alone took 5–7 s, past the 5 s budget.
 * Other images are seen at their own size, strips (a single line, a label) too: doubling
 * them cost 4× the detection (half the work on a text line) and read no better. On 26
 * November 2026 the corpus strips (445×39, 700×30, 362×78, 136×48, 1167×54, 709×132) read
 * the same at 1× as at 2× or better (the 700×30 line kept its spaces), and so did 40 rendered
 * lines 26–66 px high and 40 of 10–25 px (`bench/small-stages.ts` times the stages).
 * Plate images still have their small ones doubled (plateDetSide): a plate alone, close up,
 * was measured that way.
 */

export const MAX_DET_SIDE = 1600;
const STRIP = 200;

export function chooseDetSide(width: number, height: number): number {
  return Math.min(Math.max(width, height), MAX_DET_SIDE);
}

/** chooseDetSide, but an image whose short side is under 200 px is seen at 2×. */
export function plateDetSide(width: number, height: number): number {
  const longest = Math.max(width, height);
  const scale = Math.min(width, height) < STRIP ? 2 : 1;
  return Math.min(longest * scale, MAX_DET_SIDE);
}
