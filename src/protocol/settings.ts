import { z } from 'zod';
import { docIds } from './doc-ids';

/*
 * The extension's user settings as they are stored and travel between its contexts: one zod schema
 * per value. The extension's lib/settings.ts adds the defaults and the migrations; the options page
 * sends patches of these values, the background answers with all of them.
 */

/** The UI languages; Chinese first, the default. */
export const languages = ['zh_CN', 'en'] as const;
export type Lang = (typeof languages)[number];

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

export const settingsSchema = z.object({
  gatewayUrl: z.string().refine(isGatewayUrl),
  language: z.enum(languages),
  /** copy the main value (plate number, VIN) the first time the popup shows a new result */
  autoCopy: z.boolean(),
  /** general text: keep the recognized line breaks or join the lines into one paragraph */
  lineBreaks: z.enum(['keep', 'join']),
  notifyOnSuccess: z.boolean(),
  openPopupOnResult: z.boolean(),
  /** results kept in the history (IndexedDB); the oldest go first */
  historySize: z.number().int().min(1).max(100_000),
  /** the document type of image files dropped, picked or pasted (PDF, OFD and XML are invoices) */
  fileDocId: z.enum(docIds),
  /** the document type of a region capture, also what the capture shortcut reads */
  captureDocId: z.enum(docIds),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A patch from the options page: only known keys, each valid. */
export const settingsPatch = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;
