import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OcrInputError } from '../../../src/ocr/errors';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { vatInvoiceData } from '../../../src/protocol/points/2582-22';
import { trainTicketData } from '../../../src/protocol/points/2582-24';
import { shudianOfd } from '../../support/einvoice';
import { type ETicketValues, eticketOfd, eticketPdf, eticketValues, expectedETicket } from '../../support/eticket';
import { vatValues } from '../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../support/synth/text';
import { corpusDir, hasCorpus, hasFont } from '../fixtures';

/*
 * The railway e-ticket (电子发票（铁路电子客票）) from its files: 2582-24 reads the journey and the
 * invoice number and date, 2582-22 reads it as an invoice (buyer, amounts, no seller). OFDs with
 * the railway's XBRL record and without it, PDFs with a text layer; generated tickets, and the
 * two specimens of the development set when ../shared is there.
 */

const ticket = async (bytes: Uint8Array) => {
  const r = await runTask({ kind: 'train_ticket', bytes, options: {} });
  return { ...r, data: trainTicketData.strict().parse(r.data) };
};
const invoice = async (bytes: Uint8Array) => {
  const r = await runTask({ kind: 'vat_invoice', bytes, options: {} });
  return { ...r, data: vatInvoiceData.strict().parse(r.data) };
};

const asInvoice = (v: ETicketValues) => ({
  InvoiceType: '电子发票（铁路电子客票）',
  InvoiceNo: v.invoiceNo,
  InvoiceDate: v.issueDate.replace(/(\d{4})-(\d{2})-(\d{2})/, '$1年$2月$3日'),
  PayerName: v.buyer,
  PayerRegisterNo: v.buyerId,
  WithoutTaxAmount: v.withoutTax,
  TaxAmount: v.tax,
  InvoiceAmount: v.fare,
});

describe('2582-24 from e-ticket files', () => {
  it.each([71, 72, 73, 74])('reads an OFD e-ticket by its page alone, and with its XBRL record (seed %i)', async (seed) => {
    const v = eticketValues(seed);
    for (const xbrl of [false, true]) {
      const { data, notThisDocument } = await ticket(eticketOfd(v, { xbrl }));
      expect(notThisDocument).toBeUndefined();
      expect(data, `xbrl ${xbrl}`).toEqual(expectedETicket(v));
    }
  });

  it.skipIf(!hasFont).each([75, 76, 77])('reads a PDF e-ticket from its text layer (seed %i)', async (seed) => {
    const v = eticketValues(seed);
    const { data } = await ticket(eticketPdf(v));
    expect(data).toEqual(expectedETicket(v));
  });

  it('answers an OFD that is no ticket with not-this-document', async () => {
    const { notThisDocument } = await ticket(shudianOfd(vatValues(seeded(78), 'digital')));
    expect(notThisDocument).toMatch(/not a train ticket/);
  });

  it('refuses an invoice XML: 2582-24 reads PDF and OFD files', async () => {
    const err = await ticket(new Uint8Array(Buffer.from('<?xml version="1.0"?><EInvoice/>'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OcrInputError);
    expect((err as OcrInputError).message).toMatch(/XML file was given where an image or a PDF file or a OFD file is expected/);
  });
});

describe('2582-22 reads the e-ticket as an invoice', () => {
  it.each([81, 82])('from its OFD (seed %i)', async (seed) => {
    const v = eticketValues(seed);
    const { data, remarks } = await invoice(eticketOfd(v, { xbrl: seed % 2 === 0 }));
    expect(data.Content).toMatchObject(asInvoice(v));
    expect([data.Content.PayeeName, data.Content.InvoiceCode, data.Content.SumAmount]).toEqual(['', '', '']);
    expect(data.Items).toEqual([]);
    expect(remarks).toEqual([]);
  });

  it.skipIf(!hasFont)('from its PDF', async () => {
    const v = eticketValues(83);
    expect((await invoice(eticketPdf(v))).data.Content).toMatchObject(asInvoice(v));
  });
});

const specimens = `${corpusDir}einvoice/`;
describe.skipIf(!hasCorpus || !existsSync(`${specimens}manifest.json`))('the railway specimens of the development set', () => {
  it.each([
    ['ofd_dev_11.ofd', { Number: 'G7101', DepartureStation: '南京', Destination: '上海虹桥', Date: '2022年03月01日06:23', Seat: '01车05C号', Level: '新空调软卧', Price: 181, Name: '梁某某', InvoiceNum: '22119130671000000049', InvoiceDate: '2022年03月17日' }],
    ['ofd_dev_12.ofd', { Number: 'D1021', DepartureStation: '南京', Destination: '上海虹桥', Date: '2022年01月20日06:23', Seat: '03车01F号', Level: '一等座', Price: 48, Name: '梁某某', InvoiceNum: '22119230671000000012', InvoiceDate: '2022年03月17日' }],
  ])('%s', async (file, expected) => {
    expect((await ticket(new Uint8Array(readFileSync(`${specimens}${file}`)))).data).toEqual(expected);
  });
});
