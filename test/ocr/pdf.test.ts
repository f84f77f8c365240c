import { PDFDocument } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newCancelFlag, raiseCancelFlag, setCurrentCancelFlag } from '../../src/ocr/runtime/cancel';
import { OcrInputError, OcrTaskError } from '../../src/ocr/errors';
import { openPdf, SCALE } from '../../src/ocr/pdf/index';
import { runTask } from '../../src/ocr/runtime/run-task';
import { blankPdf, encryptedPdf, noPagesPdf } from '../support/pdf';
import { FAMILY } from '../support/synth/fonts';
import { corpusFile, hasCorpus, hasFont } from './fixtures';

/*
 * PDF intake (src/ocr/pdf): text layers as OCR-like lines in the rendered page's pixels,
 * rendering for scanned pages, and every unreadable PDF as a typed input error, with
 * nothing written to stdout (the admin CLI and the worker's host own stdout).
 */

async function failure(p: Promise<unknown>): Promise<OcrInputError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OcrInputError);
  return err as OcrInputError;
}

describe('openPdf errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a PDF without pages, an encrypted one and broken ones, silently', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const info = vi.spyOn(console, 'info');
    const log = vi.spyOn(console, 'log');
    const noPages = await failure(openPdf(noPagesPdf()));
    expect(noPages.reason).toBe('corrupt');
    expect(noPages.message).toMatch(/no pages/);
    const encrypted = await failure(openPdf(encryptedPdf()));
    expect(encrypted.reason).toBe('encrypted');
    expect(encrypted.message).toMatch(/password/);
    expect((await failure(openPdf(new TextEncoder().encode('%PDF-1.7\nnot a PDF body\n')))).reason).toBe('corrupt');
    const truncated = blankPdf().subarray(0, 60);
    expect((await failure(openPdf(truncated))).reason).toBe('corrupt');
    expect(stdout).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('gives up on a document it cannot read within the deadline', async () => {
    const file = await openPdf(blankPdf(), 50);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const err = await failure(file.text(1));
    expect(err.reason).toBe('corrupt');
    expect(err.message).toMatch(/within 0.05 s/);
  });

  it('stops when the task is cancelled (the pool\'s shared flag)', async () => {
    const file = await openPdf(blankPdf());
    const flag = newCancelFlag();
    setCurrentCancelFlag(flag);
    try {
      raiseCancelFlag(flag);
      const err = await file.text(1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OcrTaskError);
      expect((err as OcrTaskError).reason).toBe('cancelled');
    } finally {
      setCurrentCancelFlag(undefined);
    }
  });

  it('leaves the caller its bytes (pdfjs transfers what it is given)', async () => {
    const bytes = blankPdf();
    const file = await openPdf(bytes);
    await file.close();
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(new TextDecoder().decode(bytes.subarray(0, 8))).toBe('%PDF-1.4');
  });

  it('is refused to kinds that read only images', async () => {
    const err = await failure(runTask({ kind: 'general', bytes: blankPdf(), options: {} }));
    expect(err.reason).toBe('unsupported-format');
  });
});

describe.skipIf(!hasCorpus)('text layer of a real e-invoice', () => {
  it('reads CJK text with positions in the 2× page', async () => {
    const file = await openPdf(corpusFile('vat_invoice/vat_electronic_pdf_01.pdf'));
    const page = await file.text(1);
    await file.close();
    expect(page.width).toBe(Math.round(609.44 * SCALE));
    const code = page.lines.find((l) => l.text.startsWith('发票代码'));
    expect(code?.text).toBe('发票代码:041001900111');
    // top right of the page, level
    expect(code!.rect.left).toBeGreaterThan(page.width * 0.6);
    expect(code!.rect.top).toBeLessThan(page.height * 0.1);
    expect(code!.box.angle).toBe(0);
    expect(page.lines.map((l) => l.text)).toContain('壹佰零叁圆伍角');
    // glyphs of one baseline from two fonts join in x order: 2019 年 09 月 19 日
    expect(page.lines.map((l) => l.text)).toContain('开票日期:2019年09月19日');
  });
});

describe.skipIf(!hasFont)('PDFs written by Skia', () => {
  it('maps radical code points back to ideographs, and renders a page without a text layer', async () => {
    const doc = new PDFDocument();
    const ctx = doc.beginPage(300, 100);
    ctx.font = `12px ${FAMILY}`;
    ctx.fillText('价税合计（大写）金额 门 长', 10, 30);
    doc.endPage();
    const scanned = doc.beginPage(300, 100);
    scanned.fillStyle = '#000000';
    scanned.fillRect(50, 20, 100, 40);
    doc.endPage();
    const file = await openPdf(new Uint8Array(doc.close()));
    expect(file.pageCount).toBe(2);
    expect((await file.text(1)).lines.map((l) => l.text)).toEqual(['价税合计（大写）金额 门 长']);
    expect((await file.text(2)).lines).toEqual([]);
    const raster = await file.render(2);
    await file.close();
    expect([raster.width, raster.height]).toEqual([300 * SCALE, 100 * SCALE]);
    const at = (x: number, y: number) => raster.data[(y * raster.width + x) * 3];
    expect(at(200, 80)).toBeLessThan(30); // inside the black box (100..300 × 40..120 at 2×)
    expect(at(20, 20)).toBeGreaterThan(225); // white background
  });
});
