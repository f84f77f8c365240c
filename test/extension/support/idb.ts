import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { closeHistoryDb } from '../../../src/extension/lib/history-db';

/*
 * The history's IndexedDB for unit tests: fake-indexeddb (Apache-2.0, the reference
 * implementation's test suite passes) installed as the global `indexedDB`, a fresh empty factory
 * per test so no case sees another's entries.
 */
export async function freshHistoryDb(): Promise<void> {
  await closeHistoryDb();
  globalThis.indexedDB = new IDBFactory();
}
