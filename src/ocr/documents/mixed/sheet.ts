import type { DecodedImage } from '../../image/decode';
import { type OcrLine, recognize } from '../../pipeline';
import { findBodies } from './body';
import type { Region } from './region';
import { findRegions, MIN_CONFIDENCE } from './regions';
import { type Box, rereadSmallPrint, type SeenAt } from './small-print';

/*
 * A sheet's lines and regions as 2582-25 finds them (mixed.ts, and the dev tools that look at
 * one stage of it): the whole image read once, the small print of documents its detector saw
 * too small read again in their areas, and the lines grouped into regions again; a document
 * found by its head alone has its area detected again and grouped on its own (body.ts).
 */

const confident = (lines: OcrLine[]) => lines.filter((l) => l.confidence >= MIN_CONFIDENCE);

export interface Sheet {
  /** every line, also those read with low confidence: the extractors that keep them (taxi invoices, licences) get them with the region's other lines instead of reading it again */
  lines: OcrLine[];
  /** the scale each line's detector saw it at */
  seenAt: SeenAt;
  regions: Region[];
  /** the areas detected again (small-print.ts, body.ts): where small print was looked for at its own scale */
  areas: Box[];
}

export async function readSheet(image: DecodedImage): Promise<Sheet> {
  const first = (await recognize(image, { minConfidence: 0 })).lines;
  const found = findRegions(image, confident(first));
  // documents whose print the whole image's detector saw too small: their areas detected again, and grouped again
  const { lines, seenAt, areas } = await rereadSmallPrint(image, first, found);
  const regions = lines === first ? found : findRegions(image, confident(lines));
  // documents of which the detector kept only the head (a title): their areas detected again, each grouped on its own
  const bodies = await findBodies(image, { lines, seenAt, regions, areas });
  return { ...bodies, areas: bodies.areas ?? areas };
}
