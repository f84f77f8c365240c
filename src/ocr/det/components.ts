import type { Point } from '../geometry/quad';
import { convexHull } from '../geometry/rect';

/*
 * 8-connected regions of the binarised probability map, each reduced to the convex hull
 * of its pixels' outer edges. Tracing pixel edges rather than centres (what OpenCV's
 * findContours does) makes boxes half a pixel looser per side, which reads small fonts
 * and plates better (OCR-NOTES.md).
 */

export interface Region {
  hull: Point[];
  pixels: number;
}

export function findRegions(bitmap: Uint8Array, width: number, height: number, maxRegions: number): Region[] {
  const seen = new Uint8Array(bitmap.length);
  const stack = new Int32Array(bitmap.length);
  const members = new Int32Array(bitmap.length);
  const regions: Region[] = [];
  for (let start = 0; start < bitmap.length && regions.length < maxRegions; start++) {
    if (!bitmap[start] || seen[start]) continue;
    let top = 0, count = 0;
    let minY = height, maxY = -1;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      members[count++] = i;
      const x = i % width, y = (i - x) / width;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (bitmap[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    regions.push({ hull: rowExtremesHull(members, count, width, minY, maxY), pixels: count });
  }
  return regions;
}

/** Only each row's outermost pixels can be on the hull, so only their corners are fed to it. */
function rowExtremesHull(members: Int32Array, count: number, width: number, minY: number, maxY: number): Point[] {
  const rows = maxY - minY + 1;
  const left = new Int32Array(rows).fill(width);
  const right = new Int32Array(rows).fill(-1);
  for (let k = 0; k < count; k++) {
    const i = members[k]!;
    const x = i % width, r = (i - x) / width - minY;
    if (x < left[r]!) left[r] = x;
    if (x > right[r]!) right[r] = x;
  }
  const points: Point[] = [];
  for (let r = 0; r < rows; r++) {
    if (right[r]! < 0) continue;
    const y = minY + r;
    points.push({ x: left[r]!, y }, { x: left[r]!, y: y + 1 }, { x: right[r]! + 1, y }, { x: right[r]! + 1, y: y + 1 });
  }
  return convexHull(points);
}
