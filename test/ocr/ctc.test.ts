import { describe, expect, it } from 'vitest';
import { ctcGreedy } from '../../src/ocr/rec/ctc';

/*
 * Greedy CTC decoding (src/ocr/rec/ctc.ts) stops scanning a step once a class passes one half
 * of the step's probability; it must decode exactly what a full scan of every class does.
 */

const dictionary = ['', ...'0123456789ABCDEFGHIJ'];
const classes = dictionary.length;

/** A softmaxed step from logits, seeded. */
function step(seed: number, peak: number | undefined, sharpness: number): Float32Array {
  const logits = Array.from({ length: classes }, (_, c) => Math.sin(seed * 12.9898 + c * 78.233) * 2);
  if (peak !== undefined) logits[peak] = logits[peak]! + sharpness;
  const max = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return Float32Array.from(exp.map((e) => e / sum));
}

/** Every class of every step scanned: the reference. */
function fullScan(probs: Float32Array, steps: number): { text: string; confidence: number } {
  let text = '', sum = 0, kept = 0, previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[t * classes + c]! > probs[t * classes + best]!) best = c;
    if (best !== 0 && best !== previous) {
      text += dictionary[best];
      sum += probs[t * classes + best]!;
      kept++;
    }
    previous = best;
  }
  return { text, confidence: kept === 0 ? 0 : sum / kept };
}

describe('greedy CTC decoding', () => {
  it('decodes as a full scan does: confident blanks, confident characters late in the list, and flat steps', () => {
    for (let line = 0; line < 200; line++) {
      const steps = 40;
      const probs = new Float32Array(steps * classes);
      for (let t = 0; t < steps; t++) {
        const kind = (line * 7 + t * 3) % 5;
        // blank, a character (often a late class), or no clear winner below one half
        const peak = kind === 0 ? 0 : kind <= 2 ? 1 + ((line + t) % (classes - 1)) : kind === 3 ? classes - 1 : undefined;
        probs.set(step(line * 100 + t, peak, kind === 4 ? 0 : 2 + (t % 6)), t * classes);
      }
      const got = ctcGreedy(probs, steps, classes, dictionary);
      const want = fullScan(probs, steps);
      expect(got.text).toBe(want.text);
      expect(got.confidence).toBeCloseTo(want.confidence, 12);
    }
  });

  it('keeps a step whose best class is under one half', () => {
    const probs = new Float32Array(3 * classes);
    // step 0: blank 0.3, "5" 0.35, "J" 0.35 split with the first winning; steps 1–2: blanks
    probs.set([0.3], 0);
    probs[6] = 0.36;
    probs[classes - 1] = 0.34;
    probs[classes] = 1;
    probs[2 * classes] = 1;
    expect(ctcGreedy(probs, 3, classes, dictionary)).toEqual({ text: '5', confidence: expect.closeTo(0.36, 6) });
  });
});
