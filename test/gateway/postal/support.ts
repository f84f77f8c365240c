import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { signRequest } from '../../../src/gateway/auth/hmac-sha256';
import { postalPage } from '../../../src/protocol/postal';
import { type TestGateway, call } from '../../support/gateway';

/*
 * Shared by the postal tests: where the data lives, and one caller per authentication mode and
 * HTTP method so every case runs the way each kind of client calls.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** 89 rows cut from the shared data set (test/fixtures/postal/README.md) */
export const FIXTURE_CSV = path.join(ROOT, 'test/fixtures/postal/sample.csv');
export const FIXTURE_ROWS = 89;
/** The open data set beside the repository (../shared/postal/README.md); absent on some machines. */
export const SHARED_CSV = path.resolve(ROOT, '../shared/postal/cn-postal-streets.csv');
export const sharedAvailable = fs.existsSync(SHARED_CSV);
if (!sharedAvailable) {
  console.warn(`[skip] ${SHARED_CSV} is absent: tests against the full postal data set are skipped (the fixture tests still run)`);
}

export type Fields = Record<string, string>;
export type Caller = (point: string, fields: Fields) => ReturnType<typeof call>;

export interface Credentials {
  appid: number;
  appKey: string;
  secret: string;
  token: string;
}

export async function credentials(gw: TestGateway): Promise<Credentials> {
  const app = await gw.createApp('postal');
  const token = await gw.createToken(app.appid, { permissions: ['1917-*'] });
  return { ...app, token };
}

/** Every way a client may call a 1917 point: 4 credential modes × GET and POST. */
export function callers(gw: TestGateway, c: Credentials): Record<string, Caller> {
  const get = (point: string, query: Fields, headers: Fields = {}) => call(gw.url, point, { method: 'GET', query, headers });
  const post = (point: string, query: Fields, form: Fields, headers: Fields = {}) => call(gw.url, point, { query, form, headers });
  const signed = (method: 'GET' | 'POST', pointId: string, params: Fields): Fields =>
    signRequest({ method, pointId, appid: c.appid, secret: c.secret, params });
  return {
    'appKey GET': (point, f) => get(point, { ...f, appKey: c.appKey }),
    'appKey POST': (point, f) => post(point, { appKey: c.appKey }, f),
    'signature GET': (point, f) => get(point, signed('GET', point, f)),
    'signature POST': (point, f) => post(point, {}, signed('POST', point, f)),
    'token header GET': (point, f) => get(point, f, { 'gateway-access-token': c.token }),
    'token header POST': (point, f) => post(point, {}, f, { 'gateway-access-token': c.token }),
    'access_token GET': (point, f) => get(point, { ...f, access_token: c.token }),
    'access_token POST': (point, f) => post(point, {}, { ...f, access_token: c.token }),
  };
}

/** Asserts a successful 1917 answer of the contract's shape and returns its body. */
export function okPage(r: Awaited<ReturnType<typeof call>>) {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.gateway_res_code).toBe(0);
  const body = r.body;
  expect(body.ret_code).toBe(0);
  expect(body.gateway_fee_code).toBe(0);
  for (const row of body.contentlist) expect(Object.keys(row).sort()).toEqual(['area', 'city', 'code', 'county', 'province']);
  return postalPage.contentlist.parse(body.contentlist) && body;
}

/** Asserts the -1100 / HTTP 400 refusal of a malformed request. */
export function malformed(r: Awaited<ReturnType<typeof call>>, mentions?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(400);
  expect(r.json.gateway_res_code).toBe(-1100);
  expect(r.json.gateway_res_body).toEqual({});
  if (mentions) expect(r.json.gateway_res_error).toContain(mentions);
}

/** "北京市/北京市/海淀区/中关村街道/100089", for compact expectations. */
export function line(row: { province: string; city: string; area: string; county: string; code: string }): string {
  return [row.province, row.city, row.area, row.county, row.code].join('/');
}
