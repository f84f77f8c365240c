import type { Mask } from './mask';

/*
 * Ruling lines as segments. A morphological opening of a binary image with a 1×k line
 * kernel keeps exactly the pixels that lie on a run of at least k ink pixels in that
 * direction, so the opening is computed run by run instead of by erosion and dilation.
 * Surviving runs that touch in neighbouring rows (8-connected) form one segment, which
 * keeps slightly tilted or bowed rules of photos in one piece; collinear pieces split by a
 * faint stretch are joined afterwards. Vertical lines are found the same way on the
 * transposed mask.
 */

/** A horizontal segment in mask pixels: `pos` is its y, `from..to` its x extent. For a
 * vertical segment `pos` is x and `from..to` the y extent. */
export interface Segment {
  pos: number;
  from: number;
  to: number;
  /** Mean thickness across the line. */
  thick: number;
}

export interface RulingOptions {
  /** Shortest run that counts as a rule (the kernel length), in mask pixels. */
  minLength: number;
  /** Longest faint stretch inside one rule that is still bridged, in mask pixels. */
  maxGap: number;
  /** Thicker components are filled areas (shaded cells, black bars), not rules. */
  maxThick: number;
}

interface Run {
  y: number;
  x0: number;
  x1: number;
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/** Runs of at least `minLength` ink pixels per row, single-pixel cracks bridged. */
function longRuns(mask: Mask, minLength: number): Run[] {
  const runs: Run[] = [];
  const { width, height, data } = mask;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!data[row + x]) {
        x++;
        continue;
      }
      const start = x;
      let end = x;
      // extend over ink and over one-pixel cracks (JPEG and thin-rule dropouts)
      while (x < width && (data[row + x] || (x + 1 < width && data[row + x + 1] && data[row + x - 1]))) {
        end = x;
        x++;
      }
      if (end - start + 1 >= minLength) runs.push({ y, x0: start, x1: end });
    }
  }
  return runs;
}

function horizontal(mask: Mask, options: RulingOptions): Segment[] {
  const runs = longRuns(mask, options.minLength);
  const parent = new Int32Array(runs.length).map((_, i) => i);
  // runs arrive row by row: join each run with the overlapping runs of the previous row
  let prevStart = 0, prevEnd = 0, rowStart = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (i > 0 && run.y !== runs[i - 1]!.y) {
      [prevStart, prevEnd, rowStart] = runs[i - 1]!.y === run.y - 1 ? [rowStart, i, i] : [i, i, i];
    }
    for (let j = prevStart; j < prevEnd; j++) {
      const above = runs[j]!;
      if (above.x0 <= run.x1 + 1 && run.x0 <= above.x1 + 1) parent[find(parent, i)] = find(parent, j);
    }
  }
  const groups = new Map<number, Run[]>();
  runs.forEach((run, i) => {
    const root = find(parent, i);
    const group = groups.get(root);
    if (group) group.push(run);
    else groups.set(root, [run]);
  });
  const segments: Segment[] = [];
  for (const group of groups.values()) {
    let from = Infinity, to = -Infinity, pixels = 0, ySum = 0;
    for (const run of group) {
      const len = run.x1 - run.x0 + 1;
      from = Math.min(from, run.x0);
      to = Math.max(to, run.x1);
      pixels += len;
      ySum += run.y * len;
    }
    const thick = pixels / (to - from + 1);
    if (thick <= options.maxThick) segments.push({ pos: ySum / pixels + 0.5, from, to: to + 1, thick });
  }
  return joinCollinear(segments, options.maxGap);
}

/** Pieces of one rule: nearly the same position, end to end within `maxGap`. */
function joinCollinear(segments: Segment[], maxGap: number): Segment[] {
  const sorted = [...segments].sort((a, b) => a.from - b.from);
  const out: Segment[] = [];
  for (const s of sorted) {
    const tol = (t: Segment) => Math.max(1.5, (t.thick + s.thick) / 2);
    const prev = out.find((o) => Math.abs(o.pos - s.pos) <= tol(o) && s.from - o.to <= maxGap);
    if (!prev) {
      out.push({ ...s });
      continue;
    }
    const a = prev.to - prev.from, b = s.to - s.from;
    prev.pos = (prev.pos * a + s.pos * b) / (a + b);
    prev.thick = (prev.thick * a + s.thick * b) / (a + b);
    prev.to = Math.max(prev.to, s.to);
  }
  return out;
}

/** Sums over (2r+1)² windows of a binary image, by an integral image. */
function boxSums(data: Uint8Array, width: number, height: number, r: number): (x: number, y: number) => { sum: number; area: number } {
  const w1 = width + 1;
  const integral = new Int32Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      integral[(y + 1) * w1 + x + 1] = integral[y * w1 + x + 1]! + row;
    }
  }
  return (x, y) => {
    const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1), y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    const sum = integral[y1 * w1 + x1]! - integral[y0 * w1 + x1]! - integral[y1 * w1 + x0]! + integral[y0 * w1 + x0]!;
    return { sum, area: (x1 - x0) * (y1 - y0) };
  };
}

/**
 * The mask without filled areas (shaded or coloured cells, black bars, solid parts of
 * stamps) and their edges: pixels within r of a pixel whose (2r+1)² neighbourhood is more
 * than 70 % ink. The adaptive threshold turns a band along a fill's edge into ink, which
 * would read as rules that are not there; rules that do run along or through a fill are
 * found by their ridges (mask.ts). A crossing of two rules stays well below 70 %.
 */
function withoutFilled(mask: Mask, r: number): Mask {
  const { width, height, data } = mask;
  const ink = boxSums(data, width, height, r);
  const filled = new Uint8Array(width * height);
  let any = false;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!data[y * width + x]) continue;
      const { sum, area } = ink(x, y);
      if (sum > 0.7 * area) (filled[y * width + x] = 1), (any = true);
    }
  }
  if (!any) return mask;
  const near = boxSums(filled, width, height, r);
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (out[y * width + x] && near(x, y).sum > 0) out[y * width + x] = 0;
  return { width, height, data: out };
}

function transpose(mask: Mask): Mask {
  const { width, height, data } = mask;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x]!;
  return { width: height, height: width, data: out };
}

/** Rules in the ink mask, and in the ridge masks when given ([for horizontal, for vertical] rules). */
export function findRulings(mask: Mask, options: RulingOptions, ridges?: [Mask, Mask]): { horizontal: Segment[]; vertical: Segment[] } {
  const lines = withoutFilled(mask, Math.ceil(options.maxThick));
  const found = { horizontal: horizontal(lines, options), vertical: horizontal(transpose(lines), options) };
  if (ridges) {
    found.horizontal.push(...horizontal(ridges[0], options));
    found.vertical.push(...horizontal(transpose(ridges[1]), options));
  }
  return found;
}
