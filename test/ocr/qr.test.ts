import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finish } from '../../src/ocr/documents/vat_invoice/finish';
import { parseVatQr } from '../../src/ocr/documents/vat_invoice/qr';
import type { Content, Reading } from '../../src/ocr/documents/vat_invoice/reading';
import { decodeQr } from '../../src/ocr/qr/decode';
import { runTask } from '../../src/ocr/runtime/run-task';
import { vatInvoiceData } from '../../src/protocol/points/2582-22';
import { qrMatrix, qrPng, vatQrPayload } from '../support/qr';
import { renderVatInvoice } from '../support/synth/documents/vat-invoice';
import { hasFont } from './fixtures';

/*
 * The QR code: decoded offline by ZXing (zxing-wasm reads its .wasm from node_modules, never
 * from the network), its payload parsed by DESIGN.md §5's layouts, and 2582-22's rules: on an
 * image the QR's code, number, date and check code win over OCR; on a PDF the text wins and a
 * disagreement is said in the remark; Data.QRCode carries the raw payload.
 */

const toRaster = async (png: Uint8Array) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

describe('decodeQr', () => {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in tests')));
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('reads a QR code without downloading anything (its WebAssembly comes from node_modules)', async () => {
    const payload = '01,10,032001600511,31471858,198.04,20201004,01897109054748898321,0813,';
    expect(await decodeQr(await toRaster(await qrPng(payload)))).toEqual([payload]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('finds none on a page without one, and ignores images too small to hold one', async () => {
    expect(await decodeQr({ width: 300, height: 200, data: new Uint8Array(300 * 200 * 3).fill(255) })).toEqual([]);
    expect(await decodeQr({ width: 10, height: 10, data: new Uint8Array(300) })).toEqual([]);
  });

  it('decodes an image once: the same raster asked again (a region classified, then its extractor) gets the codes found', async () => {
    const payload = '01,10,032001600511,31471858,198.04,20201004,01897109054748898321,0813,';
    const image = await toRaster(await qrPng(payload));
    expect(await decodeQr(image)).toEqual([payload]);
    // the pixels wiped: a second decoding would find nothing, the remembered codes are returned
    image.data.fill(255);
    const again = await decodeQr(image);
    expect(again).toEqual([payload]);
    again.push('changed by a caller');
    expect(await decodeQr(image)).toEqual([payload]);
    expect(await decodeQr({ ...image })).toEqual([]);
  });
});

describe('VAT QR payloads', () => {
  it('reads the old-style, the fully digital and the railway layouts', () => {
    expect(parseVatQr('01,10,032001600511,31471858,198.04,20201004,01897109054748898321,0813,')).toMatchObject({ code: '032001600511', number: '31471858', amount: '198.04', amountField: 'WithoutTaxAmount' });
    expect(parseVatQr('01,31, ,23512000000011765589,5954.80,20230227, ,6C54')).toMatchObject({ code: '', number: '23512000000011765589', check: '', amountField: 'InvoiceAmount' });
    expect(parseVatQr('01,10,22119130671000000049,166.05,20220317,b2b2')).toMatchObject({ number: '22119130671000000049', amount: '166.05', amountField: 'WithoutTaxAmount' });
  });

  it('refuses what is not one', () => {
    for (const bad of ['', 'https://example.com/', '01,10,123,31471858,198.04,20201004,1,0', '01,10,032001600511,31471858,abc,20201004,,', '01,10,032001600511,31471858,1.00,20201341,,']) {
      expect(parseVatQr(bad), bad).toBeNull();
    }
  });
});

type Data = ReturnType<typeof vatInvoiceData.parse>;
const run = async (bytes: Uint8Array, fileType: string) => {
  const result = await runTask({ kind: 'vat_invoice', bytes, options: { fileType } });
  return { ...result, data: vatInvoiceData.strict().parse(result.data) as Data };
};

describe.skipIf(!hasFont)('2582-22 and the QR code', () => {
  it('on an image, the QR code’s number and date win over what OCR reads', async () => {
    // the page prints one number, its QR code another: an image trusts the code
    const { values } = await renderVatInvoice(61, 'electronic', 'clean');
    expect(values.number).not.toBe('12345678');
    const payload = vatQrPayload({ ...values, number: '12345678' });
    const m = await qrMatrix(payload);
    const c = await renderVatInvoice(61, 'electronic', 'clean', (v) => {
      v.qr = m;
    });
    const { data } = await run(c.bytes, 'png');
    expect(data.QRCode).toBe(payload);
    expect(data.Content.InvoiceNo).toBe('12345678');
    expect(data.Content.InvoiceCode).toBe(values.code);
    expect(data.Content.WithoutTaxAmount).toBe(values.withoutTax);
  });

  it('on a PDF, the text wins and the remark says where the QR code disagrees (an edited PDF)', async () => {
    const first = await renderVatInvoice(62, 'digital', 'pdf');
    const m = await qrMatrix(vatQrPayload({ ...first.values, total: (Number(first.values.total) + 1).toFixed(2) }));
    const c = await renderVatInvoice(62, 'digital', 'pdf', (v) => {
      v.qr = m;
    });
    const { data, remarks } = await run(c.bytes, 'pdf');
    expect(data.Content.InvoiceAmount).toBe(c.values.total);
    expect(data.QRCode).toMatch(/^01,/);
    expect(remarks.join('; ')).toContain(`the QR code says InvoiceAmount ${(Number(c.values.total) + 1).toFixed(2)}`);
  });

  it('keeps a QR code that holds no invoice payload raw, and says it was not used', async () => {
    const m = await qrMatrix('https://example.com/not-an-invoice');
    const c = await renderVatInvoice(63, 'electronic', 'pdf', (v) => {
      v.qr = m;
    });
    const { data, remarks } = await run(c.bytes, 'pdf');
    expect(data.QRCode).toBe('https://example.com/not-an-invoice');
    expect(data.Content.InvoiceNo).toBe(c.values.number);
    expect(remarks).toContain('the QR code does not hold a VAT invoice payload; it was not used');
  });
});

/*
 * The rules themselves on a reading, as every source hands it to finish(): which side wins per
 * field, the amount's cross-check, what the remark says, and QRCode "" when there is none.
 */
describe('the QR rules on a reading (finish)', () => {
  const oldStyle = '01,04,032001600511,31471858,198.04,20201004,01897109054748898321,0813,';
  const read = (content: Partial<Content>): Reading => ({ content: { ...content }, boxes: {}, items: [] });
  const apply = (content: Partial<Content>, source: 'image' | 'text', qr: string[]) => {
    const remarks: string[] = [];
    const data = finish(read(content), { source, qr }, { remark: (t) => remarks.push(t), notThisDocument: () => undefined });
    return { c: data.Content, qr: data.QRCode, remarks };
  };
  const ocr = { InvoiceCode: '032001600511', InvoiceNo: '31471858', InvoiceDate: '2020年10月04日', AntiFakeCode: '01897109054748898321', WithoutTaxAmount: '198.04', TaxAmount: '11.88', InvoiceAmount: '209.92' };

  it('on an image, the code, number, date and check code the QR holds replace what OCR misread, silently', () => {
    const { c, remarks } = apply({ ...ocr, InvoiceCode: '032001600S11', InvoiceNo: '31471853', InvoiceDate: '2020年10月01日', AntiFakeCode: '0189710905474889832' }, 'image', [oldStyle]);
    expect([c.InvoiceCode, c.InvoiceNo, c.InvoiceDate, c.AntiFakeCode]).toEqual(['032001600511', '31471858', '2020年10月04日', '01897109054748898321']);
    expect(remarks).toEqual([]);
  });

  it('on an image, the QR’s amount replaces the OCR amount only when the sums then agree', () => {
    // 198.64 misread: the sums fail, the QR's 198.04 makes them agree
    expect(apply({ ...ocr, WithoutTaxAmount: '198.64' }, 'image', [oldStyle]).c.WithoutTaxAmount).toBe('198.04');
    // the sums agree as read and the QR says otherwise: OCR is kept, the remark says so
    const agree = apply({ ...ocr, WithoutTaxAmount: '200.04', InvoiceAmount: '211.92' }, 'image', [oldStyle]);
    expect(agree.c.WithoutTaxAmount).toBe('200.04');
    expect(agree.remarks).toContain("the QR code says WithoutTaxAmount 198.04, which the invoice's text does not");
    // an amount OCR did not read at all is the QR's
    expect(apply({ ...ocr, WithoutTaxAmount: '' }, 'image', [oldStyle]).c.WithoutTaxAmount).toBe('198.04');
  });

  it('on a fully digital invoice the QR’s amount is the total with tax', () => {
    const { c } = apply({ InvoiceNo: '23512000000011765589', WithoutTaxAmount: '5270.00', TaxAmount: '684.80', InvoiceAmount: '5954.30' }, 'image', ['01,32,,23512000000011765589,5954.80,20230227,,6C54']);
    expect(c.InvoiceAmount).toBe('5954.80');
    expect(c.InvoiceDate).toBe('2023年02月27日');
  });

  it('on a file (PDF, OFD, XML text) the text wins on every field and each disagreement is named', () => {
    const { c, remarks, qr } = apply({ ...ocr, InvoiceNo: '31471859', WithoutTaxAmount: '200.04', InvoiceAmount: '211.92' }, 'text', [oldStyle]);
    expect([c.InvoiceNo, c.WithoutTaxAmount]).toEqual(['31471859', '200.04']);
    expect(remarks).toEqual(["the QR code says InvoiceNo 31471858, WithoutTaxAmount 198.04, which the invoice's text does not"]);
    expect(qr).toBe(oldStyle);
    // a field the text lacks stays empty: the remark gives the QR's value, the field stays what the file says
    const lacking = apply({ ...ocr, AntiFakeCode: '' }, 'text', [oldStyle]);
    expect(lacking.c.AntiFakeCode).toBe('');
    expect(lacking.remarks).toEqual(["the QR code says AntiFakeCode 01897109054748898321, which the invoice's text does not"]);
  });

  it('QRCode is "" when there is none, the first invoice payload among several, else the first raw', () => {
    expect(apply(ocr, 'image', []).qr).toBe('');
    expect(apply(ocr, 'image', ['https://example.com/x', oldStyle]).qr).toBe(oldStyle);
    expect(apply(ocr, 'image', ['01,10,abc']).qr).toBe('01,10,abc');
  });
});
