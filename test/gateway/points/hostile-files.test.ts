import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZIP_LIMITS } from '../../../src/ocr/ofd/zip';
import { XML_LIMITS } from '../../../src/ocr/xml/parse';
import { codeName } from '../../../src/protocol/codes';
import { shudianOfd } from '../../support/einvoice';
import { eticketOfd, eticketValues } from '../../support/eticket';
import { buildOfd, buildOfdParts } from '../../support/ofd';
import { qrPng } from '../../support/qr';
import { vatValues } from '../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../support/synth/text';
import { type Parts, withDeclaredSize, zeros, zipParts } from '../../support/zip';
import { dataUrl, pdfBytes, useWarmGateway } from '../recognition/support';

/*
 * Issue 16's bad input through HTTP, as a client sends it: ZIP bombs (a huge declared size, a
 * header that lies, thousands of entries, a ZIP inside the ZIP), OFDs with missing or cyclic
 * references, XML with a document type (billion laughs, external entities), malformed XML, files
 * that are no invoice, a QR code that does not parse, an OFD renamed .pdf. Each must end in a
 * clear envelope code (-1101 too large, -1102 unreadable) or ret_code -2 with a remark, inside the
 * 5 s of a synchronous call (-3 otherwise), and the gateway must go on serving: a real invoice is
 * read and /healthz answers after all of them. The engine's side of each case is in
 * test/ocr/documents/vat_invoice_files.test.ts and test/ocr/ofd/.
 */

const MiB = 1024 * 1024;
const ofdUrl = (bytes: Uint8Array, mime = 'application/ofd') => dataUrl(bytes, mime);
const xmlUrl = (text: string) => dataUrl(new Uint8Array(Buffer.from(text)), 'text/xml');

/** A valid OFD's parts with `extra` added (or replaced): a real invoice carrying something hostile. */
function withParts(ofd: Uint8Array, extra: Parts): Uint8Array {
  return zipParts({ ...(unzipSync(ofd) as Parts), ...extra });
}

const billionLaughs = `<?xml version="1.0"?><!DOCTYPE EInvoice [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY e${i} "${(i ? `&e${i - 1};` : '&a;').repeat(10)}">`).join('')}]><EInvoice><Header><EIid>&e8;</EIid></Header></EInvoice>`;

const gateway = useWarmGateway();

async function send(point: '2582-22' | '2582-24', url: string, fileType?: string) {
  return gateway.send(point, point === '2582-22' ? { FileURL: url, FileType: fileType ?? 'ofd' } : { ImageURL: url });
}

/** The envelope refuses the input with `code`, saying `said`, and carries no body. */
async function refused(point: '2582-22' | '2582-24', url: string, code: -1101 | -1102, said: RegExp, fileType?: string) {
  const r = await send(point, url, fileType);
  expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(code);
  expect(r.status).toBe(code === -1101 ? 413 : 400);
  expect(r.json.gateway_res_error).toMatch(said);
  expect(r.json.gateway_res_error).not.toMatch(/\n\s+at /); // a message, never a stack trace
  return r;
}

/** The call succeeds with an answer of its own: ret_code and remark as given. */
async function answered(point: '2582-22' | '2582-24', url: string, fileType?: string) {
  const r = await send(point, url, fileType);
  expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
  return r.body as { ret_code: number; remark: string; Data: Record<string, unknown> & { Content?: Record<string, string>; QRCode?: string } };
}

describe('ZIP bombs given as an OFD', () => {
  it('a part that declares more than 16 MiB unpacked: -1101 before inflating it', async () => {
    const bomb = zipParts({ ...buildOfdParts({ pages: [{ texts: [] }] }), 'Doc_0/Pages/Page_0/Content.xml': zeros(ZIP_LIMITS.maxEntryBytes + 1) }, 9);
    expect(bomb.length).toBeLessThan(MiB); // a small file, a large promise
    await refused('2582-22', ofdUrl(bomb), -1101, /unpacks to 16777217 bytes; at most 16777216 are read/);
    await refused('2582-24', ofdUrl(bomb), -1101, /unpacks to 16777217 bytes/);
  });

  it('a part whose header declares 2000 bytes and unpacks to 30 MiB: -1101, the inflating stops at the lie', async () => {
    const honest = zipParts({ ...buildOfdParts({ pages: [{ texts: [] }] }), 'Doc_0/Pages/Page_0/Content.xml': zeros(30 * MiB) }, 9);
    const lying = withDeclaredSize(honest, 'Doc_0/Pages/Page_0/Content.xml', 2000);
    await refused('2582-22', ofdUrl(lying), -1101, /unpacks to more than its declared 2000 bytes/);
    await refused('2582-24', ofdUrl(lying), -1101, /more than its declared 2000 bytes/);
  });

  it(`more than ${ZIP_LIMITS.maxEntries} entries: -1101 from the end record, before any entry is read`, async () => {
    const parts = buildOfdParts({ pages: [{ texts: [] }] });
    for (let i = 0; i < 3000; i++) parts[`Doc_0/Res/f${i}.png`] = '';
    await refused('2582-22', ofdUrl(zipParts(parts, 0)), -1101, /holds 30\d\d entries; at most 1000 are read/);
  });

  it('a ZIP inside the ZIP is never opened: the invoice around it is read', async () => {
    const v = vatValues(seeded(201), 'digital');
    const inner = zipParts({ 'bomb.bin': zeros(40 * MiB) }, 9);
    const body = await answered('2582-22', ofdUrl(withParts(shudianOfd(v), { 'Doc_0/Attachs/bomb.zip': inner, 'Doc_0/bomb.ofd': inner })));
    expect(body.ret_code).toBe(0);
    expect(body.Data.Content!.InvoiceNo).toBe(v.number);
  });

  it('a ZIP inside the ZIP named as the invoice XML attachment: the page is read and the remark says the attachment could not be', async () => {
    const inner = zipParts({ 'original_invoice.xml': zeros(40 * MiB) }, 9);
    const parts = buildOfdParts({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '附件' }] }], attachments: [{ name: 'original_invoice', file: 'original_invoice.xml', content: '' }] });
    const body = await answered('2582-22', ofdUrl(zipParts({ ...parts, 'Doc_0/Attachs/original_invoice.xml': inner })));
    expect(body.ret_code).toBe(-2);
    expect(body.remark).toMatch(/original_invoice\.xml/);
  });
});

describe('OFDs with missing or cyclic references', () => {
  it('a page that is named but missing: -1102 naming the part', async () => {
    const missing = buildOfd({ pages: [{ texts: [] }], omit: ['Doc_0/Pages/Page_0/Content.xml'] });
    await refused('2582-22', ofdUrl(missing), -1102, /the OFD part Doc_0\/Pages\/Page_0\/Content\.xml is missing/);
    await refused('2582-24', ofdUrl(missing), -1102, /Page_0\/Content\.xml is missing/);
  });

  it('a document root that is missing, or none at all: -1102', async () => {
    await refused('2582-22', ofdUrl(buildOfd({ pages: [{ texts: [] }], omit: ['Doc_0/Document.xml'] })), -1102, /Doc_0\/Document\.xml is missing/);
    const noRoot = buildOfdParts({ pages: [{ texts: [] }] });
    noRoot['OFD.xml'] = '<?xml version="1.0"?><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"><ofd:DocBody/></ofd:OFD>';
    await refused('2582-22', ofdUrl(zipParts(noRoot)), -1102, /names no document/);
  });

  it('a document root that points back at OFD.xml: -1102, no pages', async () => {
    const parts = buildOfdParts({ pages: [{ texts: [] }] });
    parts['OFD.xml'] = String(parts['OFD.xml']).replace('Doc_0/Document.xml', '/OFD.xml');
    await refused('2582-22', ofdUrl(zipParts(parts)), -1102, /lists no pages/);
  });

  it('template pages that name each other: each is read once, the invoice on the page is read', async () => {
    const v = vatValues(seeded(202), 'digital');
    const invoice = unzipSync(shudianOfd(v)) as Parts;
    // the page's own template, and two more that name each other, inserted under it
    const cyclic = buildOfdParts({ pages: [{ texts: [] }], templates: { 7: { texts: [], templateId: 8 }, 8: { texts: [], templateId: 7 } } });
    const page = Buffer.from(invoice['Doc_0/Pages/Page_0/Content.xml'] as Uint8Array).toString();
    const doc = Buffer.from(invoice['Doc_0/Document.xml'] as Uint8Array).toString();
    expect(page).toContain('<ofd:Template ');
    const parts: Parts = {
      ...invoice,
      'Doc_0/Tpls/Tpl_7/Content.xml': cyclic['Doc_0/Tpls/Tpl_7/Content.xml']!,
      'Doc_0/Tpls/Tpl_8/Content.xml': cyclic['Doc_0/Tpls/Tpl_8/Content.xml']!,
      'Doc_0/Pages/Page_0/Content.xml': page.replace('<ofd:Template ', '<ofd:Template TemplateID="7" ZOrder="Background"/><ofd:Template '),
      'Doc_0/Document.xml': doc.replace('<ofd:PageArea>', '<ofd:TemplatePage ID="7" BaseLoc="Tpls/Tpl_7/Content.xml"/><ofd:TemplatePage ID="8" BaseLoc="Tpls/Tpl_8/Content.xml"/><ofd:PageArea>'),
    };
    const body = await answered('2582-22', ofdUrl(zipParts(parts)));
    expect(body.ret_code).toBe(0);
    expect(body.Data.Content!.InvoiceNo).toBe(v.number);
    // a cycle alone, with nothing on the page: not an invoice
    const empty = await answered('2582-24', ofdUrl(buildOfd({ pages: [{ texts: [], templateId: 7 }], templates: { 7: { texts: [], templateId: 8 }, 8: { texts: [], templateId: 7 } } })));
    expect(empty.ret_code).toBe(-2);
  });
});

describe('hostile and malformed XML', () => {
  it('entity expansion (billion laughs): -1102, never expanded', async () => {
    await refused('2582-22', xmlUrl(billionLaughs), -1102, /declares a document type or entities/, 'xml');
  });

  it('an external entity: -1102, the file it names is never read', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE EInvoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><EInvoice><Header><EIid>&x;</EIid></Header></EInvoice>';
    const r = await refused('2582-22', xmlUrl(xxe), -1102, /declares a document type or entities/, 'xml');
    expect(JSON.stringify(r.json)).not.toContain('root:');
  });

  it('entity expansion inside an OFD part: -1102', async () => {
    const parts = buildOfdParts({ pages: [{ texts: [] }] });
    parts['Doc_0/Pages/Page_0/Content.xml'] = billionLaughs.replace(/EInvoice/g, 'ofd:Page');
    await refused('2582-22', ofdUrl(zipParts(parts)), -1102, /Content\.xml declares a document type or entities/);
    await refused('2582-24', ofdUrl(zipParts(parts)), -1102, /declares a document type/);
  });

  it('malformed XML: -1102 naming the line where it breaks', async () => {
    await refused('2582-22', xmlUrl('<?xml version="1.0"?>\n<EInvoice>\n<Header>\n</EInvoice>'), -1102, /not well-formed XML.*line 4/, 'xml');
  });

  it('XML nested deeper than 64, with more than 200 000 elements, or over 4 MiB: -1102, -1101, -1101', async () => {
    await refused('2582-22', xmlUrl(`${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`), -1102, /nests elements more than 64 deep/, 'xml');
    await refused('2582-22', xmlUrl(`<EInvoice>${'<b/>'.repeat(XML_LIMITS.maxElements + 1)}</EInvoice>`), -1101, /more than 200000 elements/, 'xml');
    await refused('2582-22', xmlUrl(`<EInvoice>${' '.repeat(XML_LIMITS.maxBytes)}</EInvoice>`), -1101, /at most 4194304 are read/, 'xml');
  });
});

describe('files that are no invoice', () => {
  it('an OFD that is no invoice: ret_code -2 with empty fields and a remark', async () => {
    const body = await answered('2582-22', ofdUrl(buildOfd({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '你好呀，OFD Reader&Writer！' }] }] })));
    expect(body.ret_code).toBe(-2);
    expect(body.remark).toMatch(/labels of a VAT invoice/);
    expect(Object.values(body.Data.Content!).every((v) => v === '')).toBe(true);
    expect(body.Data.QRCode).toBe('');
  });

  it('an XML that is no invoice: ret_code -2 naming its root element', async () => {
    const body = await answered('2582-22', xmlUrl('<?xml version="1.0"?><note><to>Tove</to></note>'), 'xml');
    expect(body.ret_code).toBe(-2);
    expect(body.remark).toMatch(/root element <note>/);
  });

  it('a VAT invoice OFD given to 2582-24: ret_code -2, not a train ticket', async () => {
    const body = await answered('2582-24', ofdUrl(shudianOfd(vatValues(seeded(203), 'digital'))));
    expect(body.ret_code).toBe(-2);
    expect(body.remark).toMatch(/not a train ticket/);
  });

  it('a ZIP without OFD.xml: -1102, not an OFD', async () => {
    await refused('2582-22', ofdUrl(zipParts({ 'word/document.xml': '<w:document/>', 'OFD.txt': 'x' })), -1102, /ZIP archive without OFD\.xml/);
  });

  it('an OFD renamed .pdf (sent as application/pdf with FileType=pdf): -1102, the bytes decide', async () => {
    const ofd = shudianOfd(vatValues(seeded(204), 'digital'));
    await refused('2582-22', dataUrl(ofd, 'application/pdf'), -1102, /FileType is pdf but the file is an OFD/, 'pdf');
    await refused('2582-22', dataUrl(pdfBytes, 'application/ofd'), -1102, /FileType is ofd but the file is a PDF/, 'ofd');
  });
});

describe('a QR code that does not parse', () => {
  it('is returned raw in QRCode with a remark; the invoice is read from its data', async () => {
    const v = vatValues(seeded(205), 'digital');
    const body = await answered('2582-22', ofdUrl(shudianOfd(v, { qr: await qrPng('https://example.com/not-an-invoice'), tags: true })));
    expect(body.ret_code).toBe(0);
    expect(body.Data.QRCode).toBe('https://example.com/not-an-invoice');
    expect(body.remark).toContain('the QR code does not hold a VAT invoice payload; it was not used');
    expect(body.Data.Content!.InvoiceNo).toBe(v.number);
  });

  it('an invoice payload cut short is not taken for one', async () => {
    const v = vatValues(seeded(206), 'digital');
    const body = await answered('2582-22', ofdUrl(shudianOfd(v, { qr: await qrPng(`01,32,,${v.number},12`), tags: true })));
    expect(body.Data.QRCode).toBe(`01,32,,${v.number},12`);
    expect(body.remark).toContain('does not hold a VAT invoice payload');
    expect(body.Data.Content!.InvoiceAmount).toBe(v.total);
  });
});

describe('random bytes as OFD and XML (property)', () => {
  // bytes that pass the intake's format check, so the engine reads them: a ZIP holding OFD.xml, an XML text
  const asOfd = fc
    .dictionary(fc.constantFrom('OFD.xml', 'Doc_0/Document.xml', 'Doc_0/Pages/Page_0/Content.xml', 'Doc_0/Attachs/original_invoice.xml', 'Doc_0/Res/a.png'), fc.uint8Array({ maxLength: 400 }), { minKeys: 1 })
    .map((parts) => zipParts({ 'OFD.xml': '', ...parts }));
  const asXml = fc.oneof(fc.uint8Array({ maxLength: 800 }), fc.string({ maxLength: 400 }).map((s) => new Uint8Array(Buffer.from(s)))).map((b) => new Uint8Array([...Buffer.from('<?xml version="1.0"?>'), ...b]));

  it('every answer is an envelope with code 0 (ret_code 0 or -2), -1101 or -1102, and the gateway keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(asOfd.map((b) => ['ofd', b] as const), asXml.map((b) => ['xml', b] as const)), fc.constantFrom('2582-22' as const, '2582-24' as const), async ([type, bytes], point) => {
        const r = await send(point, dataUrl(bytes, type === 'ofd' ? 'application/ofd' : 'text/xml'), type);
        const code = r.json.gateway_res_code as number;
        expect([0, -1101, -1102], `${codeName(code)}: ${r.json.gateway_res_error}`).toContain(code);
        if (code === 0) expect([0, -2]).toContain(r.body.ret_code);
        else expect(r.json.gateway_res_error).not.toMatch(/\n\s+at /);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the same files as jobs (Async=true)', () => {
  it('a ZIP bomb and billion laughs end as PROCESS_FAILED with the reason, the next job succeeds', async () => {
    const bomb = zipParts({ ...buildOfdParts({ pages: [{ texts: [] }] }), 'Doc_0/Pages/Page_0/Content.xml': zeros(ZIP_LIMITS.maxEntryBytes + 1) }, 9);
    for (const [form, reason] of [
      [{ FileURL: ofdUrl(bomb), FileType: 'ofd' }, /unpacks to 16777217 bytes/],
      [{ FileURL: xmlUrl(billionLaughs), FileType: 'xml' }, /declares a document type or entities/],
    ] as const) {
      const queued = await gateway.send('2582-22', { ...form, Async: 'true' });
      expect(queued.json.gateway_res_code, JSON.stringify(queued.json)).toBe(0);
      const job = await gateway.job(queued.body.RequestId);
      expect(job.Data.Status).toBe('PROCESS_FAILED');
      expect(job.Data.Result).toMatch(reason);
    }
    const v = vatValues(seeded(209), 'digital');
    expect(((await gateway.read('2582-22', { FileURL: ofdUrl(shudianOfd(v)), FileType: 'ofd' })) as { Content: { InvoiceNo: string } }).Content.InvoiceNo).toBe(v.number);
  });
});

describe('after all of that', () => {
  it('the gateway still reads an invoice and answers /healthz', async () => {
    const v = vatValues(seeded(207), 'digital');
    const body = await answered('2582-22', ofdUrl(shudianOfd(v, { tags: true, customData: true })));
    expect(body.Data.Content!.InvoiceNo).toBe(v.number);
    const t = eticketValues(208);
    expect((await answered('2582-24', ofdUrl(eticketOfd(t)))).Data.InvoiceNum).toBe(t.invoiceNo);
    const health = await fetch(`${gateway.url()}/healthz`);
    expect(health.status).toBe(200);
  });
});
