import type { PointSpec } from '../../protocol/point';
import { GatewayError } from '../errors';
import type { ApplicationsRepo } from '../store/applications';
import type { SubAuthsRepo } from '../store/sub-auths';
import type { AuthMode, Caller } from './caller';
import { ipListMatcher } from './ip-list';
import { permits } from './permissions';
import { HMAC_SHA256, NONCE_PATTERN, signV2 } from './hmac-sha256';
import type { NonceStore } from './nonces';
import { constantTimeEqual } from './secrets';
import { type SignMethod, TIMESTAMP_WINDOW_MS, parseGatewayTimestamp, verifySignature } from './signature';

export interface AuthInput {
  /** query and form parameters merged */
  params: Record<string, string>;
  /** value of the gateway-access-token header, if any */
  tokenHeader: string | undefined;
  clientIp: string;
  /** the HTTP method, signed by hmac-sha256 */
  method: string;
}

export interface AuthDeps {
  applications: ApplicationsRepo;
  subAuths: SubAuthsRepo;
  nonces: NonceStore;
  now?: () => number;
}

/**
 * The mode a request claims, before anything is checked: a token (header or access_token) wins,
 * then signature parameters, then appKey. Also used to decide CORS, which only token calls get.
 */
export function claimedMode(input: Pick<AuthInput, 'params' | 'tokenHeader'>): AuthMode | undefined {
  if (input.tokenHeader || input.params.access_token) return 'token';
  if (input.params.gateway_appid !== undefined || input.params.gateway_sign !== undefined) return 'signature';
  if (input.params.appKey !== undefined) return 'appkey';
  return undefined;
}

/** Told who is calling as soon as that is known, even when the call is then refused (for the audit). */
export type Identified = (who: { appid: number; outCode?: string; mode: AuthMode }) => void;

/** Authenticates a call to `spec` (DESIGN.md §2) or throws the GatewayError that says why not. */
export async function authenticate(input: AuthInput, spec: PointSpec, deps: AuthDeps, identified?: Identified): Promise<Caller> {
  const now = deps.now?.() ?? Date.now();
  const mode = claimedMode(input);
  if (mode === 'token') return byToken(input, spec, deps, now, identified);
  if (mode === 'signature') return bySignature(input, spec, deps, now);
  if (mode === 'appkey') return byAppKey(input.params.appKey!, deps);
  throw new GatewayError('APP_INVALID', 'give appKey, a signature (gateway_appid + gateway_sign) or an access token');
}

async function byAppKey(appKey: string, deps: AuthDeps): Promise<Caller> {
  const app = appKey === '' ? undefined : await deps.applications.findByAppKey(appKey);
  if (!app || app.disabled) throw new GatewayError('APP_INVALID');
  return { mode: 'appkey', appid: app.appid };
}

const LEGACY_METHODS = new Set(['md5', 'hmac']);

/**
 * Signature mode (DESIGN.md §2). hmac-sha256 binds the method, the access point, a mandatory
 * timestamp, a single-use nonce and every parameter; the ShowAPI-compatible md5/hmac methods are
 * accepted only from applications the operator left them on for, and then with a timestamp too.
 * The cheap checks come first and the nonce is spent last, once the signature holds: a forger
 * cannot use up a client's nonces.
 */
async function bySignature(input: AuthInput, spec: PointSpec, deps: AuthDeps, now: number): Promise<Caller> {
  const p = input.params;
  if (!p.gateway_appid) throw new GatewayError('APPID_REQUIRED');
  if (!p.gateway_sign) throw new GatewayError('SIGN_REQUIRED');
  const method = (p.gateway_sign_method || 'md5').toLowerCase();
  if (method !== HMAC_SHA256 && !LEGACY_METHODS.has(method)) {
    throw new GatewayError('PARAM_INVALID', 'gateway_sign_method must be hmac-sha256 (or md5 / hmac where the application still allows them)');
  }
  if (!p.gateway_timestamp) throw new GatewayError('TIMESTAMP_INVALID', 'gateway_timestamp is required (yyyyMMddHHmmss, Asia/Shanghai time)');
  const at = parseGatewayTimestamp(p.gateway_timestamp);
  if (Number.isNaN(at)) throw new GatewayError('TIMESTAMP_INVALID', 'expected yyyyMMddHHmmss, Asia/Shanghai time');
  if (Math.abs(at - now) > TIMESTAMP_WINDOW_MS) throw new GatewayError('TIMESTAMP_INVALID', 'more than 10 minutes from the server clock');
  const nonce = p.gateway_nonce;
  if (method === HMAC_SHA256 && !nonce) throw new GatewayError('SIGN_INVALID', 'gateway_nonce is required with hmac-sha256');
  if (nonce !== undefined && !NONCE_PATTERN.test(nonce)) throw new GatewayError('SIGN_INVALID', 'gateway_nonce must be 16 to 64 letters, digits, - or _');

  const appid = /^\d{1,12}$/.test(p.gateway_appid) ? Number(p.gateway_appid) : NaN;
  const app = Number.isNaN(appid) ? undefined : await deps.applications.findById(appid);
  if (!app || app.disabled) throw new GatewayError('APP_INVALID');
  if (method === HMAC_SHA256) {
    if (!verifyV2(input.method, spec.id, p, app.secret)) throw new GatewayError('SIGN_INVALID');
  } else {
    if (!app.legacySignature) {
      throw new GatewayError('SIGN_INVALID', `this application accepts only gateway_sign_method=${HMAC_SHA256} (docs/api.md)`);
    }
    if (!verifySignature(p, app.secret, method as SignMethod, p.gateway_sign)) throw new GatewayError('SIGN_INVALID');
  }
  // remembered until the timestamp leaves the window: by then the timestamp refuses a replay
  if (nonce !== undefined && !(await deps.nonces.claim(`${app.appid}:${nonce}`, at + TIMESTAMP_WINDOW_MS + 1000))) {
    throw new GatewayError('SIGN_INVALID', 'this gateway_nonce was already used (a replayed call)');
  }
  return { mode: 'signature', appid: app.appid };
}

function verifyV2(method: string, pointId: string, params: Record<string, string>, secret: string): boolean {
  let expected: string;
  try {
    expected = signV2(method, pointId, params, secret);
  } catch {
    return false; // a lone surrogate cannot be percent-encoded, so it was not signed either
  }
  return constantTimeEqual(expected, params.gateway_sign!.toLowerCase());
}

async function byToken(input: AuthInput, spec: PointSpec, deps: AuthDeps, now: number, identified?: Identified): Promise<Caller> {
  const token = input.tokenHeader || input.params.access_token!;
  const subAuth = await deps.subAuths.findByToken(token);
  if (!subAuth) throw new GatewayError('TOKEN_INVALID');
  identified?.({ appid: subAuth.appid, outCode: subAuth.outCode, mode: 'token' });
  if (subAuth.endTime <= now) throw new GatewayError('TOKEN_INVALID', 'the token expired; extend it with 2141-3');
  if (!subAuth.appActive) throw new GatewayError('APP_INVALID', 'the application of this token is disabled');
  if (!ipListMatcher(subAuth.ipWhiteList)(input.clientIp)) throw new GatewayError('IP_REFUSED');
  // tokens never manage tokens, whatever their permission list says: no privilege escalation
  if (spec.auth === 'application') throw new GatewayError('NOT_PERMITTED', 'sub-authorization tokens cannot call this access point');
  if (!permits(subAuth.permissions, spec.id)) throw new GatewayError('TOKEN_NO_PERMISSION', `${spec.id} is not in the token's permission_list`);
  return { mode: 'token', appid: subAuth.appid, subAuth };
}
