import { describe, expect, it } from 'vitest';
import en from '../../public/_locales/en/messages.json';
import zhCN from '../../public/_locales/zh_CN/messages.json';
import { errorKeys } from '../../src/protocol/app-error';
import { codes } from '../../src/protocol/codes';
import { messageKeyOfCode } from '../../src/extension/lib/errors';
import { t } from '../../src/extension/lib/i18n';

type Catalog = Record<string, { message: string; description?: string }>;
const locales: Record<string, Catalog> = { zh_CN: zhCN, en };

describe('locales', () => {
  it('zh_CN and en have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it.each(Object.keys(locales))('%s: every key is a valid Chrome message name with a non-empty message', (lang) => {
    for (const [key, value] of Object.entries(locales[lang]!)) {
      expect(key).toMatch(/^[A-Za-z0-9_@]+$/);
      expect(value.message.trim(), key).not.toBe('');
    }
  });

  it.each(Object.keys(locales))('%s: no two keys differ only in case (browsers look names up case-insensitively; AMO refuses such files)', (lang) => {
    const lower = Object.keys(locales[lang]!).map((k) => k.toLowerCase());
    expect(lower.filter((k, i) => lower.indexOf(k) !== i)).toEqual([]);
  });

  it('every gateway code of the catalog has its message in both languages', () => {
    for (const name of Object.keys(codes) as (keyof typeof codes)[]) {
      if (name === 'OK') continue;
      const key = messageKeyOfCode(name);
      expect(zhCN, key).toHaveProperty(key);
      expect(en, key).toHaveProperty(key);
    }
  });

  it('every failure the extension reports has its message in both languages', () => {
    for (const key of errorKeys) {
      expect(zhCN, key).toHaveProperty(key);
      expect(en, key).toHaveProperty(key);
    }
  });

  it('the manifest strings exist in the default locale', () => {
    for (const key of ['extName', 'extDescription', 'actionTitle']) expect(zhCN).toHaveProperty(key);
    // the store refuses names over 75 characters and descriptions over 132
    expect(zhCN.extName.message.length).toBeLessThanOrEqual(75);
    expect(en.extDescription.message.length).toBeLessThanOrEqual(132);
    expect(zhCN.extDescription.message.length).toBeLessThanOrEqual(132);
  });

  it('placeholders agree between the languages', () => {
    const marks = (s: string) => [...s.matchAll(/\$\d/g)].map((m) => m[0]).sort();
    for (const key of Object.keys(zhCN) as (keyof typeof zhCN)[]) {
      expect(marks(en[key].message), key).toEqual(marks(zhCN[key].message));
    }
  });
});

describe('t', () => {
  it('substitutes $1..$n and keeps Chinese as the default language', () => {
    expect(t('zh_CN', 'page_of', 2, 5, 93)).toBe('第 2 / 5 页，共 93 条');
    expect(t('en', 'page_of', 2, 5, 93)).toBe('Page 2 of 5, 93 rows');
  });

  it('leaves a placeholder without a substitution visible', () => {
    expect(t('en', 'fill_done')).toBe('Filled $1 fields');
  });
});
