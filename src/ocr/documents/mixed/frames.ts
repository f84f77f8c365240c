import { MAX_DET_SIDE } from '../../det/side';
import type { Point } from '../../geometry/quad';
import { lumaAt, type Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import { detectTables, tableInk, textUnit } from '../table/detect';
import { frameBox, makeFrame, weightedMedian } from '../table/frame';
import { inkBase, type InkBase } from '../table/mask';
import { anchors } from './anchors';
import { directional, median, type Region, regionOf, type Ruling, wholeImage } from './region';

/*
 * Ruled tables on an image (2582-25): the lines inside one ruling frame are one document's,
 * however far apart its cells lie. Line grouping by gaps (regions.ts) splits a table whose
 * columns stand wider than the link reach; the frame's rules are the stronger cue. The rules
 * are found by the table point's own detector (table/detect.ts), once per skew at which the
 * image's text runs (a sheet's documents may be tilted differently: a rule tilted more than a
 * degree or two breaks into runs shorter than a rule). Quarter turns need no pass of their
 * own: a table turned a quarter is still ruled across and along.
 */

/** Skews within this (degrees) of a pass's are looked at by it: rules survive a tilt of about this much. */
const SKEW_STEP = 1;
/** a skew needs this many lines running at it before its pass is made: a table has many */
const MIN_LINES = 6;
/** at most this many passes (the skews with the most text): time on a sheet of many */
const MAX_PASSES = 3;

/** the line's angle less its quarter turns, in [-45, 45] */
const residual = (deg: number) => deg - Math.round(deg / 90) * 90;

/**
 * The skews at which the text runs, most text first: the residual angle with the most line
 * length within SKEW_STEP of it, refined to the weighted median of those lines (one crooked
 * line does not tilt the pass); its lines are set aside and the next is looked for.
 */
function skews(lines: OcrLine[]): number[] {
  // long lines tell their direction; a small table of short cells has only those
  const directed = lines.filter(directional);
  let rest = (directed.length >= MIN_LINES ? directed : lines).map((l) => ({ v: residual(l.box.angle), w: l.box.w })).sort((a, b) => a.v - b.v);
  const out: number[] = [];
  // the length of the lines within SKEW_STEP of v, summed in their order, without a list of them: every line is weighed against every other
  const weightNear = (v: number) => {
    let sum = 0;
    for (const p of rest) if (Math.abs(p.v - v) <= SKEW_STEP) sum += p.w;
    return sum;
  };
  while (out.length < MAX_PASSES && rest.length >= MIN_LINES) {
    let peak = rest[0]!, most = weightNear(peak.v);
    for (let k = 1; k < rest.length; k++) {
      const weight = weightNear(rest[k]!.v);
      if (weight > most) (peak = rest[k]!), (most = weight);
    }
    const members = rest.filter((p) => Math.abs(p.v - peak.v) <= SKEW_STEP);
    if (members.length < MIN_LINES) break;
    const skew = weightedMedian(members);
    out.push(skew);
    rest = rest.filter((p) => Math.abs(p.v - skew) > SKEW_STEP);
  }
  return out;
}

/** Rules are looked for at the text detector's size: a sheet of many is large, and a table's rules are long. */
const FRAME_SIDE = MAX_DET_SIDE;

/** A ruled table on the image: the lines its outer rules hold (by their centres), and its geometry. */
export interface RuledFrame extends Ruling {
  lines: OcrLine[];
}

/**
 * Each image's ink base (table/mask.ts) at FRAME_SIDE: a sheet's rules are looked for twice, on
 * its lines as first read and with its small print read again (mixed/sheet.ts), on masks whose
 * window follows the text heights; the grey levels and ridges under them are the image's alone.
 */
const bases = new WeakMap<Raster, InkBase>();

function baseOf(image: Raster): InkBase {
  let base = bases.get(image);
  if (!base) bases.set(image, (base = inkBase(image, FRAME_SIDE)));
  return base;
}

/** The ruled tables of the image. */
export function ruledFrames(image: Raster, lines: OcrLine[]): RuledFrame[] {
  const passes = skews(lines);
  if (passes.length === 0) return [];
  const unit = textUnit(lines.map((l) => l.box.h), image.width, image.height);
  const ink = tableInk(image, unit, FRAME_SIDE, baseOf(image));
  const out: RuledFrame[] = [];
  for (const skew of passes) {
    const frame = makeFrame(image.width, image.height, skew);
    const boxes = lines.map((l) => frameBox(frame, l.quad));
    const { tables } = detectTables(image, frame, unit, boxes, ink);
    for (const t of tables) {
      const [left, right, top, bottom] = [t.xs[0]!, t.xs[t.xs.length - 1]!, t.ys[0]!, t.ys[t.ys.length - 1]!];
      const inside = lines.filter((_, i) => {
        const b = boxes[i]!, cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
        return cx > left && cx < right && cy > top && cy < bottom;
      });
      const corners = [frame.toImage({ x: left, y: top }), frame.toImage({ x: right, y: top }), frame.toImage({ x: right, y: bottom }), frame.toImage({ x: left, y: bottom })];
      if (inside.length >= 2) out.push({ lines: inside, skew, corners });
    }
  }
  return out;
}

const anchorsOf = (lines: OcrLine[]) => new Set(lines.flatMap((l) => anchors.filter((a) => a.test(l.text.replace(/\s+/g, ''))).map((a) => a.name)));

/**
 * The groups that hold lines of one ruled frame joined into one, the largest first. The frame
 * overrules what kept them apart (gaps; paper: a table's coloured header rows; direction: a
 * column label printed upright), except the anchors: two receipts whose grids touch (a VAT
 * invoice's rules run on into its neighbour's) stay two documents.
 */
export function joinFramed(groups: OcrLine[][], frames: RuledFrame[]): OcrLine[][] {
  if (frames.length === 0) return groups;
  const groupOf = new Map<OcrLine, number>();
  groups.forEach((g, k) => g.forEach((l) => groupOf.set(l, k)));
  const out = groups.map((g) => [...g]);
  const parent = groups.map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  const named = groups.map(anchorsOf);
  for (const { lines: frame } of frames) {
    const roots = [...new Set(frame.flatMap((l) => (groupOf.has(l) ? [find(groupOf.get(l)!)] : [])))].sort((a, b) => out[b]!.length - out[a]!.length);
    const [into, ...rest] = roots;
    if (into === undefined) continue;
    for (const k of rest) {
      if ([...named[k]!].some((name) => named[into]!.has(name))) continue;
      out[into]!.push(...out[k]!);
      out[k] = [];
      named[k]!.forEach((name) => named[into]!.add(name));
      parent[k] = into;
    }
  }
  return out.filter((g) => g.length > 0);
}

/** The grey level at (x, y), or undefined off the image. */
const lumaOf = (image: Raster, x: number, y: number): number | undefined => {
  const X = Math.round(x), Y = Math.round(y);
  if (X < 0 || Y < 0 || X >= image.width || Y >= image.height) return undefined;
  return lumaAt(image.data, (Y * image.width + X) * 3);
};

/** a frame holding fewer lines is a box of a form (a label column, a totals cell), not the form */
const FORM_LINES = 10;
/** a rule is this much darker than the paper either side of it */
const RULE_CONTRAST = 50;
/** a rule runs on where this share of the way is rule */
const RULE_SHARE = 0.9;

/**
 * Whether a rule runs on from `from` along unit direction (dx, dy) for `length` pixels: a thin
 * dark run (a few pixels either side of the way: the corners are the detector's, at its scale)
 * darker than the paper farther either side, nearly all the way. Print is no rule: its strokes
 * leave gaps between characters.
 */
function ruleRunsOn(image: Raster, from: Point, dx: number, dy: number, length: number): boolean {
  let steps = 0, dark = 0;
  for (let t = 3; t <= length; t += 2) {
    const x = from.x + dx * t, y = from.y + dy * t;
    let ink = Infinity, paper = -Infinity;
    for (let w = -10; w <= 10; w++) {
      const v = lumaOf(image, x - dy * w, y + dx * w);
      if (v === undefined) continue;
      if (Math.abs(w) <= 5) ink = Math.min(ink, v);
      paper = Math.max(paper, v);
    }
    steps++;
    if (ink < paper - RULE_CONTRAST) dark++;
  }
  return steps > 0 && dark >= RULE_SHARE * steps;
}

/** Each frame's lines as a set, made once: linkage.ts asks besideForm at every link it tries. */
const heldSets = new WeakMap<RuledFrame, Set<OcrLine>>();

function heldBy(f: RuledFrame): Set<OcrLine> {
  let held = heldSets.get(f);
  if (!held) heldSets.set(f, (held = new Set(f.lines)));
  return held;
}

/** Whether at least half the lines of `g` are in `held`. */
function mostHeld(g: OcrLine[], held: Set<OcrLine>): boolean {
  let inside = 0;
  for (const l of g) if (held.has(l)) inside++;
  return 2 * inside >= g.length;
}

/**
 * Whether line `b` stands beside a ruled form that holds most of the lines of group `a`, out of
 * the form's column (its extent along the rules ends half a line short of the form's side), while
 * its own group `bGroup` is not of that form. A form's print lies in its column: its title and
 * header above its rules, its notes and signatures below them, its margin's print turned (linked
 * apart, regions.ts); print standing beside it is another document's. On one white a taxi
 * receipt touching a VAT invoice's form, a note beside it on a white sheet, show no strip of
 * background between them, and their print linked into the invoice's (bench seed 4). The frame
 * found must be the form's whole width there: its top and bottom rules end at that side. The
 * table detector also finds a form's inner boxes (a VAT invoice's 销售方 label column, its
 * password area) and the form's rules run on beyond them to the rest of the form.
 */
export function besideForm(image: Raster, frames: RuledFrame[], a: OcrLine[], b: OcrLine, bGroup: OcrLine[]): boolean {
  return frames.some((f) => {
    if (f.lines.length < FORM_LINES) return false;
    const held = heldBy(f);
    if (!mostHeld(a, held) || mostHeld(bGroup, held)) return false;
    // along the form's text: a form turned a quarter has its title and notes beside its rules as the image stands
    const [p, q, r, o] = f.corners as [Point, Point, Point, Point];
    const turned = Math.abs(Math.round(median(a.filter(directional).map((l) => l.box.angle)) / 90)) % 2 === 1;
    const [tl, tr, br, bl] = turned ? [o, p, q, r] : [p, q, r, o];
    const side = Math.hypot(tr.x - tl.x, tr.y - tl.y) || 1;
    const [ux, uy] = [(tr.x - tl.x) / side, (tr.y - tl.y) / side];
    const us = b.quad.map((p) => (p.x - tl.x) * ux + (p.y - tl.y) * uy);
    const slack = b.box.h / 2, reach = 1.5 * b.box.h;
    if (Math.max(...us) < -slack) return !ruleRunsOn(image, tl, -ux, -uy, reach) && !ruleRunsOn(image, bl, -ux, -uy, reach);
    if (Math.min(...us) > side + slack) return !ruleRunsOn(image, tr, ux, uy, reach) && !ruleRunsOn(image, br, ux, uy, reach);
    return false;
  });
}

/** a region is ruled when at least this share of its lines lie inside a table's rules (its title and notes outside) */
const RULED_SHARE = 0.5;

/**
 * The region of a group of lines (region.ts regionOf), ruled when most of its lines lie inside
 * ruled tables: then its skew is that of the table holding most of them, and it holds the
 * rules of every table it has lines of.
 */
export function ruledRegionOf(lines: OcrLine[], image: { width: number; height: number }, margin: number, frames: RuledFrame[]): Region {
  const mine = new Set(lines);
  const held = frames.map((f) => f.lines.filter((l) => mine.has(l)).length);
  const inside = new Set(frames.flatMap((f, k) => (held[k]! > 0 ? f.lines.filter((l) => mine.has(l)) : []))).size;
  if (inside === 0 || inside < RULED_SHARE * lines.length) return regionOf(lines, image, margin);
  const main = frames[held.indexOf(Math.max(...held))]!;
  const corners = frames.flatMap((f, k) => (held[k]! > 0 ? f.corners : []));
  return { ...regionOf(lines, image, margin, { skew: main.skew, corners }), ruled: true };
}

/** The whole image as one region, ruled as ruledRegionOf says. */
export function ruledWholeImage(lines: OcrLine[], image: { width: number; height: number }, frames: RuledFrame[]): Region {
  return { ...wholeImage(lines, image), ruled: ruledRegionOf(lines, image, 0, frames).ruled };
}
