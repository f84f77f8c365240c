import { rotateCorners } from '../../geometry/quad';
import type { DecodedImage } from '../../image/decode';
import { describeLine, type OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';
import { angleGap, inQuad, type Region } from './region';

/*
 * A region's lines read the wrong way up, read again its way up. The sheet's reading turns each
 * tall box a quarter one way (pipeline.ts uprightQuad) and leaves the rest to the 0°/180°
 * classifier, which misses now and then on digits; the pipeline reads such a line again upright
 * only where most lines of its axis read upright (pipeline.ts turnedAmongUpright). A document
 * turned a quarter the other way has every line turned over by the classifier, and the few it
 * missed stay upside down: among a sheet's tall boxes its own lines are the many, and a line the
 * classifier did not turn is not looked at again. A VAT invoice at −88° on a sheet of six read
 * its `¥18955.35` as `S5568` (0.35, under the extractor's floor) and lost its total; a taxi
 * receipt at −92° read every dot-matrix value turned over (bench seeds 25, 30). The region knows
 * its own direction: a line running against it is read again turned over, and the surer reading
 * kept.
 */

/** Lines this far (degrees) from the region's direction run against it. */
const AGAINST = 135;

/** The image's lines in the region (by centre), those running against its direction read again turned over where that reads surer. */
export async function readFacing(image: DecodedImage, region: Region, lines: OcrLine[]): Promise<OcrLine[]> {
  const inside = lines.filter((l) => inQuad(region.quad, l.box.cx, l.box.cy));
  const against = inside.filter((l) => angleGap(l.box.angle, region.angle) > AGAINST);
  if (against.length === 0) return inside;
  const quads = against.map((l) => rotateCorners(l.quad, 2));
  const { lines: again } = await rec.run({ image, quads });
  const better = new Map<OcrLine, OcrLine>();
  against.forEach((line, i) => {
    const read = again[i]!, text = normaliseText(read.text);
    if (text !== '' && read.confidence > line.confidence) better.set(line, describeLine(quads[i]!, { text, confidence: read.confidence }, image));
  });
  return inside.map((l) => better.get(l) ?? l);
}
