import { browser } from '../lib/browser';
import { type MenuClick, onMenuClick } from './menus';

/*
 * Only in the browser-test builds (`--mode e2e`, `--mode firefox-e2e`; index.ts calls it under a
 * build-time constant, so a release has none of it). A test has no native context menu to click in
 * headless Firefox, and Firefox has no equivalent of Chrome's undocumented `onClicked.dispatch`, so
 * the test build lets an extension page the test opened reach the same listener a click reaches:
 * `(await browser.runtime.getBackgroundPage()).recognitionE2e.menuClick(json)`. The argument is
 * JSON so no object crosses between the two pages' realms.
 */

export function exposeForTests(): void {
  (globalThis as { recognitionE2e?: unknown }).recognitionE2e = {
    async menuClick(json: string): Promise<void> {
      const { info, pageUrl } = JSON.parse(json) as { info: MenuClick; pageUrl: string };
      // by its exact address: Firefox's url match patterns do not take the test site's port
      const tab = (await browser.tabs.query({})).find((t) => t.url === pageUrl);
      if (!tab) throw new Error(`no tab shows ${pageUrl}`);
      await onMenuClick({ frameId: 0, pageUrl, ...info }, tab);
    },
  };
}
