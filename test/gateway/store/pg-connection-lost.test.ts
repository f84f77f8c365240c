import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { createTestDatabase, postgresAvailable } from '../../support/services';

/*
 * Regression: a gateway died with "Unhandled 'error' event ... Connection terminated
 * unexpectedly" when PostgreSQL stopped (test/scale/faults.test.ts, now and then). A pooled
 * client that is checked out but between queries (a query just failed and Kysely has not
 * released it yet, or a connection held across statements) has no error listener: pg-pool
 * removes its own on checkout, so the client's 'error' event on the lost socket was unhandled.
 * Here the server ends such a connection on purpose; the process must live on, that connection's
 * next query fail, and the pool replace it.
 */

const available = await postgresAvailable();

describe.skipIf(!available)('a PostgreSQL connection lost while it is checked out', () => {
  let storage: Storage;
  let admin: pg.Client;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    storage = await openStorage(db.url, { poolSize: 2 });
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await storage?.close();
    await drop?.();
  });

  it('fails the queries on that connection without crashing, then the pool serves with a new one', async () => {
    const failure = await storage.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // the loss reaches the client while no query runs on it: the case that crashed
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const error = await sql`select 1`.execute(conn).then(
          () => undefined,
          (e: Error) => e,
        );
        if (error) return error;
      }
      return undefined;
    });
    expect(failure?.message).toMatch(/terminat|not queryable/i);
    // the server's FATAL reply can fail the query before the socket's close is seen, so the
    // connection may go back to the pool and fail one more query (ECONNRESET) before it is
    // dropped; by the third query the pool must serve from a new connection
    let served: unknown;
    for (let attempt = 0; attempt < 3 && served === undefined; attempt++) {
      served = await sql<{ one: number }>`select 1 as one`.execute(storage.db).then(
        ({ rows }) => rows,
        () => undefined,
      );
    }
    expect(served).toEqual([{ one: 1 }]);
  });
});
