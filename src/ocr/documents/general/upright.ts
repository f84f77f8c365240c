import { rotateCorners } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import { dominantAngle } from '../../order';
import type { OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';

/*
 * Short lines the 0°/180° classifier turned over on an upright page. A cell of two or three
 * characters (`9%`, `6%`) says too little for the classifier, which reads some of them upside
 * down (`%6`, `%9`, `59`); the page's long lines say which way up it is. A line read against
 * the page's direction is read again the page's way up and keeps that reading unless it is
 * clearly the worse one (a page may hold a stamp or a note printed the other way).
 */

const apart = (a: number, b: number) => Math.abs(((((a - b + 180) % 360) + 360) % 360) - 180);

export async function pageWayUp(image: Raster, lines: OcrLine[]): Promise<OcrLine[]> {
  // lines of three heights or more (an amount, a name) the classifier reads the right way up
  const long = lines.filter((l) => l.box.w >= 3 * l.box.h);
  if (long.length < 3) return lines;
  const up = (dominantAngle(long.map((l) => ({ angle: l.box.angle, w: l.box.w }))) * 180) / Math.PI;
  // the long lines themselves must agree: on a page with lines both ways there is no one way up
  if (long.filter((l) => apart(l.box.angle, up) <= 30).length < 0.8 * long.length) return lines;
  const over = lines.filter((l) => apart(l.box.angle, up) > 150);
  if (over.length === 0) return lines;
  const read = (await rec.run({ image, quads: over.map((l) => rotateCorners(l.quad, 2)), classify: false })).lines;
  const again = new Map(over.map((l, i) => [l, read[i]!]));
  return lines.map((l) => {
    const r = again.get(l);
    if (!r || r.text.trim() === '' || r.confidence < Math.min(0.5, l.confidence - 0.2)) return l;
    const angle = l.box.angle > 0 ? l.box.angle - 180 : l.box.angle + 180;
    return { ...l, text: normaliseText(r.text), confidence: r.confidence, quad: rotateCorners(l.quad, 2), box: { ...l.box, angle } };
  });
}
