import type { OcrLine } from '../../pipeline';
import { TURN_TOLERANCE } from './linkage';
import { angleGap, median } from './region';
import { typeRules } from './types';

/*
 * Two documents of one type in one group (2582-25, regions.ts groupLines). Two train tickets
 * pasted one above the other, touching, on one colour of paper, share no anchor but their seats
 * (types.ts `anchors`), and single linkage may join one ticket's half to the other before its
 * own seat's half: one region held a ticket and the upper half of the next (bench seed 30), and
 * one ticket's fields were read from the other's. Anchors cannot be had for every line a ticket
 * prints once: refused links only move the cut (a ticket's head, refused by the body its twin's
 * head had joined first, came back alone). What says two documents are there is their print:
 * the lines a document of the type prints once (types.ts `once`) stand twice, each pair one
 * document's pitch apart in one direction (the layout of two documents, at any turn, side by
 * side or one above the other). A group holds two documents when it holds both lines of such
 * pairs (two fares, two 限乘当日当次车), the end of one document and the start of the next.
 * It is cut between them where the lines of the two documents leave a gap, and the lines are
 * linked again, none of the two documents' joining a line of the other.
 */

/** A cut between two documents: the side of each of their lines; a group holding lines of one side joins none holding the other. */
export interface Seam {
  side: Map<OcrLine, -1 | 1>;
}

/** A line's twin lies at least this many line heights away: a document's depth (the card ticket, the smallest, stands 12 deep). */
const PITCH = 6;
/** Pairs agree on a pitch within this share of its length: two documents a few degrees apart. */
const AGREE = 0.15;

/** Whether two groups lie on two sides of a seam. */
export function parted(seams: Seam[], a: readonly OcrLine[], b: readonly OcrLine[]): boolean {
  return seams.some(({ side }) => {
    const of = (g: readonly OcrLine[]) => new Set(g.flatMap((l) => side.get(l) ?? []));
    const sa = of(a);
    if (sa.size === 0) return false;
    const sb = of(b);
    return (sa.has(-1) && sb.has(1)) || (sa.has(1) && sb.has(-1));
  });
}

interface Pair {
  /** which once-line of the type */
  cue: number;
  /** a line of the group and its twin, the pitch from it to the twin */
  a: OcrLine;
  b: OcrLine;
  dx: number;
  dy: number;
}

/**
 * The seams of groups that each hold two documents of one type, each seam between the two
 * documents (their lines and those of the groups holding their twins).
 */
export function seamsOf(groups: OcrLine[][]): Seam[] {
  const groupOf = new Map<OcrLine, number>();
  groups.forEach((g, k) => g.forEach((l) => groupOf.set(l, k)));
  const text = new Map([...groupOf.keys()].map((l) => [l, l.text.replace(/\s+/g, '')]));
  const seams: Seam[] = [];
  for (const rule of typeRules) {
    if (!rule.once) continue;
    // the sheet's lines each once-line of the type matches
    const hits = rule.once.map((test) => [...groupOf.keys()].filter((l) => test.test(text.get(l)!)));
    if (!hits.some((h) => h.length > 1)) continue;
    groups.forEach((group, k) => {
      const seam = seamOf(group, k, hits, groups, groupOf);
      if (seam) seams.push(seam);
    });
  }
  return seams;
}

function seamOf(group: OcrLine[], k: number, hits: OcrLine[][], groups: OcrLine[][], groupOf: Map<OcrLine, number>): Seam | undefined {
  const unit = median(group.map((l) => l.box.h)) || 1;
  const pairs: Pair[] = [];
  hits.forEach((lines, cue) => {
    for (const a of lines) {
      if (groupOf.get(a) !== k) continue;
      for (const b of lines) {
        // the twin runs the same way: one layout moved, not turned (an upside-down taxi receipt between two upright ones is none's twin)
        if (b === a || angleGap(a.box.angle, b.box.angle) > TURN_TOLERANCE) continue;
        const dx = b.box.cx - a.box.cx, dy = b.box.cy - a.box.cy;
        if (Math.hypot(dx, dy) >= PITCH * unit) pairs.push({ cue, a, b, dx, dy });
      }
    }
  });
  // the pitch most once-lines agree on (either way round), two of them at least
  let best: Pair[] = [];
  const cues = (ps: Pair[]) => new Set(ps.map((p) => p.cue)).size;
  for (const p of pairs) {
    const length = Math.hypot(p.dx, p.dy);
    const agreeing = pairs.filter((q) => Math.hypot(q.dx - p.dx, q.dy - p.dy) <= AGREE * length || Math.hypot(q.dx + p.dx, q.dy + p.dy) <= AGREE * length);
    if (cues(agreeing) > cues(best) || (cues(agreeing) === cues(best) && agreeing.length > best.length)) best = agreeing;
  }
  if (cues(best) < 2) return undefined;
  // the pitch, one way round; each pair's twin ahead along it or behind
  const [first] = best;
  const sign = (p: Pair) => (p.dx * first!.dx + p.dy * first!.dy > 0 ? 1 : -1);
  const dx = median(best.map((p) => sign(p) * p.dx)), dy = median(best.map((p) => sign(p) * p.dy));
  const pitch = Math.hypot(dx, dy), ux = dx / pitch, uy = dy / pitch;
  const along = (x: number, y: number) => x * ux + y * uy;
  const at = (l: OcrLine) => along(l.box.cx, l.box.cy);
  // the end of one document and the start of the next: both lines of a pair in the group. Not a
  // line whose twin lies only ahead beside one whose twin lies only behind: in a row of receipts
  // the middle one's lines are read in one neighbour and missed in the other (the corpus photo
  // of eight taxi receipts: its labels' twins ahead, its values' behind)
  const before: OcrLine[] = [], after: OcrLine[] = [];
  for (const p of best) if (groupOf.get(p.b) === k) (sign(p) > 0 ? before : after).push(p.a);
  if (before.length === 0 || after.length === 0) return undefined;
  const lo = Math.max(...before.map(at)), hi = Math.min(...after.map(at));
  if (lo >= hi) return undefined;
  // the two documents: the group and the groups holding the twins
  const held = new Set([k, ...best.map((p) => groupOf.get(p.b)!)]);
  const lines = [...held].flatMap((m) => groups[m]!);
  // each line's extent along the pitch
  const extents = lines.map((l) => {
    const ps = l.quad.map((q) => along(q.x, q.y));
    return [Math.min(...ps), Math.max(...ps)] as const;
  }).sort((p, q) => p[0] - q[0]);
  const start = extents[0]![0], end = Math.max(...extents.map((e) => e[1]));
  // a document's text spans about a pitch: the cut lies a pitch from either end, give or take a line
  let [w0, w1] = [Math.max(lo, end - pitch - unit), Math.min(hi, start + pitch + unit)];
  if (w0 >= w1) [w0, w1] = [lo, hi];
  // the widest gap between the lines there
  let cut = (w0 + w1) / 2, widest = 0, reach = -Infinity;
  for (const [s, e] of extents) {
    const g0 = Math.max(reach, w0), g1 = Math.min(s, w1);
    if (g1 - g0 > widest) [widest, cut] = [g1 - g0, (g0 + g1) / 2];
    reach = Math.max(reach, e);
  }
  return { side: new Map(lines.map((l) => [l, at(l) < cut ? -1 : 1])) };
}
