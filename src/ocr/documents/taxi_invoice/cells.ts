import { rotateCorners } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';
import { labelOf, type Labelled } from './fields';
import { angleDiff, frameLines, frameQuad, toFrame, type Framed, type Group } from './layout';

/*
 * An invoice's lines as cells of its frame, each read the invoice's way up. Two kinds are
 * read again: lines the 0°/180° classifier turned over (dot-matrix digits fool it), and
 * lone characters of an invoice turned a quarter, which the pipeline read in the image's
 * direction (a square box says nothing about its direction). On a photo with wide letter
 * spacing the detector may cut a label into pieces (车 | 号：); those are joined back.
 */

/** The pipeline's own threshold (PaddleOCR drop_score). */
const MIN_CONFIDENCE = 0.5;

export interface Cell extends Framed {
  text: string;
  compact: string;
  confidence: number;
  /** extent along and across the invoice's text direction */
  w: number;
  h: number;
  used: boolean;
  label: Labelled | null;
}

function setText(cell: Cell, text: string, confidence: number): void {
  cell.text = normaliseText(text);
  cell.compact = cell.text.replace(/\s+/g, '');
  cell.confidence = confidence;
  cell.label = labelOf(cell.compact);
}

/** Joins label pieces of one row: 车 + 号： → 车号：, 另 + 收附加 + 费： → 另收附加费：. */
function joinPieces(cells: Cell[]): Cell[] {
  const sorted = [...cells].sort((a, b) => a.u - b.u);
  const out: Cell[] = [];
  for (const cell of sorted) {
    const row = out.filter((c) => !c.label && Math.abs(c.v - cell.v) < 0.5 * Math.max(c.h, cell.h));
    const left = row.find((c) => {
      const gap = cell.u - cell.w / 2 - (c.u + c.w / 2);
      return gap < 1.2 * Math.max(c.h, cell.h) && gap > -0.5 * cell.h && c.compact.length <= 4 && /^[\u4e00-\u9fff]/.test(cell.compact);
    });
    const joined = left ? labelOf(left.compact + cell.compact) : null;
    const prefix = left && !joined && /^[\u4e00-\u9fff]{1,3}$/.test(left.compact + cell.compact) && left.compact.length + cell.compact.length <= 4;
    if (left && (joined || prefix)) {
      const u0 = Math.min(left.u - left.w / 2, cell.u - cell.w / 2), u1 = Math.max(left.u + left.w / 2, cell.u + cell.w / 2);
      setText(left, left.compact + cell.compact, Math.min(left.confidence, cell.confidence));
      left.u = (u0 + u1) / 2;
      left.w = u1 - u0;
      left.v = (left.v + cell.v) / 2;
      left.h = Math.max(left.h, cell.h);
      continue;
    }
    out.push(cell);
  }
  return out;
}

export async function invoiceCells(image: Raster, group: Group): Promise<Cell[]> {
  const framed = frameLines(group);
  const frame = group.frame;
  const cells: Cell[] = framed.map((f) => {
    const corners = f.line.quad.map((p) => toFrame(frame, p));
    const us = corners.map((p) => p.u), vs = corners.map((p) => p.v);
    const cell: Cell = {
      ...f,
      u: (Math.min(...us) + Math.max(...us)) / 2,
      v: (Math.min(...vs) + Math.max(...vs)) / 2,
      w: Math.max(...us) - Math.min(...us),
      h: Math.max(...vs) - Math.min(...vs),
      text: '', compact: '', confidence: 0, used: false, label: null,
    };
    setText(cell, f.line.text, f.line.confidence);
    // a level line's own box is tighter than its frame extent when the invoice is skewed
    if (Math.abs(Math.abs(angleDiff(f.line.box.angle, frame.angle)) - 90) > 60) {
      cell.w = f.line.box.w;
      cell.h = f.line.box.h;
    }
    return cell;
  });
  const turned = cells.filter((c) => c.flipped);
  const across = cells.filter((c) => !c.flipped && Math.abs(angleDiff(c.line.box.angle, frame.angle)) > 30);
  if (turned.length + across.length > 0) {
    const quads = [
      ...turned.map((c) => rotateCorners(c.line.quad, 2)),
      ...across.map((c) => frameQuad(frame, c.u, c.v, c.w, c.h)),
    ];
    const read = (await rec.run({ image, quads })).lines;
    [...turned, ...across].forEach((c, i) => setText(c, read[i]!.text, read[i]!.confidence));
  }
  // what is still doubtful read the invoice's way up is dropped, as the pipeline drops it
  return joinPieces(cells.filter((c) => c.text !== '' && c.confidence >= MIN_CONFIDENCE));
}
