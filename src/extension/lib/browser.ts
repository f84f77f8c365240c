import browser from 'webextension-polyfill';

/*
 * The extension APIs, for every context (service worker, popup, options, injected scripts): the
 * promise-based `browser` of webextension-polyfill, typed by @types/webextension-polyfill. This is
 * the only module that imports the polyfill (test/extension/boundaries.test.ts checks it), and the
 * unit tests replace it with @webext-core/fake-browser.
 *
 * On Chrome the polyfill wraps the callback APIs it has metadata for (storage, tabs, windows,
 * runtime, permissions, notifications, contextMenus) and passes the others through to `chrome.*`
 * unchanged (action, scripting, storage.session, every event but runtime.onMessage); in MV3 those
 * already return promises, so every call here is awaited the same way.
 *
 * What stays on `chrome.*`, because the polyfill's typings do not have it (Chrome-only APIs):
 * `chrome.storage.local.setAccessLevel` (background/credentials.ts).
 */

export { browser };
export type { Menus, Notifications, Runtime, Tabs, Windows } from 'webextension-polyfill';
