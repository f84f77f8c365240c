import type { OcrLine } from '../../pipeline';
import { angleGap, directional } from './region';

/*
 * Lines the direction classifier read the wrong way up (2582-25, linkage.ts). Recognition turns
 * each line 0° or 180° by its own crop (cls); a line of an upside-down receipt came back upright
 * (its 下车 time read as 11五, confidence 0.52), and, running the way of the upright receipt
 * touching it, linked to that receipt's 车号 label across the edge: that region's crop then
 * reached over the upside-down receipt, and its extractor read the neighbour's number and fare
 * (bench seed 36). A document's rows stand one above the other, all one way; a line whose rows
 * on both sides run the other way is a row of theirs, read the wrong way up.
 */

/** Rows next to a line: across gap at most this many of the smaller line's heights (linkage's ACROSS reach). */
const NEXT_ROW = 2.2;
/** Directions this far apart (degrees) or more are opposite: 180° give or take linkage's TURN_TOLERANCE. */
const OPPOSITE = 150;

/** The lines whose neighbouring rows, above and below, all run the opposite way: each is taken to run their way when linked. */
export function readWrongWayUp(lines: readonly OcrLine[]): Set<OcrLine> {
  const out = new Set<OcrLine>();
  for (const line of lines) {
    if (!directional(line)) continue;
    const rad = (line.box.angle * Math.PI) / 180, cos = Math.cos(rad), sin = Math.sin(rad);
    const u = (x: number, y: number) => x * cos + y * sin, v = (x: number, y: number) => -x * sin + y * cos;
    const u0 = u(line.box.cx, line.box.cy) - line.box.w / 2, u1 = u0 + line.box.w;
    const v0 = v(line.box.cx, line.box.cy) - line.box.h / 2, v1 = v0 + line.box.h;
    // the directions of the rows next to it, above (-1) and below (1), in its own frame
    const sides = { [-1]: [] as boolean[], [1]: [] as boolean[] };
    for (const other of lines) {
      if (other === line || !directional(other)) continue;
      const us = other.quad.map((p) => u(p.x, p.y)), vs = other.quad.map((p) => v(p.x, p.y));
      // in its column: sharing some of its extent along the text
      if (Math.min(u1, Math.max(...us)) <= Math.max(u0, Math.min(...us))) continue;
      const gap = Math.max(Math.min(...vs) - v1, v0 - Math.max(...vs));
      if (gap < 0 || gap > NEXT_ROW * Math.min(line.box.h, other.box.h)) continue;
      sides[Math.min(...vs) >= v1 ? 1 : -1].push(angleGap(line.box.angle, other.box.angle) >= OPPOSITE);
    }
    const opposite = (s: boolean[]) => s.length > 0 && s.every(Boolean);
    if (opposite(sides[-1]) && opposite(sides[1])) out.add(line);
  }
  return out;
}
