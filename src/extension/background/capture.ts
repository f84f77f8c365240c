import { type DocId, docIds } from '../lib/documents/index';
import { documentOf } from '../lib/documents/index';
import type { AppError } from '../../protocol/app-error';
import { appErr } from '../lib/errors';
import { t } from '../lib/i18n';
import { runInjected } from '../lib/injected/run';
import type { Outcome, ParsedRequestOf } from '../../protocol/messages';
import { z } from 'zod';
import { cropCapture } from './crop';
import { notifyError } from './notify-error';
import { recognize } from './recognize';
import { loadSettings } from './settings-store';
import { type Runtime, browser } from '../lib/browser';

/*
 * "Capture a region": the selection overlay is injected into the tab with a one-time nonce; when
 * the user has dragged a rectangle the overlay sends `capture.selected`. Only the tab the session
 * was opened for, with its nonce, within a few minutes, is accepted: a page cannot trigger captures.
 */

const KEY = 'captureSession';
/** The last region selected, for the "capture the same region again" shortcut. */
const LAST_REGION = 'lastRegion';
const SESSION_TTL_MS = 5 * 60_000;

const session = z.object({ nonce: z.string(), docId: z.string(), tabId: z.number(), windowId: z.number(), at: z.number() });

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function startCapture(docId: DocId, tabId: number, windowId: number): Promise<Outcome<Record<string, never>>> {
  const settings = await loadSettings();
  const nonce = newNonce();
  // storage.session: not written to disk and, by default, closed to content scripts
  await browser.storage.session.set({ [KEY]: { nonce, docId, tabId, windowId, at: Date.now() } });
  const hint = `${t(settings.language, documentOf(docId).titleKey)} · ${t(settings.language, 'capture_hint')}`;
  const res = await runInjected({ tabId }, 'selectRegion', { nonce, hint });
  return res.ok ? { ok: true, value: {} } : res;
}

/** Checks the report against the open session; the session is used up either way. */
export async function takeSession(nonce: string, sender: Runtime.MessageSender): Promise<Outcome<z.infer<typeof session>>> {
  const stored = session.safeParse((await browser.storage.session.get(KEY))[KEY]);
  const refuse = (detail: string): { ok: false; error: AppError } => ({ ok: false, error: appErr('err_invalid_message', detail) });
  if (!stored.success) return refuse('no capture in progress');
  const s = stored.data;
  if (s.nonce !== nonce) return refuse('capture nonce mismatch');
  await browser.storage.session.remove(KEY);
  if (sender.tab?.id !== s.tabId || (sender.frameId ?? 0) !== 0) return refuse('capture from another tab or frame');
  if (Date.now() - s.at > SESSION_TTL_MS) return refuse('capture session expired');
  return { ok: true, value: s };
}

export async function onSelected(
  body: ParsedRequestOf<'capture.selected'>,
  sender: Runtime.MessageSender,
): Promise<Outcome<Record<string, never>>> {
  const taken = await takeSession(body.nonce, sender);
  if (!taken.ok) return taken;
  const { docId, tabId, windowId } = taken.value;
  const doc = documentOf(docId as DocId);
  await browser.storage.session.set({ [LAST_REGION]: { docId, rect: body.rect, devicePixelRatio: body.devicePixelRatio } });
  const crop = await cropCapture(windowId, body.rect, body.devicePixelRatio, doc.maxBytes);
  const pageUrl = sender.tab?.url ?? sender.url ?? '';
  if (!crop.ok) {
    // the overlay sent its report and is gone; nobody reads this answer, the user reads the notification
    await notifyError(doc.id, crop.error);
    return crop;
  }
  // answered at once; the recognition reports through the badge, the history and the popup
  void recognize({ docId: doc.id, source: { kind: 'region', dataUrl: crop.value, pageUrl, tabId } });
  return { ok: true, value: {} };
}

const lastRegion = z.object({
  docId: z.enum(docIds),
  rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  devicePixelRatio: z.number().positive(),
});

/**
 * The same rectangle of the viewport as the last selection, captured again in `tab` (the shortcut
 * granted activeTab there): a value that changes in place, a form read page after page. Without a
 * previous selection the user selects one.
 */
export async function captureAgain(tabId: number, windowId: number, pageUrl: string): Promise<Outcome<Record<string, never>>> {
  const last = lastRegion.safeParse((await browser.storage.session.get(LAST_REGION))[LAST_REGION]);
  if (!last.success) return startCapture((await loadSettings()).captureDocId, tabId, windowId);
  const { docId, rect, devicePixelRatio } = last.data;
  const crop = await cropCapture(windowId, rect, devicePixelRatio, documentOf(docId).maxBytes);
  if (!crop.ok) return crop;
  void recognize({ docId, source: { kind: 'region', dataUrl: crop.value, pageUrl, tabId } });
  return { ok: true, value: {} };
}
