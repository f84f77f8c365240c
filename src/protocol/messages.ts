import { z } from 'zod';
import { type AppError, appError } from './app-error';
import { type DocId, docIds } from './doc-ids';
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

// declared apart: settings.ts needs them too, and this file imports settings.ts
export { type DocId, docIds };

/** The kinds of file the extension reads (lib/file-kind.ts tells them by their bytes). */
export const fileKinds = ['pdf', 'ofd', 'xml', 'image'] as const;
export type FileKind = (typeof fileKinds)[number];

/**
 * `queued`: a file waiting in the batch; `pending`: being read; `ok`, `error`: finished (a failure
 * carries its reason in `error`).
 */
export const entryStatuses = ['queued', 'pending', 'ok', 'error'] as const;

export const historyEntry = z.object({
  id: z.string(),
  at: z.number(),
  docId: z.enum(docIds),
  status: z.enum(entryStatuses),
  source: z.object({
    /** how the input reached the gateway: its URL, bytes read in the page, a crop of the screen, a selected region, a file of the user's */
    via: z.enum(['url', 'bytes', 'capture', 'region', 'file']),
    pageUrl: z.string(),
    /** the image or PDF address, '' for data:/blob: and captures */
    srcUrl: z.string(),
    /** the file's name, for files dropped, picked or pasted */
    fileName: z.string().optional(),
  }),
  /** files added together (one drop, one pick, one paste) share it */
  batchId: z.string().optional(),
  /**
   * One of the documents 2582-25 found in one input (a sheet of receipts): each is an entry of its
   * own type; they share `id` (the recognition's), `index` is the reading order from 0, and
   * `confidence` how sure the gateway is of the type (0..1).
   */
  sheet: z
    .object({ id: z.string(), index: z.number().int().min(0), count: z.number().int().min(1), confidence: z.number().min(0).max(1) })
    .optional(),
  /** the same document read before: when, and from where (发票查重) */
  duplicateOf: z.object({ id: z.string(), at: z.number(), source: z.string() }).optional(),
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
const entryId = z.string().min(1).max(64);
/** as many ids as the history may hold (settings.historySize) */
const MAX_IDS = 100_000;
const counted = z.object({ count: z.number().int().min(0) });

export const messageSpecs = {
  'settings.get': { from: 'page', request: empty, response: settingsView },
  'settings.save': {
    from: 'page',
    // token: a new token, '' removes it, absent keeps it
    request: z.object({ patch: settingsPatch, token: z.string().trim().max(512).optional() }).strict(),
    response: settingsView,
  },
  'connection.test': { from: 'page', request: empty, response: connectionReport },
  // the pages read the history from IndexedDB themselves (lib/history-db.ts); changes go through here
  'history.clear': { from: 'page', request: empty, response: empty },
  'history.delete': { from: 'page', request: z.object({ ids: z.array(entryId).max(MAX_IDS) }).strict(), response: empty },
  'history.markCopied': { from: 'page', request: z.object({ id: entryId }).strict(), response: empty },
  /** files were queued (lib/history-db.ts enqueueFiles): start reading them */
  'batch.start': { from: 'page', request: empty, response: empty },
  /** read failed files again: the ones named, or every failed file when `ids` is empty */
  'batch.retry': { from: 'page', request: z.object({ ids: z.array(entryId).max(MAX_IDS) }).strict(), response: counted },
  /** the files still waiting are not read (they fail as cancelled and can be retried) */
  'batch.cancel': { from: 'page', request: empty, response: counted },
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
  /**
   * click-to-fill: a frame of the tab filled a step (`next`: the step every frame moves to) or the
   * user ended the sequence; the background passes it on to every frame of the sender's tab
   */
  'fill.pickStep': {
    from: 'content',
    request: z.union([
      z.object({ seq: z.string().min(16).max(64), next: z.number().int().min(0).max(1000) }).strict(),
      z.object({ seq: z.string().min(16).max(64), end: z.literal(true) }).strict(),
    ]),
    response: empty,
  },
  /** Esc in a frame showing fill outlines: the background removes them from every frame of the tab */
  'fill.clear': { from: 'content', request: empty, response: empty },
} as const satisfies Record<string, { from: SenderKind; request: z.ZodType; response: z.ZodType }>;

/**
 * The port a fill panel holds to the background while a plan is outlined in a tab: `{ tabId }`
 * when the outlines are shown, `{ tabId: null }` once filled or put away. If the port closes with
 * a tab still named (the popup closed on the plan), the background removes the outlines.
 */
export const FILL_PLAN_PORT = 'fill-plan';
export const fillPlanPortMessage = z.object({ tabId: z.number().int().nullable() }).strict();

export type MessageType = keyof typeof messageSpecs;
export type RequestOf<T extends MessageType> = z.input<(typeof messageSpecs)[T]['request']>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof messageSpecs)[T]['request']>;
export type ResponseOf<T extends MessageType> = z.output<(typeof messageSpecs)[T]['response']>;

export type Outcome<V> = { ok: true; value: V } | { ok: false; error: AppError };

/** The wire form of a message: its type beside the request fields. */
export const envelope = z.object({ type: z.string(), body: z.unknown() }).strict();
