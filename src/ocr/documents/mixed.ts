import { z } from 'zod';
import type { MixedDocument, mixedData } from '../../protocol/points/2582-25';
import { type OcrLine, recognize } from '../pipeline';
import { settleAll } from '../runtime/settle';
import { defineExtractor } from './extractor';
import { readFileDocument } from './mixed/file';
import { findRegions } from './mixed/regions';
import { readRegion } from './mixed/read';
import { rereadSmallPrint } from './mixed/small-print';

/*
 * 2582-25 mixed documents: every document in an image (receipts pasted on a sheet, a desk
 * photo), its type and its Data as the type's own point reads it. The image's lines are read
 * once and grouped into document regions (mixed/regions.ts); each region is classified from
 * its text (mixed/classify.ts over the table in mixed/types.ts) and its upright crop read by
 * the type's own extractor (mixed/read.ts). Documents are listed in reading order of the
 * regions. A PDF or OFD is read from its first page (mixed/file.ts).
 */

type MixedData = z.infer<typeof mixedData>;

const options = z.object({});

/** Lines read less surely than this are no evidence of a document (recognize's own default). */
const MIN_CONFIDENCE = 0.5;

export default defineExtractor({
  kind: 'mixed',
  point: '2582-25',
  options,
  async extract(image, _options, notes): Promise<MixedData> {
    // every line, also those read with low confidence: the extractors that keep them (taxi
    // invoices, licences) get them with the region's other lines instead of reading it again
    const first = (await recognize(image, { minConfidence: 0 })).lines;
    const confident = (lines: OcrLine[]) => lines.filter((l) => l.confidence >= MIN_CONFIDENCE);
    let regions = findRegions(image, confident(first));
    // documents whose print the whole image's detector saw too small: their areas detected again, and grouped again
    const { lines, seenAt } = await rereadSmallPrint(image, first, regions);
    if (lines !== first) regions = findRegions(image, confident(lines));
    if (regions.length === 0) {
      notes.notThisDocument('no text found: the image holds no document');
      return { Documents: [] };
    }
    // side by side: one region's re-reads keep the recognition helpers busy while another waits
    const read = await settleAll(regions.map((region) => readRegion(image, region, lines, seenAt)));
    read.forEach((r, i) => r.remarks.forEach((remark) => notes.remark(`document ${i + 1} (${r.document.Type}): ${remark}`)));
    return { Documents: read.map((r) => r.document as MixedDocument) };
  },
  files: ['pdf', 'ofd'],
  extractFile: (file, _options, notes) => readFileDocument(file, notes),
});
