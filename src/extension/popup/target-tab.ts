import { type Tabs, type Windows, browser } from '../lib/browser';

/**
 * The web page the popup acts on: the active tab of the last focused normal window. In the
 * toolbar popup that is the tab under it; when the popup page is open in a window of its own (as
 * the browser tests open it), it is still the page, not the popup itself.
 */
export async function targetTab(): Promise<Tabs.Tab | undefined> {
  // Chrome filters the last focused window by type; the polyfill's (Firefox) typings lack the field
  const query: Windows.GetInfo & { windowTypes: Windows.WindowType[] } = { windowTypes: ['normal'] };
  let win: Windows.Window | undefined = await browser.windows.getLastFocused(query);
  // Firefox ignores the filter here and answers the popup's own window: then the focused normal
  // window, or the newest one (windows.getAll filters by type in both browsers)
  if (win.type !== undefined && win.type !== 'normal') {
    const normal = (await browser.windows.getAll(query)).filter((w) => w.type === 'normal');
    win = normal.find((w) => w.focused) ?? normal.at(-1);
  }
  if (win?.id === undefined) return undefined;
  const [tab] = await browser.tabs.query({ active: true, windowId: win.id });
  return tab;
}
