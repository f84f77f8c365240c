import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedLru } from '../../../src/gateway/postal/cache';
import { importPostal } from '../../../src/gateway/postal/import';
import { openStorage } from '../../../src/gateway/store/db';
import { postalRepo } from '../../../src/gateway/store/postal';
import { type TestGateway, call, startTestGateway } from '../../support/gateway';
import { FIXTURE_CSV } from './support';

describe('VersionedLru', () => {
  it('keeps the most recently used entries up to its size', () => {
    const c = new VersionedLru<number>(2);
    c.sync(1);
    c.set('a', 1, 1);
    c.set('b', 2, 1);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('c', 3, 1);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([1, undefined, 3]);
  });

  it('drops everything when the data version changes, and refuses values of another version', () => {
    const c = new VersionedLru<number>(10);
    c.sync(1);
    c.set('a', 1, 1);
    c.sync(2);
    expect(c.get('a')).toBeUndefined();
    c.set('b', 2, 1); // computed from the old data while an import committed
    expect(c.get('b')).toBeUndefined();
    c.sync(undefined);
    c.set('c', 3, undefined);
    expect(c.get('c')).toBe(3);
    expect(new VersionedLru<number>(0).size).toBe(0);
  });
});

describe('lookups after an import by another process', () => {
  let gw: TestGateway;
  let appKey: string;
  beforeAll(async () => {
    gw = await startTestGateway({ POSTAL_CSV: FIXTURE_CSV });
    ({ appKey } = await gw.createApp());
  });
  afterAll(() => gw?.stop());

  it('answer from the new data set at once, not from cached pages', async () => {
    const lookup = async (code: string) => (await call(gw.url, '1917-1', { query: { appKey, code } })).body.allNum;
    expect(await lookup('100089')).toBe(29);
    expect(await lookup('100089')).toBe(29); // now cached
    expect(await lookup('999078')).toBe(0);
    // the admin command's way: its own connection, its own process's view
    const other = await openStorage(gw.config.DATABASE_URL);
    try {
      for (const [code, n] of [['999078', 3], ['999078', 4]] as const) {
        const csv = `province,code\n${'澳门特别行政区,999078\n'.repeat(n)}`;
        await importPostal(postalRepo(other), Readable.from([csv]));
        expect(await lookup('100089')).toBe(0);
        expect(await lookup(code)).toBe(n); // two imports within moments are two versions
      }
    } finally {
      await other.close();
    }
  });
});
