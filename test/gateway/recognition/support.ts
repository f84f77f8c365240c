import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { registerChineseFont, renderDocument } from '../../support/synth/index';

/*
 * Inputs and helpers for the recognition tests: real images (rendered with known text, or from
 * the shared corpus), data: URLs, and polling a job through 2582-16 like a client does.
 */

export const hasFont = registerChineseFont();
if (!hasFont) console.log('[recognition tests] no Simplified Chinese font: tests that read rendered text are skipped');

export const corpusDir = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
export const hasCorpus = existsSync(`${corpusDir}manifest.json`);
if (!hasCorpus) console.log(`[recognition tests] corpus not found at ${corpusDir}: corpus-based tests are skipped`);
export const hasEinvoiceCorpus = existsSync(`${corpusDir}einvoice/manifest.json`);
if (hasCorpus && !hasEinvoiceCorpus) console.log(`[recognition tests] e-invoice corpus not found at ${corpusDir}einvoice: OFD and XML corpus tests are skipped`);

export function corpusFile(name: string): Uint8Array {
  return new Uint8Array(readFileSync(`${corpusDir}${name}`));
}

export function dataUrl(bytes: Uint8Array, mime = 'image/png'): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A small PNG with nothing on it. */
export async function blankPng(width = 32, height = 24): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: '#fff' } }).png().toBuffer());
}

/** A JPEG cut in half: the magic bytes say JPEG, the decoder finds it truncated. */
export async function truncatedJpeg(): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } }).jpeg().toBuffer();
  return new Uint8Array(jpeg.subarray(0, jpeg.length >> 1));
}

/** The smallest thing PDF readers accept as a PDF header; enough for format checks. */
export const pdfBytes = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'));

/** Two known lines of text. */
export async function textImage(): Promise<{ bytes: Uint8Array; lines: string[] }> {
  return renderDocument({ seed: 8, variant: 'clean', rows: ['收款收据', '金额：380元'] });
}

/**
 * A 4000×3000 phone photo of a page with many lines, under 3 MiB: legal input that takes the
 * engine seconds, for time-outs and for killing a worker while it reads.
 */
export async function slowPhoto(): Promise<Uint8Array> {
  const photo = await renderDocument({ seed: 4, variant: 'photo', lineCount: 40 });
  return new Uint8Array(await sharp(photo.bytes).jpeg({ quality: 80 }).toBuffer());
}

export type Auth = { query?: Record<string, string>; headers?: Record<string, string> };

export const appKeyAuth = (appKey: string): Auth => ({ query: { appKey } });
export const tokenAuth = (token: string): Auth => ({ headers: { 'gateway-access-token': token } });

export async function recognise(base: string, point: string, auth: Auth, form: Record<string, string>) {
  return call(base, point, { ...auth, form: { ds_id: 'local', ...form } });
}

const FINAL = ['PROCESS_SUCCESS', 'PROCESS_FAILED', 'TIMEOUT_FAILED', 'LIMIT_RETRY_FAILED'];

/**
 * Polls 2582-16 until the job's Status satisfies `until` (default: finished) and returns that
 * body. Bounded so a stuck job fails the test instead of hanging it.
 */
export async function pollJob(base: string, auth: Auth, jobId: string, until: (status: string) => boolean = (s) => FINAL.includes(s)) {
  for (let i = 0; i < 1200; i++) {
    const r = await call(base, '2582-16', { ...auth, form: { JobId: jobId, ds_id: 'local' } });
    expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
    if (!r.body.Data) throw new Error(`job ${jobId} unknown: ${JSON.stringify(r.body)}`);
    if (until(r.body.Data.Status)) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} never reached the awaited state`);
}

/**
 * Waits until the gateway's worker thread has loaded its models: a job has no 5 s budget, so
 * the synchronous calls that follow measure recognition, not start-up (slow on a loaded machine).
 */
export async function warmUp(base: string, auth: Auth): Promise<void> {
  const r = await recognise(base, '2582-11', auth, { ImageURL: dataUrl(await blankPng()), MinHeight: '0', Async: 'true' });
  expect(r.json.gateway_res_code, JSON.stringify(r.json)).toBe(0);
  expect((await pollJob(base, auth, r.body.RequestId)).Data.Status).toBe('PROCESS_SUCCESS');
}

/**
 * A gateway with one warmed recognition thread and an application, for the describe block that
 * calls this (its beforeAll and afterAll), and a way to read a file through a point as a job:
 * asynchronously, since the engine's time on a loaded machine is not what such a test is about.
 */
export interface WarmGateway {
  /** the file read as a job: its Data */
  read(point: string, form: Record<string, string>): Promise<unknown>;
  /** a synchronous call as a client makes it: the whole answer, envelope and status */
  send(point: string, form: Record<string, string>): ReturnType<typeof recognise>;
  /** a job's 2582-16 body once it has finished */
  job(jobId: string): ReturnType<typeof pollJob>;
  /** the gateway's base URL (for /healthz and the like) */
  url(): string;
}

export function useWarmGateway(): WarmGateway {
  let gw: TestGateway;
  let auth: Auth;
  beforeAll(async () => {
    gw = await startTestGateway({ RECOGNITION_WORKERS: '1' });
    auth = appKeyAuth((await gw.createApp()).appKey);
    await warmUp(gw.url, auth);
  });
  afterAll(() => gw?.stop());
  return {
    async read(point, form) {
      const queued = await recognise(gw.url, point, auth, { ...form, Async: 'true' });
      expect(queued.json.gateway_res_code, JSON.stringify(queued.json)).toBe(0);
      const job = await pollJob(gw.url, auth, queued.body.RequestId);
      expect(job.Data.Status, job.Data.Result).toBe('PROCESS_SUCCESS');
      return JSON.parse(job.Data.Result);
    },
    send: (point, form) => recognise(gw.url, point, auth, form),
    job: (jobId) => pollJob(gw.url, auth, jobId),
    url: () => gw.url,
  };
}
