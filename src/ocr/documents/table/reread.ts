import { quarterTurns } from '../../direction';
import { rotateCorners, type Quad } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import type { OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';
import type { Box, Placed } from './cells';
import type { UprightInk } from './detect';
import type { Frame } from './frame';
import type { Table } from './grid';

/*
 * Second readings where a table gives the page reader too little context. Short cell texts
 * ("No", "Yoga") are sometimes turned upside down by the 0°/180° classifier, which sees
 * only the line, and on a turned page a two-character box is not tall enough to be turned
 * a quarter ("20" read sideways as "7"); on a page whose lines run one way, such a line is
 * read again the page's way and the more confident reading kept. Cells the detector left empty although they
 * hold ink (single strokes such as 一, 二, 1 are often missed by DB) are read from the ink's
 * bounds; a stricter confidence keeps stamps and specks out.
 */

/** The pipeline's drop score. */
export const MIN_CONFIDENCE = 0.5;
/** Empty-cell readings have no detector behind them. */
const EMPTY_CELL_CONFIDENCE = 0.8;
/** At most this many empty cells are read per page (a ledger has hundreds; time is bounded). */
const MAX_EMPTY_READS = 40;
/** At most this many lines are read again the page's way. */
const MAX_REALIGNED = 60;

/**
 * Lines read in another direction than the page's (`pageTurns` quarter turns), re-read the
 * page's way; the more confident reading wins, so true vertical labels stay as they were.
 * Low-confidence lines are dropped afterwards.
 */
export async function alignWithPage(image: Raster, lines: OcrLine[], pageTurns: number): Promise<OcrLine[]> {
  // long sideways lines are real vertical text (or another sheet in a photo); the failures
  // are short boxes and lines the classifier turned over; shortest first, a bounded number
  const off = lines
    .filter((l) => {
      const q = quarterTurns(l.box.angle);
      return q === (pageTurns + 2) % 4 || (q !== pageTurns && l.box.w <= 2.5 * l.box.h);
    })
    .sort((a, b) => a.box.w / a.box.h - b.box.w / b.box.h)
    .slice(0, MAX_REALIGNED);
  if (off.length > 0) {
    // rotateCorners(q, k) starts the quad k corners later: the reading direction turns k × 90°
    const turns = off.map((l) => (pageTurns - quarterTurns(l.box.angle) + 4) % 4);
    const turned = off.map((l, i) => rotateCorners(l.quad, turns[i]!));
    const read = await rec.run({ image, quads: turned });
    const better = new Map<OcrLine, OcrLine>();
    off.forEach((line, i) => {
      const r = read.lines[i]!;
      if (r.confidence <= line.confidence) return;
      const angle = ((((line.box.angle + 90 * turns[i]! + 180) % 360) + 360) % 360) - 180;
      better.set(line, { ...line, text: normaliseText(r.text), confidence: r.confidence, quad: turned[i]!, box: { ...line.box, angle } });
    });
    lines = lines.map((l) => better.get(l) ?? l);
  }
  return lines.filter((l) => l.text !== '' && l.confidence >= MIN_CONFIDENCE);
}

/** Bounds, in frame pixels, of the ink inside a cell that does not touch the cell's margin. */
function inkInside(ink: UprightInk, interior: Box): Box | null {
  const a = ink.toMask(interior.left, interior.top), b = ink.toMask(interior.right, interior.bottom);
  const x0 = Math.max(0, Math.ceil(a.x)), y0 = Math.max(0, Math.ceil(a.y));
  const x1 = Math.min(ink.mask.width, Math.floor(b.x)), y1 = Math.min(ink.mask.height, Math.floor(b.y));
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const w = x1 - x0, seen = new Uint8Array(w * (y1 - y0));
  let box: { l: number; t: number; r: number; b: number } | null = null;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!ink.mask.data[y * ink.mask.width + x] || seen[(y - y0) * w + x - x0]) continue;
      // one 8-connected component; those touching the margin are rules, bowed or thick
      const stack = [[x, y]];
      seen[(y - y0) * w + x - x0] = 1;
      let l = x, t = y, r = x, btm = y, n = 0, touches = false;
      while (stack.length) {
        const [px, py] = stack.pop()!;
        n++;
        l = Math.min(l, px!), r = Math.max(r, px!), t = Math.min(t, py!), btm = Math.max(btm, py!);
        if (px === x0 || py === y0 || px === x1 - 1 || py === y1 - 1) touches = true;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const qx = px! + dx, qy = py! + dy;
            if (qx < x0 || qy < y0 || qx >= x1 || qy >= y1 || seen[(qy - y0) * w + qx - x0]) continue;
            if (!ink.mask.data[qy * ink.mask.width + qx]) continue;
            seen[(qy - y0) * w + qx - x0] = 1;
            stack.push([qx, qy]);
          }
        }
      }
      if (touches || n < 4) continue;
      box = box ? { l: Math.min(box.l, l), t: Math.min(box.t, t), r: Math.max(box.r, r), b: Math.max(box.b, btm) } : { l, t, r, b: btm };
    }
  }
  if (!box) return null;
  const s = ink.scale;
  const from = (mx: number, my: number) => ({ x: interior.left + (mx - a.x) / s, y: interior.top + (my - a.y) / s });
  const p = from(box.l, box.t), q = from(box.r + 1, box.b + 1);
  return { left: p.x, top: p.y, right: q.x, bottom: q.y };
}

/** Reads the ink of empty cells into `cellLines` (same layout as assignLines' cells). */
export async function readEmptyCells(image: Raster, frame: Frame, ink: UprightInk, tables: Table[], cellLines: Placed[][][], unit: number): Promise<void> {
  const margin = Math.max(3, 0.2 * unit);
  const wanted: { t: number; c: number; box: Box }[] = [];
  tables.forEach((table, t) =>
    table.cells.forEach((cell, c) => {
      if (cellLines[t]![c]!.length > 0 || wanted.length >= MAX_EMPTY_READS) return;
      const interior = { left: cell.left + margin, top: cell.top + margin, right: cell.right - margin, bottom: cell.bottom - margin };
      const found = inkInside(ink, interior);
      // specks (dust, JPEG noise, a stamp's edge) are smaller than a stroke in both directions
      if (!found || Math.max(found.right - found.left, found.bottom - found.top) < 0.35 * unit) return;
      // a single stroke is a few pixels high: read it in a character-sized window
      const cx = (found.left + found.right) / 2, cy = (found.top + found.bottom) / 2;
      const halfW = Math.max((found.right - found.left) / 2 + 0.15 * unit, 0.4 * unit);
      const halfH = Math.max((found.bottom - found.top) / 2 + 0.15 * unit, 0.5 * unit);
      const box = {
        left: Math.max(interior.left, cx - halfW),
        right: Math.min(interior.right, cx + halfW),
        top: Math.max(interior.top, cy - halfH),
        bottom: Math.min(interior.bottom, cy + halfH),
      };
      if (box.right - box.left >= 2 && box.bottom - box.top >= 2) wanted.push({ t, c, box });
    }),
  );
  if (wanted.length === 0) return;
  const quads = wanted.map(({ box }) =>
    [
      frame.toImage({ x: box.left, y: box.top }),
      frame.toImage({ x: box.right, y: box.top }),
      frame.toImage({ x: box.right, y: box.bottom }),
      frame.toImage({ x: box.left, y: box.bottom }),
    ] as Quad,
  );
  const read = await rec.run({ image, quads });
  wanted.forEach(({ t, c, box }, i) => {
    const r = read.lines[i]!;
    const text = normaliseText(r.text);
    if (text !== '' && r.confidence >= EMPTY_CELL_CONFIDENCE) cellLines[t]![c]!.push({ text, box });
  });
}
