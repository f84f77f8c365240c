import { type Tabs, type Windows, browser } from '../lib/browser';

/**
 * The web page the popup acts on: the active tab of the last focused normal window. In the
 * toolbar popup that is the tab under it; when the popup page is open in a window of its own (as
 * the browser tests open it), it is still the page, not the popup itself.
 */
export async function targetTab(): Promise<Tabs.Tab | undefined> {
  // Chrome filters the last focused window by type; the polyfill's (Firefox) typings lack the field
  const query: Windows.GetInfo & { windowTypes: Windows.WindowType[] } = { windowTypes: ['normal'] };
  const win = await browser.windows.getLastFocused(query);
  if (win.id === undefined) return undefined;
  const [tab] = await browser.tabs.query({ active: true, windowId: win.id });
  return tab;
}
