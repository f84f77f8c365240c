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
