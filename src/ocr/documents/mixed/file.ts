import type { MixedDocument } from '../../../protocol/points/2582-25';
import { openOfd } from '../../ofd/index';
import { openPdf } from '../../pdf/index';
import type { OcrLine } from '../../pipeline';
import { recognize } from '../../pipeline';
import { applyExtractor, type ExtractionNotes, type FileInput } from '../extractor';
import { toResult } from '../general';
import { classify } from './classify';
import { readRegion, viewOf } from './read';
import { findRegions } from './regions';
import { regionOf, wholeImage } from './region';
import { generalRule } from './types';

/*
 * A PDF or OFD given to 2582-25: its first page. A page with text (a PDF's text layer, an
 * OFD's text objects) is one document; when its type reads such files (VAT invoices, railway
 * e-tickets) the type's extractor reads the file itself, exactly as its point does. A page of
 * another type is read as an image: a PDF page rendered (and scanned pages, which may hold
 * several documents, split into regions like a photo); an OFD page, which has no renderer
 * here, is general text from its text objects.
 */

interface PageLines {
  width: number;
  height: number;
  lines: OcrLine[];
  pages: number;
}

async function firstPage(file: FileInput): Promise<PageLines> {
  if (file.format === 'ofd') {
    const ofd = await openOfd(file.bytes);
    const page = await ofd.page(0);
    return { width: page.pixelWidth, height: page.pixelHeight, lines: page.lines, pages: ofd.pageCount };
  }
  const pdf = await openPdf(file.bytes);
  try {
    const page = await pdf.text(1);
    return { ...page, pages: pdf.pageCount };
  } finally {
    await pdf.close();
  }
}

async function renderFirstPage(file: FileInput) {
  const pdf = await openPdf(file.bytes);
  try {
    return { ...(await pdf.render(1)), format: 'png' as const };
  } finally {
    await pdf.close();
  }
}

export async function readFileDocument(file: FileInput, notes: ExtractionNotes): Promise<{ Documents: MixedDocument[] }> {
  const page = await firstPage(file);
  if (page.pages > 1) notes.remark(`the file has ${page.pages} pages; page 1 was read`);
  if (page.lines.length > 0) {
    const region = wholeImage(page.lines, page);
    const chosen = classify(viewOf(region));
    const rule = chosen.rule;
    if (rule?.extractor.files?.includes(file.format)) {
      const extracted = await applyExtractor(rule.extractor, file, rule.options?.(viewOf(region)) ?? {});
      if (!extracted.notThisDocument) {
        extracted.remarks.forEach((r) => notes.remark(`document 1 (${rule.type}): ${r}`));
        const document = { Type: rule.type, Point: rule.extractor.point, Confidence: chosen.confidence, Roi: region.roi, Angle: region.angle, Data: extracted.data };
        return { Documents: [document as MixedDocument] };
      }
    }
    if (file.format === 'ofd') return { Documents: [ofdGeneral(page)] };
  }
  if (file.format === 'ofd') {
    notes.notThisDocument('the OFD\'s first page has no text');
    return { Documents: [] };
  }
  // a PDF page of another type, or a scan: read as the image of the page
  const image = await renderFirstPage(file);
  const lines = page.lines.length ? page.lines : (await recognize(image)).lines;
  const regions = page.lines.length ? [wholeImage(lines, image)] : findRegions(image, lines);
  if (regions.length === 0) {
    notes.notThisDocument('no text found on the first page');
    return { Documents: [] };
  }
  const read = [];
  for (const region of regions) read.push(await readRegion(image, region));
  read.forEach((r, i) => r.remarks.forEach((remark) => notes.remark(`document ${i + 1} (${r.document.Type}): ${remark}`)));
  return { Documents: read.map((r) => r.document as MixedDocument) };
}

/** An OFD page of plain text as 2582-11 Data: its text objects in reading order. */
function ofdGeneral(page: PageLines): MixedDocument {
  const region = regionOf(page.lines, page, 0);
  return {
    Type: 'general',
    Point: generalRule.extractor.point as '2582-11',
    Confidence: 1,
    Roi: { X: 0, Y: 0, W: Math.round(page.width), H: Math.round(page.height) },
    Angle: region.angle,
    Data: { Results: page.lines.map((l) => toResult(l, false)) },
  };
}
