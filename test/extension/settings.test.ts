import { describe, expect, it } from 'vitest';
import {
  SETTINGS_VERSION,
  defaults,
  migrateSettings,
  originPattern,
  toStored,
} from '../../src/extension/lib/settings';
import { isGatewayUrl, settingsPatch } from '../../src/protocol/settings';

describe('migrateSettings', () => {
  it('gives the defaults for nothing stored, or garbage', () => {
    expect(migrateSettings(undefined)).toEqual(defaults);
    expect(migrateSettings('nonsense')).toEqual(defaults);
    expect(migrateSettings([1, 2])).toEqual(defaults);
  });

  it('keeps valid stored values and round-trips through toStored', () => {
    const s = { ...defaults, language: 'en' as const, autoCopy: true, historySize: 5, gatewayUrl: 'https://ocr.example.com' };
    expect(migrateSettings(toStored(s))).toEqual(s);
    expect(toStored(s)).toMatchObject({ version: SETTINGS_VERSION });
  });

  it('resets invalid values to their defaults, one by one', () => {
    const s = migrateSettings({ version: 1, language: 'fr', historySize: 0, autoCopy: 'yes', gatewayUrl: 'ftp://x', lineBreaks: 'join' });
    expect(s.language).toBe(defaults.language);
    expect(s.historySize).toBe(defaults.historySize);
    expect(s.autoCopy).toBe(defaults.autoCopy);
    expect(s.gatewayUrl).toBe(defaults.gatewayUrl);
    expect(s.lineBreaks).toBe('join');
  });

  it('drops keys it does not know (removed settings, or written by a newer version)', () => {
    const s = migrateSettings({ version: 1, token: 'must-not-live-here', futureThing: 1 }) as Record<string, unknown>;
    expect(s).not.toHaveProperty('token');
    expect(s).not.toHaveProperty('futureThing');
  });

  it('strips the trailing slash of the gateway URL', () => {
    expect(migrateSettings({ gatewayUrl: 'http://10.0.0.5:8080///' }).gatewayUrl).toBe('http://10.0.0.5:8080');
  });

  it('runs each migration step from the stored version up to the current one, in order', () => {
    const steps = {
      1: ({ copyMainValue, ...rest }: Record<string, unknown>) => ({ ...rest, autoCopy: copyMainValue }),
      2: ({ keepBreaks, ...rest }: Record<string, unknown>) => ({ ...rest, lineBreaks: keepBreaks ? 'keep' : 'join' }),
    };
    const fromV1 = migrateSettings({ version: 1, copyMainValue: true, keepBreaks: false }, steps, 3);
    expect(fromV1).toMatchObject({ autoCopy: true, lineBreaks: 'join' });
    // a store already at version 2 skips step 1
    const fromV2 = migrateSettings({ version: 2, copyMainValue: true, keepBreaks: true }, steps, 3);
    expect(fromV2).toMatchObject({ autoCopy: false, lineBreaks: 'keep' });
  });
});

describe('settings version 2 (the workbench)', () => {
  it('drops the old historySize (the 20 recent results of the popup) for the new default, keeps the rest', () => {
    const s = migrateSettings({ version: 1, historySize: 20, language: 'en', autoCopy: true });
    expect(s).toMatchObject({ historySize: defaults.historySize, language: 'en', autoCopy: true, fileDocId: 'auto', captureDocId: 'auto' });
    expect(defaults.historySize).toBe(10_000);
    expect(migrateSettings({ version: 2, historySize: 500 }).historySize).toBe(500);
  });
});

describe('settings version 3 (自动识别)', () => {
  it('images and captures nobody chose a type for are auto-detected; a type the user picked stays', () => {
    expect(defaults).toMatchObject({ fileDocId: 'auto', captureDocId: 'auto' });
    // the old defaults, stored as every value is
    expect(migrateSettings({ version: 2, fileDocId: 'vat', captureDocId: 'text' })).toMatchObject({ fileDocId: 'auto', captureDocId: 'auto' });
    expect(migrateSettings({ version: 2, fileDocId: 'plate', captureDocId: 'table' })).toMatchObject({ fileDocId: 'plate', captureDocId: 'table' });
    // written by this version: a VAT choice is the user's
    expect(migrateSettings({ version: 3, fileDocId: 'vat', captureDocId: 'text' })).toMatchObject({ fileDocId: 'vat', captureDocId: 'text' });
  });
});

describe('gateway URL', () => {
  it.each([
    ['http://127.0.0.1:8080', true],
    ['https://ocr.example.com/gw', true],
    ['http://user:pw@host', false],
    ['https://host/?x=1', false],
    ['chrome://extensions', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => expect(isGatewayUrl(url)).toBe(ok));

  it('asks for every port of the gateway host (match patterns carry no port)', () => {
    expect(originPattern('http://127.0.0.1:8080')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://ocr.example.com/base')).toBe('https://ocr.example.com/*');
  });
});

describe('settingsPatch', () => {
  it('accepts known keys with valid values and refuses the rest', () => {
    expect(settingsPatch.safeParse({ language: 'en' }).success).toBe(true);
    expect(settingsPatch.safeParse({ language: 'de' }).success).toBe(false);
    expect(settingsPatch.safeParse({ token: 'x' }).success).toBe(false);
  });
});
