import { insideQuad, orderCorners, type Quad } from '../geometry/quad';
import { minAreaRect, rectCorners, type RotatedRect } from '../geometry/rect';
import { findRegions } from './components';

/*
 * DB (Differentiable Binarization) post-processing with PaddleOCR's defaults:
 * DBPostProcess(thresh=0.3, box_thresh=0.6, unclip_ratio=1.5, min_size=3, score_mode='fast').
 */

export interface DbParams {
  threshold: number;
  boxThreshold: number;
  unclipRatio: number;
  minSize: number;
  maxCandidates: number;
}

export const defaultDbParams: DbParams = { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3, maxCandidates: 1000 };

export interface MapBox {
  quad: Quad;
  score: number;
}

/** Mean probability over the map pixels whose centre lies inside the box. */
function boxScore(prob: Float32Array, width: number, height: number, quad: Quad): number {
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  let sum = 0, n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (!insideQuad(quad, { x: x + 0.5, y: y + 0.5 })) continue;
      sum += prob[y * width + x]!;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** pyclipper's rounded offset of a rectangle by d has this rectangle as its minimum box. */
function unclip(r: RotatedRect, ratio: number): RotatedRect {
  const d = (r.w * r.h * ratio) / (2 * (r.w + r.h));
  return { ...r, w: r.w + 2 * d, h: r.h + 2 * d };
}

/** Text boxes in probability-map coordinates (continuous, pixel edges at integers). */
export function dbBoxes(prob: Float32Array, width: number, height: number, params: DbParams = defaultDbParams): MapBox[] {
  const bitmap = new Uint8Array(prob.length);
  for (let i = 0; i < prob.length; i++) bitmap[i] = prob[i]! > params.threshold ? 1 : 0;
  const boxes: MapBox[] = [];
  for (const region of findRegions(bitmap, width, height, params.maxCandidates)) {
    if (region.hull.length < 3) continue;
    const rect = minAreaRect(region.hull);
    // score and size on the pixel-centre box, as OpenCV's contour gives PaddleOCR; only
    // the crop uses the looser pixel-edge box
    const centres = { ...rect, w: rect.w - 1, h: rect.h - 1 };
    if (Math.min(centres.w, centres.h) < params.minSize) continue;
    const score = boxScore(prob, width, height, orderCorners(rectCorners(centres)));
    if (score < params.boxThreshold) continue;
    const grown = unclip(rect, params.unclipRatio);
    if (Math.min(grown.w, grown.h) < params.minSize + 2) continue;
    boxes.push({ quad: orderCorners(rectCorners(grown)), score });
  }
  return boxes;
}
