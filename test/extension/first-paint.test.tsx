// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { defaults } from '../../src/extension/lib/settings';
import type { Settings } from '../../src/protocol/settings';
import { installFakeBrowser } from './support/fake-browser';
import { freshHistoryDb } from './support/idb';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { Shell } = await import('../../src/extension/popup/Shell');
const { recentEntries } = await import('../../src/extension/lib/history-db');

/*
 * The popup's and the side panel's first paint (popup/Shell.tsx): the frame is drawn before the
 * background answers or the history is read, in the language the settings said last time; the
 * workbench then fills it, and a file dropped meanwhile is not lost.
 */

/** the workbench's modules load on the first call (seconds on a busy machine) */
const LOADED = { timeout: 15_000 };

let container: HTMLElement;
let sent: string[];
/** the background's answer to settings.get, or never (a worker that does not wake) */
function background(settings?: Partial<Settings>) {
  sent = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((msg: { type: string }) => {
    sent.push(msg.type);
    if (!settings) return new Promise(() => undefined);
    if (msg.type === 'settings.get') return Promise.resolve({ ok: true, value: { settings: { ...defaults, ...settings }, token: { set: true, tail: 'abcd' }, hostPermission: true } });
    return Promise.resolve({ ok: true, value: {} });
  }) as never);
}
async function paint() {
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => render(<Shell surface="popup" />, container));
}
const tabLabels = () => [...container.querySelectorAll('nav.tabs button')].map((b) => b.textContent);
const busy = () => container.querySelector('main')?.getAttribute('aria-busy');

beforeEach(async () => {
  installFakeBrowser();
  localStorage.clear();
  await freshHistoryDb();
});
afterEach(() => {
  render(null, container);
  container.remove();
  vi.restoreAllMocks();
});

describe('first paint', () => {
  it('draws the header and the tabs while the background has not answered, then fills in', async () => {
    background();
    await paint();
    expect(container.querySelector('header.top h1')!.textContent).toBe('识别网关助手');
    expect(tabLabels()).toEqual(['结果', '文件', '历史', '邮编', '截图识别']);
    expect(busy()).toBe('true');
    // the workbench loads and asks; the frame stays, still waiting for the answer
    await vi.waitFor(() => expect(sent).toContain('settings.get'), LOADED);
    expect(busy()).toBe('true');
    expect(container.querySelector('nav.tabs')).not.toBeNull();
  });

  it('paints in the language the settings said last time', async () => {
    background({ language: 'en' });
    await paint();
    expect(tabLabels()[0]).toBe('结果'); // never told yet: the default
    await vi.waitFor(() => expect(busy()).toBe('false'), LOADED);
    expect(tabLabels()[0]).toBe('Result');
    render(null, container);
    container.remove();
    background();
    await paint();
    expect(tabLabels()).toEqual(['Result', 'Files', 'History', 'Postal codes', 'Capture']);
  });

  it('keeps a file dropped before the workbench loaded and adds it once the settings are in', async () => {
    background({ fileDocId: 'plate' });
    await paint();
    const drop = new Event('drop', { cancelable: true, bubbles: true });
    const file = new File([Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0)], 'car.jpg', { type: 'image/jpeg' });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [file] } });
    document.dispatchEvent(drop);
    // the browser does not open the file in the popup's place
    expect(drop.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(sent).toContain('batch.start'), LOADED);
    const [entry] = await recentEntries(5);
    expect(entry).toMatchObject({ docId: 'plate', status: 'queued', source: { via: 'file', fileName: 'car.jpg' } });
    expect(container.querySelector('[data-tab=files]')!.getAttribute('aria-selected')).toBe('true');
  });
});
