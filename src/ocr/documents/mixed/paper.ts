import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';

/*
 * The paper a text line is printed on (2582-25): documents are paper on a background, so the
 * colour around a line says which paper it is on, and what lies between two lines says whether
 * they share one. A white sheet under white receipts has their colour: there the colour tells
 * nothing and the gaps between lines decide (regions.ts).
 */

export type Rgb = [number, number, number];

export const colourGap = (p: Rgb, q: Rgb) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

const pixel = (image: Raster, x: number, y: number): Rgb | undefined => {
  const X = Math.round(x), Y = Math.round(y);
  if (X < 0 || Y < 0 || X >= image.width || Y >= image.height) return undefined;
  const i = (Y * image.width + X) * 3;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
};

const light = (p: Rgb) => 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2];

/**
 * The paper a line is printed on: the colour between its characters, inside its box (the
 * lighter half of points on three rows through it: the darker half is ink). Inside the box, not
 * around it: a document's first or last line lies at its paper's edge with the desk or the next
 * document right beside it, and a seal or a rule above a line is no paper either.
 */
export function paperOf(image: Raster, l: OcrLine): Rgb {
  const rad = (l.box.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
  const samples: Rgb[] = [];
  for (let k = 0; k < 24; k++) {
    const u = ((k + 0.5) / 24 - 0.5) * l.box.w;
    for (const v of [-0.35 * l.box.h, 0, 0.35 * l.box.h]) {
      const p = pixel(image, l.box.cx + u * cos - v * sin, l.box.cy + u * sin + v * cos);
      if (p) samples.push(p);
    }
  }
  if (samples.length === 0) return [0, 0, 0];
  samples.sort((p, q) => light(p) - light(q));
  return medianPaper(samples.slice(samples.length >> 1));
}

/** The median colour of several papers, channel by channel. */
export function medianPaper(papers: Rgb[]): Rgb {
  const med = (c: number) => papers.map((p) => p[c]!).sort((x, y) => x - y)[papers.length >> 1]!;
  return [med(0), med(1), med(2)];
}

const inside = (l: OcrLine, x: number, y: number) => x >= l.rect.left && x <= l.rect.left + l.rect.width && y >= l.rect.top && y <= l.rect.top + l.rect.height;

/**
 * Whether the way from line a to line b leaves the paper: along the straight path between their
 * centres, outside every text line in `around`, a run longer than `run` pixels whose colour is
 * none of the paper's (a desk, a sheet of another colour, the edge and shadow between two
 * documents). Ink on the paper (rules, a seal's ring, a character) is thin and breaks no run.
 * The paper's colour is its median (`paper`) or, where light falls unevenly over a photo (a
 * shadow over one end of an invoice), the colour of the paper under the two lines, changing
 * gradually from a's to b's along the way.
 */
export function leavesPaper(image: Raster, a: OcrLine, b: OcrLine, paper: Rgb, around: OcrLine[], tolerance: number, run: number, ends: [Rgb, Rgb] = [paper, paper]): boolean {
  const dx = b.box.cx - a.box.cx, dy = b.box.cy - a.box.cy;
  const steps = Math.ceil(Math.hypot(dx, dy) / 2);
  let off = 0;
  for (let s = 1; s < steps; s++) {
    const x = a.box.cx + (dx * s) / steps, y = a.box.cy + (dy * s) / steps;
    const p = pixel(image, x, y);
    if (!p || around.some((l) => inside(l, x, y))) {
      off = 0;
      continue;
    }
    const t = s / steps;
    const local = ends[0].map((c, i) => c + (ends[1][i]! - c) * t) as Rgb;
    off = Math.min(colourGap(p, paper), colourGap(p, local)) > tolerance ? off + 2 : 0;
    if (off > run) return true;
  }
  return false;
}

/**
 * Whether a strip of background lies between lines a and b, printed on papers `ends`: a run of
 * neither paper's colour along the way between their centres, outside every line in `around`,
 * longer than half the smaller line's height, that goes on for two line heights either way in
 * some direction (the strip's own: a way between two lines may cross it aslant) a quarter of a
 * line wide. Two receipts of one white laid side by side on a desk less than a line's height
 * apart show such a strip of desk (33 px between a taxi receipt and a note printed 41 px high,
 * bench seed 2); ink on a paper does not: a rule or a seal's ring is a few pixels thick, however
 * long, and a symbol no line read (a VAT invoice's ⊗ before its capital amount) a character's size.
 */
export function stripBetween(image: Raster, a: OcrLine, b: OcrLine, ends: [Rgb, Rgb], around: OcrLine[], tolerance: number): boolean {
  const h = Math.min(a.box.h, b.box.h);
  const dx = b.box.cx - a.box.cx, dy = b.box.cy - a.box.cy;
  const off = (x: number, y: number) => {
    const p = pixel(image, x, y);
    return p === undefined || Math.min(colourGap(p, ends[0]), colourGap(p, ends[1])) > tolerance;
  };
  // at the run's middle: background for two line heights along the strip, and a quarter of a line wide across it
  const band = (x: number, y: number) =>
    STRIP_DIRECTIONS.some(([cx, cy]) =>
      STRIP_REACH.every((k) => [-1, 0, 1].every((w) => {
        const [ax, ay] = [x + (w * h * -cy) / 8, y + (w * h * cx) / 8];
        return off(ax + k * h * cx, ay + k * h * cy) && off(ax - k * h * cx, ay - k * h * cy);
      })));
  const steps = Math.ceil(Math.hypot(dx, dy) / 2);
  let run = 0;
  for (let s = 1; s <= steps; s++) {
    const x = a.box.cx + (dx * s) / steps, y = a.box.cy + (dy * s) / steps;
    if (s < steps && !around.some((l) => inside(l, x, y)) && off(x, y)) {
      run += 2;
      continue;
    }
    // the run's middle: its length is in pixels, two to a step
    const middle = (s - run / 4) / steps;
    if (run > h / 2 && band(a.box.cx + dx * middle, a.box.cy + dy * middle)) return true;
    run = 0;
  }
  return false;
}

/** where a strip is looked for across the way, in line heights either side */
const STRIP_REACH = [0, 0.5, 1, 1.5, 2];
/** the directions a strip may run in, 15° apart: within 7.5° of any, two line heights stay inside a strip half a line wide */
const STRIP_DIRECTIONS = Array.from({ length: 12 }, (_, k) => [Math.cos((k * Math.PI) / 12), Math.sin((k * Math.PI) / 12)] as const);
