import { z } from 'zod';
import { languages } from './i18n';

/*
 * User settings: defaults + migrations, the type derived from the defaults (the refined-github
 * options-storage habit). Stored under one key in storage.local by the background; the
 * token is NOT a setting (background/credentials.ts keeps it apart, and only the background reads it).
 */

export const SETTINGS_VERSION = 1;

export const defaults = {
  gatewayUrl: 'http://127.0.0.1:8080',
  language: 'zh_CN' as (typeof languages)[number],
  /** copy the main value (plate number, VIN) the first time the popup shows a new result */
  autoCopy: false,
  /** general text: keep the recognized line breaks or join the lines into one paragraph */
  lineBreaks: 'keep' as 'keep' | 'join',
  notifyOnSuccess: true,
  openPopupOnResult: true,
  historySize: 20,
};
export type Settings = typeof defaults;

/** What one value must look like; a stored value that fails falls back to its default. */
const fieldSchemas: { [K in keyof Settings]: z.ZodType<Settings[K]> } = {
  gatewayUrl: z.string().refine(isGatewayUrl),
  language: z.enum(languages),
  autoCopy: z.boolean(),
  lineBreaks: z.enum(['keep', 'join']),
  notifyOnSuccess: z.boolean(),
  openPopupOnResult: z.boolean(),
  historySize: z.number().int().min(1).max(200),
};

/** A patch from the options page: only known keys, each valid. */
export const settingsPatch = z
  .object(Object.fromEntries(Object.entries(fieldSchemas).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof Settings]: z.ZodOptional<z.ZodType<Settings[K]>>;
  })
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;

/** http(s) origin with no credentials, query or fragment; a path prefix is allowed (reverse proxies). */
export function isGatewayUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash;
}

/** The gateway URL without a trailing slash, so `${base}/${point}` is right. */
export function normalizeGatewayUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

type Stored = Record<string, unknown>;

export type Migration = (stored: Stored) => Stored;

/**
 * Each entry turns the stored object of version `from` into version `from + 1`. Version 1 is the
 * first release, so none exist yet; a rename or a changed meaning adds one here and bumps
 * SETTINGS_VERSION (values that only became invalid need no entry: they fall back to defaults).
 */
export const migrations: Record<number, Migration> = {};

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
    const parsed = fieldSchemas[key].safeParse(s[key]);
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
