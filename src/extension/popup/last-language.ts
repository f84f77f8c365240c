import type { Lang } from '../../protocol/settings';

/*
 * The language of the workbench's first paint. The settings come from the background, which may be
 * asleep; the frame paints before they arrive, in the language they said last time, kept in this
 * page's localStorage (the extension's origin; the token and the settings themselves stay in the
 * background's storage). A first opening, or a storage that refuses, paints in Chinese, the default.
 */

const KEY = 'workbench-language';

export function lastLanguage(): Lang {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'zh_CN';
  } catch {
    return 'zh_CN';
  }
}

export function rememberLanguage(lang: Lang): void {
  try {
    if (localStorage.getItem(KEY) !== lang) localStorage.setItem(KEY, lang);
  } catch {
    // the next first paint is in Chinese until the settings arrive; nothing else depends on it
  }
}
