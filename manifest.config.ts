import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/*
 * One manifest definition for both browsers. The build mode picks the browser and the variant
 * (`vite build --mode <mode>`, see buildTarget): `production` and `e2e` build for Chrome into dist/,
 * `firefox` and `firefox-e2e` for Firefox into dist-firefox/.
 *
 * The least-privilege manifest (every permission is explained in docs/extension.md):
 * - no content_scripts: the page scripts are injected on demand with activeTab + scripting;
 * - no host_permissions in the release: the gateway origin is requested at run time from the
 *   options page through optional_host_permissions (in both browsers; Firefox lets the user revoke
 *   it in about:addons, so the background checks it with permissions.contains before each call);
 * - the panel beside the page: Chrome's `side_panel` (with the `sidePanel` permission), Firefox's
 *   `sidebar_action` (no permission), the same page in both;
 *   `commands` needs no permission: the shortcuts grant activeTab like a menu click does;
 * - the `e2e` variants add http://127.0.0.1/* so browser tests reach the loopback gateway and
 *   test pages without a permission prompt no test can click (TOOLING.md). They never ship.
 */

export type TargetBrowser = 'chrome' | 'firefox';

/** What a build mode builds: `firefox…` modes are for Firefox, `…e2e` modes are the test variant. */
export function buildTarget(mode: string): { browser: TargetBrowser; e2e: boolean } {
  return { browser: /^firefox(-|$)/.test(mode) ? 'firefox' : 'chrome', e2e: /(^|-)e2e$/.test(mode) };
}

/** Where each browser's build goes. */
export const outDirs: Record<TargetBrowser, string> = { chrome: 'dist', firefox: 'dist-firefox' };

const SIDE_PAGE = 'src/extension/sidepanel/index.html';
const BACKGROUND = 'src/extension/background/index.ts';
const icons = { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png' };

export default defineManifest(({ mode }) => {
  const { browser, e2e } = buildTarget(mode);
  const chrome = browser === 'chrome';
  return {
    manifest_version: 3,
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    version: pkg.version,
    default_locale: 'zh_CN',
    ...(chrome
      ? { minimum_chrome_version: '127' }
      : {
          browser_specific_settings: {
            gecko: {
              id: 'recognition-extension@recognition-gateway',
              // 140 ESR: the first release that reads data_collection_permissions (web-ext lint)
              strict_min_version: '140.0',
              // settings, the token and the history stay in the browser; recognition goes only to
              // the gateway the user configures (their own server), never to us
              data_collection_permissions: { required: ['none'] },
            },
          },
        }),
    icons: { ...icons, 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
    action: { default_title: '__MSG_actionTitle__', default_popup: 'src/extension/popup/index.html', default_icon: icons },
    options_ui: { page: 'src/extension/options/index.html', open_in_tab: true },
    // Firefox MV3 runs the background as an event page; CRXJS writes the loader for either key
    ...(chrome
      ? { background: { service_worker: BACKGROUND, type: 'module' as const }, side_panel: { default_path: SIDE_PAGE } }
      : {
          background: { scripts: [BACKGROUND], type: 'module' as const },
          // not in CRXJS's manifest type; vite.config.ts adds the page to the build's inputs
          sidebar_action: { default_panel: SIDE_PAGE, default_title: '__MSG_extName__', default_icon: icons, open_at_install: false },
        }),
    // changeable at chrome://extensions/shortcuts or about:addons → Manage Extension Shortcuts;
    // a suggested key is assigned only when it is free
    commands: {
      'capture-region': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_cmdCaptureRegion__' },
      'capture-again': { suggested_key: { default: 'Alt+Shift+D' }, description: '__MSG_cmdCaptureAgain__' },
      'open-side-panel': { suggested_key: { default: 'Alt+Shift+E' }, description: '__MSG_cmdOpenSidePanel__' },
    },
    permissions: ['contextMenus', 'storage', 'activeTab', 'scripting', 'notifications', ...(chrome ? ['sidePanel'] : [])],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    ...(e2e ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
  };
});
