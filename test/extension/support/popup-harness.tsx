import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeBrowser } from '@webext-core/fake-browser';
import type { HistoryEntry } from '../../../src/protocol/messages';
import { defaults } from '../../../src/extension/lib/settings';
import type { Settings } from '../../../src/protocol/settings';
import { type FakeBrowser, installFakeBrowser } from './fake-browser';
import { freshHistoryDb } from './idb';

/*
 * The popup's test bench (test/extension/popup*.test.tsx): the popup rendered in happy-dom, talking
 * to a scripted background and reading the history from IndexedDB (fake-indexeddb). Each test file
 * mocks webextension-polyfill with the fake browser itself (vi.mock is hoisted per file), imports
 * ./injected-files and calls usePopupHarness(); the bindings below are live and reset per test.
 */

export const entry = (docId: HistoryEntry['docId'], data: unknown, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `e-${docId}`,
  at: Date.UTC(2024, 0, 2, 3, 4, 5),
  docId,
  status: 'ok',
  source: { via: 'url', pageUrl: 'https://p/', srcUrl: 'https://img/x.jpg' },
  requestId: 'req-9',
  data,
  ...extra,
});

/** the fake browser of the running test */
export let c: FakeBrowser;
/** the messages the popup sent to the background */
export let sent: { type: string; body: unknown }[];
/** what the popup wrote to the clipboard */
export let copied: string[];
export let container: HTMLElement;

/** Opens the popup on a history of `entries`, with `answers` from the background by message type. */
export async function open(entries: HistoryEntry[], settings: Partial<Settings> = {}, answers: Record<string, unknown> = {}) {
  // imported here, after the test file's vi.mock of the polyfill has taken effect
  const { App } = await import('../../../src/extension/popup/App');
  const { putEntry } = await import('../../../src/extension/lib/history-db');
  sent = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (msg: { type: string; body: unknown }) => {
    sent.push(msg);
    if (msg.type === 'settings.get') return { ok: true, value: { settings: { ...defaults, ...settings }, token: { set: true, tail: 'abcd' }, hostPermission: true } };
    return answers[msg.type] ?? { ok: true, value: {} };
  }) as never);
  await freshHistoryDb();
  for (const e of entries) await putEntry(e);
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => render(<App />, container));
  // the frame is drawn at once; the settings from the background and the history from IndexedDB fill it
  await vi.waitFor(() => expect(container.querySelector('main[aria-busy=false]')).not.toBeNull());
  await act(async () => new Promise((r) => setTimeout(r, 10)));
}

export const text = () => container.textContent ?? '';
export const button = (label: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === label)!;
export const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
export const click = async (el: Element) => {
  await act(async () => (el as HTMLElement).click());
  await flush();
};
/** the fields table as label → value */
export const rows = () => Object.fromEntries([...container.querySelectorAll('table.fields tr[data-key]')].map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td.value')!.textContent]));

/** A fresh fake browser and clipboard before each test; the popup unmounted after it. */
export function usePopupHarness(): void {
  beforeEach(() => {
    c = installFakeBrowser();
    copied = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
  });
  afterEach(() => {
    render(null, container);
    container.remove();
    vi.restoreAllMocks();
  });
}
