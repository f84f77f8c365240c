import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runExtractor } from '../../../src/ocr/documents/index';
import { OcrInputError } from '../../../src/ocr/errors';
import { PX_PER_MM } from '../../../src/ocr/ofd/lines';
import { ZIP_LIMITS } from '../../../src/ocr/ofd/zip';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { vatInvoiceData } from '../../../src/protocol/points/2582-22';
import { einvoiceXml, oldStyleOfd, shudianOfd } from '../../support/einvoice';
import { buildOfd, buildOfdParts } from '../../support/ofd';
import { qrPng, vatQrPayload } from '../../support/qr';
import { expectedContent, expectedItems } from '../../support/synth/documents/vat-invoice';
import { type VatValues, vatValues } from '../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../support/synth/text';
import { withDeclaredSize, zeros, zipParts } from '../../support/zip';
import { corpusDir, hasCorpus } from '../fixtures';

/*
 * 2582-22 from the files the tax system issues: OFD (structured data first, page text for the
 * rest or all), the 数电 XML, the QR code compared with the text; generated valid files of
 * every kind, the development samples when ../shared is there, and hostile files (ZIP bombs,
 * entity expansion, cycles, random bytes) that must end in a clear input error or an empty
 * result with a remark.
 */

type Data = ReturnType<typeof vatInvoiceData.parse>;
const run = async (bytes: Uint8Array) => {
  const result = await runTask({ kind: 'vat_invoice', bytes, options: {} });
  return { ...result, data: vatInvoiceData.strict().parse(result.data) as Data };
};
const inputError = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(OcrInputError);
  return err as OcrInputError;
};

const digital = (seed: number) => vatValues(seeded(seed), 'digital');
const electronic = (seed: number) => vatValues(seeded(seed), 'electronic');

describe('fully digital (数电) OFD invoices', () => {
  let v: VatValues;
  let qr: Uint8Array;
  beforeAll(async () => {
    v = digital(7);
    qr = await qrPng(vatQrPayload(v));
  });

  it('reads every field from the custom tags and CustomDatas, the title and capital amount from the page, the goods lines and the QR code', async () => {
    const { data, remarks, notThisDocument } = await run(shudianOfd(v, { tags: true, customData: true, qr }));
    expect(notThisDocument).toBeUndefined();
    expect(data.Content).toEqual(expectedContent(v));
    expect(data.Items).toEqual(expectedItems(v));
    expect(data.QRCode).toBe(vatQrPayload(v));
    expect(remarks).toEqual([]);
  });

  it('places Box on the tagged value object at 144 dpi', async () => {
    const { data } = await run(shudianOfd(v, { tags: true }));
    // the number's object starts at x = 156 mm, its baseline at 13 mm (glyphs 0.88 of the size above)
    const [x0, y0, x1, y1] = data.Box.InvoiceNoes as number[];
    expect(x0).toBeCloseTo(156 * PX_PER_MM, -1);
    expect(y0).toBeCloseTo((13 - 0.88 * 3.175) * PX_PER_MM, -1);
    expect(y1).toBe(y0);
    expect(x1).toBeGreaterThan(x0!);
    expect(data.Box.PayeeNames).toHaveLength(4);
  });

  it('reads a file converted from PDF (no tags, no data, text in points under a CTM) by its page text alone', async () => {
    const { data, remarks } = await run(shudianOfd(v, { converted: true, qr }));
    expect(data.Content).toEqual(expectedContent(v));
    expect(data.Items).toEqual(expectedItems(v));
    expect(remarks).toEqual([]);
  });

  it('says so when the page text disagrees with the QR code (an edited file), keeping the text', async () => {
    const edited = shudianOfd(v, { qr, printed: { total: (Number(v.total) + 100).toFixed(2) } });
    const { data, remarks } = await run(edited);
    expect(data.Content.InvoiceAmount).toBe((Number(v.total) + 100).toFixed(2));
    expect(remarks.join('; ')).toContain(`the QR code says InvoiceAmount ${v.total}`);
  });
});

describe('old-style OFD e-invoices', () => {
  it('reads the original invoice attachment, with addresses, banks, signatures and goods lines', async () => {
    const v = electronic(8);
    const payload = vatQrPayload(v);
    const { data, remarks } = await run(oldStyleOfd(v, { attachment: true, qr: await qrPng(payload) }));
    expect(data.Content).toEqual(expectedContent(v));
    expect(data.Items).toEqual(expectedItems(v));
    expect(data.QRCode).toBe(payload);
    expect(remarks).toEqual([]);
  });

  it('reads the same invoice from its page alone', async () => {
    const v = electronic(9);
    const { data, remarks } = await run(oldStyleOfd(v));
    expect(data.Content).toEqual(expectedContent(v));
    expect(data.Items).toEqual(expectedItems(v));
    expect(remarks).toEqual([]);
  });

  it('trusts the attachment over a page edited after issue', async () => {
    const v = electronic(10);
    const { data } = await run(oldStyleOfd(v, { attachment: true, printed: { number: '99999999' } }));
    expect(data.Content.InvoiceNo).toBe(v.number);
  });
});

describe('the tax platform XML (数电 <EInvoice>)', () => {
  it('reads every field and the goods lines; an XML has no page, so no Box and no QR code', async () => {
    const v = digital(11);
    const { data, remarks, notThisDocument } = await run(new Uint8Array(Buffer.from(einvoiceXml(v))));
    expect(notThisDocument).toBeUndefined();
    expect(data.Content).toEqual(expectedContent(v));
    expect(data.Items).toEqual(expectedItems(v));
    expect(Object.values(data.Box).every((b) => b.length === 0)).toBe(true);
    expect(data.QRCode).toBe('');
    expect(remarks).toEqual([]);
  });

  it('answers XML that is no invoice with empty fields and not-this-document', async () => {
    const { data, notThisDocument } = await run(new Uint8Array(Buffer.from('<?xml version="1.0"?><note><to>Tove</to></note>')));
    expect(notThisDocument).toMatch(/root element <note>.*not an invoice/);
    expect(Object.values(data.Content).every((x) => x === '')).toBe(true);
  });

  it('refuses malformed XML, naming the line', async () => {
    const err = await inputError(run(new Uint8Array(Buffer.from('<?xml version="1.0"?>\n<EInvoice>\n<Header>\n</EInvoice>'))));
    expect(err.message).toMatch(/not well-formed XML.*line/);
  });

  it('refuses entity expansion (billion laughs) without expanding anything', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE EInvoice [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY e${i} "${(i ? `&e${i - 1};` : '&a;').repeat(10)}">`).join('')}]><EInvoice><Header><EIid>&e7;</EIid></Header></EInvoice>`;
    const err = await inputError(run(new Uint8Array(Buffer.from(lol))));
    expect(err.message).toContain('document type');
  });
});

describe('OFD files that are not invoices, or are built to hurt', () => {
  it('answers a text OFD with empty fields and not-this-document', async () => {
    const ofd = buildOfd({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '你好呀，OFD Reader&Writer！' }] }] });
    const { data, notThisDocument } = await run(ofd);
    expect(notThisDocument).toMatch(/labels of a VAT invoice/);
    expect(data.Content.InvoiceNo).toBe('');
  });

  it('refuses a ZIP bomb by its declared size', async () => {
    const ofd = zipParts({ ...buildOfdParts({ pages: [{ texts: [] }] }), 'Doc_0/Pages/Page_0/Content.xml': zeros(ZIP_LIMITS.maxEntryBytes + 1) });
    expect((await inputError(run(ofd))).reason).toBe('too-large');
  });

  it('refuses a ZIP bomb whose header lies about its size', async () => {
    const honest = zipParts({ ...buildOfdParts({ pages: [{ texts: [] }] }), 'Doc_0/Pages/Page_0/Content.xml': zeros(30 * 1024 * 1024) });
    const err = await inputError(run(withDeclaredSize(honest, 'Doc_0/Pages/Page_0/Content.xml', 2000)));
    expect(err.reason).toBe('too-large');
    expect(err.message).toContain('more than its declared 2000 bytes');
  });

  it('refuses thousands of entries', async () => {
    const parts = buildOfdParts({ pages: [{ texts: [] }] });
    for (let i = 0; i < ZIP_LIMITS.maxEntries; i++) parts[`Doc_0/Res/f${i}.png`] = '';
    expect((await inputError(run(zipParts(parts, 0)))).reason).toBe('too-large');
  });

  it('reads an invoice whose attachments hold a ZIP bomb without opening it', async () => {
    const v = digital(12);
    const bomb = zipParts({ 'bomb.bin': zeros(20 * 1024 * 1024) }, 9);
    const parts = buildOfdParts({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '附件' }] }], attachments: [{ name: 'bomb', file: 'bomb.zip', content: '' }] });
    // not an invoice page, but no input error: the inner ZIP is never inflated
    expect((await run(zipParts({ ...parts, 'Doc_0/Attachs/bomb.zip': bomb }))).notThisDocument).toBeDefined();
    expect((await run(shudianOfd(v))).data.Content.InvoiceNo).toBe(v.number);
  });

  it('reads the page when an attachment is damaged, and says so', async () => {
    const v = electronic(14);
    const parts = buildOfdParts({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '附件' }] }], attachments: [{ name: 'original_invoice', file: 'original_invoice.xml', content: '<!DOCTYPE e [<!ENTITY a "a">]><eInvoice/>' }] });
    const { remarks } = await run(zipParts(parts));
    expect(remarks.join('; ')).toMatch(/original_invoice.xml .* the invoice was read without it/);
    expect((await run(oldStyleOfd(v, { attachment: true }))).data.Content.InvoiceNo).toBe(v.number);
  });

  it('ends a cycle of templates and says which part a missing reference names', async () => {
    const cyclic = buildOfd({ pages: [{ texts: [], templateId: 2 }], templates: { 2: { texts: [], templateId: 3 }, 3: { texts: [], templateId: 2 } } });
    expect((await run(cyclic)).notThisDocument).toMatch(/no text/);
    const missing = buildOfd({ pages: [{ texts: [] }], omit: ['Doc_0/Pages/Page_0/Content.xml'] });
    expect((await inputError(run(missing))).message).toContain('Doc_0/Pages/Page_0/Content.xml is missing');
  });

  it('refuses entity expansion inside an OFD part', async () => {
    const parts = buildOfdParts({ pages: [{ texts: [] }] });
    parts['Doc_0/Pages/Page_0/Content.xml'] = '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><ofd:Page xmlns:ofd="x">&b;</ofd:Page>';
    expect((await inputError(run(zipParts(parts)))).message).toContain('document type');
  });

  it('never fails on random bytes given as OFD or XML with anything but an input error (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.constantFrom('ofd' as const, 'xml' as const), async (bytes, format) => {
        await runExtractor('vat_invoice', { format, bytes }, {}).catch((err: unknown) => {
          if (!(err instanceof OcrInputError)) throw err;
        });
      }),
      { numRuns: 200 },
    );
  });

  it('never fails on a damaged OFD (bytes of a valid one changed at random) with anything but an input error (property)', async () => {
    const valid = shudianOfd(digital(13), { tags: true, customData: true });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), async (edits) => {
        const bytes = new Uint8Array(valid);
        for (const [at, value] of edits) bytes[at] = value;
        await runExtractor('vat_invoice', { format: 'ofd', bytes }, {}).catch((err: unknown) => {
          if (!(err instanceof OcrInputError)) throw err;
        });
      }),
      { numRuns: 150 },
    );
  });
});

const einvoiceDir = `${corpusDir}einvoice/`;
const hasEinvoice = hasCorpus && existsSync(`${einvoiceDir}manifest.json`);
if (!hasEinvoice) console.log(`[ocr tests] e-invoice corpus not found at ${einvoiceDir}: its golden tests are skipped`);

interface EinvoiceEntry {
  file: string;
  format: string;
  ground_truth: Record<string, string | boolean>;
}

/** The manifest's names (its sources') → Content fields; its ISO dates as the convention writes them. */
const TRUTH: Record<string, keyof Data['Content']> = {
  InvoiceType: 'InvoiceType', InvoiceCode: 'InvoiceCode', InvoiceNum: 'InvoiceNo', InvoiceDate: 'InvoiceDate', CheckCode: 'AntiFakeCode',
  PurchaserName: 'PayerName', PurchaserRegisterNum: 'PayerRegisterNo', SellerName: 'PayeeName', SellerRegisterNum: 'PayeeRegisterNo',
  TotalAmount: 'WithoutTaxAmount', TotalTax: 'TaxAmount', AmountInFiguers: 'InvoiceAmount', AmountInWords: 'SumAmount',
};
const conventional = (v: string) => v.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日');

describe.skipIf(!hasEinvoice)('the development e-invoices (../shared/corpus/einvoice)', () => {
  const entries: EinvoiceEntry[] = hasEinvoice ? JSON.parse(readFileSync(`${einvoiceDir}manifest.json`, 'utf8')) : [];
  for (const e of entries) {
    it(`reads ${e.file}`, async () => {
      const { data, notThisDocument } = await run(new Uint8Array(readFileSync(`${corpusDir}${e.file}`)));
      if (e.ground_truth.IsInvoice === false) {
        expect(notThisDocument).toBeDefined();
        return;
      }
      expect(notThisDocument).toBeUndefined();
      const expected = Object.fromEntries(Object.entries(TRUTH).filter(([k]) => k in e.ground_truth).map(([k, f]) => [f, conventional(String(e.ground_truth[k]))]));
      const got = Object.fromEntries(Object.keys(expected).map((f) => [f, data.Content[f as keyof Data['Content']]]));
      expect(got).toEqual(expected);
      if (typeof e.ground_truth.QRPayload === 'string') expect(data.QRCode).toBe(e.ground_truth.QRPayload);
      if (e.format !== 'xml' && !/铁路/.test(String(e.ground_truth.InvoiceType))) expect(data.Items.length).toBeGreaterThan(0);
    });
  }
});
