import { z } from 'zod';
import { type AppError, appError } from './app-error';
import { postalRow } from './postal';
import { settingsPatch, settingsSchema } from './settings';

/*
 * The one typed message protocol between the extension's contexts (STYLE.md habit 6). Each message
 * type names who may send it, and zod schemas for its request and its answer; both ends validate
 * (src/extension/lib/messaging.ts). Answers are values: `{ ok: true, value }` or
 * `{ ok: false, error }`, never a thrown exception.
 */

/** `page`: the popup and the options page (extension origin). `content`: scripts we injected into a tab. */
export type SenderKind = 'page' | 'content';

/** The document types the extension offers, in menu order (src/extension/lib/documents). */
export const docIds = [
  'plate',
  'vin',
  'train',
  'vat',
  'taxi',
  'driver_face',
  'driver_back',
  'vehicle_face',
  'vehicle_back',
  'text',
  'table',
] as const;
export type DocId = (typeof docIds)[number];

export const historyEntry = z.object({
  id: z.string(),
  at: z.number(),
  docId: z.enum(docIds),
  status: z.enum(['pending', 'ok', 'error']),
  source: z.object({
    /** how the input reached the gateway: its URL, bytes read in the page, a crop of the screen, a selected region */
    via: z.enum(['url', 'bytes', 'capture', 'region']),
    pageUrl: z.string(),
    /** the image or PDF address, '' for data:/blob: and captures */
    srcUrl: z.string(),
  }),
  requestId: z.string().optional(),
  jobId: z.string().optional(),
  jobStatus: z.string().optional(),
  remark: z.string().optional(),
  /** the validated `Data` of the answer */
  data: z.unknown().optional(),
  error: appError.optional(),
  autoCopied: z.boolean().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** What the pages may know about the settings: never the token itself, only whether one is set. */
export const settingsView = z.object({
  settings: settingsSchema,
  token: z.object({ set: z.boolean(), tail: z.string() }),
  hostPermission: z.boolean(),
});
export type SettingsView = z.infer<typeof settingsView>;

export const pointProbe = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(['allowed', 'denied', 'unavailable', 'error']),
  error: appError.optional(),
});
export const connectionReport = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  error: appError.optional(),
  points: z.array(pointProbe),
});
export type ConnectionReport = z.infer<typeof connectionReport>;

export const postalPageView = z.object({
  allNum: z.number(),
  allPages: z.number(),
  currentPage: z.number(),
  maxResult: z.number(),
  contentlist: z.array(postalRow),
});
export type PostalPageView = z.infer<typeof postalPageView>;

const pageNumber = z.number().int().min(1).max(1_000_000);
const regionName = z.string().trim().max(64);

const empty = z.object({}).strict();

export const messageSpecs = {
  'settings.get': { from: 'page', request: empty, response: settingsView },
  'settings.save': {
    from: 'page',
    // token: a new token, '' removes it, absent keeps it
    request: z.object({ patch: settingsPatch, token: z.string().trim().max(512).optional() }).strict(),
    response: settingsView,
  },
  'connection.test': { from: 'page', request: empty, response: connectionReport },
  'history.get': { from: 'page', request: empty, response: z.object({ entries: z.array(historyEntry) }) },
  'history.clear': { from: 'page', request: empty, response: empty },
  'history.markCopied': { from: 'page', request: z.object({ id: z.string() }).strict(), response: empty },
  'postal.byCode': {
    from: 'page',
    request: z.object({ code: z.string().regex(/^\d{6}$/), page: pageNumber }).strict(),
    response: postalPageView,
  },
  'postal.byRegion': {
    from: 'page',
    request: z
      .object({ province: regionName, city: regionName, area: regionName, county: regionName, page: pageNumber })
      .strict()
      .refine((r) => [r.province, r.city, r.area, r.county].some((v) => v !== '')),
    response: postalPageView,
  },
  /** the popup asks the background to let the user select a region of `tabId` */
  'capture.start': {
    from: 'page',
    request: z.object({ docId: z.enum(docIds), tabId: z.number().int(), windowId: z.number().int() }).strict(),
    response: empty,
  },
  /** the selection overlay reports the chosen rectangle (CSS pixels of the viewport) */
  'capture.selected': {
    from: 'content',
    request: z
      .object({
        nonce: z.string().min(16),
        rect: z.object({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() }),
        devicePixelRatio: z.number().positive().max(10),
      })
      .strict(),
    response: empty,
  },
} as const satisfies Record<string, { from: SenderKind; request: z.ZodType; response: z.ZodType }>;

export type MessageType = keyof typeof messageSpecs;
export type RequestOf<T extends MessageType> = z.input<(typeof messageSpecs)[T]['request']>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof messageSpecs)[T]['request']>;
export type ResponseOf<T extends MessageType> = z.output<(typeof messageSpecs)[T]['response']>;

export type Outcome<V> = { ok: true; value: V } | { ok: false; error: AppError };

/** The wire form of a message: its type beside the request fields. */
export const envelope = z.object({ type: z.string(), body: z.unknown() }).strict();
