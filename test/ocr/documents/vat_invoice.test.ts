import { describe, expect, it } from 'vitest';
import { vatGroundTruth } from '../../../bench/documents/vat_invoice';
import { OcrInputError, OcrTaskError } from '../../../src/ocr/errors';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { vatContentFields, vatInvoiceData } from '../../../src/protocol/points/2582-22';
import { encryptedPdf, noPagesPdf } from '../../support/pdf';
import { renderDocument } from '../../support/synth/index';
import { type VatCase, expectedItems, renderVatInvoice, vatPdf } from '../../support/synth/documents/vat-invoice';
import { capitalWords, vatValues } from '../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../support/synth/text';
import { corpusFile, corpusManifest, hasCorpus, hasFont } from '../fixtures';
import golden from './golden/vat_invoice.json';

/*
 * 2582-22 golden tests: every corpus VAT invoice against its ground truth plus the fields
 * read by eye (golden/vat_invoice.json), synthetic invoices of the four layouts as PDF, scan,
 * PNG and photo (the bench runs 30 more), the invoice's arithmetic, and the error cases.
 */

type Data = ReturnType<typeof vatInvoiceData.parse>;
const run = async (bytes: Uint8Array, fileType: string) => {
  const result = await runTask({ kind: 'vat_invoice', bytes, options: { fileType } });
  return { ...result, data: vatInvoiceData.strict().parse(result.data) as Data };
};
const BOX_OF: Record<string, string> = {
  PayeeName: 'PayeeNames', PayeeAddress: 'PayeeAddresses', InvoiceNo: 'InvoiceNoes', Clerk: 'Clerks', PayeeBankName: 'PayeeBankNames',
  PayerRegisterNo: 'PayerRegisterNoes', AntiFakeCode: 'InvoiceFakeCodes', InvoiceCode: 'InvoiceCodes', PayerName: 'PayerNames',
  PayerAddress: 'PayerAddresses', PayerBankName: 'PayerBankNames', Payee: 'Payees', SumAmount: 'SumAmounts', TaxAmount: 'TaxAmounts',
  InvoiceAmount: 'InvoiceAmounts', InvoiceDate: 'InvoiceDates', WithoutTaxAmount: 'WithoutTaxAmounts', PayeeRegisterNo: 'PayeeRegisterNoes', Checker: 'Checkers',
};

/** A Box for every value read, inside the page and running left to right; [] for every empty field. */
function expectBoxes(data: Data, width: number, height: number): void {
  for (const field of vatContentFields) {
    if (field === 'InvoiceType') continue; // beyond SPEC: no Box
    const box = (data.Box as Record<string, number[]>)[BOX_OF[field]!]!;
    if (data.Content[field] === '') {
      expect(box, field).toEqual([]);
      continue;
    }
    expect(box, field).toHaveLength(4);
    const [x0, y0, x1, y1] = box as [number, number, number, number];
    expect(x1, field).toBeGreaterThan(x0);
    for (const x of [x0, x1]) expect(x, field).toBeGreaterThanOrEqual(0), expect(x, field).toBeLessThanOrEqual(width);
    for (const y of [y0, y1]) expect(y, field).toBeGreaterThanOrEqual(0), expect(y, field).toBeLessThanOrEqual(height);
  }
}

describe.skipIf(!hasCorpus)('corpus', () => {
  const entries = hasCorpus ? corpusManifest().filter((e) => e.type === 'vat_invoice' && e.ground_truth) : [];
  for (const entry of entries) {
    it(`reads ${entry.file}`, async () => {
      const { data, remarks, notThisDocument } = await run(corpusFile(entry.file), entry.file.endsWith('.pdf') ? 'pdf' : 'png');
      const extra = (golden as unknown as Record<string, Record<string, string>>)[entry.file] ?? {};
      const expected = { ...vatGroundTruth(entry.ground_truth!), ...extra };
      const got = Object.fromEntries(Object.keys(expected).map((k) => [k, data.Content[k as keyof Data['Content']]]));
      expect(got).toEqual(expected);
      expect(notThisDocument).toBeUndefined();
      // their amounts add up and the capital amount agrees
      expect(remarks).toEqual([]);
      expectBoxes(data, 5000, 5000);
    });
  }

  it('puts PDF boxes in the page rendered at 2× (144 dpi)', async () => {
    const { data } = await run(corpusFile('vat_invoice/vat_electronic_pdf_01.pdf'), 'pdf');
    // the code's glyphs start at x = 475 pt, their top near 394 − 374 − 9·0.88 pt
    const [x0, y0] = data.Box.InvoiceCodes as [number, number];
    expect(Math.abs(x0 - 950)).toBeLessThan(15);
    expect(Math.abs(y0 - 24)).toBeLessThan(6);
  });
});

describe.skipIf(!hasFont)('synthetic invoices', () => {
  const check = async (c: VatCase) => {
    const result = await run(c.bytes, c.fileType);
    const printed = Object.entries(c.expected).filter(([, v]) => v !== '');
    const right = printed.filter(([k, v]) => result.data.Content[k as keyof Data['Content']] === v).length;
    return { ...result, right, printed: printed.length };
  };

  it('reads every field of PDFs with a text layer, and nothing that is not printed', async () => {
    for (const [seed, layout] of [[11, 'electronic'], [12, 'digital'], [13, 'electronic'], [14, 'digital']] as const) {
      const c = await renderVatInvoice(seed, layout, 'pdf');
      const { data, remarks, notThisDocument } = await run(c.bytes, 'pdf');
      expect(data.Content, c.name).toEqual(c.expected);
      expect(data.Items, c.name).toEqual(expectedItems(c.values));
      expect(remarks, c.name).toEqual([]);
      expect(notThisDocument).toBeUndefined();
      expectBoxes(data, 1200, 800);
    }
  });

  // one test per case (each OCR takes seconds on a busy machine), the share over all of them last
  const imageCases: [number, 'special' | 'normal' | 'electronic' | 'digital', 'photo' | 'clean' | 'scan'][] = [
    [21, 'special', 'photo'],
    [22, 'normal', 'clean'],
    [23, 'electronic', 'clean'],
    [24, 'digital', 'photo'],
    [25, 'electronic', 'scan'],
  ];
  const tally = { right: 0, printed: 0, cells: 0, cellsRight: 0 };
  for (const [seed, layout, variant] of imageCases) {
    it(`reads a ${layout} invoice (${variant}), inventing nothing`, async () => {
      const c = await renderVatInvoice(seed, layout, variant);
      const result = await check(c);
      tally.right += result.right;
      tally.printed += result.printed;
      // issue 16: the goods lines from OCR too, one per printed line with its amount
      const items = expectedItems(c.values);
      expect(result.data.Items.map((i) => i.Amount), c.name).toEqual(items.map((i) => i.Amount));
      items.forEach((item, n) => {
        for (const [k, v] of Object.entries(item) as [keyof Data['Items'][number], string][]) {
          tally.cells++;
          if (result.data.Items[n]?.[k] === v) tally.cellsRight++;
        }
      });
      // fields the layout does not print stay empty
      for (const [k, v] of Object.entries(c.expected)) if (v === '') expect(result.data.Content[k as keyof Data['Content']], `${c.name} ${k}`).toBe('');
      expect(result.right / result.printed, c.name).toBeGreaterThanOrEqual(0.8);
    });
  }
  it('reads at least 90% of the printed fields of those images, photos and scans', () => {
    expect(tally.printed).toBeGreaterThan(60);
    expect(tally.right / tally.printed).toBeGreaterThanOrEqual(0.9);
    expect(tally.cells).toBeGreaterThan(40);
    expect(tally.cellsRight / tally.cells).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a capital amount that disagrees with the figures, and says so', async () => {
    const c = await renderVatInvoice(31, 'electronic', 'pdf', (v) => {
      v.capital = capitalWords(Math.round(Number(v.total) * 100) + 100);
    });
    const { data, remarks } = await run(c.bytes, 'pdf');
    expect(data.Content.SumAmount).toBe(c.values.capital);
    expect(data.Content.InvoiceAmount).toBe(c.values.total);
    expect(remarks.join(' ')).toMatch(/SumAmount .* not InvoiceAmount/);
  });

  it('keeps amounts that do not add up, and says so', async () => {
    const c = await renderVatInvoice(32, 'digital', 'pdf', (v) => {
      v.tax = (Number(v.tax) + 1).toFixed(2);
    });
    const { data, remarks } = await run(c.bytes, 'pdf');
    expect(data.Content.TaxAmount).toBe(c.values.tax);
    expect(remarks.join(' ')).toMatch(/WithoutTaxAmount .* TaxAmount .* not InvoiceAmount/);
  });

  it('reads the first page that holds an invoice and says when the PDF holds more', async () => {
    const first = vatValues(seeded(41), 'electronic'), second = vatValues(seeded(42), 'digital');
    const two = await run(vatPdf(['报销说明\n附件为本月发票，请审核。', first, second]), 'pdf');
    expect(two.data.Content.InvoiceNo).toBe(first.number);
    expect(two.remarks).toEqual(['the PDF holds 2 invoices (pages 2, 3); page 2 was read']);
  });
});

describe('not a VAT invoice, unreadable files', () => {
  it('answers a blank image with empty fields and not-this-document', async () => {
    const sharp = (await import('sharp')).default;
    const blank = new Uint8Array(await sharp({ create: { width: 800, height: 500, channels: 3, background: '#fff' } }).png().toBuffer());
    const { data, notThisDocument } = await run(blank, 'png');
    expect(notThisDocument).toMatch(/no text/);
    expect(Object.values(data.Content).every((v) => v === '')).toBe(true);
    expect(Object.values(data.Box).every((b) => b.length === 0)).toBe(true);
  });

  it.skipIf(!hasFont)('answers another document with not-this-document', async () => {
    const letter = await renderDocument({ seed: 51, variant: 'clean', rows: ['会议通知', '会议定于下周三上午九点在三楼会议室召开。', '请各部门于本月底前提交年度工作总结。'] });
    expect((await run(letter.bytes, 'png')).notThisDocument).toMatch(/labels of a VAT invoice/);
    const pdf = await run(vatPdf(['会议通知\n会议定于下周三上午九点召开。']), 'pdf');
    expect(pdf.notThisDocument).toMatch(/labels of a VAT invoice/);
  });

  it('refuses a PDF without pages and an encrypted PDF as unreadable input', async () => {
    const noPages = await run(noPagesPdf(), 'pdf').catch((e: unknown) => e);
    expect(noPages).toBeInstanceOf(OcrInputError);
    expect((noPages as OcrInputError).reason).toBe('corrupt');
    const encrypted = await run(encryptedPdf(), 'pdf').catch((e: unknown) => e);
    expect((encrypted as OcrInputError).reason).toBe('encrypted');
  });

  it('refuses a FileType outside pdf/jpg/png/bmp/gif', async () => {
    const err = await runTask({ kind: 'vat_invoice', bytes: noPagesPdf(), options: { fileType: 'tiff' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OcrTaskError);
    expect((err as OcrTaskError).reason).toBe('bad-options');
  });
});
