import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Limits } from '../../../src/gateway/limits/limits';
import { memoryLimits } from '../../../src/gateway/limits/memory';
import { redisLimits } from '../../../src/gateway/limits/redis';
import { redisAvailable, testRedisUrl } from '../../support/services';

const haveRedis = await redisAvailable();
const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

function redisPair(): [Limits, Limits] {
  const prefix = `test-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const a = new Redis(testRedisUrl(), { enableOfflineQueue: false });
  const b = new Redis(testRedisUrl(), { enableOfflineQueue: false });
  clients.push(a, b);
  return [redisLimits(a, { prefix }), redisLimits(b, { prefix })];
}

async function ready(r: Redis) {
  if (r.status !== 'ready') await new Promise((res) => r.once('ready', res));
}

const kinds: { name: string; available: boolean; make: () => Promise<[Limits, Limits]> }[] = [
  {
    name: 'memory',
    available: true,
    make: async () => {
      const m = memoryLimits();
      return [m, m];
    },
  },
  {
    name: 'redis (two gateways)',
    available: haveRedis,
    make: async () => {
      const pair = redisPair();
      await Promise.all(clients.slice(-2).map(ready));
      return pair;
    },
  },
];

describe.each(kinds)('$name limits', (kind) => {
  it.skipIf(!kind.available)('allows `rate` calls per second, shared between instances', async () => {
    const [a, b] = await kind.make();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).takeRate('k1', 4)));
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(await a.takeRate('other', 4)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await b.takeRate('k1', 4)).toBe(true);
  });

  it.skipIf(!kind.available)('keeps separate budgets for different rates of the same key', async () => {
    const [a] = await kind.make();
    expect(await a.takeRate('k2', 1)).toBe(true);
    expect(await a.takeRate('k2', 1)).toBe(false);
  });

  it.skipIf(!kind.available)('holds at most `max` slots in flight across instances and frees them on release', async () => {
    const [a, b] = await kind.make();
    const r1 = await a.acquireSlot('s', 2);
    const r2 = await b.acquireSlot('s', 2);
    expect(r1).toBeDefined();
    expect(r2).toBeDefined();
    expect(await a.acquireSlot('s', 2)).toBeUndefined();
    expect(await b.acquireSlot('s', 2)).toBeUndefined();
    await r1!();
    await r1!(); // releasing twice frees one slot only
    const r3 = await b.acquireSlot('s', 2);
    expect(r3).toBeDefined();
    expect(await a.acquireSlot('s', 2)).toBeUndefined();
    await r2!();
    await r3!();
    expect(await a.acquireSlot('s', 2)).toBeDefined();
  });
});
