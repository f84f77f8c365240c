import { z } from 'zod';
import type { MixedDocument, mixedData } from '../../protocol/points/2582-25';
import { settleAll } from '../runtime/settle';
import { defineExtractor } from './extractor';
import { readFileDocument } from './mixed/file';
import { readRegion } from './mixed/read';
import { readSheet } from './mixed/sheet';

/*
 * 2582-25 mixed documents: every document in an image (receipts pasted on a sheet, a desk
 * photo), its type and its Data as the type's own point reads it. The image's lines are read
 * once, its small print again, and grouped into document regions (mixed/sheet.ts); each region is classified from
 * its text (mixed/classify.ts over the table in mixed/types.ts) and its upright crop read by
 * the type's own extractor (mixed/read.ts). Documents are listed in reading order of the
 * regions. A PDF or OFD is read from its first page (mixed/file.ts).
 */

type MixedData = z.infer<typeof mixedData>;

const options = z.object({});

export default defineExtractor({
  kind: 'mixed',
  point: '2582-25',
  options,
  async extract(image, _options, notes): Promise<MixedData> {
    const { lines, seenAt, regions, areas } = await readSheet(image);
    if (regions.length === 0) {
      notes.notThisDocument('no text found: the image holds no document');
      return { Documents: [] };
    }
    // side by side: one region's re-reads keep the recognition helpers busy while another waits
    const read = await settleAll(regions.map((region) => readRegion(image, region, lines, seenAt, areas)));
    read.forEach((r, i) => r.remarks.forEach((remark) => notes.remark(`document ${i + 1} (${r.document.Type}): ${remark}`)));
    return { Documents: read.map((r) => r.document as MixedDocument) };
  },
  files: ['pdf', 'ofd'],
  extractFile: (file, _options, notes) => readFileDocument(file, notes),
});
