import { vi } from 'vitest';
import type { HistoryEntry } from '../../../src/protocol/messages';
import { vatData } from '../fixtures/data';
import { installFakeBrowser } from './fake-browser';
import { freshHistoryDb } from './idb';

/*
 * The batch queue's test bench (test/extension/batch*.test.ts): a scripted gateway in place of
 * fetch that counts the calls in flight, test PDFs that carry an invoice number, and a fresh
 * history and batch worker per test. Each test file mocks webextension-polyfill with the fake
 * browser itself (vi.mock is hoisted per file) and imports ./injected-files.
 */

type Batch = typeof import('../../../src/extension/background/batch');
type Db = typeof import('../../../src/extension/lib/history-db');
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
/** What the scripted gateway saw: calls in flight now, the most at once, every call's form. */
export const seen = { inFlight: 0, maxInFlight: 0, calls: [] as URLSearchParams[] };

export function gateway(handler: Handler) {
  seen.inFlight = 0;
  seen.maxInFlight = 0;
  seen.calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const params = new URLSearchParams(String(init.body));
      seen.calls.push(params);
      seen.inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      try {
        const a = await handler(params);
        const env = { gateway_res_code: a.code ?? 0, gateway_res_error: a.error ?? '', gateway_res_id: 'id', gateway_res_body: a.body ?? {} };
        return new Response(JSON.stringify(env));
      } finally {
        seen.inFlight--;
      }
    }),
  );
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The invoice number a test PDF carries (its bytes after the header). */
export const numberIn = (params: URLSearchParams) => Buffer.from(params.get('FileURL')!.split(',')[1]!, 'base64').toString().slice(9);
export const invoice = (no: string) => ({ ret_code: 0, remark: '', RequestId: `r-${no}`, Data: { ...vatData, Content: { ...vatData.Content, InvoiceNo: no } } });

export const pdf = (no: string) => new Blob([`%PDF-1.4\n${no}`], { type: 'application/pdf' });

export async function enqueue(files: { name: string; blob: Blob }[]): Promise<string[]> {
  const items = files.map((f, i) => {
    const id = `f${i}-${f.name}`;
    const entry: HistoryEntry = { id, at: 1000 + i, docId: 'vat', status: 'queued', source: { via: 'file', pageUrl: '', srcUrl: '', fileName: f.name }, batchId: 'b1' };
    return { entry, file: { id, blob: f.blob, name: f.name, kind: 'pdf' as const } };
  });
  await db.enqueueFiles(items);
  return items.map((i) => i.entry.id);
}

export const all = async () => (await db.recentEntries(1000)).sort((a, b) => a.at - b.at);

/** A fresh history and batch worker with a token, for each test: the queue's state lives in the worker. */
export async function startBatch(): Promise<{ batch: Batch; db: Db }> {
  const c = installFakeBrowser();
  c.permissions.contains.mockResolvedValue(true);
  vi.stubGlobal('FileReader', NodeFileReader);
  vi.resetModules();
  db = await import('../../../src/extension/lib/history-db');
  await db.closeHistoryDb();
  await freshHistoryDb();
  db = await import('../../../src/extension/lib/history-db');
  const batch = await import('../../../src/extension/background/batch');
  const { setToken } = await import('../../../src/extension/background/credentials');
  await setToken('tok-123456');
  return { batch, db };
}
