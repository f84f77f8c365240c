import { rotateCorners } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import { dominantAngle } from '../../order';
import type { OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';

/*
 * Lines of a ticket in the ticket's own frame: centres rotated back by the dominant text
 * direction (a photo taken at an angle or a ticket turned a quarter), so "same row" and
 * "left of" mean what they mean on the paper.
 */

export interface Placed {
  /** text as read */
  text: string;
  /** without spaces, for the patterns */
  compact: string;
  x: number;
  y: number;
  /** length along the text and height across it */
  w: number;
  h: number;
}

/**
 * Lines read against the ticket's direction, read again turned over: the 0°/180°
 * classifier leaves some short lines of an upside-down photo as they are (`G960` read
 * `0969`), and the ticket's long lines say which way is up.
 */
export async function uprightLines(image: Raster, lines: OcrLine[]): Promise<OcrLine[]> {
  const up = (dominantAngle(lines.filter((l) => l.box.w > 4 * l.box.h).map((l) => l.box)) * 180) / Math.PI;
  const against = (l: OcrLine) => l.box.w >= 1.6 * l.box.h && Math.abs(((((l.box.angle - up + 180) % 360) + 360) % 360) - 180) > 150;
  const turned = lines.filter(against);
  if (turned.length === 0) return lines;
  const read = await rec.run({ image, quads: turned.map((l) => rotateCorners(l.quad, 2)) });
  const again = new Map(turned.map((l, i) => [l, read.lines[i]!]));
  return lines.map((l) => {
    const r = again.get(l);
    if (!r || r.confidence <= l.confidence) return l;
    return { ...l, text: normaliseText(r.text), confidence: r.confidence, quad: rotateCorners(l.quad, 2), box: { ...l.box, angle: l.box.angle > 0 ? l.box.angle - 180 : l.box.angle + 180 } };
  });
}

export function placeLines(lines: OcrLine[]): Placed[] {
  const turn = -dominantAngle(lines.map((l) => l.box));
  const cos = Math.cos(turn), sin = Math.sin(turn);
  return lines.map((l) => ({
    text: l.text,
    compact: l.text.replace(/\s+/g, ''),
    x: l.box.cx * cos - l.box.cy * sin,
    y: l.box.cx * sin + l.box.cy * cos,
    w: l.box.w,
    h: l.box.h,
  }));
}

/** Two lines share a row when their centres are closer than about one line height. */
export function sameRow(a: Placed, b: Placed, tolerance = 0.9): boolean {
  return Math.abs(a.y - b.y) < tolerance * Math.max(a.h, b.h);
}

/** Horizontal gap between two lines of one row (negative when they overlap). */
export function gap(left: Placed, right: Placed): number {
  return right.x - right.w / 2 - (left.x + left.w / 2);
}
