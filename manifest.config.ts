import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/*
 * The least-privilege manifest (every permission is explained in docs/extension.md):
 * - no content_scripts: the page scripts are injected on demand with activeTab + chrome.scripting;
 * - no host_permissions in the release: the gateway origin is requested at run time from the
 *   options page through optional_host_permissions;
 * - `sidePanel` for the workbench beside the page (Firefox builds use sidebar_action instead);
 *   `commands` needs no permission: the shortcuts grant activeTab like a menu click does;
 * - the `e2e` build mode adds http://127.0.0.1/* so browser tests reach the loopback gateway and
 *   test pages without a permission prompt no test can click (TOOLING.md). It never ships.
 */
export default defineManifest(({ mode }) => ({
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  version: pkg.version,
  default_locale: 'zh_CN',
  minimum_chrome_version: '127',
  icons: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
  action: {
    default_title: '__MSG_actionTitle__',
    default_popup: 'src/extension/popup/index.html',
    default_icon: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png' },
  },
  options_ui: { page: 'src/extension/options/index.html', open_in_tab: true },
  background: { service_worker: 'src/extension/background/index.ts', type: 'module' },
  side_panel: { default_path: 'src/extension/sidepanel/index.html' },
  // changeable at chrome://extensions/shortcuts; Chrome assigns a suggested key only when it is free
  commands: {
    'capture-region': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_cmdCaptureRegion__' },
    'capture-again': { suggested_key: { default: 'Alt+Shift+D' }, description: '__MSG_cmdCaptureAgain__' },
    'open-side-panel': { suggested_key: { default: 'Alt+Shift+E' }, description: '__MSG_cmdOpenSidePanel__' },
  },
  permissions: ['contextMenus', 'storage', 'activeTab', 'scripting', 'notifications', 'sidePanel'],
  optional_host_permissions: ['http://*/*', 'https://*/*'],
  ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
}));
