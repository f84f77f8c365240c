import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { retCodes } from '../../src/protocol/codes';
import type { HistoryEntry } from '../../src/protocol/messages';
import { describeError } from '../../src/extension/lib/errors';
import { vatData } from './fixtures/data';
import { all, enqueue, gateway, invoice, numberIn, pdf, seen, startBatch } from './support/batch-harness';
import './support/injected-files';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

let batch: Awaited<ReturnType<typeof startBatch>>['batch'];

beforeEach(async () => {
  ({ batch } = await startBatch());
});

/*
 * Issue 19's bad input in the middle of a batch: whatever goes wrong, each file says what happened
 * in words, the others go on, the history holds every file exactly once, and retrying later reads
 * the failed ones without a second entry or a false 重复.
 */
describe('batch queue: bad input mid-batch', () => {
  const words = (e: HistoryEntry) => (e.error ? describeError('zh_CN', e.error) : '');
  /** Every entry once, in the order added. */
  async function once(ids: string[]) {
    const entries = await all();
    expect(entries.map((e) => e.id)).toEqual(ids);
    return entries;
  }

  it('the gateway going away after some files: the rest say so in words, retry reads them once', async () => {
    let answered = 0;
    let up = true;
    gateway(async (p) => {
      if (!up) throw new TypeError('Failed to fetch');
      if (++answered === 3) up = false;
      return { body: invoice(numberIn(p)) };
    });
    const ids = await enqueue(Array.from({ length: 8 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(40000000 + i)) })));
    await batch.resumeBatch();
    await batch.whenIdle();
    let entries = await once(ids);
    expect(entries.filter((e) => e.status === 'ok')).toHaveLength(3);
    const failed = entries.filter((e) => e.status === 'error');
    expect(failed).toHaveLength(5);
    for (const e of failed) expect(words(e)).toBe('无法连接网关 http://127.0.0.1:8080，请检查地址以及网关是否在运行（详情：Failed to fetch）');
    up = true;
    expect(await batch.retryFiles([])).toBe(5);
    await batch.whenIdle();
    entries = await once(ids);
    expect(entries.map((e) => e.status)).toEqual(Array(8).fill('ok'));
    expect(entries.map((e) => (e.data as typeof vatData).Content.InvoiceNo)).toEqual(Array.from({ length: 8 }, (_, i) => String(40000000 + i)));
    expect(entries.some((e) => e.duplicateOf)).toBe(false);
  });

  it('the token expiring mid-batch: the rest say so in words; with a new token retry reads them', async () => {
    let answered = 0;
    gateway(async (p) => {
      if (answered >= 3) return { code: -1012, error: '子授权 token 已过期或无效 (sub-authorization token expired or invalid): the token expired' };
      answered++;
      return { body: invoice(numberIn(p)) };
    });
    const ids = await enqueue(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(41000000 + i)) })));
    await batch.resumeBatch();
    await batch.whenIdle();
    const failed = (await once(ids)).filter((e) => e.status === 'error');
    expect(failed).toHaveLength(3);
    for (const e of failed) expect(words(e)).toBe('token 已过期或无效，请在设置页更换或请管理员续期（网关说明：the token expired）');
    answered = -100;
    const { setToken } = await import('../../src/extension/background/credentials');
    await setToken('tok-renewed');
    expect(await batch.retryFiles([])).toBe(3);
    await batch.whenIdle();
    expect((await once(ids)).map((e) => e.status)).toEqual(Array(6).fill('ok'));
  });

  it('results the gateway refuses fail alone, each with its reason; the others are read', async () => {
    gateway(async (p) => {
      const no = numberIn(p);
      if (no === '42000001') return { code: -1102, error: '输入无法获取或解码 (input could not be fetched or decoded): PDF has no pages' };
      if (no === '42000002') return { body: { ret_code: retCodes.WRONG_DOCUMENT, remark: '不是增值税发票', RequestId: 'r' } };
      if (no === '42000003') return { body: { ret_code: 0, remark: '', RequestId: 'r', Data: { Content: 'not an invoice' } } };
      return { body: invoice(no) };
    });
    const ids = await enqueue(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(42000000 + i)) })));
    await batch.resumeBatch();
    await batch.whenIdle();
    const entries = await once(ids);
    expect(entries.map((e) => e.status)).toEqual(['ok', 'error', 'error', 'error', 'ok']);
    expect(entries.slice(1, 4).map((e) => e.error?.key)).toEqual(['err_INPUT_UNREADABLE', 'err_wrong_document', 'err_bad_response']);
    expect(words(entries[1]!)).toBe('网关无法获取或解码这张图片（地址不可访问、需要登录或不是图片）（网关说明：PDF has no pages）');
    for (const e of entries.slice(1, 4)) expect(words(e)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('500 files at once: every one read once, at most the concurrency in flight, the history answering meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    gateway(async (p) => (await held, { body: invoice(numberIn(p)) }));
    const { addFiles } = await import('../../src/extension/popup/intake');
    // the popup tells the background to start; here the background is this module
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async () => (void batch.resumeBatch(), { ok: true, value: {} })) as never);
    const files = Array.from({ length: 500 }, (_, i) => new File([`%PDF-1.4\n${50000000 + i}`], `发票${i}.pdf`));
    expect(await addFiles(files, 'plate')).toEqual({ added: 500, refused: 0 });
    // while the batch runs, a search of the history is answered (the queue holds no lock on it)
    const { emptyQuery, searchHistory } = await import('../../src/extension/lib/history-search');
    await vi.waitFor(() => expect(seen.calls).toHaveLength(batch.DEFAULT_CONCURRENCY));
    const found = await searchHistory({ ...emptyQuery, text: '发票499.pdf' });
    expect(found.map((e) => [e.source.fileName, e.status])).toEqual([['发票499.pdf', 'queued']]);
    release();
    await batch.whenIdle();
    const entries = await all();
    expect(entries).toHaveLength(500);
    expect(entries.every((e) => e.status === 'ok')).toBe(true);
    expect(new Set(entries.map((e) => (e.data as typeof vatData).Content.InvoiceNo)).size).toBe(500);
    expect(seen.calls).toHaveLength(500);
    expect(seen.maxInFlight).toBeLessThanOrEqual(batch.DEFAULT_CONCURRENCY);
  }, 180_000);
});
