import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocumentKind } from '../../../src/ocr/documents/index';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { type Auth, appKeyAuth, blankPng, corpusFile, dataUrl, hasCorpus, pdfBytes, pollJob, recognise, warmUp } from '../recognition/support';

describeRecognitionPoint({
  point: '2582-22',
  urlField: 'FileURL',
  fields: { FileType: 'png' },
  required: ['FileType'],
  invalid: [{ FileType: 'doc' }],
});

/*
 * FileType only has to agree with the bytes on PDF versus image (DESIGN.md §5). The check is
 * part of the intake, so a gateway without workers shows it: input that passes gets -6 (no
 * workers here), input that does not gets -1102.
 */
describe('2582-22 FileType against the bytes', () => {
  let gw: TestGateway;
  let auth: Auth;
  let png: string;
  const pdf = dataUrl(pdfBytes, 'application/pdf');
  const send = (FileURL: string, FileType: string) => recognise(gw.url, '2582-22', auth, { FileURL, FileType });

  beforeAll(async () => {
    gw = await startTestGateway();
    auth = appKeyAuth((await gw.createApp()).appKey);
    png = dataUrl(await blankPng());
  });
  afterAll(() => gw?.stop());

  it('refuses FileType=pdf for an image and an image FileType for a PDF with -1102', async () => {
    const a = await send(png, 'pdf');
    expect(a.json.gateway_res_code).toBe(-1102);
    expect(a.json.gateway_res_error).toContain('FileType is pdf but the file is a PNG image');
    const b = await send(pdf, 'jpg');
    expect(b.json.gateway_res_code).toBe(-1102);
    expect(b.json.gateway_res_error).toContain('FileType is jpg but the file is a PDF');
  });

  it('takes a PDF as pdf (any case) and an image under any image FileType', async () => {
    for (const [url, type] of [
      [pdf, 'PDF'],
      [pdf, 'pdf'],
      [png, 'gif'],
      [png, 'bmp'],
    ] as const) {
      const r = await send(url, type);
      expect(r.json.gateway_res_code, `${type}: ${r.json.gateway_res_error}`).toBe(-6);
    }
  });
});

/* The wiring end to end: a real PDF and a real image through the point. */
describe.skipIf(!hasCorpus || !isDocumentKind('vat_invoice'))('2582-22 reads a PDF and an image', () => {
  let gw: TestGateway;
  let auth: Auth;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
    auth = appKeyAuth((await gw.createApp()).appKey);
    await warmUp(gw.url, auth);
  });
  afterAll(() => gw?.stop());

  it.each([
    ['vat_invoice/vat_electronic_pdf_01.pdf', 'pdf', 'application/pdf', '32321709'],
    ['vat_invoice/vat_electronic_image_01.png', 'png', 'image/png', '33207675'],
  ])('%s', async (name, FileType, mime, invoiceNo) => {
    // Async: the engine's time on a loaded machine is not what this test is about
    const queued = await recognise(gw.url, '2582-22', auth, { FileURL: dataUrl(corpusFile(name), mime), FileType, Async: 'true' });
    expect(queued.json.gateway_res_code, JSON.stringify(queued.json)).toBe(0);
    const job = await pollJob(gw.url, auth, queued.body.RequestId);
    expect(job.Data.Status, job.Data.Result).toBe('PROCESS_SUCCESS');
    expect(JSON.parse(job.Data.Result).Content.InvoiceNo).toBe(invoiceNo);
  });
});
