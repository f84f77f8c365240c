import { z } from 'zod';
import { type CodeName, codes } from './codes';

/*
 * Failures travel between extension contexts as plain values (never thrown across a message), so
 * the popup and the notifications can explain them in the user's language. `key` names the
 * localized message, `detail` carries what the gateway said, shown after it.
 */

/** The failures of the extension itself; each has a localized message (public/_locales). */
const ownErrors = [
  'unknown_code', // the gateway answered with a code the catalog does not hold
  'network',
  'bad_response', // an answer that does not follow the protocol
  'no_token',
  'host_permission',
  'business', // a non-zero ret_code
  'wrong_document',
  'no_document', // 2582-25 found no document and no text in the input
  'image_unreadable',
  'image_too_large',
  'capture_failed',
  'restricted_page', // a page the browser does not let extensions script
  'browser_page', // the browser's own pages and the web store: no extension may enter them
  'file_access', // a file:// page while "allow access to file URLs" is off
  'file_access_firefox', // a file:// page in Firefox, which has no such switch
  'page_access', // a web page the extension was not given access to (no activeTab, no grant)
  'page_gone', // the tab or frame closed or navigated away meanwhile
  'no_tab',
  'job_failed',
  'job_timeout',
  'job_lost',
  'job_expired',
  'job_unknown',
  'invalid_message',
  'interrupted', // the service worker stopped during a recognition
  'file_empty',
  'file_unknown_type', // bytes that are none of PDF, OFD, XML or a web image (a renamed executable)
  'file_too_large',
  'file_gone', // a queued file's stored bytes are missing (deleted meanwhile)
  'cancelled', // a queued file the user chose not to read
  'queue_full', // too many files waiting
  'extension_failed', // our own bug or an unexpected exception (not err_INTERNAL: browsers read message names case-insensitively)
] as const;
type GatewayErrorName = Exclude<CodeName, 'OK'>;
const gatewayErrors = (Object.keys(codes) as CodeName[]).filter((n): n is GatewayErrorName => n !== 'OK');

/** `err_<code name>` for each failure of the gateway's catalog, `err_<name>` for the extension's own. */
export const errorKeys = [...gatewayErrors, ...ownErrors].map((n) => `err_${n}`) as [ErrorKey, ...ErrorKey[]];
export type ErrorKey = `err_${GatewayErrorName | (typeof ownErrors)[number]}`;

export const appError = z.object({
  key: z.enum(errorKeys),
  subs: z.array(z.string()).default([]),
  /** gateway_res_code, or the business ret_code, when the gateway answered */
  code: z.number().int().optional(),
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appError>;
