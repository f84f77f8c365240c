import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import { anchors } from './anchors';
import { type Classified, classify } from './classify';
import { besideForm, type RuledFrame } from './frames';
import { readWrongWayUp } from './flipped';
import { colourGap, medianPaper, type Rgb, stripBetween } from './paper';
import { besideAlong } from './placement';
import { viewOf } from './read';
import { angleGap, directional, regionOf } from './region';
import { parted, type Seam } from './twins';

/*
 * Text lines linked into documents (2582-25, regions.ts) by single linkage in order of their
 * gaps (Kruskal): two lines link when they lie within a few line heights of each other along and
 * across their text, and their groups run the same way (an upside-down receipt beside an upright
 * one stays apart) on paper of one colour (paper.ts: a pink ticket touching a white note are two
 * papers). Lines a document prints once (types.ts `anchors`: 发票号码, a ticket's seat, a
 * licence's title, a plate, a VIN) forbid a link that would put two of them in one group, so
 * receipts pasted edge to edge come apart: inside a receipt the gaps are smaller than between
 * receipts, so each group holds its own anchor before the first link across is tried.
 */

/** Link reach, in line heights: along the text (label to value) and across it (line to line). */
const ALONG = 3.5;
const ACROSS = 2.2;
/** how much taller than its neighbour along a row (or below it) a line may be and still reach it at its own height */
const ROW_SIZES = 1.25;
/** how much taller than the body below it a title may be and still reach it at its own height */
const TITLE_SIZES = 2;
/**
 * a block of more rows of text than this is more than a scrap (regions.ts SCRAP_LINES: a label, a
 * sticker's word); a row of text holds WORD characters or more: a form's box label printed one
 * character a line (备 注 beside a VAT invoice's 开票人 row, bench seed 33) is no row
 */
const BLOCK_LINES = 2;
const WORD = 3;
/** lines whose directions differ by more than this (degrees) are not one document's */
export const TURN_TOLERANCE = 30;
/** papers whose colours differ by more than this (RGB distance) are two documents */
export const PAPER_DIFFERENCE = 30;

/**
 * Whether line `a` stands above line `b` as their text reads: across the direction of the longer
 * of the two (an upside-down receipt's title lies below its rows in the image, above them as it
 * reads); undefined when that line is too short for its direction to tell.
 */
function above(a: OcrLine, b: OcrLine): boolean | undefined {
  const ref = a.box.w >= b.box.w ? a : b;
  if (!directional(ref)) return undefined;
  // each line's place across that direction, written out: every pair of a sheet's lines comes here
  const rad = (ref.box.angle * Math.PI) / 180, sin = Math.sin(rad), cos = Math.cos(rad);
  return -a.box.cx * sin + a.box.cy * cos < -b.box.cx * sin + b.box.cy * cos;
}

/** Gaps between two lines along and across the text of the longer one, in pixels. */
function gaps(a: OcrLine, b: OcrLine): { along: number; across: number } {
  const ref = a.box.w >= b.box.w ? a : b, other = ref === a ? b : a;
  const rad = (ref.box.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  for (const p of other.quad) {
    const dx = p.x - ref.box.cx, dy = p.y - ref.box.cy;
    const u = dx * cos + dy * sin, v = -dx * sin + dy * cos;
    u0 = Math.min(u0, u);
    u1 = Math.max(u1, u);
    v0 = Math.min(v0, v);
    v1 = Math.max(v1, v);
  }
  const hw = ref.box.w / 2, hh = ref.box.h / 2;
  return { along: Math.max(0, u0 - hw, -hw - u1), across: Math.max(0, v0 - hh, -hh - v1) };
}

export interface Placed {
  line: OcrLine;
  paper: Rgb;
  /** the direction the line is taken to run when not its own: a line read the wrong way up among its document's rows (flipped.ts) */
  angle?: number;
}

const angleOf = (p: Placed) => p.angle ?? p.line.box.angle;

/**
 * How far apart two lines are, 1 at the edge of linking; Infinity when they run different ways
 * or lie on papers whose colours differ by more than `paperDifference`.
 */
export function distance(p: Placed, q: Placed, paperDifference = PAPER_DIFFERENCE, reach = { along: ALONG, across: ACROSS }): number {
  const { line: a, paper: pa } = p, { line: b, paper: pb } = q;
  if (directional(a) && directional(b) && angleGap(angleOf(p), angleOf(q)) > TURN_TOLERANCE) return Infinity;
  if (colourGap(pa, pb) > paperDifference) return Infinity;
  // across, a title above its body reaches it at up to twice the body's height, and no higher
  // up: a note's title below the last row of an invoice it touches is no title of the invoice's
  // (bench seed 6: 38 px under a 25 px row, 83 px between). Along a row lines side by side are
  // printed at about one size (a label and its value), so there, and up from a larger line, the
  // larger line's height counts only up to a quarter more than the smaller's: the body of a note
  // half again as tall as the small print of an invoice it touches is no row of the invoice's
  const larger = a.box.h >= b.box.h ? a : b, smaller = larger === a ? b : a;
  const small = smaller.box.h, large = larger.box.h;
  const heads = above(larger, smaller) === false ? ROW_SIZES : TITLE_SIZES;
  const { along, across } = gaps(a, b);
  return Math.max(along / (reach.along * Math.min(large, ROW_SIZES * small)), across / (reach.across * Math.min(large, heads * small)));
}

/**
 * The groups of the linkage. A link is refused when it would join two groups that each hold
 * the same anchor, whose text runs different ways, or whose papers differ: tested on the
 * groups as a whole (their weighted direction, the median of their lines' papers), not on the
 * two lines that link, so one stray line (a short mark without a direction, a line on a
 * ticket's edge whose paper samples fall on the neighbour) cannot bridge two documents.
 */
class Groups {
  readonly parent: number[];
  readonly anchored: Set<string>[];
  /** per root: the sum of its directional lines' unit vectors weighted by length */
  readonly heading: { cos: number; sin: number }[];
  readonly papers: Rgb[][];
  /** per root: its lines' indices */
  readonly lines: number[][];
  /** `apart(i, j, A, B)`: lines i and j of groups A and B are two documents' (checked last: it looks at pixels) */
  constructor(placed: Placed[], private readonly apart: (i: number, j: number, A: number[], B: number[]) => boolean = () => false) {
    this.parent = placed.map((_, i) => i);
    this.anchored = placed.map(({ line: l }) => new Set(anchors.filter((a) => a.test(l.text.replace(/\s+/g, ''))).map((a) => a.name)));
    this.heading = placed.map((p) => {
      const w = directional(p.line) ? p.line.box.w : 0, rad = (angleOf(p) * Math.PI) / 180;
      return { cos: w * Math.cos(rad), sin: w * Math.sin(rad) };
    });
    this.papers = placed.map((p) => [p.paper]);
    this.lines = placed.map((_, i) => [i]);
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]!]!;
    return i;
  }
  /** joins the groups of i and j unless they hold the same anchor, run different ways or lie on different papers */
  join(i: number, j: number): boolean {
    const a = this.find(i), b = this.find(j);
    if (a === b) return true;
    const A = this.anchored[a]!, B = this.anchored[b]!;
    for (const name of A) if (B.has(name)) return false;
    const ha = this.heading[a]!, hb = this.heading[b]!;
    const directed = (h: { cos: number; sin: number }) => h.cos !== 0 || h.sin !== 0;
    if (directed(ha) && directed(hb) && angleGap((Math.atan2(ha.sin, ha.cos) * 180) / Math.PI, (Math.atan2(hb.sin, hb.cos) * 180) / Math.PI) > TURN_TOLERANCE) return false;
    // as loosely as fragments (adoptFragments): light falls unevenly over a receipt in a photo
    if (colourGap(medianPaper(this.papers[a]!), medianPaper(this.papers[b]!)) > 2 * PAPER_DIFFERENCE) return false;
    if (this.apart(i, j, this.lines[a]!, this.lines[b]!)) return false;
    this.parent[b] = a;
    for (const name of B) A.add(name);
    this.heading[a] = { cos: ha.cos + hb.cos, sin: ha.sin + hb.sin };
    this.papers[a]!.push(...this.papers[b]!);
    this.lines[a]!.push(...this.lines[b]!);
    return true;
  }
  members(count: number): number[][] {
    const by = new Map<number, number[]>();
    for (let i = 0; i < count; i++) by.set(this.find(i), [...(by.get(this.find(i)) ?? []), i]);
    return [...by.values()];
  }
}

/** Whether the lines hold an anchor that makes their group a document (types.ts `anchors`: not only one that keeps groups apart). */
export const hasAnchor = (lines: OcrLine[]) => lines.some((l) => anchors.some((a) => !a.linkOnly && a.test(l.text.replace(/\s+/g, ''))));

/**
 * Whether two groups are two documents told apart by their own print: each is certain of a type
 * of paper (types.ts: a type with a shape; a plate, a VIN or a table is printed on other
 * documents too: a taxi receipt's 车号, a licence's VIN), and the two types differ; or one is
 * certain of such a type and the other is a block of text bearing none of its cues (`noneOf`). A VAT invoice
 * touching a pink train ticket under a sheet's light, their papers 28 apart against
 * PAPER_DIFFERENCE (bench seed 3), linked the ticket's station to the invoice's 机器编号 at the
 * edge of the reach; each group's text already said which it was. A group need hold no anchor
 * to be certain: a ticket's left half (its stations, fare and 限乘当日当次车, its seat printed in
 * the right half) touching a licence's title below its last line linked to the licence before
 * the gap between its halves was tried, and the licence's group then kept its right half out
 * (bench seed 16). The type of a group is remembered while it does not grow (`lines`: the
 * group's line indices, the same array as it grows).
 */
function toldApart(image: { width: number; height: number }, lines: OcrLine[]) {
  const told = new WeakMap<number[], { size: number; kind: Classified }>();
  const kindOf = (g: number[]): Classified => {
    const known = told.get(g);
    if (known?.size === g.length) return known.kind;
    const kind = classify(viewOf(regionOf(g.map((k) => lines[k]!), image, 0)));
    told.set(g, { size: g.length, kind });
    return kind;
  };
  // a type of paper the group is certain of (one with a shape)
  const paperType = (g: number[]): string | undefined => {
    const kind = kindOf(g);
    return kind.rule?.shape !== undefined ? kind.type : undefined;
  };
  // a block of rows of text (more than a scrap) lying wholly beside a group certain of a type,
  // holding no anchor and bearing not one cue of that type, is a paper of its own: a meeting
  // note touching a taxi receipt on one white, its rows beside the receipt's title and within its
  // reach along a row (bench seed 35), or beside a VAT invoice's column of amounts (seed 33). A
  // piece of the document torn off in its column (a taxi receipt's 国家税务总局 and 发票联 under
  // its title, which bear no cue) shares its extent along its rows, and links as before
  const noneOf = (g: number[], type: string, beside: number[]) => {
    const ls = g.map((k) => lines[k]!);
    const rowsOfText = ls.filter((l) => l.text.replace(/\s+/g, '').length >= WORD).length;
    return rowsOfText > BLOCK_LINES && !hasAnchor(ls) && !kindOf(g).evidence.some((e) => e.type === type && e.score > 0) && besideAlong(ls, regionOf(beside.map((k) => lines[k]!), image, 0));
  };
  return (A: number[], B: number[]) => {
    const a = paperType(A), b = paperType(B);
    if (a !== undefined && b !== undefined) return a !== b;
    if (a !== undefined) return noneOf(B, a, A);
    return b !== undefined && noneOf(A, b, B);
  };
}

/** `seams`: cuts between two documents of one type (twins.ts) that no link crosses. */
export function linkLines(image: Raster, given: Placed[], frames: RuledFrame[], seams: Seam[] = []): OcrLine[][] {
  // a line read the wrong way up among a document's rows runs their way (flipped.ts)
  const wrongWayUp = readWrongWayUp(given.map((p) => p.line));
  const placed = given.map((p) => (wrongWayUp.has(p.line) ? { ...p, angle: p.line.box.angle + 180 } : p));
  const lines = placed.map((p) => p.line);
  const edges: { i: number; j: number; d: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const d = distance(placed[i]!, placed[j]!);
      if (d <= 1) edges.push({ i, j, d });
    }
  }
  edges.sort((x, y) => x.d - y.d);
  const of = (g: number[]) => g.map((k) => lines[k]!);
  const twoTypes = toldApart(image, lines);
  // two documents of one type cut apart; two documents each of its own type; print beside a ruled form is not the form's (frames.ts);
  // a strip of background between two lines parts their papers (paper.ts)
  const apart = (i: number, j: number, A: number[], B: number[]) => (seams.length > 0 && parted(seams, of(A), of(B))) || twoTypes(A, B) || besideForm(image, frames, of(A), lines[j]!, of(B)) || besideForm(image, frames, of(B), lines[i]!, of(A)) || stripBetween(image, lines[i]!, lines[j]!, [placed[i]!.paper, placed[j]!.paper], lines, PAPER_DIFFERENCE);
  const groups = new Groups(placed, apart);
  for (const { i, j } of edges) groups.join(i, j);
  return groups.members(lines.length).map((m) => m.map((i) => lines[i]!));
}
