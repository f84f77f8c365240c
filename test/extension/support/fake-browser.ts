import { fakeBrowser } from '@webext-core/fake-browser';
import { vi } from 'vitest';
import type { Runtime, Tabs } from '../../../src/extension/lib/browser';

/*
 * The extension APIs for unit tests. The extension reaches them only through `browser` from
 * webextension-polyfill (src/extension/lib/browser.ts); each test file that loads extension code
 * replaces that module with @webext-core/fake-browser, the canonical way:
 *
 *   import { fakeBrowser } from '@webext-core/fake-browser';
 *   vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));
 *
 * `installFakeBrowser` resets fake-browser's in-memory storage, runtime, tabs, action and
 * notifications, and adds recording stand-ins for what it does not implement (permissions,
 * scripting, contextMenus, captureVisibleTab, openPopup, getPlatformInfo, runtime.connect). No `chrome` global is
 * installed: code that bypassed the polyfill would fail here.
 */

export { fakeBrowser };

export interface FakeBrowser {
  permissions: { contains: ReturnType<typeof vi.fn>; request: ReturnType<typeof vi.fn> };
  scripting: { executeScript: ReturnType<typeof vi.fn> };
  contextMenus: { create: ReturnType<typeof vi.fn>; removeAll: ReturnType<typeof vi.fn> };
  [api: string]: any;
}

export function installFakeBrowser(opts: { hostPermission?: boolean } = {}): FakeBrowser {
  const b = fakeBrowser as unknown as FakeBrowser;
  fakeBrowser.reset();
  b.permissions = {
    contains: vi.fn(async () => opts.hostPermission ?? true),
    request: vi.fn(async () => true),
  };
  b.scripting = { executeScript: vi.fn(async () => [{ result: undefined }]) };
  b.contextMenus = { create: vi.fn(), removeAll: vi.fn(async () => undefined) };
  b.action.openPopup = vi.fn(async () => undefined);
  b.runtime.getPlatformInfo = vi.fn(async () => ({ os: 'linux', arch: 'x86-64', nacl_arch: 'x86-64' }));
  // a port that goes nowhere: tests that care build their own (plan-watch in tab-fill.test.ts)
  b.runtime.connect = vi.fn(() => ({ postMessage: vi.fn(), disconnect: vi.fn(), onMessage: { addListener: vi.fn() }, onDisconnect: { addListener: vi.fn() } }));
  b.tabs.captureVisibleTab = vi.fn(async () => {
    throw new Error('no capture in unit tests');
  });
  return b;
}

/** A sender as the browser describes the popup or the options page. */
export function pageSender(path = 'src/extension/popup/index.html'): Runtime.MessageSender {
  return { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL(path) };
}

/** A sender as the browser describes one of our scripts injected into a web page. */
export function contentSender(tabId = 7, url = 'https://example.com/page', frameId = 0): Runtime.MessageSender {
  return { id: fakeBrowser.runtime.id, url, frameId, tab: { id: tabId, url, windowId: 1 } as Tabs.Tab };
}
