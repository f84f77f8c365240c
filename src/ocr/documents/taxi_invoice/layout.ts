import { quarterTurns } from '../../direction';
import type { Point, Quad } from '../../geometry/quad';
import { dominantAngle } from '../../order';
import type { OcrLine } from '../../pipeline';
import { HEADER, labelOf } from './fields';

/*
 * Which line belongs to which invoice. A photo may hold several invoices side by side,
 * some turned a quarter; each invoice has one header block (title, 发票代码, 发票号码)
 * above its body. Headers seed the invoices; every other line joins the seed nearest in
 * that seed's own frame (u along its text, v across it), where an invoice reaches a few
 * lines above its header and a few dozen below, and about a header's width sideways.
 */

export interface Frame {
  origin: Point;
  /** text direction, degrees clockwise from the image x axis */
  angle: number;
}

export interface Framed {
  line: OcrLine;
  u: number;
  v: number;
  /** true when the line was read turned 180° against its invoice */
  flipped: boolean;
}

export interface Group {
  frame: Frame;
  /** header line height and width: the invoice's scale */
  h: number;
  w: number;
  lines: OcrLine[];
}

export function toFrame(frame: Frame, p: Point): { u: number; v: number } {
  const rad = (frame.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const dx = p.x - frame.origin.x, dy = p.y - frame.origin.y;
  return { u: dx * cos + dy * sin, v: -dx * sin + dy * cos };
}

export function fromFrame(frame: Frame, u: number, v: number): Point {
  const rad = (frame.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  return { x: frame.origin.x + u * cos - v * sin, y: frame.origin.y + u * sin + v * cos };
}

/** A rectangle given in the frame (centre u, v and size) as image corners TL, TR, BR, BL. */
export function frameQuad(frame: Frame, u: number, v: number, w: number, h: number): Quad {
  return [
    fromFrame(frame, u - w / 2, v - h / 2),
    fromFrame(frame, u + w / 2, v - h / 2),
    fromFrame(frame, u + w / 2, v + h / 2),
    fromFrame(frame, u - w / 2, v + h / 2),
  ];
}

/** Signed difference of two directions in degrees, in [-180, 180). */
export function angleDiff(a: number, b: number): number {
  return ((((a - b + 180) % 360) + 360) % 360) - 180;
}

/** Lines nearly square (a lone character) say nothing reliable about their direction. */
const directional = (l: OcrLine) => l.box.w >= 1.6 * l.box.h;

function compatible(line: OcrLine, angle: number): boolean {
  if (!directional(line)) return true;
  const d = Math.abs(angleDiff(line.box.angle, angle));
  return d < 30 || d > 150;
}

/** How far a line lies from a seed, 1 at the edge of the region an invoice can cover. */
function reach(seed: Group, line: OcrLine): number {
  const { u, v } = toFrame(seed.frame, { x: line.box.cx, y: line.box.cy });
  // a header line spans most of its invoice's width on some formats, half of it on others
  const across = Math.abs(u) / Math.max(0.75 * seed.w + 2 * seed.h, 14 * seed.h);
  const along = v < 0 ? -v / (12 * seed.h) : v / (45 * seed.h);
  return Math.max(across, along);
}

const seedRank = (l: OcrLine) => (/票代码/.test(l.text) ? 0 : /票号码/.test(l.text) ? 1 : 2);

export function groupInvoices(lines: OcrLine[]): Group[] {
  const seeds: Group[] = [];
  const headers = lines.filter((l) => l.confidence >= 0.5 && directional(l) && HEADER.test(l.text)).sort((a, b) => seedRank(a) - seedRank(b));
  for (const header of headers) {
    // a header line close below or above an existing seed is part of that invoice's header block
    const home = seeds.find((s) => compatible(header, s.frame.angle) && Math.abs(angleDiff(header.box.angle, s.frame.angle)) < 30 && headerBlock(s, header));
    if (home) continue;
    seeds.push({ frame: { origin: { x: header.box.cx, y: header.box.cy }, angle: header.box.angle }, h: header.box.h, w: header.box.w, lines: [] });
  }
  if (seeds.length === 0) {
    // a crop of the body alone: one invoice if the meter's labels are there
    const labelled = lines.filter((l) => l.confidence >= 0.5 && labelOf(l.text.replace(/\s+/g, '')));
    if (labelled.length < 3) return [];
    const angle = angleOf(labelled);
    const h = labelled.reduce((s, l) => s + l.box.h, 0) / labelled.length;
    return [{ frame: { origin: { x: labelled[0]!.box.cx, y: labelled[0]!.box.cy }, angle }, h, w: 12 * h, lines: [...lines] }];
  }
  for (const line of lines) {
    let best: Group | undefined, bestReach = 1;
    for (const seed of seeds) {
      if (!compatible(line, seed.frame.angle)) continue;
      const r = reach(seed, line);
      if (r < bestReach) {
        best = seed;
        bestReach = r;
      }
    }
    best?.lines.push(line);
  }
  return seeds.filter((s) => s.lines.length > 0);
}

function headerBlock(seed: Group, line: OcrLine): boolean {
  const { u, v } = toFrame(seed.frame, { x: line.box.cx, y: line.box.cy });
  // the title sits up to a dozen lines above the code (seal, 发票联 and tax office between)
  return Math.abs(u) < Math.max(seed.w, line.box.w) && Math.abs(v) < 12 * seed.h;
}

/** The lines' text direction in degrees (frames are in degrees; order.ts answers radians). */
const angleOf = (lines: OcrLine[]) => (dominantAngle(lines.map((l) => l.box)) * 180) / Math.PI;

/** The invoice's lines in its frame; the frame's angle refined by its level lines. */
export function frameLines(group: Group): Framed[] {
  const aligned = group.lines.filter((l) => directional(l) && Math.abs(angleDiff(l.box.angle, group.frame.angle)) < 30);
  const frame = { ...group.frame, angle: aligned.length ? angleOf(aligned) : group.frame.angle };
  group.frame = frame;
  return group.lines.map((line) => ({
    line,
    ...toFrame(frame, { x: line.box.cx, y: line.box.cy }),
    flipped: directional(line) && Math.abs(angleDiff(line.box.angle, frame.angle)) > 150,
  }));
}

/** 0 upright, 1 turned a quarter clockwise, 2 upside down, 3 turned a quarter counter-clockwise. */
export function rotateType(angle: number): number {
  return quarterTurns(angle);
}
