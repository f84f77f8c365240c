import { insideQuad } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import { classify } from './classify';
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
 * before the first link across is tried. Groups that are no type on their own and hold no
 * anchor (a box of a form torn off by a wide gap) join the nearest typed group close by. The regions
 * are listed in reading order: rows of regions top to bottom, left to right within a row.
 */

/** Link reach, in line heights: along the text (label to value) and across it (line to line). */
const ALONG = 3.5;
const ACROSS = 2.2;
/** a document's outline around its text, in line heights: fragments inside it are part of it */
const OUTLINE_MARGIN = 2;
/** lines whose directions differ by more than this (degrees) are not one document's */
const TURN_TOLERANCE = 30;
/** papers whose colours differ by more than this (RGB distance) are two documents */
const PAPER_DIFFERENCE = 30;
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

/** How far apart two lines are, 1 at the edge of linking; Infinity when they run different ways or lie on different papers. */
function distance({ line: a, paper: pa }: Placed, { line: b, paper: pb }: Placed): number {
  if (directional(a) && directional(b) && angleGap(a.box.angle, b.box.angle) > TURN_TOLERANCE) return Infinity;
  if (colourGap(pa, pb) > PAPER_DIFFERENCE) return Infinity;
  // the smaller line's height, but a title twice the body's size still reaches its body
  const unit = Math.min(Math.max(a.box.h, b.box.h), 2 * Math.min(a.box.h, b.box.h));
  const { along, across } = gaps(a, b);
  return Math.max(along / (ALONG * unit), across / (ACROSS * unit));
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
const typeOf = (lines: OcrLine[], image: Raster) => {
  const region = regionOf(lines, image, 0);
  const text = textOf(lines);
  return classify({ lines: text, text: text.join('\n'), qr: [], size: { w: region.width / region.unit, h: region.height / region.unit } }).type;
};

/**
 * Fragments torn from a document by a wide gap (a VAT invoice's amounts box, its code in the
 * corner, a licence's last rows below its portrait): groups without an anchor that are no type
 * of their own (general, or a table of a few cells) and lie inside a typed document's outline
 * (its text's extent and a margin), on paper of its colour, join it. A note beside a receipt
 * lies outside the receipt's outline and stays a document of its own.
 */
function adoptOrphans(groups: OcrLine[][], image: Raster): OcrLine[][] {
  const types = groups.map((g) => typeOf(g, image));
  const isHome = (k: number) => types[k] !== 'general' && types[k] !== 'table';
  const outlines = groups.map((g, k) => (isHome(k) ? regionOf(g, image, OUTLINE_MARGIN).quad : undefined));
  const paper = (g: OcrLine[]) => {
    const each = g.map((l) => paperOf(image, l));
    return [0, 1, 2].map((c) => each.reduce((sum, p) => sum + p[c]!, 0) / each.length) as Rgb;
  };
  const out = groups.map((g) => [...g]);
  groups.forEach((group, k) => {
    if (isHome(k) || hasAnchor(group)) return;
    const home = outlines.findIndex((q, m) => q && group.every((l) => insideQuad(q, { x: l.box.cx, y: l.box.cy })) && colourGap(paper(group), paper(groups[m]!)) <= PAPER_DIFFERENCE);
    if (home >= 0) {
      out[home]!.push(...out[k]!);
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
  if (groups.length <= 1) return groups.length ? [wholeImage(groups[0]!, image)] : [];
  return regionOrder(groups.map((g) => regionOf(g, image, MARGIN)));
}
