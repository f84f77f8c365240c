import type { Redis } from 'ioredis';
import { GatewayError } from '../errors';
import type { Db } from '../store/db';
import { usedNoncesRepo } from '../store/nonces';

/**
 * Where used nonces are remembered: Redis when the deployment has one (REDIS_URL), otherwise the
 * database; either way every gateway of the deployment sees every other's nonces. `claim` is
 * true the first time a key is seen within its window and false for a replay.
 */
export interface NonceStore {
  claim(key: string, expiresAt: number): Promise<boolean>;
}

export function databaseNonces(db: Db): NonceStore {
  const repo = usedNoncesRepo(db);
  return { claim: (key, expiresAt) => repo.claim(key, expiresAt) };
}

/**
 * SET NX with an expiry: atomic across gateways. While Redis cannot be reached a signed call is
 * answered -7 (try again) rather than accepted unchecked: a nonce used before the outage would
 * otherwise be open to a replay (docs/deploy.md).
 */
export function redisNonces(redis: Redis, prefix: string): NonceStore {
  return {
    async claim(key, expiresAt) {
      const ttl = Math.max(1000, expiresAt - Date.now());
      let answer: string | null;
      try {
        answer = await redis.set(`${prefix}:nonce:${key}`, '1', 'PX', ttl, 'NX');
      } catch (e) {
        throw new GatewayError('OVERLOADED', 'the nonce store (Redis) is unavailable', { cause: e });
      }
      return answer === 'OK';
    },
  };
}
