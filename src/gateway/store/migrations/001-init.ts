import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../db';

export function serialKey(dialect: Dialect) {
  return dialect === 'postgres'
    ? { type: sql`integer`, build: (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity() }
    : { type: sql`integer`, build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() };
}

export function m001Init(dialect: Dialect): Migration {
  const key = serialKey(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('applications')
        .addColumn('appid', key.type, key.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('app_key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sub_auths')
        .addColumn('id', key.type, key.build)
        .addColumn('appid', 'integer', (c) => c.notNull().references('applications.appid'))
        .addColumn('out_code', 'text', (c) => c.notNull())
        .addColumn('access_token', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('permission_list', 'text', (c) => c.notNull())
        .addColumn('ip_white_list', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('rate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('sub_auths_app_out_code', ['appid', 'out_code'])
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', key.type, key.build)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('appid', 'integer')
        .addColumn('out_code', 'text')
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('point', 'text', (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('latency_ms', 'real', (c) => c.notNull())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_app_at').on('audit_log').columns(['appid', 'at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('sub_auths').execute();
      await db.schema.dropTable('applications').execute();
    },
  };
}
