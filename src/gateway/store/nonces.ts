import type { Db } from './db';

/** How often expired nonces are deleted, at most. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Nonces already used (gateway_nonce, DESIGN.md §2) in the database every gateway of a deployment
 * shares, for deployments without Redis. A nonce is kept until the window of its call's
 * timestamp has passed; by then the call would be refused for its timestamp anyway.
 */
export function usedNoncesRepo(db: Db) {
  let lastSweep = 0;
  return {
    /**
     * Records `key` until `expiresAt`; false when it is already recorded and not yet expired.
     * One statement, so two gateways racing with the same nonce cannot both succeed.
     */
    async claim(key: string, expiresAt: number, now = Date.now()): Promise<boolean> {
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
      }
      const res = await db
        .insertInto('used_nonces')
        .values({ key, expires_at: expiresAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ expires_at: expiresAt }).where('used_nonces.expires_at', '<', now))
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
