import { LRUCache } from 'lru-cache';
import type { Application, ApplicationsRepo } from '../store/applications';
import type { SubAuthsRepo } from '../store/sub-auths';

type TokenRecord = NonNullable<Awaited<ReturnType<SubAuthsRepo['findByToken']>>>;

/** Credentials kept at most; a flood of distinct callers evicts the least recently used ones. */
const MAX_ENTRIES = 20_000;

/**
 * The applications and sub-authorizations repositories with their per-call lookups (token →
 * sub-authorization, appKey or appid → application) kept in memory for `ttlMs`. Every call
 * authenticates, and without this each one costs a database round trip that dominates the cheap
 * points (docs/performance.md).
 *
 * Changes made through this process (2141 points, admin commands) clear its cache at once and
 * are `announce`d (Redis pub/sub when REDIS_URL is set) before the change is answered, so every
 * other gateway clears its cache too as soon as the message arrives (milliseconds: it comes on its
 * own connection, which a request already on its way may beat). On SQLite, `changedElsewhere` (another connection committed)
 * clears it as well, so `npm run admin -- app disable` holds on the next call. On PostgreSQL
 * without Redis, other processes see a change within `ttlMs`.
 * Expiry needs neither: it is checked against the clock on every call. Unknown credentials are
 * not kept: a new token works at once everywhere, and guessing callers cannot fill the cache.
 * `ttlMs` 0 turns caching off.
 */
export function cachedCredentials(
  applications: ApplicationsRepo,
  subAuths: SubAuthsRepo,
  ttlMs: number,
  announce: () => Promise<unknown> = async () => {},
  changedElsewhere: () => boolean = () => false,
) {
  if (ttlMs <= 0) return { applications, subAuths, clear: () => {} };
  const tokens = new LRUCache<string, TokenRecord>({ max: MAX_ENTRIES, ttl: ttlMs });
  const apps = new LRUCache<string, Application>({ max: MAX_ENTRIES, ttl: ttlMs });
  // bumped by every clear, so a lookup that started before a change does not keep what it read
  let generation = 0;
  const clear = () => {
    generation++;
    tokens.clear();
    apps.clear();
  };

  /** `load`'s answer for `key`, from the cache while it is fresh; misses are never kept. */
  async function through<T extends {}>(cache: LRUCache<string, T>, key: string, load: () => Promise<T | undefined>) {
    if (changedElsewhere()) clear();
    const hit = cache.get(key);
    if (hit) return hit;
    const started = generation;
    const value = await load();
    if (value && started === generation) cache.set(key, value);
    return value;
  }

  /**
   * `fn` with the caches cleared after it ran, here and (announced) elsewhere, whatever it
   * returned: a write may have landed. A failed announcement only delays other gateways by `ttlMs`.
   */
  function clearing<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } finally {
        clear();
        await announce().catch(() => {});
      }
    };
  }

  return {
    applications: {
      ...applications,
      findByAppKey: (appKey: string) => through(apps, `k:${appKey}`, () => applications.findByAppKey(appKey)),
      findById: (appid: number) => through(apps, `i:${appid}`, () => applications.findById(appid)),
      setDisabled: clearing(applications.setDisabled),
      setLegacySignature: clearing(applications.setLegacySignature),
      rotateSecret: clearing(applications.rotateSecret),
      rotateAppKey: clearing(applications.rotateAppKey),
    } satisfies ApplicationsRepo,
    subAuths: {
      ...subAuths,
      findByToken: (token: string) => through(tokens, token, () => subAuths.findByToken(token)),
      create: clearing(subAuths.create),
      delete: clearing(subAuths.delete),
      extend: clearing(subAuths.extend),
      update: clearing(subAuths.update),
    } satisfies SubAuthsRepo,
    /** forgets everything kept (another process announced a change) */
    clear,
  };
}
