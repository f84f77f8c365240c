import type { Segment } from './rulings';

/*
 * Tables from ruling segments. A horizontal and a vertical segment cross when each
 * reaches the other (within `tol.join`, so L and T joints count). Segments that cross fewer
 * than two perpendicular segments are text strokes, underlines or page rules, and are
 * dropped until none is left; what still crosses forms connected groups, one table each.
 * The grid of a table is the clustered positions of its rules; two neighbouring grid
 * cells are one cell when the rule between them is missing (less than half of that
 * stretch is inked), and a merged cell is grown until it is a rectangle.
 */

export interface Cell {
  row: number;
  col: number;
  /** Exclusive: row span = rowEnd − row (the protocol's EndRow − StartRow). */
  rowEnd: number;
  colEnd: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Table {
  /** Row lines top to bottom and column lines left to right (rows + 1, cols + 1 values). */
  ys: number[];
  xs: number[];
  cells: Cell[];
}

function makeFind(n: number): { find: (i: number) => number; union: (a: number, b: number) => void } {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  return { find, union: (a, b) => void (parent[find(a)] = find(b)) };
}

/** 1-D clusters of positions no farther than `tol` from their neighbour; length-weighted centres. */
function cluster(segments: Segment[], tol: number): number[] {
  const sorted = [...segments].sort((a, b) => a.pos - b.pos);
  const centres: number[] = [];
  let sum = 0, weight = 0, last = -Infinity;
  for (const s of sorted) {
    if (s.pos - last > tol && weight > 0) {
      centres.push(sum / weight);
      sum = weight = 0;
    }
    const w = s.to - s.from;
    sum += s.pos * w;
    weight += w;
    last = s.pos;
  }
  if (weight > 0) centres.push(sum / weight);
  return centres;
}

/** A segment and a perpendicular one reach each other (T, L and + joints). */
const crosses = (a: Segment, b: Segment, tol: number) =>
  b.pos >= a.from - tol && b.pos <= a.to + tol && a.pos >= b.from - tol && a.pos <= b.to + tol;

const nearest = (values: number[], v: number) =>
  values.reduce((best, x, i) => (Math.abs(x - v) < Math.abs(values[best]! - v) ? i : best), 0);

/** Share of [a, b] covered by the union of `spans`. */
function coverage(spans: [number, number][], a: number, b: number): number {
  const clipped = spans.map(([s, e]) => [Math.max(a, s), Math.min(b, e)] as const).filter(([s, e]) => e > s).sort((p, q) => p[0] - q[0]);
  let covered = 0, reach = a;
  for (const [s, e] of clipped) {
    if (e <= reach) continue;
    covered += e - Math.max(s, reach);
    reach = e;
  }
  return b > a ? covered / (b - a) : 1;
}

/** Per rule line, the stretches that are inked: the table's own segments, and pieces on
 * the line that cross one of its rules but were too short to cross two (a rule broken by a
 * stamp); text strokes that happen to lie on a line touch no rule. */
function spans(lines: number[], own: Segment[], across: Segment[], all: Segment[], tol: Tolerances): [number, number][][] {
  const out = lines.map(() => [] as [number, number][]);
  const mine = new Set(own);
  for (const s of all) {
    const i = nearest(lines, s.pos);
    const onLine = Math.abs(lines[i]! - s.pos) <= tol.merge && across.some((a) => crosses(s, a, tol.join));
    if (mine.has(s) || onLine) out[i]!.push([s.from, s.to]);
  }
  return out;
}

function buildTable(hs: Segment[], vs: Segment[], all: { horizontal: Segment[]; vertical: Segment[] }, tol: Tolerances): Table | null {
  let ys = cluster(hs, tol.merge), xs = cluster(vs, tol.merge);
  if (ys.length < 2 || xs.length < 2) return null;
  const hSpans = spans(ys, hs, vs, all.horizontal, tol);
  const vSpans = spans(xs, vs, hs, all.vertical, tol);
  const rows = ys.length - 1, cols = xs.length - 1;
  const { find, union } = makeFind(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c > 0 && coverage(vSpans[c]!, ys[r]!, ys[r + 1]!) < 0.5) union(r * cols + c, r * cols + c - 1);
      if (r > 0 && coverage(hSpans[r]!, xs[c]!, xs[c + 1]!) < 0.5) union(r * cols + c, (r - 1) * cols + c);
    }
  }
  // grow each merged group to its bounding rectangle until no group overlaps another's
  let boxes = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
  for (let changed = true; changed; ) {
    changed = false;
    boxes = new Map();
    for (let i = 0; i < rows * cols; i++) {
      const r = Math.floor(i / cols), c = i % cols, root = find(i);
      const b = boxes.get(root);
      if (!b) boxes.set(root, { r0: r, r1: r + 1, c0: c, c1: c + 1 });
      else Object.assign(b, { r0: Math.min(b.r0, r), r1: Math.max(b.r1, r + 1), c0: Math.min(b.c0, c), c1: Math.max(b.c1, c + 1) });
    }
    for (const [root, b] of boxes) {
      for (let r = b.r0; r < b.r1; r++) {
        for (let c = b.c0; c < b.c1; c++) {
          if (find(r * cols + c) !== find(root)) {
            union(r * cols + c, root);
            changed = true;
          }
        }
      }
    }
  }
  // keep only the lines some cell starts or ends on, so spans are as small as they can be
  const usedRows = new Set<number>(), usedCols = new Set<number>();
  for (const b of boxes.values()) {
    usedRows.add(b.r0).add(b.r1);
    usedCols.add(b.c0).add(b.c1);
  }
  const rowIndex = [...usedRows].sort((a, b) => a - b), colIndex = [...usedCols].sort((a, b) => a - b);
  const cells: Cell[] = [...boxes.values()].map((b) => ({
    row: rowIndex.indexOf(b.r0),
    rowEnd: rowIndex.indexOf(b.r1),
    col: colIndex.indexOf(b.c0),
    colEnd: colIndex.indexOf(b.c1),
    left: xs[b.c0]!,
    right: xs[b.c1]!,
    top: ys[b.r0]!,
    bottom: ys[b.r1]!,
  }));
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  ys = rowIndex.map((i) => ys[i]!);
  xs = colIndex.map((i) => xs[i]!);
  return { ys, xs, cells };
}

export interface Tolerances {
  /** How far a rule may stop short of the rule it joins. */
  join: number;
  /** How close two parallel rules must be to count as one (double borders, a bowed line). */
  merge: number;
}

export function findTables(horizontal: Segment[], vertical: Segment[], tol: Tolerances): Table[] {
  const pairs: [number, number][] = [];
  horizontal.forEach((h, i) => vertical.forEach((v, j) => crosses(h, v, tol.join) && pairs.push([i, j])));
  const hAlive = horizontal.map(() => true), vAlive = vertical.map(() => true);
  for (let changed = true; changed; ) {
    changed = false;
    const hCount = horizontal.map(() => 0), vCount = vertical.map(() => 0);
    for (const [i, j] of pairs) {
      if (hAlive[i] && vAlive[j]) {
        hCount[i]!++;
        vCount[j]!++;
      }
    }
    hCount.forEach((n, i) => n < 2 && hAlive[i] && ((hAlive[i] = false), (changed = true)));
    vCount.forEach((n, j) => n < 2 && vAlive[j] && ((vAlive[j] = false), (changed = true)));
  }
  const nh = horizontal.length;
  const { find, union } = makeFind(nh + vertical.length);
  for (const [i, j] of pairs) if (hAlive[i] && vAlive[j]) union(i, nh + j);
  const groups = new Map<number, { hs: Segment[]; vs: Segment[] }>();
  const group = (i: number) => {
    const root = find(i);
    if (!groups.has(root)) groups.set(root, { hs: [], vs: [] });
    return groups.get(root)!;
  };
  horizontal.forEach((h, i) => hAlive[i] && group(i).hs.push(h));
  vertical.forEach((v, j) => vAlive[j] && group(nh + j).vs.push(v));
  const tables: Table[] = [];
  for (const { hs, vs } of groups.values()) {
    const table = buildTable(hs, vs, { horizontal, vertical }, tol);
    // a lone rectangle is a frame or the edge of a photographed sheet, not a table
    if (table && table.cells.length > 1) tables.push(table);
  }
  return tables.sort((a, b) => a.ys[0]! - b.ys[0]! || a.xs[0]! - b.xs[0]!);
}
