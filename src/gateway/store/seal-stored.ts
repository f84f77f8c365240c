import type { Db } from './db';
import { type Sealer, isSealed } from './sealed';

/**
 * Run at start (sealed.ts): with SECRETS_KEY set, application secrets and token values stored
 * plain (before the key was set) or under SECRETS_KEY_PREVIOUS are sealed under SECRETS_KEY; each
 * row is written only if it still holds what was read, so gateways starting together do not
 * undo each other. Without a key, a store that holds sealed values cannot be used: the start
 * fails with a message rather than every signed or token call failing later.
 */
export async function sealStoredSecrets(db: Db, sealed: Sealer): Promise<number> {
  const apps = await db.selectFrom('applications').select(['appid', 'secret']).execute();
  const tokens = await db.selectFrom('sub_auths').select(['id', 'access_token']).execute();
  if (!sealed.sealing) {
    if (apps.some((a) => isSealed(a.secret)) || tokens.some((t) => isSealed(t.access_token))) {
      throw new Error('the store holds secrets sealed with SECRETS_KEY: start with SECRETS_KEY set to that key (docs/operations.md)');
    }
    return 0;
  }
  let n = 0;
  for (const a of apps) {
    if (!sealed.stale(a.secret, 'applications.secret')) continue;
    const value = sealed.seal(sealed.open(a.secret, 'applications.secret'), 'applications.secret');
    await db.updateTable('applications').set({ secret: value }).where('appid', '=', a.appid).where('secret', '=', a.secret).execute();
    n++;
  }
  for (const t of tokens) {
    if (!sealed.stale(t.access_token, 'sub_auths.access_token')) continue;
    const value = sealed.seal(sealed.open(t.access_token, 'sub_auths.access_token'), 'sub_auths.access_token');
    await db.updateTable('sub_auths').set({ access_token: value }).where('id', '=', t.id).where('access_token', '=', t.access_token).execute();
    n++;
  }
  return n;
}
