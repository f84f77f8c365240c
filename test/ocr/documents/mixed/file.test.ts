import { loadImage, PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, it } from 'vitest';
import { SCALE } from '../../../../src/ocr/pdf/index';
import { composeSheet, sheetPlan } from '../../../support/synth/documents/mixed-sheet';
import { hasFont } from '../../fixtures';
import { expectSheet } from './expect-sheet';

/*
 * 2582-25 on a scanned PDF (mixed/file.ts): a page without a text layer is the image of the page,
 * and a sheet of receipts scanned to PDF holds several documents, found and read as in the photo.
 * The page is drawn at 1/SCALE of the photo's pixels, so it renders back at the photo's size and
 * the documents sit where they were pasted.
 */

const SLOW = 900_000;

async function scannedPdf(jpeg: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const doc = new PDFDocument();
  // the typings leave drawImage off a PDF page's context; it is Skia's 2D context all the same
  const page = doc.beginPage(width / SCALE, height / SCALE) as SKRSContext2D;
  page.drawImage(await loadImage(Buffer.from(jpeg)), 0, 0, width / SCALE, height / SCALE);
  doc.endPage();
  return new Uint8Array(doc.close());
}

describe.skipIf(!hasFont)('2582-25 on a scanned PDF', () => {
  it('a sheet of a train ticket and a taxi receipt scanned to PDF: both found once, typed and read as in the photo', async () => {
    const sheet = await composeSheet(sheetPlan(6, 1)[0]!);
    const pdf = await scannedPdf(sheet.bytes, sheet.width, sheet.height);
    await expectSheet({ ...sheet, bytes: pdf });
  }, SLOW);
});
