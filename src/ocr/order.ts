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

/** Lines longer along the text say more about the page's direction. */
function dominantAngle(placed: Placed[], lengths: number[]): number {
  let sin = 0, cos = 0;
  placed.forEach((p, i) => {
    const rad = (p.angle * Math.PI) / 180;
    sin += Math.sin(rad) * lengths[i]!;
    cos += Math.cos(rad) * lengths[i]!;
  });
  return sin === 0 && cos === 0 ? 0 : Math.atan2(sin, cos);
}

export function readingOrder<T>(lines: T[], place: (line: T) => Placed): T[] {
  const places = lines.map(place);
  const turn = -dominantAngle(places, places.map((p) => p.width));
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
