import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { retCodes } from '../../src/protocol/codes';
import { concurrencyLimitDetail } from '../../src/protocol/limits';
import type { HistoryEntry } from '../../src/protocol/messages';
import { describeError } from '../../src/extension/lib/errors';
import { vatData } from './fixtures/data';
import { installFakeBrowser } from './support/fake-browser';
import { freshHistoryDb } from './support/idb';
import './support/injected-files';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

/*
 * The batch queue of the user's files, with a scripted gateway: how many are read at once, what a
 * file that cannot be read says, transient refusals, retry and cancel, a restarted worker, and the
 * history at the end (every file once, the same invoice twice flagged).
 */

type Batch = typeof import('../../src/extension/background/batch');
type Db = typeof import('../../src/extension/lib/history-db');
let batch: Batch;
let db: Db;

/** node has no FileReader; the background reads a Blob into a data: URL with it */
class NodeFileReader {
  result: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((b) => {
      this.result = `data:${blob.type || 'application/octet-stream'};base64,${Buffer.from(b).toString('base64')}`;
      this.onload?.();
    });
  }
}

type Handler = (params: URLSearchParams) => Promise<{ code?: number; error?: string; body?: unknown }>;
let inFlight = 0;
let maxInFlight = 0;
let calls: URLSearchParams[] = [];

function gateway(handler: Handler) {
  inFlight = 0;
  maxInFlight = 0;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const params = new URLSearchParams(String(init.body));
      calls.push(params);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        const a = await handler(params);
        const env = { gateway_res_code: a.code ?? 0, gateway_res_error: a.error ?? '', gateway_res_id: 'id', gateway_res_body: a.body ?? {} };
        return new Response(JSON.stringify(env));
      } finally {
        inFlight--;
      }
    }),
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The invoice number a test PDF carries (its bytes after the header). */
const numberIn = (params: URLSearchParams) => Buffer.from(params.get('FileURL')!.split(',')[1]!, 'base64').toString().slice(9);
const invoice = (no: string) => ({ ret_code: 0, remark: '', RequestId: `r-${no}`, Data: { ...vatData, Content: { ...vatData.Content, InvoiceNo: no } } });

const pdf = (no: string) => new Blob([`%PDF-1.4\n${no}`], { type: 'application/pdf' });

async function enqueue(files: { name: string; blob: Blob }[]): Promise<string[]> {
  const items = files.map((f, i) => {
    const id = `f${i}-${f.name}`;
    const entry: HistoryEntry = { id, at: 1000 + i, docId: 'vat', status: 'queued', source: { via: 'file', pageUrl: '', srcUrl: '', fileName: f.name }, batchId: 'b1' };
    return { entry, file: { id, blob: f.blob, name: f.name, kind: 'pdf' as const } };
  });
  await db.enqueueFiles(items);
  return items.map((i) => i.entry.id);
}

const all = async () => (await db.recentEntries(1000)).sort((a, b) => a.at - b.at);

beforeEach(async () => {
  const c = installFakeBrowser();
  c.permissions.contains.mockResolvedValue(true);
  vi.stubGlobal('FileReader', NodeFileReader);
  // a fresh module: the queue's state lives in the worker, which each test starts anew
  vi.resetModules();
  db = await import('../../src/extension/lib/history-db');
  await db.closeHistoryDb();
  await freshHistoryDb();
  db = await import('../../src/extension/lib/history-db');
  batch = await import('../../src/extension/background/batch');
  const { setToken } = await import('../../src/extension/background/credentials');
  await setToken('tok-123456');
});

describe('batch queue', () => {
  it('reads every file, at most the default concurrency at once, and keeps each result once', async () => {
    // the first calls are held until the test lets them go: the queue must fill every slot without
    // any call finishing (a slow machine cannot make it look like fewer), and never more than that
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    gateway(async (p) => (await held, { body: invoice(numberIn(p)) }));
    const ids = await enqueue(Array.from({ length: 10 }, (_, i) => ({ name: `${i}.pdf`, blob: pdf(String(10000000 + i)) })));
    await batch.resumeBatch();
    await vi.waitFor(() => expect(inFlight).toBe(batch.DEFAULT_CONCURRENCY));
    expect((await db.entriesWithStatus('queued')).map((e) => e.id)).toEqual(ids.slice(batch.DEFAULT_CONCURRENCY));
    // the badge counts the files left: the ones waiting and the ones being read
    await vi.waitFor(() => expect(fakeBrowser.action.getBadgeText({})).resolves.toBe('10'));
    release();
    await batch.whenIdle();
    expect(maxInFlight).toBe(batch.DEFAULT_CONCURRENCY);
    const entries = await all();
    expect(entries.map((e) => e.id)).toEqual(ids);
    expect(entries.every((e) => e.status === 'ok')).toBe(true);
    expect(entries.map((e) => (e.data as typeof vatData).Content.InvoiceNo)).toEqual(Array.from({ length: 10 }, (_, i) => String(10000000 + i)));
    // small PDFs go synchronously, as FileType pdf; the stored bytes are gone once read
    expect(calls.every((p) => p.get('FileType') === 'pdf' && !p.has('Async'))).toBe(true);
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
    expect(calls).toHaveLength(2);
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
    const refused = calls.length - 8;
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
    await vi.waitFor(() => expect(calls).toHaveLength(4));
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
    expect(calls.map((p) => [p.get('Async'), p.get('JobId')])).toEqual([['true', null], [null, 'big-1']]);
    expect((await db.getEntry(id!))!).toMatchObject({ status: 'ok', jobId: 'big-1', jobStatus: 'PROCESS_SUCCESS' });
  });

  it('a restarted worker takes up the files the old one was reading', async () => {
    gateway(async (p) => ({ body: invoice(numberIn(p)) }));
    const [id] = await enqueue([{ name: 'a.pdf', blob: pdf('12121212') }]);
    await db.updateEntry(id!, { status: 'pending' });
    await batch.resumeBatch();
    await batch.whenIdle();
    expect((await db.getEntry(id!))!.status).toBe('ok');
    expect(calls).toHaveLength(1);
  });
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
    await vi.waitFor(() => expect(calls).toHaveLength(batch.DEFAULT_CONCURRENCY));
    const found = await searchHistory({ ...emptyQuery, text: '发票499.pdf' });
    expect(found.map((e) => [e.source.fileName, e.status])).toEqual([['发票499.pdf', 'queued']]);
    release();
    await batch.whenIdle();
    const entries = await all();
    expect(entries).toHaveLength(500);
    expect(entries.every((e) => e.status === 'ok')).toBe(true);
    expect(new Set(entries.map((e) => (e.data as typeof vatData).Content.InvoiceNo)).size).toBe(500);
    expect(calls).toHaveLength(500);
    expect(maxInFlight).toBeLessThanOrEqual(batch.DEFAULT_CONCURRENCY);
  }, 180_000);
});
