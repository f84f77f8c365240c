export interface Point {
  x: number;
  y: number;
}

/** Four corners: top-left, top-right, bottom-right, bottom-left of the text as read. */
export type Quad = [Point, Point, Point, Point];

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Image-frame corner order used by PaddleOCR's get_mini_boxes: the two leftmost points
 * are TL (higher) and BL, the two rightmost TR and BR.
 */
export function orderCorners(points: Point[]): Quad {
  const byX = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const [l0, l1, r0, r1] = byX as [Point, Point, Point, Point];
  const [tl, bl] = l0.y <= l1.y ? [l0, l1] : [l1, l0];
  const [tr, br] = r0.y <= r1.y ? [r0, r1] : [r1, r0];
  return [tl, tr, br, bl];
}

/** True when p lies inside (or on) the convex quadrilateral q, whatever its winding. */
export function insideQuad(q: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Rotates the corner list so the corner at `start` becomes the first (text TL). */
export function rotateCorners(q: Quad, start: number): Quad {
  return [q[start % 4]!, q[(start + 1) % 4]!, q[(start + 2) % 4]!, q[(start + 3) % 4]!];
}
