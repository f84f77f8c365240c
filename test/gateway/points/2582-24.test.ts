import { describe, expect, it } from 'vitest';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { corpusFile, dataUrl, hasEinvoiceCorpus, useWarmGateway } from '../recognition/support';

describeRecognitionPoint({ point: '2582-24', files: ['pdf', 'ofd'] });

/* A railway e-ticket's OFD through the point: the ticket's fields and its invoice number. */
describe.skipIf(!hasEinvoiceCorpus)('2582-24 reads a railway e-ticket OFD', () => {
  const gateway = useWarmGateway();

  it('einvoice/ofd_dev_11.ofd', async () => {
    const data = (await gateway.read('2582-24', { ImageURL: dataUrl(corpusFile('einvoice/ofd_dev_11.ofd'), 'application/ofd') })) as Record<string, string>;
    expect([data.Number, data.DepartureStation, data.Destination, data.InvoiceNum]).toEqual(['G7101', '南京', '上海虹桥', '22119130671000000049']);
  });
});
