import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { type TestServer, startServer } from '../fetch/server';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { type Auth, appKeyAuth, corpusFile, dataUrl, hasCorpus, hasFont, pollJob, recognise, textImage, truncatedJpeg, warmUp } from '../recognition/support';

describeRecognitionPoint({
  point: '2582-11',
  fields: { MinHeight: '0', OutputProbability: 'false' },
  required: ['MinHeight'],
  invalid: [{ MinHeight: '-1' }, { MinHeight: 'tall' }, { OutputProbability: 'yes' }],
});

/* Real models on real images, through HTTP like a client. */
describe.skipIf(!hasFont)('2582-11 general text', () => {
  let gw: TestGateway;
  let auth: Auth;
  let server: TestServer;
  let image: { bytes: Uint8Array; lines: string[] };
  const files = new Map<string, Uint8Array>();
  const read = (form: Record<string, string>) => recognise(gw.url, '2582-11', auth, { MinHeight: '0', ...form });

  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1', IMAGE_FETCH_ALLOW: '127.0.0.1' });
    auth = appKeyAuth((await gw.createApp()).appKey);
    image = await textImage();
    files.set('/receipt.png', image.bytes);
    if (hasCorpus) files.set('/single-line.jpg', corpusFile('general/rapidocr_single_line_cn.jpg'));
    server = await startServer((req, res) => {
      const bytes = files.get(req.url ?? '');
      res.statusCode = bytes ? 200 : 404;
      res.end(bytes ? Buffer.from(bytes) : undefined);
    });
    await warmUp(gw.url, auth);
  });
  afterAll(async () => {
    await gw?.stop();
    await server?.close();
  });

  it('reads the lines of a data: URL in reading order; RequestId is the gateway_res_id', async () => {
    const r = await read({ ImageURL: dataUrl(image.bytes) });
    expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
    expect(r.body).toMatchObject({ ret_code: 0, remark: '', RequestId: r.json.gateway_res_id });
    expect(r.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(image.lines);
    for (const line of r.body.Data.Results) {
      expect(line).not.toHaveProperty('Probability');
      expect(line.TextRectangles).toEqual({ Left: expect.any(Number), Top: expect.any(Number), Width: expect.any(Number), Height: expect.any(Number), Angle: expect.any(Number) });
    }
  });

  it('gives Probability with OutputProbability=true and drops lines shorter than MinHeight', async () => {
    const all = (await read({ ImageURL: dataUrl(image.bytes), OutputProbability: 'true' })).body.Data.Results;
    for (const line of all) expect(line.Probability).toBeGreaterThan(0.5);
    const tallest = Math.max(...all.map((l: { TextRectangles: { Height: number } }) => l.TextRectangles.Height));
    // Height is rounded; MinHeight compares the unrounded height, hence the pixel of slack
    const tall = (await read({ ImageURL: dataUrl(image.bytes), MinHeight: String(tallest - 1) })).body.Data.Results;
    expect(tall.length).toBeGreaterThan(0);
    expect(tall.length).toBeLessThan(all.length);
    for (const line of tall) expect(line.TextRectangles.Height).toBeGreaterThanOrEqual(tallest - 1);
  });

  it('fetches from a host IMAGE_FETCH_ALLOW names', async () => {
    const r = await read({ ImageURL: `${server.origin}/receipt.png` });
    expect(r.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(image.lines);
    const missing = await read({ ImageURL: `${server.origin}/nothing.png` });
    expect(missing.json.gateway_res_code).toBe(-1102);
  });

  it.skipIf(!hasCorpus)('reads a corpus photo', async () => {
    const r = await read({ ImageURL: `${server.origin}/single-line.jpg` });
    expect(r.body.Data.Results.map((l: { Text: string }) => l.Text)).toEqual(['在中国作家协会第三届儿童文学']);
  });

  it('Async=true: the RequestId read through 2582-16 gives the synchronous Data as Result', async () => {
    const form = { ImageURL: dataUrl(image.bytes), OutputProbability: 'true' };
    const sync = await read(form);
    const queued = await read({ ...form, Async: 'true' });
    expect(queued.body).toEqual({ ret_code: 0, remark: '', RequestId: queued.json.gateway_res_id });
    const job = await pollJob(gw.url, auth, queued.body.RequestId);
    expect(job).toMatchObject({ ret_code: 0, remark: '', Data: { Status: 'PROCESS_SUCCESS', JobId: queued.body.RequestId } });
    expect(job.Data.Result).toBe(JSON.stringify(sync.body.Data));
  });

  it('a corrupt image: -1102 at once when synchronous, PROCESS_FAILED with the reason when queued', async () => {
    const ImageURL = dataUrl(await truncatedJpeg(), 'image/jpeg');
    const sync = await read({ ImageURL });
    expect(sync.json.gateway_res_code).toBe(-1102);
    expect(sync.json.gateway_res_error).toMatch(/could not be decoded/);
    const queued = await read({ ImageURL, Async: 'true' });
    const job = await pollJob(gw.url, auth, queued.body.RequestId);
    expect(job.Data.Status).toBe('PROCESS_FAILED');
    expect(job.Data.Result).toBe(sync.json.gateway_res_error);
  });
});
