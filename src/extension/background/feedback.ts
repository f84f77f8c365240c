import { describeError } from '../lib/errors';
import { documentOf } from '../lib/documents/index';
import { translator } from '../lib/i18n';
import type { HistoryEntry } from '../../protocol/messages';
import type { Settings } from '../../protocol/settings';
import { type Notifications, browser } from '../lib/browser';

/*
 * What the user sees while and after a recognition runs outside the popup: the toolbar badge on
 * that tab (progress), a notification (failures always, successes when enabled), and the popup.
 */

const BADGE = {
  working: { text: '…', color: '#1d4ed8' },
  // the image read (and a large one shrunk) in the page, then its bytes sent: the steps of the longer way
  reading: { text: '1/2', color: '#1d4ed8' },
  sending: { text: '2/2', color: '#1d4ed8' },
  ok: { text: '✓', color: '#15803d' },
  error: { text: '!', color: '#b91c1c' },
} as const;

/** How long the done/failed mark stays on the badge. */
const BADGE_CLEAR_MS = 6000;

/**
 * Marks the badge of the tab. The user may have closed the tab while the recognition ran, which
 * makes the calls fail: there is no badge left to show then, and the notification and the history
 * must still follow, so a failure here is not an error.
 */
export async function showBadge(tabId: number | undefined, state: keyof typeof BADGE): Promise<boolean> {
  const target = tabId === undefined ? {} : { tabId };
  try {
    await browser.action.setBadgeBackgroundColor({ ...target, color: BADGE[state].color });
    await browser.action.setBadgeText({ ...target, text: BADGE[state].text });
  } catch {
    return false;
  }
  if (state === 'ok' || state === 'error') {
    setTimeout(() => void browser.action.setBadgeText({ ...target, text: '' }).catch(() => undefined), BADGE_CLEAR_MS);
  }
  return true;
}

/**
 * The progress of a batch on the toolbar badge of every tab: the files left, then ✓ (or ! when
 * some failed) for a moment. Per-tab marks of a right-click recognition show over it on their tab.
 */
export async function showProgress(left: number, someFailed = false): Promise<void> {
  const state = left > 0 ? BADGE.working : someFailed ? BADGE.error : BADGE.ok;
  try {
    await browser.action.setBadgeBackgroundColor({ color: state.color });
    await browser.action.setBadgeText({ text: left > 0 ? String(left) : state.text });
  } catch {
    return; // no badge to show (tests, a browser shutting down); the panel shows the same
  }
  if (left === 0) setTimeout(() => void browser.action.setBadgeText({ text: '' }).catch(() => undefined), BADGE_CLEAR_MS);
}

/** One notification at the end of a batch: how many were read and how many failed. */
export async function notifyBatchDone(done: number, failed: number, settings: Settings): Promise<void> {
  if (failed === 0 && !settings.notifyOnSuccess) return;
  const t = translator(settings.language);
  await browser.notifications.create('batch', {
    type: 'basic',
    iconUrl: browser.runtime.getURL('icons/icon-128.png'),
    title: t('batch_done_title'),
    message: failed > 0 ? t('batch_done_failed', done, failed) : t('batch_done_ok', done),
  });
}

/** The notification of a finished recognition: what failed and why, or the main value. */
export function notificationFor(entry: HistoryEntry, settings: Settings): Notifications.CreateNotificationOptions | undefined {
  const t = translator(settings.language);
  const doc = documentOf(entry.docId);
  const title = t(doc.titleKey);
  const base = { type: 'basic' as const, iconUrl: browser.runtime.getURL('icons/icon-128.png') };
  if (entry.status === 'error' && entry.error) {
    return { ...base, title: t('notify_fail_title', title), message: describeError(settings.language, entry.error) };
  }
  if (entry.status !== 'ok' || !settings.notifyOnSuccess) return undefined;
  const parsed = doc.data.safeParse(entry.data);
  const main = parsed.success ? doc.mainValue?.(parsed.data) : undefined;
  return { ...base, title: t('notify_ok_title', title), message: main ? `${main}\n${t('notify_ok_open')}` : t('notify_ok_open') };
}

/** The notification of a 自动识别 that found several documents: how many, and what they are. */
export function sheetNotificationFor(entries: HistoryEntry[], settings: Settings): Notifications.CreateNotificationOptions | undefined {
  if (!settings.notifyOnSuccess) return undefined;
  const t = translator(settings.language);
  const titles = entries.map((e) => t(documentOf(e.docId).titleKey));
  return {
    type: 'basic',
    iconUrl: browser.runtime.getURL('icons/icon-128.png'),
    title: t('notify_sheet_title', entries.length),
    message: `${titles.join(settings.language === 'en' ? ', ' : '、')}\n${t('notify_ok_open')}`,
  };
}

/** Notifies a finished recognition: one entry, or the documents one 自动识别 found. */
export async function notify(entries: HistoryEntry | HistoryEntry[], settings: Settings): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  const first = list[0];
  if (!first) return;
  const options = list.length > 1 ? sheetNotificationFor(list, settings) : notificationFor(first, settings);
  if (options) await browser.notifications.create(`result:${first.id}`, options);
}

/**
 * Opens the popup on the finished result. Chrome refuses when no browser window has focus (the
 * user moved on); the badge and the notification still tell, so the refusal is not an error.
 */
export async function openPopup(windowId: number | undefined): Promise<boolean> {
  try {
    await browser.action.openPopup(windowId === undefined ? {} : { windowId });
    return true;
  } catch {
    return false;
  }
}
