import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { randomHex } from '../auth/secrets';
import type { Limits } from './limits';
import { memorySlots, rateLimitersByRate } from './memory';

/**
 * How long an in-flight slot is held at most. A gateway that dies mid-call cannot give its slots
 * back; they expire after this lease. Longer than any synchronous call (fetch 10 s + recognition 5 s).
 */
const SLOT_LEASE_MS = 120_000;

/*
 * A counting semaphore in a sorted set: members are slot ids scored by the Redis clock at
 * acquisition, expired leases are dropped before counting. Redis' own TIME keeps gateways with
 * skewed clocks consistent. rate-limiter-flexible has no concurrency primitive, hence this script.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return 1
end
return 0`;

type SemaphoreRedis = Redis & { gwAcquireSlot(key: string, leaseMs: number, max: number, id: string): Promise<number> };

/**
 * Limits shared by every gateway on one Redis. When Redis cannot be reached the limits fall back to
 * this process' memory (rate-limiter-flexible's insurance limiter, and a local semaphore) so callers
 * are still limited, per process, instead of failing.
 */
export function redisLimits(redis: Redis, opts: { prefix?: string; onFallback?: (e: unknown) => void } = {}): Limits {
  const prefix = opts.prefix ?? 'gw';
  if (!('gwAcquireSlot' in redis)) redis.defineCommand('gwAcquireSlot', { numberOfKeys: 1, lua: ACQUIRE });
  const client = redis as SemaphoreRedis;
  const rateFor = rateLimitersByRate(
    (points) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:rate:${points}`,
        points,
        duration: 1,
        insuranceLimiter: new RateLimiterMemory({ points, duration: 1 }),
      }),
  );
  const localSlots = memorySlots();

  return {
    async takeRate(key, perSecond) {
      try {
        await rateFor(perSecond).consume(key);
        return true;
      } catch (e) {
        if (e instanceof RateLimiterRes) return false;
        throw e;
      }
    },

    async acquireSlot(key, max) {
      const zkey = `${prefix}:slots:${key}`;
      const id = randomHex(8);
      let ok: number;
      try {
        ok = await client.gwAcquireSlot(zkey, SLOT_LEASE_MS, max, id);
      } catch (e) {
        opts.onFallback?.(e);
        return localSlots(key, max);
      }
      if (ok !== 1) return undefined;
      return async () => {
        try {
          await redis.zrem(zkey, id);
        } catch (e) {
          opts.onFallback?.(e); // the lease expires on its own
        }
      };
    },

    async close() {},
  };
}
