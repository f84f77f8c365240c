import type { Point } from './geometry/quad';

/*
 * Reading order: top to bottom, and left to right among lines that share a band (their
 * vertical extents overlap by more than half the smaller height). PaddleOCR's 10-pixel
 * rule breaks on large photos, where a skew of 10 px is nothing. A skewed or turned page
 * is ordered in its own frame: line centres are first rotated back by the dominant text
 * direction (the circular mean of the line angles, longer lines weighing more).
 */

export interface Placed {
  centre: Point;
  /** Height across the line. */
  height: number;
  /** Text direction in degrees, clockwise from the x axis. */
  angle: number;
  /** Length along the text. */
  width: number;
}

/** A line's text direction in degrees and its length along the text (an OcrLine's box is one). */
export interface Directed {
  angle: number;
  w: number;
}

/**
 * The page's text direction in radians: the circular mean of the line angles, longer lines
 * weighing more (they say more about it). 0 when there are no lines.
 */
export function dominantAngle(lines: Directed[]): number {
  let sin = 0, cos = 0;
  for (const l of lines) {
    const rad = (l.angle * Math.PI) / 180;
    sin += Math.sin(rad) * l.w;
    cos += Math.cos(rad) * l.w;
  }
  return sin === 0 && cos === 0 ? 0 : Math.atan2(sin, cos);
}

export function readingOrder<T>(lines: T[], place: (line: T) => Placed): T[] {
  const places = lines.map(place);
  const turn = -dominantAngle(places.map((p) => ({ angle: p.angle, w: p.width })));
  const cos = Math.cos(turn), sin = Math.sin(turn);
  // centres in the page's own frame: rotate back by the dominant text direction
  const placed = lines.map((line, i) => {
    const { centre, height } = places[i]!;
    return { line, height, x: centre.x * cos - centre.y * sin, y: centre.x * sin + centre.y * cos };
  });
  placed.sort((a, b) => a.y - b.y);
  const bands: (typeof placed)[] = [];
  for (const item of placed) {
    const band = bands[bands.length - 1];
    const first = band?.[0];
    const overlap = first && Math.abs(item.y - first.y) < 0.5 * Math.min(item.height, first.height);
    if (band && overlap) band.push(item);
    else bands.push([item]);
  }
  return bands.flatMap((band) => band.sort((a, b) => a.x - b.x).map((p) => p.line));
}
