import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { decodeJbig2, planJbig2 } from '../../../src/ocr/ofd/jbig2';
import { vatInvoiceData } from '../../../src/protocol/points/2582-22';
import { shudianOfd } from '../../support/einvoice';
import { vatValues } from '../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../support/synth/text';
import { type Parts, zipParts } from '../../support/zip';
import { corpusDir, hasCorpus } from '../fixtures';

/*
 * The JBIG2 QR images of tax-control OFDs (MultiMedia Format="GBIG2") are decoded by pdf.js's
 * decoder, which runs synchronously and allocates what the segment headers declare. planJbig2
 * walks those headers (ITU T.88 §7.2) first and lets through only a small file of generic
 * regions on a QR-sized page; these files are written segment by segment to test each limit.
 */

const MAGIC = [0x97, 0x4a, 0x42, 0x32, 0x0d, 0x0a, 0x1a, 0x0a];
const PAGE_INFO = 48, IMMEDIATE_GENERIC = 38, END_OF_PAGE = 49, END_OF_STRIPE = 50, END_OF_FILE = 51, SYMBOL_DICTIONARY = 0, TEXT_REGION = 6;

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

interface Segment {
  type: number;
  data: number[];
  /** the data length written in the header (the real one unless a test lies) */
  length?: number;
}

const pageInfo = (width: number, height: number): Segment => ({ type: PAGE_INFO, data: [...u32(width), ...u32(height), ...u32(0), ...u32(0), 0, 0, 0] });
/** A generic region's segment info (T.88 §7.4.1) and flags; its coded data is not real. */
const region = (width: number, height: number): Segment => ({ type: IMMEDIATE_GENERIC, data: [...u32(width), ...u32(height), ...u32(0), ...u32(0), 0, 0, 3, 0xff, 0xfd, 0xff, 2, 0xfe, 0xfe, 0xfe, 0xfe, 0, 0, 0, 0] });
const bare = (type: number): Segment => ({ type, data: [] });

/** A JBIG2 file: sequential (header, data, header, data ...) or random-access (all headers, then all data). */
function jbig2(segments: Segment[], order: 'sequential' | 'random' = 'sequential'): Uint8Array {
  const header = (s: Segment, i: number) => [...u32(i), s.type, 0, 1, ...u32(s.length ?? s.data.length)];
  const body =
    order === 'sequential'
      ? segments.flatMap((s, i) => [...header(s, i), ...s.data])
      : [...segments.flatMap(header), ...segments.flatMap((s) => s.data)];
  return new Uint8Array([...MAGIC, order === 'sequential' ? 1 : 0, ...u32(1), ...body]);
}

const qrFile = (page = 100, regionSide = page) => jbig2([pageInfo(page, page), region(regionSide, regionSide), bare(END_OF_PAGE), bare(END_OF_FILE)]);

describe('planJbig2', () => {
  it('accepts a QR-sized page of generic regions, in either segment order, and says what it declares', () => {
    expect(planJbig2(qrFile())).toEqual({ width: 100, height: 100, regionPixels: 10_000 });
    const random = jbig2([pageInfo(120, 120), region(120, 120), bare(END_OF_PAGE), bare(END_OF_FILE)], 'random');
    expect(planJbig2(random)).toEqual({ width: 120, height: 120, regionPixels: 14_400 });
  });

  it('refuses a page past 2000 pixels a side: the decoder would allocate it', () => {
    expect(planJbig2(qrFile(2000))).not.toBeNull();
    expect(planJbig2(qrFile(2001))).toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 0xffffffff), region(10, 10)]))).toBeNull();
  });

  it('refuses regions declaring more than four times the page', () => {
    expect(planJbig2(jbig2([pageInfo(100, 100), region(200, 200)]))).not.toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 100), region(201, 200)]))).toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 100), region(100_000, 100_000)]))).toBeNull();
  });

  it('refuses what a QR image never holds: symbol dictionaries, text regions, a page without its size', () => {
    expect(planJbig2(jbig2([pageInfo(100, 100), { type: SYMBOL_DICTIONARY, data: [0, 0] }, region(100, 100)]))).toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 100), { type: TEXT_REGION, data: [0, 0] }]))).toBeNull();
    expect(planJbig2(jbig2([region(100, 100), bare(END_OF_FILE)]))).toBeNull();
  });

  it('refuses more than 64 segments and a segment of unknown length', () => {
    const stripes = Array.from({ length: 63 }, () => bare(END_OF_STRIPE));
    expect(planJbig2(jbig2([pageInfo(100, 100), ...stripes]))).not.toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 100), ...stripes, bare(END_OF_STRIPE)]))).toBeNull();
    expect(planJbig2(jbig2([pageInfo(100, 100), { ...region(100, 100), length: 0xffffffff }]))).toBeNull();
  });

  it('refuses a file over 256 KB, one without the magic, and headers cut short or pointing past the end', () => {
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(qrFile());
    expect(planJbig2(big)).toBeNull();
    expect(planJbig2(qrFile().subarray(1))).toBeNull();
    const whole = qrFile();
    for (const cut of [12, 20, 30]) expect(planJbig2(whole.subarray(0, cut)), `cut at ${cut}`).toBeNull();
    // the page information declares 5000 bytes, so the region's data would start past the end
    expect(planJbig2(jbig2([{ ...pageInfo(100, 100), length: 5000 }, region(100, 100)], 'random'))).toBeNull();
  });

  it('never throws on random bytes after the magic, and whatever it accepts stays inside the limits (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (tail, sequential) => {
        const bytes = new Uint8Array([...MAGIC, sequential ? 1 : 0, ...tail]);
        const plan = planJbig2(bytes);
        if (plan) {
          expect(plan.width).toBeLessThanOrEqual(2000);
          expect(plan.height).toBeLessThanOrEqual(2000);
          expect(plan.regionPixels).toBeLessThanOrEqual(4 * plan.width * plan.height);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('decodeJbig2', () => {
  it('answers a header the plan refuses with no image, without handing it to the decoder', async () => {
    // a 60000 × 60000 page: pdf.js would try to allocate 3.6 GB for it
    expect(await decodeJbig2(qrFile(60_000, 100))).toBeNull();
    expect(await decodeJbig2(jbig2([pageInfo(100, 100), region(100_000, 100_000)]))).toBeNull();
  });

  it('turns any coded data under an accepted header into the planned page or no image, never more (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.boolean(), async (coded, mmr) => {
        const r = region(100, 100);
        // region info (17 bytes), generic region flags (MMR or template 0), then the coded bytes
        const data = [...r.data.slice(0, 17), mmr ? 1 : 0, ...(mmr ? [] : r.data.slice(18, 26)), ...coded];
        const image = await decodeJbig2(jbig2([pageInfo(100, 100), { type: IMMEDIATE_GENERIC, data }, bare(END_OF_PAGE), bare(END_OF_FILE)]));
        if (image) expect([image.width, image.height, image.data.length]).toEqual([100, 100, 30_000]);
      }),
      { numRuns: 100 },
    );
  });

  it('an OFD whose QR image is a hostile JBIG2 is read without its QR code', async () => {
    const v = vatValues(seeded(301), 'digital');
    const parts = unzipSync(shudianOfd(v, { qr: new Uint8Array([0x89]), tags: true })) as Parts;
    const res = Buffer.from(parts['Doc_0/DocumentRes.xml'] as Uint8Array).toString().replace('Type="Image"', 'Type="Image" Format="GBIG2"');
    const bytes = zipParts({ ...parts, 'Doc_0/DocumentRes.xml': res, 'Doc_0/Res/qr.png': qrFile(60_000, 100) });
    const result = await runTask({ kind: 'vat_invoice', bytes, options: {} });
    const data = vatInvoiceData.parse(result.data);
    expect(data.Content.InvoiceNo).toBe(v.number);
    expect(data.QRCode).toBe('');
  });
});

const devOfd = `${corpusDir}einvoice/ofd_dev_01.ofd`;
describe.skipIf(!hasCorpus || !existsSync(devOfd))('the JBIG2 QR image of a development OFD', () => {
  const gbig2 = () => {
    const parts = unzipSync(new Uint8Array(readFileSync(devOfd)));
    const name = Object.keys(parts).find((n) => parts[n]![0] === 0x97 && parts[n]![1] === 0x4a)!;
    return new Uint8Array(parts[name]!);
  };

  it('passes the plan as the 100 × 100 page it is, and decodes', async () => {
    const bytes = gbig2();
    expect(planJbig2(bytes)).toMatchObject({ width: 100, height: 100 });
    expect(await decodeJbig2(bytes)).toMatchObject({ width: 100, height: 100 });
  });

  it('is refused once its page information is rewritten to a page too large to allocate', async () => {
    const bytes = gbig2();
    const plan = planJbig2(bytes)!;
    // the page information segment's width: the first 4 bytes that read as the planned width after the header
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 9;
    while (at + 8 <= bytes.length && !(view.getUint32(at) === plan.width && view.getUint32(at + 4) === plan.height)) at++;
    view.setUint32(at, 50_000);
    expect(planJbig2(bytes)).toBeNull();
    expect(await decodeJbig2(bytes)).toBeNull();
  });
});
