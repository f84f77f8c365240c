import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { HistoryEntry } from '../../../src/protocol/messages';
import type { Settings } from '../../../src/protocol/settings';
import type { LoadedExtension } from './chromium';
import type { FirefoxExtension } from './firefox';

/*
 * Driving the loaded extension from a test: arranging its storage through the service worker
 * (Chromium) or an extension page (Firefox, see firefox.ts), opening the popup in a window of its
 * own, firing a context-menu click, waiting for results. Storage and history work alike in both
 * browsers; the page helpers below are Chromium's (playwright), Firefox's are in firefox-ui.ts.
 */

type AnyExtension = LoadedExtension | FirefoxExtension;

/** Runs `fn(arg)` inside the extension, with its APIs and its origin's IndexedDB. */
export function inExtension<A, R>(ext: AnyExtension, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  // the two drivers' evaluate() take the same (function, argument) pair; their typings differ
  const where = 'worker' in ext ? ext.worker : ext.control;
  return (where.evaluate as (f: unknown, a: unknown) => Promise<R>)(fn, arg);
}

export const POPUP = 'src/extension/popup/index.html';
export const OPTIONS = 'src/extension/options/index.html';
/** The popup or the side panel with its settings and newest results in (the frame paints before them). */
export const READY = 'main[aria-busy=false]';

/**
 * Stores the gateway and the token as the options page would (the UI path has its own test). The
 * popup is not opened on results unless asked: tests open it themselves, in a window they control.
 */
export async function configure(ext: AnyExtension, gatewayUrl: string, token: string, settings: Partial<Settings> = { openPopupOnResult: false }) {
  await inExtension(
    ext,
    async ({ gatewayUrl, token, settings }: { gatewayUrl: string; token: string; settings: Partial<Settings> }) => {
      // Firefox's promise-returning API is `browser`; Chrome's is `chrome`
      const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
      await api.storage.local.set({ settings: { ...settings, gatewayUrl, version: 1 }, credentials: { token } });
    },
    { gatewayUrl, token, settings },
  );
}

/**
 * The history's IndexedDB store (src/extension/lib/history-db.ts) as the worker sees it: `put`
 * replaces every entry with these, otherwise every entry is read, newest first. Opened only once the extension
 * created it (opening a missing database would create it without its stores).
 */
async function historyStore(ext: AnyExtension, put?: HistoryEntry[]): Promise<HistoryEntry[]> {
  return inExtension(ext, async (put: HistoryEntry[] | undefined) => {
    for (let i = 0; i < 50 && !(await indexedDB.databases()).some((d) => d.name === 'recognition-history'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('recognition-history');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    // no named functions in here: tsx (the benchmarks) would wrap them in a helper the worker lacks
    try {
      const store = db.transaction('entries', put ? 'readwrite' : 'readonly').objectStore('entries');
      const requests = put ? [store.clear(), ...put.map((e) => store.put({ ...e, keys: [], text: '' }))] : [store.index('at').getAll()];
      const results = await Promise.all(
        requests.map((r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))),
      );
      return put ? [] : (results[0] as HistoryEntry[]).reverse();
    } finally {
      db.close();
    }
  }, put);
}

export async function setHistory(ext: AnyExtension, entries: HistoryEntry[]) {
  await historyStore(ext, entries);
}

/** Every entry, newest first. */
export async function history(ext: AnyExtension): Promise<HistoryEntry[]> {
  return historyStore(ext);
}

/** Waits until the newest history entry is finished, and returns it. */
export async function waitForResult(ext: AnyExtension, since: number, timeoutMs = 30_000): Promise<HistoryEntry> {
  let last: HistoryEntry | undefined;
  await expect
    .poll(
      async () => {
        last = (await history(ext)).find((e) => e.at >= since);
        return last?.status;
      },
      { timeout: timeoutMs, interval: 200 },
    )
    .toMatch(/^(ok|error)$/);
  return last!;
}

/**
 * The popup page in a popup window, as the toolbar shows it. The web page stays the active tab of
 * the last focused normal window, which is what the popup acts on (fill, capture).
 */
export async function openPopup(ext: LoadedExtension): Promise<Page> {
  const opened = ext.context.waitForEvent('page', (p) => p.url().includes(POPUP));
  await ext.worker.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 440, height: 640 }), ext.url(POPUP));
  const popup = await opened;
  // the frame paints first; the settings and the newest results fill it (popup/Shell.tsx)
  await popup.waitForSelector(READY);
  return popup;
}

/** Fires the extension's context-menu listener as a click on `menuItemId` in the tab showing `pageUrl`. */
export async function clickMenu(ext: LoadedExtension, pageUrl: string, info: Partial<chrome.contextMenus.OnClickData> & { menuItemId: string }) {
  await ext.worker.evaluate(
    async ({ pageUrl, info }) => {
      const [tab] = await chrome.tabs.query({ url: pageUrl });
      if (!tab) throw new Error(`no tab shows ${pageUrl}`);
      // undocumented, but the way to reach the listener where the browser shows no native menu (TOOLING.md)
      const event = chrome.contextMenus.onClicked as unknown as { dispatch(i: object, t: chrome.tabs.Tab): void };
      event.dispatch({ editable: false, frameId: 0, pageUrl, ...info }, tab);
    },
    { pageUrl, info },
  );
}

/** The popup's field rows of the shown result, as label → value (what the user reads). */
export async function fieldRows(popup: Page): Promise<Record<string, string>> {
  await popup.waitForSelector('.result table.fields tr[data-key]');
  return popup.$$eval('.result table.fields tr[data-key]', (rows) =>
    Object.fromEntries(rows.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td.value')?.textContent ?? ''])),
  );
}

/** Pastes the clipboard into a fresh textarea of `page` and returns what arrived. */
export async function pasteInto(page: Page): Promise<string> {
  await page.evaluate(() => {
    document.getElementById('paste-target')?.remove();
    const area = document.createElement('textarea');
    area.id = 'paste-target';
    document.body.prepend(area);
  });
  await page.bringToFront();
  await page.focus('#paste-target');
  await page.keyboard.press('Control+V');
  return page.inputValue('#paste-target');
}
