/*
 * How large the detector looks (longest side of its input). PaddleOCR's fixed 960 px
 * shrinks a 4000 px phone photo four times and its small print vanishes. Measured on a
 * rendered 12 MP photo with 18 px text: 29% of characters read at 960, 99.8% at 1280,
 * 100% at 1600 and 2048; detection costs grow with the pixels (2048 is 1.6× the work of
 * 1600), and on a busy 2-core machine 2048 alone took 5–7 s, past the 5 s budget.
 * Other images are seen at their own size, except small ones (short side under 200 px: a
 * thumbnail's print is tiny), which are enlarged 2×. A strip (a single line, a label: four
 * times as long as it is high or more) is not: doubling it cost 4× the detection, half the work
 * of a text line, and read no better. On 26 November 2026 the corpus lines (445×39, 700×30,
 * 362×78, 1167×54, 709×132) read the same at 1× as at 2× or better (the 700×30 line kept its
 * spaces), and so did 40 rendered lines 26–66 px high and 40 of 10–25 px
 * (`bench/small-stages.ts` times the stages).
 */

export const MAX_DET_SIDE = 1600;
const SMALL = 200;
/** long side / short side from which an image is a strip */
const STRIP_RATIO = 4;

/** A single line or a label: short side small, four times as long as high or more. */
export function isStrip(width: number, height: number): boolean {
  const longest = Math.max(width, height), shortest = Math.min(width, height);
  return shortest < SMALL && longest >= STRIP_RATIO * shortest;
}

export function chooseDetSide(width: number, height: number): number {
  const longest = Math.max(width, height);
  const scale = Math.min(width, height) < SMALL && !isStrip(width, height) ? 2 : 1;
  return Math.min(longest * scale, MAX_DET_SIDE);
}

/** For plates: every small image seen at 2×, strips too (a close-up of a plate alone was measured so). */
export function plateDetSide(width: number, height: number): number {
  const longest = Math.max(width, height);
  const scale = Math.min(width, height) < SMALL ? 2 : 1;
  return Math.min(longest * scale, MAX_DET_SIDE);
}
