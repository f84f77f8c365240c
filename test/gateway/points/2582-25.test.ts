import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixedData } from '../../../src/protocol/points/2582-25';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { corpusFile, dataUrl, hasCorpus, useWarmGateway } from '../recognition/support';

describeRecognitionPoint({ point: '2582-25', files: ['pdf', 'ofd'], maxBytes: 10 * 1024 * 1024 });

/* One document through 2582-25: a list of one, typed, with the Data its own point gives. */
describe.skipIf(!hasCorpus)('2582-25 reads a single document as a list of one', () => {
  const gateway = useWarmGateway();

  it('a train ticket photo: its type, its point and the same Data as 2582-24', async () => {
    const image = dataUrl(corpusFile('train_ticket/train_ticket_01.jpg'), 'image/jpeg');
    const mixed = mixedData.parse(await gateway.read('2582-25', { ImageURL: image }));
    const own = await gateway.read('2582-24', { ImageURL: image });
    expect(mixed.Documents.map((d) => [d.Type, d.Point])).toEqual([['train_ticket', '2582-24']]);
    expect(mixed.Documents[0]!.Data).toEqual(own);
    expect(mixed.Documents[0]!.Confidence).toBeGreaterThan(0.5);
  });
});

/* A sub-authorization token reaches 2582-25 with 2582-25 or 2582-* in its list, not with another point's. */
describe('2582-25 token permission', () => {
  let gw: TestGateway;
  let appid: number;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '0' });
    appid = (await gw.createApp()).appid;
  });
  afterAll(() => gw?.stop());

  it('is allowed by 2582-25 and 2582-*, refused (-1014) by a list without it', async () => {
    // the field check comes after authorization: -1100 (ImageURL missing) means the token got through
    for (const [permissions, code] of [[['2582-25'], -1100], [['2582-*'], -1100], [['2582-24', '2582-11'], -1014]] as const) {
      const token = await gw.createToken(appid, { permissions: [...permissions] });
      const r = await call(gw.url, '2582-25', { form: { ds_id: 'local' }, headers: { 'gateway-access-token': token } });
      expect(r.json.gateway_res_code, permissions.join(',')).toBe(code);
    }
  });
});
