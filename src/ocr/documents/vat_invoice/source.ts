import { rotateCorners } from '../../geometry/quad';
import type { Raster } from '../../image/raster';
import { openPdf, type PdfFile } from '../../pdf/index';
import { recognize, type OcrLine } from '../../pipeline';
import * as rec from '../../rec/index';
import { normaliseText } from '../../text';
import { decodeQr } from '../../qr/decode';
import type { ExtractionNotes } from '../extractor';
import { looksLikeInvoice } from './assemble';
import { mainTextAngle } from './page';

/*
 * Where the lines of an invoice come from: OCR of an image, or a PDF page (its text layer, or
 * OCR of the rendered page when it has none). Either way the result is OcrLine[] in the
 * pixels of the image or of the page rendered at pdf/index.ts's scale (2×, 144 dpi), with the
 * QR codes of that image or page.
 */

export interface PageRead {
  lines: OcrLine[];
  /** QR payloads found on the page */
  qr: string[];
}

const angleGap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

/**
 * OCR of the page, then a second reading of lines the 0°/180° classifier turned against the
 * rest of the page: on an upright invoice it sometimes turns a short amount ("¥5999.00" read
 * as "006665元"). The reading with the higher confidence stays.
 */
export async function readImage(image: Raster): Promise<OcrLine[]> {
  const { lines } = await recognize(image);
  const dominant = (mainTextAngle(lines) * 180) / Math.PI;
  const odd = lines.filter((l) => angleGap(l.box.angle, dominant) > 135);
  if (odd.length === 0 || odd.length > lines.length / 3) return lines;
  const again = await rec.run({ image, quads: odd.map((l) => rotateCorners(l.quad, 2)) });
  const better = new Map<OcrLine, OcrLine>();
  odd.forEach((line, i) => {
    const read = again.lines[i]!;
    const text = normaliseText(read.text);
    if (text === '' || read.confidence <= line.confidence) return;
    const angle = line.box.angle > 0 ? line.box.angle - 180 : line.box.angle + 180;
    better.set(line, { ...line, text, confidence: read.confidence, quad: rotateCorners(line.quad, 2), box: { ...line.box, angle } });
  });
  return lines.map((l) => better.get(l) ?? l);
}

/** Pages whose text layer is looked at for an invoice; OCR is tried on at most MAX_OCR_PAGES scanned ones. */
const MAX_PAGES = 20;
const MAX_OCR_PAGES = 2;
/** Fewer characters than this in a page's text layer: a scanned page. */
const SCANNED_CHARS = 20;

const list = (pages: number[]) => pages.join(', ');

/**
 * Where invoices print their QR code, as fractions of the page: the top left (VAT invoices, old
 * and 数电), then the right middle (the railway e-ticket). Rendering these corners instead of the
 * page keeps a PDF with a text layer well under a second.
 */
const QR_REGIONS: [number, number, number, number][] = [
  [0, 0, 0.45, 0.5],
  [0.6, 0.25, 1, 0.75],
];

async function pdfQr(file: PdfFile, page: number): Promise<string[]> {
  for (const region of QR_REGIONS) {
    const found = await decodeQr(await file.render(page, region));
    if (found.length) return found;
  }
  return [];
}

/** OCR of an image and its QR codes. */
export async function readImagePage(image: Raster): Promise<PageRead> {
  const [lines, qr] = await Promise.all([readImage(image), decodeQr(image)]);
  return { lines, qr };
}

/**
 * The first page of the PDF that holds an invoice, as lines, with the QR codes of that page
 * (rendered: a QR code in a PDF is an image or drawn in paths); remarks say what else the
 * file holds.
 */
export async function readPdf(bytes: Uint8Array, notes: ExtractionNotes): Promise<PageRead> {
  const file = await openPdf(bytes);
  try {
    const last = Math.min(file.pageCount, MAX_PAGES);
    const invoices: number[] = [];
    const scanned: number[] = [];
    let chosen: PageRead | undefined;
    let chosenPage = 0;
    let firstText: OcrLine[] = [];
    for (let n = 1; n <= last; n++) {
      const { lines } = await file.text(n);
      if (n === 1) firstText = lines;
      if (looksLikeInvoice(lines)) {
        invoices.push(n);
        if (!chosen) [chosen, chosenPage] = [{ lines, qr: [] }, n];
      } else if (lines.reduce((s, l) => s + l.text.length, 0) < SCANNED_CHARS) scanned.push(n);
    }
    if (chosen) chosen.qr = await pdfQr(file, chosenPage);
    // no invoice in any text layer: OCR the scanned pages (and page 1, whose text may be unreadable glyph codes)
    const toOcr = chosen ? [] : [...new Set([...scanned.slice(0, MAX_OCR_PAGES), 1])].slice(0, MAX_OCR_PAGES);
    let ocrFirst: PageRead | undefined;
    for (const n of toOcr) {
      const page = await readImagePage(await file.render(n));
      if (n === toOcr[0]) ocrFirst = page;
      if (looksLikeInvoice(page.lines)) {
        invoices.push(n);
        chosen = page;
        break;
      }
    }
    if (invoices.length > 1) notes.remark(`the PDF holds ${invoices.length} invoices (pages ${list(invoices)}); page ${invoices[0]} was read`);
    const unread = scanned.filter((n) => !toOcr.includes(n) && n > (invoices[0] ?? 0));
    if (chosen && unread.length) notes.remark(`pages ${list(unread)} are scanned and were not read; page ${invoices[0]} was read`);
    if (file.pageCount > MAX_PAGES) notes.remark(`only the first ${MAX_PAGES} of ${file.pageCount} pages were looked at`);
    return chosen ?? (firstText.length ? { lines: firstText, qr: [] } : (ocrFirst ?? { lines: [], qr: [] }));
  } finally {
    await file.close();
  }
}
