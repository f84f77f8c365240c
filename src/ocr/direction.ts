import { distance, rotateCorners, type Point, type Quad } from './geometry/quad';
import { quadSize } from './line';

/*
 * Which way a detected box reads. A box 1.5× longer one way than the other shows its text
 * direction (a tall one is turned a quarter, as PaddleOCR does; the classifier then picks
 * 0° or 180°). A box too square for that (a lone character, a short number) says nothing
 * about it, and PaddleOCR reads it as the image stands: on a page turned a quarter it is read
 * sideways. Here it reads the way the nearest line around it reads.
 */

/** Longer side over shorter side from which a box shows its direction. */
const DIRECTIONAL = 1.5;
/** A line farther than this many of the box's own sizes is no guide to it. */
const REACH = 4;

export function isSquare(quad: Quad): boolean {
  const { width, height } = quadSize(quad);
  return width / height < DIRECTIONAL && height / width < DIRECTIONAL;
}

/** A directional box in its first reading frame: a tall one starts at its top-right corner. */
export function uprightQuad(quad: Quad): Quad {
  const { width, height } = quadSize(quad);
  return height / width >= DIRECTIONAL ? rotateCorners(quad, 1) : quad;
}

/** Quarter turns clockwise (0..3) nearest to a text direction in degrees: 0 along x, 1 downwards, 3 upwards. */
export function quarterTurns(degrees: number): number {
  return ((Math.round(degrees / 90) % 4) + 4) % 4;
}

const textAngle = (q: Quad) => (Math.atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180) / Math.PI;

const centre = (q: Quad) => ({ x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 });

/** Distance from a point to a read line's box (0 inside it). */
function distanceTo(p: Point, line: Quad): number {
  const c = centre(line);
  const { width, height } = quadSize(line);
  const along = distance(line[0], line[1]) || 1;
  const ux = (line[1].x - line[0].x) / along, uy = (line[1].y - line[0].y) / along;
  const dx = p.x - c.x, dy = p.y - c.y;
  const u = Math.abs(dx * ux + dy * uy) - width / 2, v = Math.abs(dy * ux - dx * uy) - height / 2;
  return Math.hypot(Math.max(u, 0), Math.max(v, 0));
}

/**
 * For each square box (corners TL, TR, BR, BL as found), the quarter turns of the nearest
 * read line within reach, or undefined when there is none (the box is then classified as
 * any line is).
 */
export function turnsFromNeighbours(squares: Quad[], lines: Quad[]): (number | undefined)[] {
  return squares.map((square) => {
    const at = centre(square);
    const { width, height } = quadSize(square);
    let best = REACH * Math.max(width, height);
    let turns: number | undefined;
    for (const line of lines) {
      const d = distanceTo(at, line);
      if (d < best) {
        best = d;
        turns = quarterTurns(textAngle(line));
      }
    }
    return turns;
  });
}
