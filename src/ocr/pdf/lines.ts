import type { Point, Quad } from '../geometry/quad';
import { readingOrder } from '../order';
import type { OcrLine } from '../pipeline';
import { normaliseText } from '../text';
import { unifyIdeographs } from './radicals';

/*
 * A PDF text layer as OCR lines: each text item (a run of glyphs with one transform) becomes
 * a box in the rendered page's pixels, and items that continue one another on a baseline are
 * joined the way the detector joins close glyphs, so one field reader serves both sources.
 * A gap wider than MERGE_GAP font heights splits a line (the detector splits there too); a
 * gap wider than SPACE_GAP becomes a space, as spaces printed between groups read in OCR.
 */

/** The parts of a pdfjs TextItem we use. */
export interface PdfTextItem {
  str: string;
  /** text space → user space: [a, b, c, d, e, f], font size included */
  transform: number[];
  /** advance along the text, user space units */
  width: number;
}

/** User space (PDF points, y up) → rendered page pixels (pdfjs PageViewport.convertToViewportPoint). */
export type ToPixels = (x: number, y: number) => number[];

const MERGE_GAP = 0.8;
const SPACE_GAP = 0.25;
/** Glyph box around the baseline, in font heights (CJK faces: ~0.88 ascent, ~0.12 descent). */
const ASCENT = 0.88;
const DESCENT = 0.12;

interface Run {
  text: string;
  angle: number;
  /** the run in its own frame (rotated back by `angle`): baseline y, x extent, height */
  x0: number;
  x1: number;
  base: number;
  height: number;
}

const rotate = (p: Point, rad: number): Point => ({
  x: p.x * Math.cos(rad) - p.y * Math.sin(rad),
  y: p.x * Math.sin(rad) + p.y * Math.cos(rad),
});

function cleanText(str: string): string {
  // some producers map the space glyph to a control character
  return normaliseText(unifyIdeographs(str).replace(/[\u0000-\u001f\u007f]/g, ' '));
}

function toRun(item: PdfTextItem, toPixels: ToPixels): Run | null {
  const text = cleanText(item.str);
  if (text === '') return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const size = Math.hypot(c, d);
  const along = Math.hypot(a, b);
  if (size === 0 || along === 0) return null;
  const px = (x: number, y: number): Point => {
    const [vx = 0, vy = 0] = toPixels(x, y);
    return { x: vx, y: vy };
  };
  const start = px(e, f);
  const end = px(e + (a / along) * item.width, f + (b / along) * item.width);
  const up = px(e + c, f + d);
  // an empty advance (zero-width run) still has an up vector: the text runs 90° clockwise from it
  const angle =
    item.width > 0 ? Math.atan2(end.y - start.y, end.x - start.x) : Math.atan2(up.y - start.y, up.x - start.x) + Math.PI / 2;
  const height = Math.hypot(up.x - start.x, up.y - start.y);
  const s = rotate(start, -angle);
  const length = Math.max(Math.hypot(end.x - start.x, end.y - start.y), height * 0.5 * [...text].length);
  return { text, angle, x0: s.x, x1: s.x + length, base: s.y, height };
}

function toLine(runs: Run[]): OcrLine {
  const angle = runs[0]!.angle;
  const x0 = runs[0]!.x0;
  const x1 = runs[runs.length - 1]!.x1;
  const top = Math.min(...runs.map((r) => r.base - ASCENT * r.height));
  const bottom = Math.max(...runs.map((r) => r.base + DESCENT * r.height));
  let text = runs[0]!.text;
  for (let i = 1; i < runs.length; i++) {
    const gap = runs[i]!.x0 - runs[i - 1]!.x1;
    text += (gap > SPACE_GAP * Math.max(runs[i]!.height, runs[i - 1]!.height) ? ' ' : '') + runs[i]!.text;
  }
  const quad = [
    { x: x0, y: top },
    { x: x1, y: top },
    { x: x1, y: bottom },
    { x: x0, y: bottom },
  ].map((p) => rotate(p, angle)) as Quad;
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  const centre = rotate({ x: (x0 + x1) / 2, y: (top + bottom) / 2 }, angle);
  const left = Math.max(0, Math.floor(Math.min(...xs))), upper = Math.max(0, Math.floor(Math.min(...ys)));
  return {
    text,
    confidence: 1,
    quad: quad.map((p) => ({ x: round1(p.x), y: round1(p.y) })) as Quad,
    box: { cx: round1(centre.x), cy: round1(centre.y), w: round1(x1 - x0), h: round1(bottom - top), angle: round1((angle * 180) / Math.PI) },
    rect: { left, top: upper, width: Math.ceil(Math.max(...xs)) - left, height: Math.ceil(Math.max(...ys)) - upper },
  };
}

/** Text items of one page → OCR-like lines in reading order, in the pixels of the page rendered by `toPixels`. */
export function textItemsToLines(items: PdfTextItem[], toPixels: ToPixels): OcrLine[] {
  const runs = items.map((item) => toRun(item, toPixels)).filter((r): r is Run => r !== null);
  // baselines first (runs of one direction, within 3°, whose baselines agree), then along each
  // baseline from left to right: a glyph run continues the segment it starts just after
  runs.sort((p, q) => p.angle - q.angle || p.base - q.base);
  const rows: Run[][] = [];
  for (const run of runs) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && Math.abs(first.angle - run.angle) < 0.05 && Math.abs(first.base - run.base) < 0.3 * Math.min(first.height, run.height)) row.push(run);
    else rows.push([run]);
  }
  const lines: Run[][] = [];
  for (const row of rows) {
    const segments: Run[][] = [];
    for (const run of row.sort((p, q) => p.x0 - q.x0)) {
      const segment = segments.find((s) => {
        const gap = run.x0 - s[s.length - 1]!.x1;
        const height = Math.max(s[s.length - 1]!.height, run.height);
        return gap > -0.3 * height && gap < MERGE_GAP * height;
      });
      if (segment) segment.push(run);
      else segments.push([run]);
    }
    lines.push(...segments);
  }
  const ocrLines = lines.map(toLine);
  return readingOrder(ocrLines, (l) => ({ centre: { x: l.box.cx, y: l.box.cy }, height: l.box.h, width: l.box.w, angle: l.box.angle }));
}
