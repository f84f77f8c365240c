import { describe, it } from 'vitest';
import { corpusPiece, corpusRoot, hasMixedCorpus } from '../../../support/mixed-corpus';
import { composeSheet, renderPiece } from '../../../support/synth/documents/mixed-sheet';
import { hasFont } from '../../fixtures';
import { expectEveryDocument, expectSheet } from './expect-sheet';

/*
 * 2582-25 on composite sheets as reimbursement staff photograph them: corpus photos (taxi
 * receipts, train tickets, a VAT invoice, a driver licence, a VIN plate) and rendered documents,
 * 2 to 8 to a sheet, turned a quarter either way, upside down or tilted a few degrees, apart,
 * touching or laid over each other's edges, on a white sheet, a desk and a cluttered desk. Each
 * sheet: every document found, of its type, with its key fields (the corpus ground truth, or what
 * the renderer printed) (expect-sheet.ts).
 */

/** Real models on a 2-core machine shared with others: a sheet of eight takes minutes. */
const SLOW = 900_000;

if (!hasMixedCorpus) console.log(`[2582-25 sheets] corpus not found at ${corpusRoot}: the sheets of corpus photos are skipped`);

describe.skipIf(!hasFont || !hasMixedCorpus)('2582-25 on sheets of corpus photos and rendered documents', () => {
  it('photos and renders touching on a desk: a taxi receipt turned left, a VAT invoice, a train ticket upside down, a VIN photo tilted', async () => {
    const sheet = await composeSheet({
      seed: 2502,
      types: [corpusPiece('taxi_invoice/taxi_invoice_02.jpg', 0.7), 'vat_invoice', 'train_ticket', corpusPiece('vin/vin_engraved_01.jpg', 0.5)],
      background: 'desk',
      touching: true,
      turns: true,
      angles: [-90, 2, 180, 4],
    });
    await expectSheet(sheet);
  }, SLOW);

  it('two documents over each other\'s edge: a note tilted and a taxi receipt upside down', async () => {
    const sheet = await composeSheet({
      seed: 2504,
      types: ['general', corpusPiece('taxi_invoice/taxi_invoice_04.jpg', 0.7)],
      background: 'desk',
      touching: false,
      overlap: true,
      turns: true,
      angles: [5, 180],
    });
    await expectSheet(sheet);
  }, SLOW);

  it('a white sheet of four photos: a taxi receipt, a train ticket upside down, an electronic VAT invoice a quarter turn (small print on a large sheet), a driver licence tilted', async () => {
    const sheet = await composeSheet({
      seed: 2501,
      types: [
        corpusPiece('taxi_invoice/taxi_invoice_01.jpg', 0.7),
        corpusPiece('train_ticket/train_ticket_01.jpg', 0.8),
        corpusPiece('vat_invoice/vat_electronic_image_01.png'),
        corpusPiece('driver_license/driver_license_sample_01.jpg', 0.8),
      ],
      background: 'sheet',
      touching: false,
      turns: true,
      angles: [0, 180, 90, -3],
    });
    await expectSheet(sheet);
  }, SLOW);

  it('eight over each other\'s edges on a cluttered desk: six renders of every type and two photos, turned every way', async () => {
    const sheet = await composeSheet({
      seed: 2503,
      types: [
        'train_ticket', 'taxi_invoice', 'vat_invoice', 'driver_license', 'vehicle_license', 'general',
        corpusPiece('taxi_invoice/taxi_invoice_03.jpg', 0.7),
        corpusPiece('train_ticket/train_ticket_02.jpg', 0.8),
      ],
      background: 'clutter',
      touching: false,
      overlap: true,
      turns: true,
      angles: [0, 90, 180, -2, 3, -90, 180, 1.5],
    });
    // every document, not only these: the ticket photo's 7788.com watermark, printed beside the
    // ticket, and its last line, cut off below its QR code, come back as text of their own
    await expectEveryDocument(sheet);
  }, SLOW);
});

describe.skipIf(!hasFont)('2582-25 on sheets with a ruled table', () => {
  // each table's structure and header row (mixed-fields.ts tableFields), as its renderer drew them
  it('a ruled table tilted beside a taxi receipt, a VAT invoice below: the table one region, the invoice\'s ruled grid part of the invoice', async () => {
    const sheet = await composeSheet({ seed: 2510, types: ['table', 'taxi_invoice', 'vat_invoice'], background: 'sheet', touching: false, turns: false, angles: [2, 0, -3] });
    await expectSheet(sheet);
  }, SLOW);

  it('a ruled table turned a quarter, touching a train ticket on a white sheet', async () => {
    const sheet = await composeSheet({ seed: 2511, types: ['train_ticket', 'table'], background: 'sheet', touching: true, turns: true, angles: [0, 90] });
    await expectSheet(sheet);
  }, SLOW);
});

describe.skipIf(!hasFont)('2582-25 on sheets of two documents of one type touching', () => {
  // two rendered train tickets (a G and a Z train), one colour of paper, 4 px apart: nothing but
  // their print tells where one ends; each must come back alone with its own fields, not the
  // other's (bench seed 30: one region held a ticket and half the next, and read the next's)
  const tickets = () => Promise.all([renderPiece('train_ticket', 300050), renderPiece('train_ticket', 300052)]);

  it('issue 18: two tickets upside down, one above the other, on a cluttered desk', async () => {
    const sheet = await composeSheet({ seed: 2520, types: await tickets(), background: 'clutter', touching: true, turns: true, angles: [183.1, 177.4] });
    await expectSheet(sheet);
  }, SLOW);

  it('issue 18: two tickets upright, one above the other, on a cluttered desk', async () => {
    const sheet = await composeSheet({ seed: 2524, types: (await tickets()).reverse(), background: 'clutter', touching: true, turns: true, angles: [-2.6, 3.1] });
    await expectSheet(sheet);
  }, SLOW);

  it('issue 18: two tickets turned a quarter, side by side, on a cluttered desk', async () => {
    const sheet = await composeSheet({ seed: 2526, types: await tickets(), background: 'clutter', touching: true, turns: true, angles: [93, 87] });
    await expectSheet(sheet);
  }, SLOW);
});
