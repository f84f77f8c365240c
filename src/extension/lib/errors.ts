import type { AppError, ErrorKey } from '../../protocol/app-error';
import { type CodeName, codeName, codes } from '../../protocol/codes';
import type { Lang } from '../../protocol/settings';
import { t } from './i18n';

/*
 * The extension's failures as values (protocol/app-error.ts): made here, from gateway codes and
 * exceptions too, and explained in the user's language. Every ErrorKey is a MessageKey, or
 * describeError would not compile.
 */

export function appErr(key: ErrorKey, ...subs: string[]): AppError {
  return { key, subs };
}

/** The message key of each gateway code; every catalog entry has one (a test checks both locales). */
export function messageKeyOfCode(name: Exclude<CodeName, 'OK'>): ErrorKey {
  return `err_${name}`;
}

/**
 * The error of a non-zero gateway_res_code. The gateway writes its catalog message followed by
 * `: detail`; only the detail is kept, since our own localized message replaces the catalog text.
 */
export function gatewayError(code: number, errorText: string): AppError {
  const name = codeName(code);
  if (!name || name === 'OK') return { key: 'err_unknown_code', subs: [String(code)], code, detail: errorText || undefined };
  const catalog = codes[name].message;
  const detail = errorText.startsWith(`${catalog}: `) ? errorText.slice(catalog.length + 2) : errorText === catalog ? '' : errorText;
  return { key: messageKeyOfCode(name), subs: [], code, ...(detail ? { detail } : {}) };
}

/**
 * One line for the user: the localized message, then the detail: what the gateway said when it
 * answered (it has a code), or else what the browser or the extension observed, which is never
 * passed off as the gateway's words ("Failed to fetch" is the browser's).
 */
export function describeError(lang: Lang, e: AppError): string {
  const main = t(lang, e.key, ...e.subs);
  if (!e.detail) return main;
  return `${main}（${t(lang, e.code !== undefined ? 'err_detail' : 'err_detail_local', e.detail)}）`;
}

/** Unexpected exceptions inside the extension, as a value. */
export function fromException(e: unknown): AppError {
  return appErr('err_extension_failed', e instanceof Error ? e.message : String(e));
}
