import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../../src/ocr/errors';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { flattenMixed } from '../../support/synth/documents/mixed-fields';
import { composeSheet, sheetPlan } from '../../support/synth/documents/mixed-sheet';
import { corpusFile, hasCorpus, hasFont } from '../fixtures';
import { expectSheet, readMixed as read } from './mixed/expect-sheet';

/*
 * 2582-25 on whole images: sheets of mixed documents built from each type's generator (turned,
 * touching, on a sheet, a desk or a cluttered desk), the corpus photo of eight taxi invoices and
 * bad input. Sheets of corpus photos and renders: mixed/sheets.test.ts; every single-document
 * corpus file against its own point: mixed/corpus-parity.test.ts.
 */

/** Real models on a 2-core machine shared with others: a sheet takes tens of seconds. */
const SLOW = 900_000;

describe.skipIf(!hasFont)('2582-25 on sheets of mixed documents', () => {
  const plans = sheetPlan(6, 1);
  it('a train ticket and a taxi receipt on a white sheet', async () => {
    await expectSheet(await composeSheet(plans[0]!));
  }, SLOW);

  it('a single document is a list of one with its own point\'s Data', async () => {
    const sheet = await composeSheet({ seed: 77, types: ['train_ticket'], background: 'desk', touching: false, turns: false });
    const { data } = await read(sheet.bytes);
    const own = await runTask({ kind: 'train_ticket', bytes: sheet.bytes, options: {} });
    expect(data.Documents.map((d) => d.Type)).toEqual(['train_ticket']);
    expect(data.Documents[0]!.Data).toEqual(own.data);
  }, SLOW);
});

describe.skipIf(!hasCorpus)('2582-25 on the corpus', () => {
  it('the 12 MP photo of eight taxi invoices: eight taxi documents and nothing else, the numbers read by eye among them', async () => {
    const { data } = await read(corpusFile('taxi_invoice/taxi_invoices_multi_photo_01.jpg'));
    const taxis = data.Documents.filter((d) => d.Type === 'taxi_invoice');
    expect(taxis).toHaveLength(8);
    expect(data.Documents.map((d) => d.Type), 'the eight receipts and nothing else').toEqual(taxis.map(() => 'taxi_invoice'));
    const numbers = taxis.map((d) => flattenMixed('taxi_invoice', d.Data).InvoiceNo);
    for (const no of ['21095475', '07219977', '15237650', '12199866']) expect(numbers).toContain(no);
  }, SLOW);
});

describe('2582-25 bad input', () => {
  it('says an empty page holds no document, and refuses bytes that are no image, a truncated one and a pixel bomb', async () => {
    const sharp = (await import('sharp')).default;
    const blank = new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).png().toBuffer());
    const r = await read(blank);
    expect(r.data.Documents).toEqual([]);
    expect(r.notThisDocument).toMatch(/no document/);
    const reason = async (bytes: Uint8Array) => {
      const err = await runTask({ kind: 'mixed', bytes, options: {} }).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(OcrInputError);
      return (err as OcrInputError).reason;
    };
    const bomb = Buffer.from(blank);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    expect(await reason(bomb)).toBe('too-many-pixels');
    expect(await reason(blank.subarray(0, 60))).toBe('corrupt');
  });
});
