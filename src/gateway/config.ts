import fs from 'node:fs';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseFetchAllow } from './fetch/allow';
import { parseKey } from './store/sealed';

/*
 * The gateway's settings, read from the environment once at start and validated, so a typo fails
 * the start with a clear message instead of misbehaving later. Documented in README.md.
 */

/**
 * Which X-Forwarded-For entries to believe (docs/deploy.md, "Reverse proxy"): a hop count, or the
 * proxies' addresses and CIDR blocks; either way the client is the right-most address that is not
 * a trusted proxy. `true` is refused: it believes the left-most entry, which the client writes
 * itself, so any caller could pass an ip_white_list or METRICS_ALLOW and forge the audit trail
 * (issue 14, finding 5); `1` is what a single proxy needs.
 */
/** proxy-addr's names for address ranges */
const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string => {
    const text = v?.trim();
    if (text === undefined || text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would believe the client-written left-most X-Forwarded-For entry; give the hop count (1 behind one proxy) or the proxies\' addresses / CIDR blocks',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
    for (const e of entries) {
      const ok = PROXY_PRESETS.has(e) || (e.includes('/') ? ipaddr.isValidCIDR(e) : ipaddr.isValid(e));
      if (!ok) ctx.addIssue({ code: 'custom', message: `not an address, CIDR block or hop count: ${e}` });
    }
    return entries.join(','); // as fastify's trustProxy (proxy-addr) takes it
  });

/** Loopback and private networks: where a Prometheus server normally scrapes from. */
export const PRIVATE_NETWORKS = ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

/** `off`, `*`, `private` or a comma list of addresses and CIDR blocks; a bad entry fails the start. */
const metricsAllow = z
  .string()
  .default('private')
  .transform((v, ctx): 'off' | '*' | string[] => {
    const text = v.trim();
    if (text === 'off' || text === '') return 'off';
    if (text === '*') return text;
    const entries = text === 'private' ? PRIVATE_NETWORKS : text.split(',').map((e) => e.trim()).filter(Boolean);
    for (const e of entries) {
      const ok = e.includes('/') ? ipaddr.isValidCIDR(e) : ipaddr.isValid(e);
      if (!ok) ctx.addIssue({ code: 'custom', message: `not an address or CIDR block: ${e}` });
    }
    return entries;
  });

/**
 * Half of the open files this process may have (Node raises its soft limit to the hard one), at
 * most 10000: the other half stays for storage, Redis, image fetches and worker threads.
 */
function defaultMaxConnections(): number {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (line) return Math.max(64, Math.min(10_000, Math.floor(Number(line[1]) / 2)));
  } catch {
    // not Linux: the fixed default below
  }
  return 4_096;
}

const optionalPort = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional());

/** a whole number ≥ 0 */
const count = z.coerce.number().int().min(0);

/** 32 bytes as 64 hex digits or base64 (`openssl rand -hex 32`); absent or empty: none */
const secretsKey = z
  .string()
  .optional()
  .transform((v, ctx): Buffer | undefined => {
    if (v === undefined || v.trim() === '') return undefined;
    const key = parseKey(v);
    if (!key) ctx.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)' });
    return key;
  });

const schema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.string().min(1).default('./data/gateway.db'),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must be redis://... or rediss://...'),
  /** prefix of every Redis key, so several deployments can share one Redis */
  REDIS_PREFIX: z.string().regex(/^[\w.-]+$/).default('gw'),
  CORS_ORIGINS: z.string().default('*'),
  TRUST_PROXY: trustProxy,
  /** parsed here so a bad entry fails the start instead of the first fetch */
  IMAGE_FETCH_ALLOW: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseFetchAllow(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    }),
  RECOGNITION_WORKERS: z.coerce.number().int().min(0).max(256).default(Math.max(1, os.availableParallelism())),
  /** synchronous recognition budget (SPEC: 5 s); smaller values are for tests, see docs/recognition-runtime.md */
  RECOGNITION_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** synchronous calls allowed to wait for a worker before more are shed (-7); default 4 per worker thread, 64 queue-only */
  RECOGNITION_MAX_WAITING: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  /** an asynchronous job running longer ends TIMEOUT_FAILED (DESIGN.md §5: 60 s) */
  JOB_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** how long finished job results stay readable through 2582-16 (DESIGN.md §5: 30 minutes) */
  JOB_RETENTION_SECONDS: z.coerce.number().positive().default(1800),
  /** after this long without a heartbeat a running job counts as lost (lease / BullMQ lock) */
  JOB_LEASE_SECONDS: z.coerce.number().positive().default(30),
  /** caps on unfinished asynchronous jobs and their stored input (limits/job-quota.ts); 0 = no cap */
  JOBS_QUEUED_MAX: count.default(1000),
  JOBS_QUEUED_MAX_MIB: count.default(1024),
  JOBS_QUEUED_PER_APP: count.default(200),
  JOBS_QUEUED_PER_APP_MIB: count.default(256),
  JOBS_QUEUED_PER_TOKEN: count.default(20),
  JOBS_QUEUED_PER_TOKEN_MIB: count.default(64),
  /** rate (calls per second) and concurrency a new token gets when 2141-1 does not say; 0 = unlimited */
  TOKEN_DEFAULT_RATE: count.default(10),
  TOKEN_DEFAULT_CONCURRENCY: count.default(4),
  /** seals application secrets and token values in the store (store/sealed.ts, docs/operations.md) */
  SECRETS_KEY: secretsKey,
  /** the key SECRETS_KEY replaces, while the store is re-sealed at start */
  SECRETS_KEY_PREVIOUS: secretsKey,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  POSTAL_CSV: z.string().optional(),
  /** requests in flight across the whole process before new ones are shed with -7 / 503 */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(1024),
  /** open connections before new ones are answered -7 / 503 and closed (docs/deploy.md, HTTP limits) */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(defaultMaxConnections()),
  /** who may read /metrics (docs/deploy.md) */
  METRICS_ALLOW: metricsAllow,
  /** `npm run worker` only: serve /metrics, /healthz and /readyz on HOST:METRICS_PORT */
  METRICS_PORT: optionalPort,
  /** how long a gateway keeps a looked-up token or application (src/gateway/auth/credential-cache.ts); 0 = never */
  CREDENTIAL_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(1),
  /** seconds in-flight requests get to finish on SIGTERM before the process exits anyway */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(10),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
