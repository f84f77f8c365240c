import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocumentKind } from '../../../src/ocr/documents/index';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { buildOfd } from '../../support/ofd';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { type Auth, appKeyAuth, blankPng, corpusFile, dataUrl, hasCorpus, hasEinvoiceCorpus, pdfBytes, recognise, useWarmGateway } from '../recognition/support';

describeRecognitionPoint({
  point: '2582-22',
  urlField: 'FileURL',
  fields: { FileType: 'png' },
  required: ['FileType'],
  invalid: [{ FileType: 'doc' }],
  files: ['pdf', 'ofd', 'xml'],
});

/*
 * FileType only has to agree with the bytes on the family: PDF, OFD, XML or image (DESIGN.md §5). The check is
 * part of the intake, so a gateway without workers shows it: input that passes gets -6 (no
 * workers here), input that does not gets -1102.
 */
describe('2582-22 FileType against the bytes', () => {
  let gw: TestGateway;
  let auth: Auth;
  let png: string;
  const pdf = dataUrl(pdfBytes, 'application/pdf');
  const ofd = dataUrl(buildOfd({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '发票号码：12345678' }] }] }), 'application/ofd');
  const xml = dataUrl(new Uint8Array(Buffer.from('<?xml version="1.0"?><EInvoice><Header/></EInvoice>')), 'text/xml');
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

  it('refuses an OFD renamed .pdf, a PDF renamed .ofd and an XML sent as an OFD with -1102', async () => {
    for (const [url, type, said] of [
      [ofd, 'pdf', 'FileType is pdf but the file is an OFD'],
      [pdf, 'ofd', 'FileType is ofd but the file is a PDF'],
      [xml, 'ofd', 'FileType is ofd but the file is an invoice XML'],
      [ofd, 'png', 'FileType is png but the file is an OFD'],
    ] as const) {
      const r = await send(url, type);
      expect(r.json.gateway_res_code, type).toBe(-1102);
      expect(r.json.gateway_res_error).toContain(said);
    }
  });

  it('takes a PDF as pdf (any case), an OFD as ofd, an XML as xml and an image under any image FileType', async () => {
    for (const [url, type] of [
      [pdf, 'PDF'],
      [pdf, 'pdf'],
      [ofd, 'ofd'],
      [ofd, 'OFD'],
      [xml, 'xml'],
      [png, 'gif'],
      [png, 'bmp'],
    ] as const) {
      const r = await send(url, type);
      expect(r.json.gateway_res_code, `${type}: ${r.json.gateway_res_error}`).toBe(-6);
    }
  });
});

/* The wiring end to end: a real PDF, image, OFD and XML through the point. */
describe.skipIf(!hasCorpus || !isDocumentKind('vat_invoice'))('2582-22 reads a PDF, an image, an OFD and an XML', () => {
  const gateway = useWarmGateway();

  const cases: [string, string, string, string][] = [
    ['vat_invoice/vat_electronic_pdf_01.pdf', 'pdf', 'application/pdf', '32321709'],
    ['vat_invoice/vat_electronic_image_01.png', 'png', 'image/png', '33207675'],
  ];
  if (hasEinvoiceCorpus) {
    cases.push(['einvoice/ofd_dev_05.ofd', 'ofd', 'application/ofd', '24412000000243455703'], ['einvoice/xml_dev_01.xml', 'xml', 'text/xml', '26322000004478296111']);
  }
  it.each(cases)('%s', async (name, FileType, mime, invoiceNo) => {
    const data = (await gateway.read('2582-22', { FileURL: dataUrl(corpusFile(name), mime), FileType })) as { Content: { InvoiceNo: string } };
    expect(data.Content.InvoiceNo).toBe(invoiceNo);
  });
});
