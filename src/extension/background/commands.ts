import { type Tabs, browser } from '../lib/browser';
import { openSidePanel } from '../lib/side-panel';
import { captureAgain, startCapture } from './capture';
import { notifyError } from './notify-error';
import { loadSettings } from './settings-store';

/*
 * The keyboard shortcuts (manifest `commands`, changeable at chrome://extensions/shortcuts). A
 * shortcut grants activeTab for the tab it was pressed in, as a menu click does, which the region
 * overlay and the screen capture need.
 */

export const COMMANDS = ['capture-region', 'capture-again', 'open-side-panel'] as const;

export async function onCommand(command: string, tab?: Tabs.Tab): Promise<void> {
  // first and without an await before it: opening the panel needs the shortcut's user gesture
  if (command === 'open-side-panel') {
    await openSidePanel(tab?.windowId);
    return;
  }
  if (tab?.id === undefined || tab.windowId === undefined) return;
  const settings = await loadSettings();
  const docId = settings.captureDocId;
  const started =
    command === 'capture-region'
      ? await startCapture(docId, tab.id, tab.windowId)
      : command === 'capture-again'
        ? await captureAgain(tab.id, tab.windowId, tab.url ?? '')
        : undefined;
  if (started && !started.ok) await notifyError(docId, started.error);
}

export function listenToCommands(): void {
  browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
}
