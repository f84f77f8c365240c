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
