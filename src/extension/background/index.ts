import { createRouter } from '../lib/messaging';
import { restrictStorageToTrustedContexts } from './credentials';
import { handlers } from './handlers';
import { buildMenus, onMenuClick } from './menus';
import { openPopup } from './feedback';
import { listenForPlans } from './plan-watch';
import { resumePending } from './recognize';
import { resumeBatch } from './batch';
import { migrateLegacyHistory } from './history';
import { listenToCommands } from './commands';
import { browser } from '../lib/browser';
import { exposeForTests } from './e2e-hooks';

/*
 * The service worker: listeners are registered synchronously at the top level, as MV3 requires
 * for events that wake the worker.
 */

browser.runtime.onMessage.addListener(createRouter(handlers));
listenToCommands();
listenForPlans();
browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab));
browser.notifications.onClicked.addListener((id) => {
  if (id.startsWith('result:') || id === 'batch') void openPopup(undefined);
  void browser.notifications.clear(id);
});
// menus persist across worker restarts; they are (re)built on install, update and browser start
browser.runtime.onInstalled.addListener(() => void buildMenus());
browser.runtime.onStartup.addListener(() => void buildMenus());

void restrictStorageToTrustedContexts();
// the browser tests' stand-in for a menu click (e2e-hooks.ts); a constant false in a release build
if (import.meta.env.MODE === 'e2e' || import.meta.env.MODE === 'firefox-e2e') exposeForTests();
// the history moves out of storage.local once, before anything reads it
void migrateLegacyHistory().then(() => Promise.all([resumePending(), resumeBatch()]));
