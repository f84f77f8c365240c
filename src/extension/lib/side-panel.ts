import { browser } from './browser';

/*
 * The panel beside the page. Chrome calls it the side panel (`chrome.sidePanel`, Chrome 114+,
 * the `sidePanel` permission, `side_panel.default_path` in the manifest); Firefox calls it the
 * sidebar (`sidebar_action` in the manifest, `browser.sidebarAction`, no permission). Both show the
 * same page, src/extension/sidepanel/index.html; this module is the one place that knows which API
 * the browser has, and every call is guarded, so a build for either browser runs the same code.
 * Opening needs a user gesture in both: call `openSidePanel` straight from a click or a command,
 * with no await before it.
 */

interface ChromeSidePanel {
  open(options: { windowId?: number; tabId?: number }): Promise<void>;
}

function chromeSidePanel(): ChromeSidePanel | undefined {
  // chrome.sidePanel: Chrome-only and absent from the polyfill's typings
  return typeof chrome !== 'undefined' && chrome.sidePanel ? (chrome.sidePanel as ChromeSidePanel) : undefined;
}

function firefoxSidebar(): { open(): Promise<void> } | undefined {
  return (browser as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
}

export function sidePanelAvailable(): boolean {
  return chromeSidePanel() !== undefined || firefoxSidebar() !== undefined;
}

/**
 * Opens the panel in `windowId` (Chrome needs the window; Firefox opens it in the current one).
 * False when the browser has none or refused (no user gesture).
 */
export async function openSidePanel(windowId?: number): Promise<boolean> {
  try {
    const chromePanel = chromeSidePanel();
    if (chromePanel) {
      if (windowId === undefined) return false;
      await chromePanel.open({ windowId });
      return true;
    }
    const sidebar = firefoxSidebar();
    if (!sidebar) return false;
    await sidebar.open();
    return true;
  } catch {
    return false;
  }
}
