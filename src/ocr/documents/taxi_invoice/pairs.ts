/*
 * Labels to values on a meter's print-out. The dot-matrix values are printed by the meter
 * on paper whose labels were printed before, and the feed drifts: on the corpus the values
 * climb up to 0.7 of a line against their labels by the end of the block. Nearest-row
 * matching then pairs a label with the next row's value; an order-keeping alignment of
 * the two columns (dynamic programming, like aligning two sequences) does not, since
 * values come in the order of their labels. A receipt fed a whole line late (the corpus
 * photo has one) is first brought back by the shift under which most values validate.
 */

export interface Slot {
  /** position across the text lines, in the invoice's frame */
  v: number;
  h: number;
}

/** Cost of leaving a label without a value / a value line without a label. */
const SKIP_LABEL = 1;
const SKIP_VALUE = 0.3;
/** A value that does not validate for the label may still be its faint reading. */
const INVALID = 0.6;
/** Farther apart than this (in line heights) they are never one row. */
const MAX_SHIFT = 1.2;

/**
 * The shift of the value column against the labels under which most labels find a value
 * that validates for them within half a line: a whole line for a receipt fed late, a part
 * of one for a drifting feed; 0 unless another shift pairs at least two more labels.
 */
export function columnShift(labels: readonly Slot[], values: readonly Slot[], fits: (label: number, value: number) => boolean): number {
  const valid: { i: number; j: number; dv: number }[] = [];
  labels.forEach((l, i) => values.forEach((v, j) => fits(i, j) && valid.push({ i, j, dv: v.v - l.v })));
  const score = (shift: number) =>
    new Set(valid.filter((p) => Math.abs(p.dv - shift) < 0.5 * labels[p.i]!.h).map((p) => p.i)).size;
  let best = 0, bestScore = score(0);
  for (const p of valid) {
    const s = score(p.dv);
    if (s > bestScore + 1) {
      best = p.dv;
      bestScore = s;
    }
  }
  return best;
}

/**
 * Pairs labels with values, both in order down the invoice. `fits(i, j)` says whether value
 * j validates for label i. Returns for each label the index of its value, or -1.
 */
export function alignRows(labels: readonly Slot[], values: readonly Slot[], fits: (label: number, value: number) => boolean): number[] {
  const n = labels.length, m = values.length;
  const cost = (i: number, j: number) => {
    const shift = Math.abs(labels[i]!.v - values[j]!.v) / Math.max(labels[i]!.h, values[j]!.h);
    return shift > MAX_SHIFT ? Infinity : shift + (fits(i, j) ? 0 : INVALID);
  };
  // best[i][j]: least cost of aligning the first i labels with the first j values
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  const step = Array.from({ length: n + 1 }, () => new Int8Array(m + 1));
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      // 1: label i-1 left alone, 2: value j-1 left alone, 3: the two paired
      const options = [
        i > 0 ? best[i - 1]![j]! + SKIP_LABEL : Infinity,
        j > 0 ? best[i]![j - 1]! + SKIP_VALUE : Infinity,
        i > 0 && j > 0 ? best[i - 1]![j - 1]! + cost(i - 1, j - 1) : Infinity,
      ];
      const choice = options.indexOf(Math.min(...options));
      best[i]![j] = options[choice]!;
      step[i]![j] = choice + 1;
    }
  }
  const pairs = new Array<number>(n).fill(-1);
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const s = step[i]![j];
    if (s === 3) pairs[--i] = --j;
    else if (s === 1) i--;
    else j--;
  }
  return pairs;
}

/** How far values sit from their labels around label i (for reading a row the detector missed). */
export function driftAt(i: number, labels: readonly Slot[], values: readonly Slot[], pairs: number[]): number {
  let nearest = -1;
  for (let k = 0; k < pairs.length; k++) {
    if (pairs[k]! < 0) continue;
    if (nearest < 0 || Math.abs(k - i) < Math.abs(nearest - i)) nearest = k;
  }
  return nearest < 0 ? 0 : values[pairs[nearest]!]!.v - labels[nearest]!.v;
}

/** A value line's place along its row as well as across: its centre and extent. */
export interface Span extends Slot {
  u: number;
  w: number;
}

/**
 * Value j and the value lines that continue it along its row, either way: the detector may break
 * one value into pieces that touch or overlap (110 | 50元 for 110.50元, a receipt turned a quarter
 * on a sheet; 7 | 4 | 4.50元 for 74.50元, one turned the other way, bench seed 30), any of which
 * may still validate on its own (1.10, 4.50) and be the one paired. Pieces are taken outwards from
 * it while each starts (right of it) or ends (left of it) within half a line of the last one taken,
 * on the same row, and only lines `free` says no other field's label holds. Returns [j] when the
 * value is whole; else the pieces left to right.
 */
export function continued(values: readonly Span[], j: number, free: (k: number) => boolean): number[] {
  const value = values[j]!;
  const row = values
    .map((v, k) => ({ v, k }))
    .filter(({ v, k }) => k !== j && free(k) && Math.abs(v.v - value.v) < 0.5 * Math.max(v.h, value.h));
  const start = (s: Span) => s.u - s.w / 2, end = (s: Span) => s.u + s.w / 2;
  const pieces = [j];
  for (const { v, k } of row.filter(({ v }) => v.u > value.u).sort((a, b) => a.v.u - b.v.u)) {
    const last = values[pieces.at(-1)!]!;
    if (start(v) - end(last) >= 0.5 * Math.max(v.h, last.h)) break;
    pieces.push(k);
  }
  for (const { v, k } of row.filter(({ v }) => v.u < value.u).sort((a, b) => b.v.u - a.v.u)) {
    const first = values[pieces[0]!]!;
    if (start(first) - end(v) >= 0.5 * Math.max(v.h, first.h)) break;
    pieces.unshift(k);
  }
  return pieces;
}

/**
 * Where a value line that reaches back over its label's box on the same row should begin: the
 * middle of the two boxes' overlap, which is the middle of the gap between their print (the
 * detector pads each box alike), so that the label's last strokes are not read as the value's
 * first character (额's right side read 1: 125.50 for 25.50). null when they do not overlap.
 */
export function labelCut(label: Span, value: Span): number | null {
  const labelEnd = label.u + label.w / 2, valueStart = value.u - value.w / 2;
  if (Math.abs(label.v - value.v) > 0.5 * Math.max(label.h, value.h) || labelEnd <= valueStart || label.u >= value.u) return null;
  return (labelEnd + valueStart) / 2;
}
