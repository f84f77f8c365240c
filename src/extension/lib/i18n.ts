import en from '../../../public/_locales/en/messages.json';
import zhCN from '../../../public/_locales/zh_CN/messages.json';
import type { Lang } from '../../protocol/settings';

/*
 * The UI text of every extension context. The strings live once, in public/_locales (Chrome reads
 * them for the manifest and the store listing); the extension imports them as data so the user can
 * choose the language in the options instead of inheriting the browser's. Chinese is the default.
 */

export type MessageKey = keyof typeof zhCN;

type Catalog = Record<string, { message: string }>;
const catalogs: Record<Lang, Catalog> = { zh_CN: zhCN, en };

/** The message for `key` in `lang`, with `$1`..`$9` replaced by `subs`. Falls back to Chinese. */
export function t(lang: Lang, key: MessageKey, ...subs: (string | number)[]): string {
  const text = catalogs[lang][key]?.message ?? catalogs.zh_CN[key]?.message ?? key;
  return text.replace(/\$(\d)/g, (whole, n: string) => {
    const sub = subs[Number(n) - 1];
    return sub === undefined ? whole : String(sub);
  });
}

/** A translator bound to one language, as the UI components use it. */
export type Translate = (key: MessageKey, ...subs: (string | number)[]) => string;
export function translator(lang: Lang): Translate {
  return (key, ...subs) => t(lang, key, ...subs);
}
