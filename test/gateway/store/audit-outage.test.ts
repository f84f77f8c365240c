import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { auditLog } from '../../../src/gateway/store/audit';
import { type Storage, openStorage } from '../../../src/gateway/store/db';

/*
 * The audit trail while storage is away (PostgreSQL restarting, docs/deploy.md): the calls
 * answered meanwhile are written once it is back, each once. The multi-process version is
 * test/scale/faults.test.ts; here the table is moved away under a SQLite store.
 */

let storage: Storage | undefined;
let dir: string | undefined;
afterEach(async () => {
  await storage?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps the entries a write could not store and writes them, once each, when storage is back', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-audit-'));
  storage = await openStorage(path.join(dir, 'gw.db'));
  const errors: unknown[] = [];
  const audit = auditLog(storage.db, { flushMs: 20, maxBuffer: 3, onError: (e) => errors.push(e) });
  const entry = (i: number) => ({ at: i, request_id: `r${i}`, appid: 1, out_code: null, mode: 'appkey', point: '2141-4', code: 0, latency_ms: 1, client_ip: '127.0.0.1' });

  await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(storage.db);
  for (let i = 0; i < 7; i++) audit.record(entry(i));
  await audit.flush();
  expect(errors.length).toBeGreaterThan(0);
  await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(storage.db);
  for (let i = 7; i < 9; i++) audit.record(entry(i));

  // the retry timer writes them without another call or flush
  let rows: { request_id: string }[] = [];
  for (let i = 0; i < 100 && rows.length < 9; i++) {
    await new Promise((r) => setTimeout(r, 50));
    rows = await storage.db.selectFrom('audit_log').select('request_id').execute();
  }
  expect(rows.map((r) => r.request_id).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `r${i}`));
  await audit.close();
});
