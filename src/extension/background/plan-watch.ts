import { type Runtime, browser } from '../lib/browser';
import { runInjectedInFrames } from '../lib/injected/run';
import { senderIs } from '../lib/messaging';
import { FILL_PLAN_PORT, fillPlanPortMessage } from '../../protocol/messages';

/*
 * A fill plan shows blue outlines on the page while the popup lists it. The popup closes the
 * moment the user clicks the page, too soon for its own last call to reach the tab; so while a
 * plan is shown the panel holds a port to the background, and when that port closes without the
 * plan having been filled or put away, the background removes the outlines.
 */

export function watchPlans(port: Runtime.Port): void {
  if (port.name !== FILL_PLAN_PORT || !port.sender || !senderIs('page', port.sender)) return;
  let tabId: number | undefined;
  port.onMessage.addListener((msg: unknown) => {
    const m = fillPlanPortMessage.safeParse(msg);
    tabId = m.success ? (m.data.tabId ?? undefined) : undefined;
  });
  port.onDisconnect.addListener(() => {
    if (tabId !== undefined) void runInjectedInFrames({ tabId }, 'fillClear', undefined);
  });
}

export function listenForPlans(): void {
  browser.runtime.onConnect.addListener(watchPlans);
}
