import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Issue 14, signatures that bind what they sign (DESIGN.md §2):
 * - `applications.legacy_signature`: whether the application still accepts the ShowAPI-compatible
 *   md5/hmac methods. New applications do not. Applications that exist when this migration runs
 *   keep accepting them (1), so the clients they already have go on working after the upgrade;
 *   the operator turns it off per application once its clients sign with hmac-sha256
 *   (`npm run admin -- app set --appid N --legacy-signature off`, docs/api.md).
 * - `used_nonces`: nonces already seen (gateway_nonce), for deployments without Redis.
 */

export function m004Signatures(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('applications').addColumn('legacy_signature', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`UPDATE applications SET legacy_signature = 1`.execute(db);
      await db.schema
        .createTable('used_nonces')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('used_nonces_expires').on('used_nonces').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('used_nonces').execute();
      await db.schema.alterTable('applications').dropColumn('legacy_signature').execute();
    },
  };
}
