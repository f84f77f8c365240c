import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import { type Region, regionOf, wholeImage } from './region';
import { anchors } from './types';

/*
 * The document regions of an image (2582-25). Text lines are joined into documents by
 * single linkage in order of their gaps (Kruskal): two lines link when they lie within a few
 * line heights of each other along and across their text and run the same way (an upside-down
 * receipt beside an upright one stays apart) on paper of one colour (the paper just above and
 * below each line: a pink ticket touching a white note are two papers). Lines a document prints once (types.ts
 * `anchors`: 发票号码, a ticket's seat, a licence's title, a plate, a VIN) forbid a link that
 * would put two of them in one group, so receipts pasted edge to edge come apart: inside a
 * receipt the gaps are smaller than between receipts, so each group holds its own anchor
 * before the first link across is tried. Groups without an anchor (a box of a form torn off by
 * a wide gap) join the nearest anchored group in whose column they lie. The regions
 * are listed in reading order: rows of regions top to bottom, left to right within a row.
 */

/** Link reach, in line heights: along the text (label to value) and across it (line to line). */
const ALONG = 3.5;
const ACROSS = 2.2;
/** how far a fragment may lie from the document it joins, in line heights */
const ORPHAN_REACH = 4;
/** lines whose directions differ by more than this (degrees) are not one document's */
const TURN_TOLERANCE = 30;
/** papers whose colours differ by more than this (RGB distance) are two documents */
const PAPER_DIFFERENCE = 30;
/** groups this much smaller than the one anchored document are scraps of it, not documents */
const SCRAP_SHARE = 0.25;
/** padding around a region's text, in line heights: the paper's margin, for the extractor */
const MARGIN = 1.5;

const directional = (l: OcrLine) => l.box.w >= 2 * l.box.h;
const angleGap = (a: number, b: number) => Math.abs(((((a - b + 180) % 360) + 360) % 360) - 180);

/** Gaps between two lines along and across the text of the longer one, in pixels. */
function gaps(a: OcrLine, b: OcrLine): { along: number; across: number } {
  const [ref, other] = a.box.w >= b.box.w ? [a, b] : [b, a];
  const rad = (ref.box.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  for (const p of other.quad) {
    const dx = p.x - ref.box.cx, dy = p.y - ref.box.cy;
    const u = dx * cos + dy * sin, v = -dx * sin + dy * cos;
    [u0, u1, v0, v1] = [Math.min(u0, u), Math.max(u1, u), Math.min(v0, v), Math.max(v1, v)];
  }
  const hw = ref.box.w / 2, hh = ref.box.h / 2;
  return { along: Math.max(0, u0 - hw, -hw - u1), across: Math.max(0, v0 - hh, -hh - v1) };
}

type Rgb = [number, number, number];

/** The paper's colour around a line: the median of points just above and below its box. */
function paperOf(image: Raster, l: OcrLine): Rgb {
  const rad = (l.box.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const samples: Rgb[] = [];
  for (let k = 0; k < 12; k++) {
    const u = (k / 11 - 0.5) * l.box.w;
    for (const v of [-0.8 * l.box.h, 0.8 * l.box.h]) {
      const x = Math.round(l.box.cx + u * cos - v * sin), y = Math.round(l.box.cy + u * sin + v * cos);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const i = (y * image.width + x) * 3;
      samples.push([image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]);
    }
  }
  const med = (c: number) => samples.map((s) => s[c]!).sort((p, q) => p - q)[samples.length >> 1] ?? 0;
  return [med(0), med(1), med(2)];
}

const colourGap = (p: Rgb, q: Rgb) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

interface Placed {
  line: OcrLine;
  paper: Rgb;
}

/**
 * How far apart two lines are, 1 at the edge of linking; Infinity when they run different ways
 * or lie on papers whose colours differ by more than `paperDifference`.
 */
function distance({ line: a, paper: pa }: Placed, { line: b, paper: pb }: Placed, paperDifference = PAPER_DIFFERENCE, reach = { along: ALONG, across: ACROSS }): number {
  if (directional(a) && directional(b) && angleGap(a.box.angle, b.box.angle) > TURN_TOLERANCE) return Infinity;
  if (colourGap(pa, pb) > paperDifference) return Infinity;
  // the smaller line's height, but a title twice the body's size still reaches its body
  const unit = Math.min(Math.max(a.box.h, b.box.h), 2 * Math.min(a.box.h, b.box.h));
  const { along, across } = gaps(a, b);
  return Math.max(along / (reach.along * unit), across / (reach.across * unit));
}

class Groups {
  readonly parent: number[];
  readonly anchored: Set<string>[];
  constructor(lines: OcrLine[]) {
    this.parent = lines.map((_, i) => i);
    this.anchored = lines.map((l) => new Set(anchors.filter((a) => a.test(l.text.replace(/\s+/g, ''))).map((a) => a.name)));
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]!]!;
    return i;
  }
  /** joins the groups of i and j unless both hold the same anchor */
  join(i: number, j: number): boolean {
    const a = this.find(i), b = this.find(j);
    if (a === b) return true;
    const A = this.anchored[a]!, B = this.anchored[b]!;
    for (const name of A) if (B.has(name)) return false;
    this.parent[b] = a;
    for (const name of B) A.add(name);
    return true;
  }
  members(count: number): number[][] {
    const by = new Map<number, number[]>();
    for (let i = 0; i < count; i++) by.set(this.find(i), [...(by.get(this.find(i)) ?? []), i]);
    return [...by.values()];
  }
}

function linkLines(image: Raster, lines: OcrLine[]): OcrLine[][] {
  const placed = lines.map((line) => ({ line, paper: paperOf(image, line) }));
  const edges: { i: number; j: number; d: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const d = distance(placed[i]!, placed[j]!);
      if (d <= 1) edges.push({ i, j, d });
    }
  }
  edges.sort((x, y) => x.d - y.d);
  const groups = new Groups(lines);
  for (const { i, j } of edges) groups.join(i, j);
  return groups.members(lines.length).map((m) => m.map((i) => lines[i]!));
}

const textOf = (lines: OcrLine[]) => lines.map((l) => l.text.replace(/\s+/g, ''));
const hasAnchor = (lines: OcrLine[]) => textOf(lines).some((t) => anchors.some((a) => a.test(t)));

/**
 * Fragments torn from a document by a wide gap (a ticket's fine print in its dashed box, a VAT
 * invoice's amounts box, a licence's last rows below its portrait): groups without an anchor
 * join the nearest document that has one when they lie in its column (within its extent along
 * its text, give or take two line heights), within ORPHAN_REACH line heights of it, on paper of
 * about its colour. A note beside a receipt lies outside its column and stays a document of its own.
 */
function adoptOrphans(groups: OcrLine[][], image: Raster): OcrLine[][] {
  const papers = new Map(groups.flat().map((l) => [l, paperOf(image, l)]));
  const anchored = groups.map(hasAnchor);
  const frames = groups.map((g) => regionOf(g, image, 0));
  const inColumn = (fragment: OcrLine[], m: number) => {
    const f = frames[m]!;
    const rad = (f.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
    const u = (p: { x: number; y: number }) => p.x * cos + p.y * sin;
    const home = f.quad.map(u), own = fragment.flatMap((l) => l.quad.map(u));
    const slack = 2 * f.unit;
    return Math.min(...own) >= Math.min(...home) - slack && Math.max(...own) <= Math.max(...home) + slack;
  };
  const out = groups.map((g) => [...g]);
  groups.forEach((group, k) => {
    if (anchored[k]) return;
    let best = -1, bestD = Infinity;
    groups.forEach((other, m) => {
      if (m === k || !anchored[m] || !inColumn(group, m)) return;
      for (const a of group) for (const b of other) {
        // a fragment's lines sit on the document's tinted bands, near its rules and seals: its paper is compared loosely
        const d = distance({ line: a, paper: papers.get(a)! }, { line: b, paper: papers.get(b)! }, 2 * PAPER_DIFFERENCE, { along: ORPHAN_REACH, across: ORPHAN_REACH });
        if (d <= 1 && d < bestD) [best, bestD] = [m, d];
      }
    });
    if (best >= 0) {
      out[best]!.push(...out[k]!);
      out[k] = [];
    }
  });
  return out.filter((g) => g.length > 0);
}

/** Rows of regions top to bottom (tops within half a region's height), left to right in a row. */
function regionOrder(regions: Region[]): Region[] {
  const sorted = [...regions].sort((a, b) => a.roi.Y - b.roi.Y);
  const rows: Region[][] = [];
  for (const r of sorted) {
    const row = rows[rows.length - 1];
    if (row && r.roi.Y < row[0]!.roi.Y + Math.min(row[0]!.roi.H, r.roi.H) / 2) row.push(r);
    else rows.push([r]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.roi.X - b.roi.X));
}

export function findRegions(image: Raster, lines: OcrLine[]): Region[] {
  if (lines.length === 0) return [];
  const groups = adoptOrphans(linkLines(image, lines), image)
    // a stray mark read as a character or two is no document
    .filter((g) => textOf(g).join('').length >= 3 || hasAnchor(g));
  if (groups.length === 0) return [];
  const regions = groups.map((g) => regionOf(g, image, MARGIN));
  // one document and scraps of text around it (a label torn off, a sticker): the image is that document
  const area = (r: Region) => r.roi.W * r.roi.H;
  const main = groups.flatMap((g, k) => (hasAnchor(g) ? [k] : []));
  const scraps = main.length === 1 && regions.every((r, k) => k === main[0] || area(r) < SCRAP_SHARE * area(regions[main[0]!]!));
  if (groups.length === 1 || scraps) return [wholeImage(groups.flat(), image)];
  return regionOrder(regions);
}
