import { type Settings, settingsSchema } from '../../protocol/settings';

/*
 * User settings: the defaults and the migrations of the values protocol/settings.ts describes
 * (the refined-github options-storage habit). Stored under one key in storage.local by the
 * background; the token is NOT a setting (background/credentials.ts keeps it apart, and only the
 * background reads it).
 */

export const SETTINGS_VERSION = 3;

export const defaults: Settings = {
  gatewayUrl: 'http://127.0.0.1:8080',
  language: 'zh_CN',
  autoCopy: false,
  lineBreaks: 'keep',
  notifyOnSuccess: true,
  openPopupOnResult: true,
  historySize: 10_000,
  fileDocId: 'auto',
  captureDocId: 'auto',
};

/** The gateway URL without a trailing slash, so `${base}/${point}` is right. */
export function normalizeGatewayUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

type Stored = Record<string, unknown>;

export type Migration = (stored: Stored) => Stored;

/**
 * Each entry turns the stored object of version `from` into version `from + 1`. A rename or a
 * changed meaning adds one here and bumps SETTINGS_VERSION (values that only became invalid need
 * no entry: they fall back to defaults).
 */
export const migrations: Record<number, Migration> = {
  // 1 → 2: the history became a workbench in IndexedDB; historySize no longer means "the last 20
  // results in the popup" but how many results are kept, so the old value gives way to the default
  1: ({ historySize: _dropped, ...rest }) => rest,
  // 2 → 3: 自动识别 (2582-25) became the type of images and captures nobody chose a type for. The
  // store holds every value, chosen or not, so the old defaults give way to it; a type the user
  // picked other than those stays
  2: (s) => ({ ...s, ...(s.fileDocId === 'vat' ? { fileDocId: 'auto' } : {}), ...(s.captureDocId === 'text' ? { captureDocId: 'auto' } : {}) }),
};

/**
 * Settings from whatever is stored: older versions are migrated, unknown keys dropped (a setting
 * removed in a later version, or written by a newer one after a downgrade), invalid values reset
 * to their defaults. Never throws: a broken store must not break the extension.
 */
export function migrateSettings(stored: unknown, steps = migrations, current = SETTINGS_VERSION): Settings {
  let s: Stored = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Stored) } : {};
  const version = typeof s.version === 'number' && Number.isInteger(s.version) ? s.version : 1;
  for (let v = Math.max(1, version); v < current; v++) s = steps[v]?.(s) ?? s;
  const out = { ...defaults } as Record<keyof Settings, unknown>;
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    // what one value must look like; a stored value that fails falls back to its default
    const parsed = settingsSchema.shape[key].safeParse(s[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  const settings = out as Settings;
  settings.gatewayUrl = normalizeGatewayUrl(settings.gatewayUrl);
  return settings;
}

/** The stored form of settings: the values plus the version they were written with. */
export function toStored(settings: Settings): Stored {
  return { ...settings, version: SETTINGS_VERSION };
}

/** The host permission pattern that covers the gateway (every port of its host). */
export function originPattern(gatewayUrl: string): string {
  const url = new URL(gatewayUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
