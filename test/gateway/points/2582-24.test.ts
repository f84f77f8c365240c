import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { type Auth, appKeyAuth, corpusFile, dataUrl, hasEinvoiceCorpus, pollJob, recognise, warmUp } from '../recognition/support';

describeRecognitionPoint({ point: '2582-24', files: ['pdf', 'ofd'] });

/* A railway e-ticket's OFD through the point: the ticket's fields and its invoice number. */
describe.skipIf(!hasEinvoiceCorpus)('2582-24 reads a railway e-ticket OFD', () => {
  let gw: TestGateway;
  let auth: Auth;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
    auth = appKeyAuth((await gw.createApp()).appKey);
    await warmUp(gw.url, auth);
  });
  afterAll(() => gw?.stop());

  it('einvoice/ofd_dev_11.ofd', async () => {
    const queued = await recognise(gw.url, '2582-24', auth, { ImageURL: dataUrl(corpusFile('einvoice/ofd_dev_11.ofd'), 'application/ofd'), Async: 'true' });
    expect(queued.json.gateway_res_code, JSON.stringify(queued.json)).toBe(0);
    const job = await pollJob(gw.url, auth, queued.body.RequestId);
    expect(job.Data.Status, job.Data.Result).toBe('PROCESS_SUCCESS');
    const data = JSON.parse(job.Data.Result);
    expect([data.Number, data.DepartureStation, data.Destination, data.InvoiceNum]).toEqual(['G7101', '南京', '上海虹桥', '22119130671000000049']);
  });
});
