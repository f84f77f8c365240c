import { z } from 'zod';
import { type CodeName, codeName, codes } from '../../protocol/codes';
import { type Lang, type MessageKey, isMessageKey, t } from './i18n';

/*
 * Failures travel between extension contexts as plain values (never thrown across a message), so
 * the popup and the notifications can explain them in the user's language. `key` names the
 * localized message, `detail` carries what the gateway said, shown after it.
 */

export const appError = z.object({
  key: z.custom<MessageKey>((v) => typeof v === 'string' && isMessageKey(v), 'unknown message key'),
  subs: z.array(z.string()).default([]),
  /** gateway_res_code, or the business ret_code, when the gateway answered */
  code: z.number().int().optional(),
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appError>;

export function appErr(key: MessageKey, ...subs: string[]): AppError {
  return { key, subs };
}

/** The message key of each gateway code; every catalog entry has one (a test checks both locales). */
export function messageKeyOfCode(name: Exclude<CodeName, 'OK'>): MessageKey {
  return `err_${name}` as MessageKey;
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

/** One line for the user: the localized message, then what the gateway said when it said more. */
export function describeError(lang: Lang, e: AppError): string {
  const main = t(lang, e.key, ...e.subs);
  return e.detail ? `${main}（${t(lang, 'err_detail', e.detail)}）` : main;
}

/** Unexpected exceptions inside the extension, as a value. */
export function fromException(e: unknown): AppError {
  return appErr('err_internal', e instanceof Error ? e.message : String(e));
}
