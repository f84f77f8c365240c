/*
 * Greedy CTC decoding: best class per time step, repeats merged, blanks (class 0)
 * dropped. The model output is already softmaxed, so the maxima are probabilities and
 * the line confidence is their mean over the kept steps (PaddleOCR's CTCLabelDecode).
 */

export interface Candidate {
  char: string;
  p: number;
}

/** One kept character with the classes that competed for it, best first (itself included). */
export interface DecodedChar extends Candidate {
  alternatives: Candidate[];
}

export interface Decoded {
  text: string;
  confidence: number;
  /** Per kept character, when decoding was asked for alternatives. */
  chars?: DecodedChar[];
}

/**
 * The outputs of a step sum to 1, so a class above one half is the step's maximum and the
 * rest need not be scanned (most steps are blanks at ~0.99). The margin covers rounding in
 * the sum.
 */
const CERTAIN_MAX = 0.5 + 1e-3;

/**
 * `alternatives` > 0 also keeps, for each character, the best `alternatives` non-blank
 * classes over the run of steps that produced it (each class's highest probability in the
 * run): what validators (VIN check digit, plate grammar) choose from when a character is
 * doubtful. Text and confidence are the same either way.
 */
export function ctcGreedy(probs: Float32Array, steps: number, classes: number, dictionary: readonly string[], alternatives = 0): Decoded {
  let text = '';
  let sum = 0, kept = 0, previous = -1;
  const chars: DecodedChar[] = [];
  let run: Float32Array | undefined; // per-class maxima over the current character's steps
  const closeRun = () => {
    if (!run) return;
    const order: Candidate[] = [];
    for (let c = 1; c < classes; c++) if (run[c]! > 0.001) order.push({ char: dictionary[c] ?? '', p: run[c]! });
    order.sort((a, b) => b.p - a.p);
    chars[chars.length - 1]!.alternatives = order.slice(0, alternatives);
    run = undefined;
  };
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    let best = 0, bestP = probs[base]!;
    for (let c = 1; c < classes && bestP <= CERTAIN_MAX; c++) {
      const p = probs[base + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== previous) closeRun();
    if (best !== 0 && best !== previous) {
      text += dictionary[best] ?? '';
      sum += bestP;
      kept++;
      if (alternatives > 0) {
        chars.push({ char: dictionary[best] ?? '', p: bestP, alternatives: [] });
        run = new Float32Array(classes);
      }
    }
    if (run) {
      for (let c = 1; c < classes; c++) if (probs[base + c]! > run[c]!) run[c] = probs[base + c]!;
      const last = chars[chars.length - 1]!;
      if (best !== 0 && bestP > last.p) last.p = bestP;
    }
    previous = best;
  }
  closeRun();
  const decoded: Decoded = { text, confidence: kept === 0 ? 0 : sum / kept };
  if (alternatives > 0) decoded.chars = chars;
  return decoded;
}

/**
 * The same decoding from each step's best class and its probability alone (the recogniser's
 * own outputs for them, graph/best-class.ts): the text and confidence ctcGreedy gives without
 * alternatives, to the bit, as its scan keeps the first of equal maxima and adds the same
 * maxima in the same order.
 */
export function ctcBest(best: Int32Array, bestP: Float32Array, dictionary: readonly string[]): Decoded {
  let text = '';
  let sum = 0, kept = 0, previous = -1;
  for (let t = 0; t < best.length; t++) {
    const c = best[t]!;
    if (c !== 0 && c !== previous) {
      text += dictionary[c] ?? '';
      sum += bestP[t]!;
      kept++;
    }
    previous = c;
  }
  return { text, confidence: kept === 0 ? 0 : sum / kept };
}
