import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { type TestServer, startServer } from '../fetch/server';
import { type Auth, appKeyAuth, blankPng, dataUrl, pdfBytes, pollJob, recognise, warmUp } from './support';

/*
 * What every recognition point must do with its input, over HTTP on a real gateway with one
 * worker thread: validation (-1100), intake (-1101/-1102, answered at once even for
 * Async=true), then the engine's answer, at once or as a job.
 */

export interface PointUnderTest {
  point: string;
  urlField?: 'ImageURL' | 'FileURL';
  /** valid values for the point's own fields */
  fields?: Record<string, string>;
  /** fields that must be sent (besides the URL and ds_id) */
  required?: string[];
  /** invalid values for the point's own fields, each refused with -1100 */
  invalid?: Record<string, string>[];
  /** document files the point reads beside images (2582-22: pdf, ofd, xml; 2582-24: pdf, ofd) */
  files?: string[];
  /** the largest input taken when not the URL field's usual one (2582-25 takes 10 MiB images) */
  maxBytes?: number;
}

const MiB = 1024 * 1024;

/** A PNG signature padded with zeros to `size` bytes: passes the format check, fails decoding. */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

export function describeRecognitionPoint(p: PointUnderTest): void {
  const urlField = p.urlField ?? 'ImageURL';
  const isFile = urlField === 'FileURL';
  const limit = p.maxBytes ?? (isFile ? 10 * MiB : 3 * MiB);

  describe(`${p.point} intake and validation`, () => {
    let gw: TestGateway;
    let auth: Auth;
    let server: TestServer;
    let png: string;
    const send = (form: Record<string, string>) => recognise(gw.url, p.point, auth, { ...p.fields, ...form });
    const expectCode = async (form: Record<string, string>, code: number, error?: RegExp) => {
      const r = await send(form);
      expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(code);
      if (error) expect(r.json.gateway_res_error).toMatch(error);
      return r;
    };

    beforeAll(async () => {
      gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
      auth = appKeyAuth((await gw.createApp()).appKey);
      server = await startServer((_req, res) => res.end(Buffer.from('not used')));
      png = dataUrl(await blankPng());
      await warmUp(gw.url, auth);
    });
    afterAll(async () => {
      await gw?.stop();
      await server?.close();
    });

    it('refuses a missing field with -1100, naming it', async () => {
      for (const field of [urlField, 'ds_id', ...(p.required ?? [])]) {
        const form: Record<string, string> = { ...p.fields, [urlField]: png, ds_id: 'local' };
        delete form[field];
        const res = await call(gw.url, p.point, { ...auth, form });
        expect(res.json.gateway_res_code, field).toBe(-1100);
        expect(res.status).toBe(400);
        expect(res.json.gateway_res_error).toContain(field);
      }
    });

    it('refuses an unknown ds_id, a URL with Chinese characters and other schemes with -1100', async () => {
      await expectCode({ [urlField]: png, ds_id: 'baidu' }, -1100, /ds_id/);
      await expectCode({ [urlField]: 'https://example.com/发票.png' }, -1100, /Chinese/);
      await expectCode({ [urlField]: 'https://example.com/a.png?q=％' }, -1100, /Chinese/);
      await expectCode({ [urlField]: 'ftp://example.com/a.png' }, -1100, /http/);
      for (const bad of p.invalid ?? []) await expectCode({ [urlField]: png, ...bad }, -1100, new RegExp(Object.keys(bad)[0]!));
    });

    it('refuses a loopback address not named by IMAGE_FETCH_ALLOW with -1102', async () => {
      await expectCode({ [urlField]: `${server.origin}/a.png` }, -1102);
      await expectCode({ [urlField]: `${server.origin}/a.png`, Async: 'true' }, -1102);
    });

    it('refuses bytes that are not an image with -1102, at once even for Async=true', async () => {
      const text = `data:text/plain;base64,${Buffer.from('hello, not an image').toString('base64')}`;
      for (const Async of ['false', 'true']) {
        const r = await expectCode({ [urlField]: text, Async }, -1102, /not a/);
        expect(r.body).toEqual({});
      }
      await expectCode({ [urlField]: 'data:image/png;base64,' }, -1102, /empty/);
    });

    if (!p.files?.includes('pdf')) {
      it('refuses a PDF sent as an image with -1102', async () => {
        await expectCode({ [urlField]: dataUrl(pdfBytes, 'application/pdf') }, -1102, /PDF/);
        await expectCode({ [urlField]: dataUrl(pdfBytes, 'image/png'), Async: 'true' }, -1102, /PDF/);
      });
    }
    if (!p.files?.includes('xml')) {
      it('refuses an XML file with -1102', async () => {
        const xml = dataUrl(new Uint8Array(Buffer.from('<?xml version="1.0"?><EInvoice/>')), 'text/xml');
        await expectCode({ [urlField]: xml }, -1102, /XML was given where/);
      });
    }

    it(`refuses input over ${limit / MiB} MiB with -1101 and takes input at the limit`, async () => {
      const over = await expectCode({ [urlField]: dataUrl(pngOfSize(limit + 1)) }, -1101);
      expect(over.status).toBe(413);
      const at = await send({ [urlField]: dataUrl(pngOfSize(limit)) });
      expect(at.json.gateway_res_code).not.toBe(-1101);
      expect(at.json.gateway_res_code).not.toBe(-1100);
    });

    it('runs valid input, with RequestId = gateway_res_id', async () => {
      for (const Async of ['false', 'true']) {
        const r = await send({ [urlField]: png, Async });
        expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
        expect(r.body.RequestId).toBe(r.json.gateway_res_id);
        if (Async === 'false') {
          expect([0, -2]).toContain(r.body.ret_code);
          expect(r.body.Data).toBeTypeOf('object');
        } else {
          expect(r.body).toEqual({ ret_code: 0, remark: '', RequestId: r.json.gateway_res_id });
          const job = await pollJob(gw.url, auth, r.body.RequestId);
          expect(job.Data.Status).toBe('PROCESS_SUCCESS');
        }
      }
    });
  });
}
