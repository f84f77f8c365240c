import { Redis } from 'ioredis';

/**
 * A Redis connection for request-path work (limits): commands fail at once while Redis is down
 * instead of queueing behind the reconnect, so callers get an answer; ioredis keeps reconnecting.
 */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: `gateway-${name}`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // connection errors are reported by the commands that fail; without a listener ioredis would
  // print every reconnect attempt as an unhandled error event
  redis.on('error', () => {});
  return redis;
}

/**
 * A subscription to `channel` on its own connection (a subscribing connection can do nothing
 * else). Unlike request-path connections it queues while Redis is away, and ioredis subscribes
 * again after every reconnect. `close()` ends it.
 */
export function subscribeRedis(url: string, channel: string, onMessage: () => void): { close(): void } {
  const redis = new Redis(url, { connectionName: 'gateway-subscriber', retryStrategy: (times) => Math.min(times * 200, 2000) });
  redis.on('error', () => {});
  redis.on('message', (ch: string) => {
    if (ch === channel) onMessage();
  });
  void redis.subscribe(channel).catch(() => {});
  return { close: () => redis.disconnect() };
}
