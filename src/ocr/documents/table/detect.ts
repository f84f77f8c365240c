import type { Raster } from '../../image/raster';
import type { Box } from './cells';
import type { Frame } from './frame';
import { findTables, type Table } from './grid';
import { type InkBase, type InkMask, inkMask, type Mask, rotateMasks } from './mask';
import { findRulings, type Segment } from './rulings';

/*
 * Ruled tables of a page in its upright frame. Every length is set by `unit`, the typical
 * text height on the page, so that one rule of thumb fits a 400 px screenshot and a 12 MP
 * photo: a rule is longer than a character (no stroke of a glyph survives), thinner than
 * half a character (filled cells do not count), reaches a rule it joins within 0.2 of a
 * character, and two rules closer than 0.4 of a character are one (double borders, bowed
 * lines of photos).
 */

/** The ink mask turned upright, and how frame pixels map onto it. */
export interface UprightInk {
  mask: Mask;
  /** Mask pixels per frame pixel. */
  scale: number;
  toMask(x: number, y: number): { x: number; y: number };
}

/**
 * Segments that lie within a read text line are its strokes (or the edges of white text on
 * a fill): a horizontal one inside the line's middle band and no longer than the line, a
 * vertical one no taller than the line. A rule the detector read across (two cells' text
 * joined) runs past the line's top and bottom, and a row rule past its ends.
 */
function outsideText(segments: Segment[], boxes: Box[], horizontal: boolean): Segment[] {
  return segments.filter((s) => !boxes.some((b) => {
    const h = b.bottom - b.top;
    return horizontal
      ? s.pos > b.top + 0.2 * h && s.pos < b.bottom - 0.2 * h && s.from >= b.left - 1 && s.to <= b.right + 1
      : s.pos > b.left && s.pos < b.right && s.from >= b.top - 1 && s.to <= b.bottom + 1;
  }));
}

/** The ink mask detectTables looks for rules on, for a page whose text is `unit` high (`base`: the page's inkBase at `maxSide`, when made). */
export const tableInk = (image: Raster, unit: number, maxSide?: number, base?: InkBase): InkMask => inkMask(image, Math.max(15, 3 * unit), maxSide, base);

/**
 * `text`: boxes of the read lines in the frame. `mask`: the page's tableInk when it is already
 * made (2582-25 looks at one sheet in several frames).
 */
export function detectTables(image: Raster, frame: Frame, unit: number, text: Box[], mask = tableInk(image, unit)): { tables: Table[]; ink: UprightInk } {
  // the mask and its ridge masks turned upright together
  const [upright, alongRidges, acrossRidges] = (frame.angle === 0 ? [mask, ...mask.ridges] : rotateMasks([mask, ...mask.ridges], frame.angle)) as [Mask, Mask, Mask];
  const u = unit * mask.scale;
  const rulings = findRulings(
    upright,
    { minLength: Math.max(8, Math.round(0.9 * u)), maxGap: Math.max(2, Math.round(0.25 * u)), maxThick: Math.max(4, 0.5 * u) },
    [alongRidges, acrossRidges],
  );
  // mask pixels of the turned mask ↔ pixels of the upright frame (same centre, scale s)
  const toMask = (x: number, y: number) => ({
    x: (x - frame.width / 2) * mask.scale + upright.width / 2,
    y: (y - frame.height / 2) * mask.scale + upright.height / 2,
  });
  const boxes = text.map((b) => {
    const p = toMask(b.left, b.top), q = toMask(b.right, b.bottom);
    return { left: p.x, top: p.y, right: q.x, bottom: q.y };
  });
  // a glyph stroke a little shorter than a cell must not reach both of its rules
  const found = findTables(outsideText(rulings.horizontal, boxes, true), outsideText(rulings.vertical, boxes, false), {
    join: Math.max(3, 0.2 * u),
    merge: Math.max(3, 0.4 * u),
  });
  const sx = (x: number) => (x - upright.width / 2) / mask.scale + frame.width / 2;
  const sy = (y: number) => (y - upright.height / 2) / mask.scale + frame.height / 2;
  const tables = found.map((t) => ({
    xs: t.xs.map(sx),
    ys: t.ys.map(sy),
    cells: t.cells.map((c) => ({ ...c, left: sx(c.left), right: sx(c.right), top: sy(c.top), bottom: sy(c.bottom) })),
  }));
  return { tables, ink: { mask: upright, scale: mask.scale, toMask } };
}

/** Median height of the read lines; a guess from the page size when nothing was read. */
export function textUnit(heights: number[], width: number, height: number): number {
  if (heights.length === 0) return Math.max(12, Math.min(width, height) / 40);
  const sorted = [...heights].sort((a, b) => a - b);
  return Math.max(8, sorted[Math.floor(sorted.length / 2)]!);
}
