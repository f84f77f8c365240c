import { codes } from '../../protocol/codes';
import { type DocId, type InputKind, documentOf } from '../lib/documents/index';
import { fileTypes } from '../../protocol/points/2582-22';
import { sniffDataUrl } from '../lib/file-kind';
import { appErr, fromException } from '../lib/errors';
import type { HistoryEntry, Outcome } from '../../protocol/messages';
import { currentClient } from './current-client';
import { showBadge, notify, openPopup } from './feedback';
import type { GatewayClient } from './gateway';
import { addHistory, settleHistory, updateHistory } from './history';
import { deleteFile, entriesWithStatus } from '../lib/history-db';
import { type Attempt, type InputSource, directAttempt, readInPage, shouldReadInPage } from './image-input';
import { reachOf } from '../lib/host-reach';
import { pollJob } from './jobs';
import { runInjected } from '../lib/injected/run';
import { loadSettings } from './settings-store';
import { browser } from '../lib/browser';
import { mark } from '../lib/timing';

/*
 * One recognition from start to finish: a pending history entry and a busy badge, the input
 * (URL, bytes read in the page, or a crop), the gateway call (asynchronous for PDFs, polled),
 * the validated Data stored in the history, then the badge, the notification and the popup.
 */

export interface RecognizeRequest {
  docId: DocId;
  source: InputSource;
}

export type Done = { data: unknown; requestId: string; remark: string };

/** How an input is sent: what it is (the VAT FileType follows it) and whether it goes asynchronous. */
export interface CallMode {
  kind: InputKind;
  async: boolean;
}

/**
 * Calls the document's point with `attempt`. Asynchronous calls are polled; so is an image whose
 * synchronous recognition ran past the 5 s limit (-3): asynchronous jobs have 60 s, so a large
 * photo or a gateway warming up still gives a result.
 */
export async function callPoint(client: GatewayClient, docId: DocId, attempt: Attempt, mode: CallMode, entryId: string): Promise<Outcome<Done>> {
  const doc = documentOf(docId);
  const params = { ...doc.request(attempt.url, mode.kind), ds_id: 'local' };
  // a FileType this protocol version does not list yet (ofd, xml before the gateway reads them) is
  // sent anyway: the gateway's own answer is what the user should see
  const opts = { validate: knownFileType(params) };
  let res = await client.call(doc.point, mode.async ? { ...params, Async: 'true' } : params, opts);
  if (!mode.async && !res.ok && res.error.code === codes.TIMEOUT.code) res = await client.call(doc.point, { ...params, Async: 'true' }, opts);
  if (!res.ok) return res;
  const body = res.value as { RequestId: string; remark: string; Data?: unknown };
  if (body.Data !== undefined) return { ok: true, value: { data: body.Data, requestId: body.RequestId, remark: body.remark } };
  await updateHistory(entryId, { jobId: body.RequestId, jobStatus: 'QUEUING' });
  return waitForJob(client, docId, body.RequestId, entryId);
}

function knownFileType(params: Record<string, string>): boolean {
  return params.FileType === undefined || (fileTypes as readonly string[]).includes(params.FileType);
}

async function waitForJob(client: GatewayClient, docId: DocId, jobId: string, entryId: string): Promise<Outcome<Done>> {
  const polled = await pollJob(client, jobId, {
    // each status change is written: the popup shows it, and the storage call keeps the worker awake
    onStatus: async (status) => void (await updateHistory(entryId, { jobStatus: status })),
    // a fetch does not keep an MV3 worker alive, an extension API call does (Chrome 110+): a job
    // that stays QUEUING for a minute must not lose its poller
    heartbeat: () => browser.runtime.getPlatformInfo(),
  });
  if (!polled.ok) return polled;
  const data = documentOf(docId).data.safeParse(polled.value);
  if (!data.success) return { ok: false, error: { ...appErr('err_bad_response'), detail: 'Result does not match the Data of the point' } };
  return { ok: true, value: { data: data.data, requestId: jobId, remark: '' } };
}

type Run = Outcome<Done & { via: Attempt['via'] }>;

async function run(req: RecognizeRequest, entry: HistoryEntry, conn: Awaited<ReturnType<typeof currentClient>>): Promise<Run> {
  if (!conn.ok) return conn;
  const doc = documentOf(req.docId);
  const client = conn.value.client;
  // a linked invoice file (PDF, OFD, XML) goes asynchronous: a scanned PDF may take longer than the
  // 5 s of a synchronous call. Its kind is first guessed from the address (menus.ts), which may say
  // nothing (/dl?f=…); once its bytes are read, they decide.
  const isFile = req.source.kind !== 'region' && req.source.kind !== 'image';
  const mode: CallMode = { kind: req.source.kind === 'region' ? 'image' : req.source.kind, async: isFile };
  const send = async (attempt: Attempt): Promise<Run> => {
    mark(attempt.via === 'url' ? 'attempt-url' : 'attempt-bytes');
    const res = await callPoint(client, req.docId, attempt, mode, entry.id);
    return res.ok ? { ok: true, value: { ...res.value, via: attempt.via } } : res;
  };
  const reading = () => showBadge(req.source.tabId, 'reading');
  const sendRead = async (inPage: Outcome<Attempt>): Promise<Run> => {
    mark('read-end');
    if (!inPage.ok) return inPage;
    await showBadge(req.source.tabId, 'sending');
    if (isFile) {
      const kind = sniffDataUrl(inPage.value.url);
      if (!kind) return { ok: false, error: appErr('err_file_unknown_type') };
      mode.kind = kind;
    }
    return send(inPage.value);
  };
  const first = directAttempt(req.source, doc.maxBytes);
  const reach = first?.via === 'url' ? reachOf(first.url, client.baseUrl) : 'try';
  if (first && reach === 'page') {
    // a host the gateway cannot reach: the page's bytes first, the address if the page cannot read them
    mark('read-start');
    await reading();
    const inPage = await readInPage(req.source, doc.maxBytes);
    if (inPage.ok) return sendRead(inPage);
    mark('read-end');
    // the outcome the other order gives: the gateway's, unless it refused the address, then the page's
    const res = await send(first);
    return res.ok || !shouldReadInPage(first, res.error) ? res : inPage;
  }
  // a host the gateway may reach only if its operator allowed it: the page reads meanwhile
  if (reach === 'race') mark('read-start');
  const early = reach === 'race' ? readInPage(req.source, doc.maxBytes, false) : undefined;
  if (first) {
    const res = await send(first);
    if (res.ok || !shouldReadInPage(first, res.error)) return res;
  }
  await reading();
  const read = early ? await early : undefined;
  if (!read?.ok) mark('read-start');
  return sendRead(read?.ok ? read : await readInPage(req.source, doc.maxBytes));
}

/** Source fields kept in the history: never a data: URL (large, and it may be private). */
function sourceOf(src: InputSource): HistoryEntry['source'] {
  const srcUrl = src.kind === 'region' || !/^https?:/i.test(src.srcUrl) ? '' : src.srcUrl.slice(0, 2000);
  return { via: src.kind === 'region' ? 'region' : 'url', pageUrl: src.pageUrl.slice(0, 2000), srcUrl };
}

/**
 * Auto-copy in the page the user acted on (a right-click, a capture, a shortcut): the popup may not
 * open (no focused window) and the side panel has no focus for the clipboard. Marked as copied, so
 * the popup does not copy it again later.
 */
async function copyInPage(entry: HistoryEntry, tabId: number): Promise<HistoryEntry | undefined> {
  const doc = documentOf(entry.docId);
  const parsed = doc.data.safeParse(entry.data);
  const main = parsed.success ? doc.mainValue?.(parsed.data) : undefined;
  if (!main) return undefined;
  const copied = await runInjected({ tabId }, 'copyText', { text: main });
  return copied.ok && copied.value ? updateHistory(entry.id, { autoCopied: true }) : undefined;
}

async function finish(entryId: string, outcome: Run, source: InputSource): Promise<HistoryEntry | undefined> {
  const patch: Partial<HistoryEntry> = outcome.ok
    ? {
        status: 'ok',
        data: outcome.value.data,
        requestId: outcome.value.requestId,
        remark: outcome.value.remark || undefined,
        source: { ...sourceOf(source), via: outcome.value.via },
      }
    : { status: 'error', error: outcome.error };
  // 自动识别 stores one entry per document found, or a failure when it found none
  const [settings, stored] = await Promise.all([loadSettings(), settleHistory(entryId, patch)]);
  let entry = stored?.[0];
  mark('stored');
  const read = entry ? entry.status === 'ok' : outcome.ok;
  const badge = showBadge(source.tabId, read ? 'ok' : 'error');
  if (!stored || !entry) {
    await badge;
    return undefined;
  }
  // of several documents, none is "the" value to copy; copied in the page before the popup opens,
  // so the popup does not copy it again
  if (entry.status === 'ok' && stored.length === 1 && settings.autoCopy && source.tabId !== undefined) entry = (await copyInPage(entry, source.tabId)) ?? entry;
  mark('popup-open');
  // the popup first: the badge and the notification need nothing from it, nor it from them
  const popup = entry.status === 'ok' && settings.openPopupOnResult ? openPopup('windowId' in source ? source.windowId : undefined) : undefined;
  await Promise.all([badge, notify(stored.length > 1 ? stored : entry, settings), popup]);
  return entry;
}

export async function recognize(req: RecognizeRequest): Promise<HistoryEntry | undefined> {
  const pending: HistoryEntry = { id: crypto.randomUUID(), at: Date.now(), docId: req.docId, status: 'pending', source: sourceOf(req.source) };
  // the pending entry, the busy badge and the gateway client need nothing from each other: the
  // request goes as soon as all three are there
  const [entry, , conn] = await Promise.all([
    loadSettings().then((settings) => addHistory(pending, settings.historySize)),
    showBadge(req.source.tabId, 'working'),
    currentClient(),
  ]);
  mark('pending');
  let outcome: Run;
  try {
    outcome = await run(req, entry, conn);
  } catch (e) {
    outcome = { ok: false, error: fromException(e) };
  }
  return finish(entry.id, outcome, req.source);
}

/** Gateway results are kept 30 minutes (DESIGN.md §5); older jobs cannot be read any more. */
const JOB_RESULT_TTL_MS = 30 * 60_000;

/** Entries created before this worker started belong to a worker that is gone. */
const WORKER_STARTED = Date.now();

/**
 * After the service worker restarted: asynchronous jobs still pending are polled again; any other
 * pending entry lost its call with the old worker and is marked interrupted, except the files of a
 * batch, which go back to its queue (background/batch.ts).
 */
export async function resumePending(): Promise<void> {
  const pending = (await entriesWithStatus('pending')).filter((e) => e.at < WORKER_STARTED && (e.jobId || e.source.via !== 'file'));
  for (const e of pending) {
    const isFile = e.source.via === 'file';
    if (!e.jobId || Date.now() - e.at > JOB_RESULT_TTL_MS) {
      // a file's job may be gone, its bytes are not: it is read again
      await updateHistory(e.id, isFile ? { status: 'queued', jobId: undefined, jobStatus: undefined } : { status: 'error', error: { key: 'err_interrupted', subs: [] } });
      continue;
    }
    const conn = await currentClient();
    const outcome = conn.ok ? await waitForJob(conn.value.client, e.docId, e.jobId, e.id) : conn;
    const stored = await settleHistory(e.id, outcome.ok ? { status: 'ok', data: outcome.value.data, requestId: e.jobId } : { status: 'error', error: outcome.error });
    // a file's bytes are kept until it is read, for a retry; a batch tells its end once, not per file
    if (outcome.ok && isFile) await deleteFile(e.id);
    // the same notification as a recognition that finished without a restart (the tab's badge is gone with the old worker)
    else if (stored && !isFile) await notify(stored, await loadSettings());
  }
}
