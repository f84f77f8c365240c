import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { concurrencyLimitDetail } from '../../src/protocol/limits';
import { vatData } from './fixtures/data';
import { all, enqueue, gateway, invoice, numberIn, pause, pdf, seen, startBatch } from './support/batch-harness';
import './support/injected-files';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

/*
 * The batch queue of the user's files, with a scripted gateway: how many are read at once, what a
 * file that cannot be read says, transient refusals, retry and cancel, a restarted worker, and the
 * history at the end (every file once, the same invoice twice flagged).
 */

type Started = Awaited<ReturnType<typeof startBatch>>;
let batch: Started['batch'];
let db: Started['db'];

beforeEach(async () => {
  ({ batch, db } = await startBatch());
});

describe('batch queue', () => {
  it('reads every file, at most the default concurrency at once, and keeps each result once', async () => {
    // the first seen.calls are held until the test lets them go: the queue must fill every slot without
    // any call finishing (a slow machine cannot make it look like fewer), and never more than that
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    gateway(async (p) => (await held, { body: invoice(numberIn(p)) }));
    const ids = await enqueue(Array.from({ length: 10 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(10000000 + i)) })));
    await batch.resumeBatch();
    await vi.waitFor(() => expect(seen.inFlight).toBe(batch.DEFAULT_CONCURRENCY));
    expect((await db.entriesWithStatus('queued')).map((e) => e.id)).toEqual(ids.slice(batch.DEFAULT_CONCURRENCY));
    // the badge counts the files left: the ones waiting and the ones being read
    await vi.waitFor(() => expect(fakeBrowser.action.getBadgeText({})).resolves.toBe('10'));
    release();
    await batch.whenIdle();
    expect(seen.maxInFlight).toBe(batch.DEFAULT_CONCURRENCY);
    const entries = await all();
    expect(entries.map((e) => e.id)).toEqual(ids);
    expect(entries.every((e) => e.status === 'ok')).toBe(true);
    expect(entries.map((e) => (e.data as typeof vatData).Content.InvoiceNo)).toEqual(Array.from({ length: 10 }, (_, i) => String(10000000 + i)));
    // small PDFs go synchronously, as FileType pdf; the stored bytes are gone once read
    expect(seen.calls.every((p) => p.get('FileType') === 'pdf' && !p.has('Async'))).toBe(true);
    for (const id of ids) expect(await db.getFile(id)).toBeUndefined();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('✓');
  });

  it('a file that is not a document fails with its reason in words; the rest go on', async () => {
    gateway(async (p) => ({ body: invoice(numberIn(p)) }));
    await enqueue([
      { name: 'a.pdf', blob: pdf('11111111') },
      { name: 'setup.pdf', blob: new Blob(['MZ\x90\x00 this program cannot be run in DOS mode']) },
      { name: 'empty.pdf', blob: new Blob([]) },
      { name: 'b.pdf', blob: pdf('22222222') },
    ]);
    await batch.resumeBatch();
    await batch.whenIdle();
    const byName = Object.fromEntries((await all()).map((e) => [e.source.fileName, e]));
    expect(byName['a.pdf']!.status).toBe('ok');
    expect(byName['b.pdf']!.status).toBe('ok');
    expect(byName['setup.pdf']).toMatchObject({ status: 'error', error: { key: 'err_file_unknown_type' } });
    expect(byName['empty.pdf']).toMatchObject({ status: 'error', error: { key: 'err_file_empty' } });
    expect(seen.calls).toHaveLength(2);
    const note = Object.values(fakeBrowser.notifications.getAllCreateOptions()) as { message: string }[];
    expect(note.at(-1)!.message).toBe('2 个已识别，2 个失败（原因见侧边栏或弹窗）');
  });

  it('follows the token concurrency the gateway names in -1009, putting refused files back in the queue', async () => {
    let active = 0;
    gateway(async (p) => {
      if (active >= 2) return { code: -1009, error: `超出调用频率或并发限制 (rate or concurrency limit reached): ${concurrencyLimitDetail(2)}` };
      active++;
      await pause(30);
      active--;
      return { body: invoice(numberIn(p)) };
    });
    await enqueue(Array.from({ length: 8 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(30000000 + i)) })));
    await batch.resumeBatch();
    await batch.whenIdle();
    expect((await all()).map((e) => e.status)).toEqual(Array(8).fill('ok'));
    const refused = seen.calls.length - 8;
    expect(refused).toBeGreaterThan(0);
    // once learned, the queue keeps to it: far fewer refusals than files
    expect(refused).toBeLessThan(6);
  });

  it('the same invoice in a second file is flagged as a duplicate of the first', async () => {
    gateway(async (p) => ({ body: invoice(numberIn(p)) }));
    await enqueue([
      { name: '三月发票.pdf', blob: pdf('44444444') },
      { name: '其他.pdf', blob: pdf('55555555') },
    ]);
    await batch.resumeBatch();
    await batch.whenIdle();
    await enqueue([{ name: '三月发票-副本.pdf', blob: pdf('44444444') }]);
    void batch.pump();
    await batch.whenIdle();
    const flagged = (await all()).find((e) => e.source.fileName === '三月发票-副本.pdf')!;
    expect(flagged.duplicateOf).toMatchObject({ source: '三月发票.pdf' });
  });

  it('an expired token or a gateway gone: every file says so, and retry reads them again', async () => {
    let mode: 'expired' | 'gone' | 'ok' = 'expired';
    gateway(async (p) => {
      if (mode === 'gone') throw new TypeError('Failed to fetch');
      if (mode === 'expired') return { code: -1012, error: '子授权 token 已过期或无效 (sub-authorization token expired or invalid): the token expired' };
      return { body: invoice(numberIn(p)) };
    });
    const ids = await enqueue([
      { name: 'a.pdf', blob: pdf('66666666') },
      { name: 'b.pdf', blob: pdf('77777777') },
    ]);
    await batch.resumeBatch();
    await batch.whenIdle();
    expect((await all()).map((e) => e.error?.key)).toEqual(['err_TOKEN_INVALID', 'err_TOKEN_INVALID']);
    mode = 'gone';
    expect(await batch.retryFiles([ids[0]!])).toBe(1);
    await batch.whenIdle();
    expect((await db.getEntry(ids[0]!))!.error).toMatchObject({ key: 'err_network', detail: 'Failed to fetch' });
    mode = 'ok';
    expect(await batch.retryFiles([])).toBe(2);
    await batch.whenIdle();
    expect((await all()).map((e) => e.status)).toEqual(['ok', 'ok']);
    // a read file has no bytes left to retry
    expect(await batch.retryFiles([])).toBe(0);
  });

  it('cancel: the files still waiting fail as cancelled, the ones being read finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gateway(async (p) => (await gate, { body: invoice(numberIn(p)) }));
    await enqueue(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(80000000 + i)) })));
    await batch.resumeBatch();
    await vi.waitFor(() => expect(seen.calls).toHaveLength(4));
    expect(await batch.cancelQueued()).toBe(2);
    release();
    await batch.whenIdle();
    const statuses = (await all()).map((e) => e.error?.key ?? e.status);
    expect(statuses).toEqual(['ok', 'ok', 'ok', 'ok', 'err_cancelled', 'err_cancelled']);
    expect(await batch.retryFiles([])).toBe(2);
    await batch.whenIdle();
    expect((await all()).every((e) => e.status === 'ok')).toBe(true);
  });

  it('a document over 1 MiB goes asynchronous and is polled with 2582-16', async () => {
    const job = { ret_code: 0, remark: '', RequestId: 'big-1', Data: { Status: 'PROCESS_SUCCESS', Result: JSON.stringify(vatData), JobId: 'big-1' } };
    gateway(async (p) => (p.has('JobId') ? { body: job } : { body: { ret_code: 0, remark: '', RequestId: 'big-1' } }));
    const big = new Blob(['%PDF-1.4\n', new Uint8Array(1024 * 1024 + 10)], { type: 'application/pdf' });
    const [id] = await enqueue([{ name: 'scan.pdf', blob: big }]);
    await batch.resumeBatch();
    await batch.whenIdle();
    expect(seen.calls.map((p) => [p.get('Async'), p.get('JobId')])).toEqual([['true', null], [null, 'big-1']]);
    expect((await db.getEntry(id!))!).toMatchObject({ status: 'ok', jobId: 'big-1', jobStatus: 'PROCESS_SUCCESS' });
  });

  it('a restarted worker takes up the files the old one was reading', async () => {
    gateway(async (p) => ({ body: invoice(numberIn(p)) }));
    const [id] = await enqueue([{ name: 'a.pdf', blob: pdf('12121212') }]);
    await db.updateEntry(id!, { status: 'pending' });
    await batch.resumeBatch();
    await batch.whenIdle();
    expect((await db.getEntry(id!))!.status).toBe('ok');
    expect(seen.calls).toHaveLength(1);
  });
});
