import { describe, expect, it } from 'vitest';
import { eticketOfd, eticketPdf, eticketValues, expectedETicket } from '../../support/eticket';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { corpusFile, dataUrl, hasEinvoiceCorpus, hasFont, useWarmGateway } from '../recognition/support';

describeRecognitionPoint({ point: '2582-24', files: ['pdf', 'ofd'] });

/*
 * Railway e-tickets (电子发票（铁路电子客票）) from their files through the point (issue 16): a
 * generated OFD (page text, and with the railway's XBRL record) and PDF (text layer), and the
 * development set's OFD specimen when ../shared is there.
 */
describe('2582-24 reads a railway e-ticket from its OFD and its PDF', () => {
  const gateway = useWarmGateway();
  const read = async (bytes: Uint8Array, mime: string) => (await gateway.read('2582-24', { ImageURL: dataUrl(bytes, mime) })) as Record<string, string | number>;

  it('a generated OFD, by its page and with its XBRL record', async () => {
    const v = eticketValues(91);
    expect(await read(eticketOfd(v), 'application/ofd')).toEqual(expectedETicket(v));
    expect(await read(eticketOfd(v, { xbrl: true }), 'application/ofd')).toEqual(expectedETicket(v));
  });

  it.skipIf(!hasFont)('a generated PDF with a text layer', async () => {
    const v = eticketValues(92);
    expect(await read(eticketPdf(v), 'application/pdf')).toEqual(expectedETicket(v));
  });

  it.skipIf(!hasEinvoiceCorpus)('einvoice/ofd_dev_11.ofd', async () => {
    const data = await read(corpusFile('einvoice/ofd_dev_11.ofd'), 'application/ofd');
    expect([data.Number, data.DepartureStation, data.Destination, data.InvoiceNum]).toEqual(['G7101', '南京', '上海虹桥', '22119130671000000049']);
  });
});
