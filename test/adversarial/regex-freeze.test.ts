import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NONCE_PATTERN, signV2 } from '../../src/gateway/auth/hmac-sha256';
import { parseGatewayTimestamp } from '../../src/gateway/auth/signature';
import { decodeDataUrl, isDataUrl } from '../../src/gateway/fetch/data-url';
import { parseForm } from '../../src/gateway/http/form';
import { handlers } from '../../src/gateway/points/index';
import { hit } from '../scale/support/calls';
import { type Target, healthDuring, probesSaid, startTarget } from './support';

/*
 * Issue 14, finding 1: "a regular expression that freezes the gateway". The data: URL trim
 * `/^[\u0000-\u0020]+|[\u0000-\u0020]+$/` took time in the square of a whitespace run, on the main
 * thread before any queue: `ImageURL=data:,` + 80 000 `+` (spaces once decoded) + `x` took 5 s and
 * held /healthz for 4.5 s.
 *
 * Every pattern that sees request data is fed runs of 100 000 of the characters its quantifiers
 * take, then one that breaks the match: where a linear pattern takes a millisecond or two, a
 * quadratic one takes seconds (10¹⁰ steps), so the 500 ms bound tells them apart on any machine
 * without being a performance threshold. What is timed is the CPU this process spent (the work
 * done), not the wall clock: on a loaded machine a linear call can wait longer than that for a
 * core, while a quadratic one needs seconds of CPU wherever it runs.
 */

const RUN = 100_000;
const BOUND_MS = 500;
const CLASSES = [' ', '\t', '\u0001', '0', '9', 'a', 'F', 'z', '=', '-', ':', '.', ',', '/', '%', '+', '_', '中', '，'];
const ENDINGS = ['x', '!', '\u0000', ''];

function pathological(): string[] {
  const out: string[] = [];
  for (const c of CLASSES) for (const end of ENDINGS) out.push(c.repeat(RUN) + end);
  // alternations of two classes, the shape that breaks nested quantifiers like (a|ab)*
  out.push('0:'.repeat(RUN / 2) + '!', 'a.'.repeat(RUN / 2) + '-', '1-'.repeat(RUN / 2) + '*x', '%2'.repeat(RUN / 2) + 'g');
  return out;
}

function timed(what: string, fn: () => unknown): void {
  const started = process.cpuUsage();
  try {
    fn();
  } catch {
    // refusals are fine: only the time is looked at
  }
  const { user, system } = process.cpuUsage(started);
  const ms = (user + system) / 1000;
  expect(ms, `${what} took ${Math.round(ms)} ms of CPU`).toBeLessThan(BOUND_MS);
}

describe('finding 1: a regular expression that freezes the gateway', () => {
  const inputs = pathological();

  it('reads data: URLs in linear time, whatever runs they hold', () => {
    for (const run of inputs) {
      const label = JSON.stringify(run.slice(0, 3) + '…' + run.slice(-1));
      for (const url of [`data:,${run}`, `${run}data:,x`, `data:;base64,${run}`, `data:${run.slice(0, 200)},x`, ` data:image/png;base64,${run} `]) {
        timed(`decodeDataUrl ${label}`, () => isDataUrl(url) && decodeDataUrl(url, 3 * 1024 * 1024));
      }
    }
    // the issue's own input, and the 1 MB run it warned would take minutes
    for (const n of [80_000, 1_000_000]) timed(`data:, + ${n} spaces + x`, () => decodeDataUrl(`data:,${' '.repeat(n)}x`, 3 * 1024 * 1024));
  });

  it('parses forms, timestamps and signatures in linear time', () => {
    for (const run of inputs) {
      timed('parseForm', () => parseForm(`a=${encodeURIComponent(run)}`, 'body'));
      timed('parseForm raw', () => parseForm(run, 'body'));
      timed('parseGatewayTimestamp', () => parseGatewayTimestamp(run));
      timed('signV2', () => signV2('POST', '2141-1', { a: run, [run.slice(0, 256)]: run, gateway_nonce: run }, 'secret'));
      timed('nonce', () => NONCE_PATTERN.test(run));
    }
  });

  it("validates every field of every access point in linear time", () => {
    for (const [id, handler] of Object.entries(handlers)) {
      const shape = (handler.spec.request as z.ZodObject).shape as Record<string, unknown>;
      for (const field of Object.keys(shape)) {
        for (const run of inputs) timed(`${id} ${field}`, () => handler.spec.request.safeParse({ [field]: run }));
      }
    }
  });
});

describe('finding 1 over HTTP', () => {
  let target: Target;
  let token: string;
  beforeAll(async () => {
    target = await startTarget();
    const app = await target.createApp();
    token = await target.createToken(app.appid, { permissions: ['2582-*'] });
  });
  afterAll(() => target?.close());

  it('refuses the data: URL of the attack at once and keeps answering /healthz within 100 ms meanwhile', async () => {
    const form = { ImageURL: `data:,${' '.repeat(80_000)}x`, ds_id: 'local' };
    const attack = () => hit(target.url, '2582-24', { form, headers: { 'gateway-access-token': token } });
    const { medianMs, baselineMs, answers, ...probes } = await healthDuring(target.url, attack);
    expect(answers.length).toBeGreaterThan(0);
    // the bytes decode to spaces and an x: not an image (-1102), refused at intake
    for (const a of answers) expect(a.code).toBe(-1102);
    expect(medianMs, probesSaid(probes)).toBeLessThan(baselineMs + probes.marginMs);
  });
});
