import crypto from 'node:crypto';
import { randomHex } from './secrets';
import { formatGatewayTimestamp } from './signature';

/*
 * The signature method that binds everything it signs (`gateway_sign_method=hmac-sha256`,
 * DESIGN.md §2, docs/api.md "Signature mode" has the test vectors). The string to sign is
 *
 *   GATEWAY-HMAC-SHA256 \n METHOD \n /PRODUCT-POINT \n CANONICAL-PARAMETERS
 *
 * where CANONICAL-PARAMETERS is every query and form parameter except gateway_sign, empty ones
 * included, each as pct(key) "=" pct(value), sorted by pct(key), joined by "&"; pct is RFC 3986
 * percent-encoding of the UTF-8 bytes (only A-Z a-z 0-9 - . _ ~ stay as they are, hex upper case).
 * "=" and "&" inside keys and values are always encoded, so no other split of keys and values
 * gives the same string; the method and the access point are signed, so a call cannot be sent
 * to another point; gateway_timestamp and gateway_nonce are parameters, so they are signed too.
 * The signature is the lower-case hex HMAC-SHA256 of that string keyed by the secret.
 */

export const HMAC_SHA256 = 'hmac-sha256';

const PREFIX = 'GATEWAY-HMAC-SHA256';

/** A nonce: 16 to 64 letters, digits, "-" or "_" (a UUID, or 128 random bits in hex, fit). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** RFC 3986 percent-encoding: encodeURIComponent also leaves !'()* as they are. */
export function pct(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical parameters: see the comment at the top. */
export function canonicalParameters(params: Record<string, string>): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(params)) if (k !== 'gateway_sign') pairs.push([pct(k), pct(v)]);
  // encoded keys are ASCII, so comparing UTF-16 code units is comparing bytes
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export function stringToSignV2(method: string, pointId: string, params: Record<string, string>): string {
  return `${PREFIX}\n${method.toUpperCase()}\n/${pointId}\n${canonicalParameters(params)}`;
}

/** Lower-case hex HMAC-SHA256 of the string to sign, keyed by the application's secret. */
export function signV2(method: string, pointId: string, params: Record<string, string>, secret: string): string {
  return crypto.createHmac('sha256', secret).update(stringToSignV2(method, pointId, params), 'utf8').digest('hex');
}

export interface SignRequestInput {
  method: 'GET' | 'POST';
  /** `2141-5`, without the slash */
  pointId: string;
  appid: number;
  secret: string;
  /** the call's own fields (query and form together) */
  params: Record<string, string>;
  /** defaults: now, and 128 random bits */
  now?: number;
  nonce?: string;
}

/**
 * Everything a client sends for a signed call: its fields plus gateway_appid,
 * gateway_sign_method, gateway_timestamp, gateway_nonce and gateway_sign. For clients and tests.
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const params = {
    ...input.params,
    gateway_appid: String(input.appid),
    gateway_sign_method: HMAC_SHA256,
    gateway_timestamp: formatGatewayTimestamp(input.now ?? Date.now()),
    gateway_nonce: input.nonce ?? randomHex(16),
  };
  return { ...params, gateway_sign: signV2(input.method, input.pointId, params, input.secret) };
}
