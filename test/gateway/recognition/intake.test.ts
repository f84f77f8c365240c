import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/gateway/config';
import { GatewayError } from '../../../src/gateway/errors';
import { EMPTY_ALLOW_LIST, parseFetchAllow } from '../../../src/gateway/fetch/index';
import { type IntakeOptions, takeInput } from '../../../src/gateway/recognition/intake';
import { type TestServer, expectGatewayError, startServer } from '../fetch/server';
import { buildOfd } from '../../support/ofd';
import { zipParts } from '../../support/zip';
import { blankPng, dataUrl, pdfBytes } from './support';

const ofdBytes = buildOfd({ pages: [{ texts: [{ id: 1, x: 20, y: 20, text: '发票' }] }] });
const xmlBytes = new Uint8Array(Buffer.from('<?xml version="1.0"?><EInvoice><Header/></EInvoice>'));

/*
 * The intake shared by the recognition points: the format is decided by the bytes, FileType
 * only has to agree on the family (PDF, OFD, XML or image), and a fetch has an overall deadline
 * beside the fetch module's own connect and idle-read limits.
 */

const never = new AbortController().signal;
const image = (more: Partial<IntakeOptions> = {}): IntakeOptions => ({ maxBytes: 1 << 20, allow: EMPTY_ALLOW_LIST, files: [], signal: never, ...more });
const file = (fileType: string): IntakeOptions => ({ ...image(), files: ['pdf', 'ofd', 'xml'], fileType });

it('stops the start on a bad IMAGE_FETCH_ALLOW entry, naming it', () => {
  expect(() => loadConfig({ IMAGE_FETCH_ALLOW: '10.0.0.0/8, images intra' })).toThrow(/IMAGE_FETCH_ALLOW.*"images intra"/);
  expect(loadConfig({ IMAGE_FETCH_ALLOW: '10.0.0.0/8,*.intra' }).IMAGE_FETCH_ALLOW.suffixes).toEqual([['.intra', undefined]]);
});

describe('takeInput', () => {
  let png: Uint8Array;
  let trickle: TestServer;
  beforeAll(async () => {
    png = await blankPng();
    // a server that never finishes, but never goes silent for long: only an overall deadline stops it
    trickle = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(Buffer.from(png.subarray(0, 8)));
      const timer = setInterval(() => res.write(Buffer.from([0])), 50);
      res.on('close', () => clearInterval(timer));
    });
  });
  afterAll(() => trickle?.close());

  it('returns the bytes with the format they show', async () => {
    const input = await takeInput(dataUrl(png, 'image/jpeg'), image());
    expect(input.format).toBe('png');
    expect(input.bytes).toEqual(png);
    expect((await takeInput(dataUrl(pdfBytes), file('pdf'))).format).toBe('pdf');
  });

  it('refuses what is not an image (or PDF), empty input and a PDF at an image point with -1102', async () => {
    await expectGatewayError(takeInput(dataUrl(new Uint8Array(Buffer.from('GIF8 nearly'))), image()), 'INPUT_UNREADABLE', /not a JPEG, PNG/);
    await expectGatewayError(takeInput(dataUrl(new Uint8Array(Buffer.from('plain text'))), file('pdf')), 'INPUT_UNREADABLE', /not a PDF, or an OFD, or an invoice XML, or a JPEG/);
    await expectGatewayError(takeInput('data:image/png;base64,', image()), 'INPUT_UNREADABLE', /empty/);
    await expectGatewayError(takeInput(dataUrl(pdfBytes), image()), 'INPUT_UNREADABLE', /PDF was given where an image is expected/);
    await expectGatewayError(takeInput(dataUrl(ofdBytes), image()), 'INPUT_UNREADABLE', /an OFD was given where an image is expected/);
    await expectGatewayError(takeInput(dataUrl(xmlBytes), image({ files: ['pdf', 'ofd'] })), 'INPUT_UNREADABLE', /an invoice XML was given where a PDF, or an OFD, or a JPEG/);
    await expectGatewayError(takeInput(dataUrl(zipParts({ 'word/document.xml': '<w/>' })), file('ofd')), 'INPUT_UNREADABLE', /ZIP archive without OFD.xml/);
  });

  it('tells OFD and XML by their bytes: a ZIP holding OFD.xml, XML that is not an HTML page', async () => {
    expect((await takeInput(dataUrl(ofdBytes), file('ofd'))).format).toBe('ofd');
    expect((await takeInput(dataUrl(xmlBytes), file('xml'))).format).toBe('xml');
    const html = new Uint8Array(Buffer.from('<!DOCTYPE html><html><body>login</body></html>'));
    await expectGatewayError(takeInput(dataUrl(html), file('xml')), 'INPUT_UNREADABLE', /not a PDF/);
  });

  it('refuses an OFD renamed .pdf and a PDF renamed .ofd: FileType must agree with the bytes on the family', async () => {
    await expectGatewayError(takeInput(dataUrl(ofdBytes), file('pdf')), 'INPUT_UNREADABLE', /FileType is pdf but the file is an OFD/);
    await expectGatewayError(takeInput(dataUrl(pdfBytes), file('ofd')), 'INPUT_UNREADABLE', /FileType is ofd but the file is a PDF/);
    await expectGatewayError(takeInput(dataUrl(xmlBytes), file('ofd')), 'INPUT_UNREADABLE', /FileType is ofd but the file is an invoice XML/);
    await expectGatewayError(takeInput(dataUrl(png), file('xml')), 'INPUT_UNREADABLE', /FileType is xml but the file is a PNG image/);
  });

  it('keeps images to their own limit where files may be larger', async () => {
    const big = new Uint8Array(png.length + 2000);
    big.set(png);
    await expectGatewayError(takeInput(dataUrl(big), image({ files: ['pdf', 'ofd'], imageMaxBytes: png.length + 1000 })), 'INPUT_TOO_LARGE', /images are read up to/);
  });

  it('wants FileType to agree with the bytes on the family only', async () => {
    await expectGatewayError(takeInput(dataUrl(png), file('pdf')), 'INPUT_UNREADABLE', /FileType is pdf but the file is a PNG image/);
    await expectGatewayError(takeInput(dataUrl(pdfBytes), file('png')), 'INPUT_UNREADABLE', /FileType is png but the file is a PDF/);
    for (const type of ['jpg', 'png', 'bmp', 'gif']) expect((await takeInput(dataUrl(png), file(type))).format).toBe('png');
  });

  it('gives up on a fetch that trickles past its overall deadline with -3', async () => {
    const allow = parseFetchAllow('127.0.0.1');
    await expectGatewayError(takeInput(`${trickle.origin}/slow.png`, image({ allow, deadlineMs: 300 })), 'TIMEOUT', /overall time limit/);
  });

  it('stops when the caller goes away, with the caller’s reason', async () => {
    const caller = new AbortController();
    const allow = parseFetchAllow('127.0.0.1');
    const fetching = takeInput(`${trickle.origin}/slow.png`, image({ allow, signal: caller.signal }));
    setTimeout(() => caller.abort(new GatewayError('PARAM_INVALID', 'client closed the connection')), 100);
    await expectGatewayError(fetching, 'PARAM_INVALID', /client closed the connection/);
  });
});
