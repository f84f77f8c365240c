import type { Settings, SettingsPatch } from '../../protocol/settings';
import { migrateSettings, originPattern, toStored } from '../lib/settings';
import { browser } from '../lib/browser';

/*
 * The background's access to the settings in storage.local. Reads always go through the
 * migrations, so every caller sees current, valid settings whatever an older version stored.
 */

const KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get(KEY);
  return migrateSettings(stored[KEY]);
}

export async function saveSettings(patch: SettingsPatch): Promise<Settings> {
  const current = await loadSettings();
  const next = migrateSettings({ ...toStored(current), ...patch });
  await browser.storage.local.set({ [KEY]: toStored(next) });
  return next;
}

/** Whether the extension may call the gateway's origin (granted from the options page at run time). */
export async function hasHostPermission(gatewayUrl: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(gatewayUrl)] });
}
