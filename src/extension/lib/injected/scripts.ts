import { z } from 'zod';
import copyText from '../../content/copy-text.iife?script';
import { frameScan } from '../fill/scan-schema';
import fillForm from '../../content/fill-form.iife?script';
import pickFill from '../../content/pick-fill.iife?script';
import readImage from '../../content/read-image.iife?script';
import selectRegion from '../../content/select-region.iife?script';

/*
 * The scripts the extension injects into pages, one descriptor each: the file CRXJS builds from
 * content/<name>.iife.ts (one self-contained file, injected on demand with
 * scripting.executeScript), what its entry function is called with, and what it answers. The
 * scripts run in web pages, the least trusted place the extension reaches into, so their answers
 * are validated like any other input (run.ts); the argument is ours and is checked before it goes.
 * A script publishes its entry with publish.ts under the descriptor's name.
 */

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

const readImageResult = z.discriminatedUnion('kind', [
  /** the bytes, read with the page's own fetch or from a canvas of the loaded image */
  z.object({ kind: z.literal('bytes'), dataUrl: z.string().startsWith('data:'), via: z.enum(['fetch', 'canvas']) }),
  /** bytes unreadable (a tainted canvas): where the image is on screen, for a crop of a capture */
  z.object({ kind: z.literal('box'), rect: box, devicePixelRatio: z.number().positive(), reasons: z.array(z.string()) }),
  z.object({ kind: z.literal('failed'), reasons: z.array(z.string()) }),
]);

/** A banner or an overlay that asks the user for a click; the answer only says it is in place. */
const hinted = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, hint: z.string() });

const mark = z.object({ index: z.number().int(), text: z.string().max(200), tone: z.enum(['plan', 'focus', 'done', 'fail', 'hover']) });

const pickStart = z.object({
  /** the sequence's id: every frame runs the same one, and stale messages of an older one are ignored */
  seq: z.string().min(16),
  steps: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })).min(1).max(200),
  at: z.number().int().min(0),
  /** the banner's words in the user's language: `prompt` with $1 for the field, $2/$3 for the step */
  texts: z.object({ prompt: z.string(), skip: z.string(), end: z.string(), done: z.string() }),
});

export const injectedScripts = {
  // form fill (content/fill-form.iife.ts), one frame each: the page's boxes, marks over them, writing and undoing
  /** the frame's fillable boxes, described; the frame keeps the elements under the scan's id */
  fillScan: { file: fillForm, arg: z.undefined(), result: frameScan },
  /** outlines with the field's name over boxes of a scan (none: removes them); `reveal` scrolls one into view */
  fillMark: {
    file: fillForm,
    arg: z.object({ scanId: z.string(), marks: z.array(mark), reveal: z.number().int().optional() }),
    result: z.object({ shown: z.number().int() }),
  },
  /** writes values into boxes of a scan, remembering what they held under `fillId` */
  fillApply: {
    file: fillForm,
    arg: z.object({ scanId: z.string(), fillId: z.string(), items: z.array(z.object({ index: z.number().int(), value: z.string(), text: z.string() })) }),
    result: z.object({
      results: z.array(z.object({ index: z.number().int(), state: z.enum(['ok', 'gone', 'refused']), before: z.string().max(100_000) })).max(3000),
    }),
  },
  /** puts back what a fill replaced, where the box still holds what the fill wrote */
  fillUndo: { file: fillForm, arg: z.object({ fillId: z.string() }), result: z.object({ restored: z.number().int(), kept: z.number().int() }) },
  fillClear: { file: fillForm, arg: z.undefined(), result: z.literal(true) },
  // click-to-fill (content/pick-fill.iife.ts): a sequence of fields, one box clicked for each, in any frame
  /** starts the sequence in a frame (the top frame shows the banner) at step `at` */
  pickStart: { file: pickFill, arg: pickStart, result: z.literal(true) },
  /** moves every frame to step `at` (past the last: the sequence is done) */
  pickGoto: { file: pickFill, arg: z.object({ seq: z.string(), at: z.number().int().min(0) }), result: z.boolean() },
  /** ends the sequence: banners, outlines and listeners go */
  pickEnd: { file: pickFill, arg: z.object({ seq: z.string() }), result: z.boolean() },
  /** reads an image or PDF the gateway cannot fetch: the page's fetch, a canvas, or its place on screen */
  readImage: {
    file: readImage,
    arg: z.object({
      srcUrl: z.string(),
      maxBytes: z.number().int().positive(),
      pdf: z.boolean(),
      /** the notice shown while a large image is shrunk in the page: $1 its size in MB, $2 the seconds */
      shrinking: z.string(),
      /** false: bytes only, no scrolling the image into view for a crop (a read that may not be needed) */
      place: z.boolean().optional(),
    }),
    result: readImageResult,
  },
  /** auto-copy of a result's main value into the clipboard, from the page that has the focus */
  copyText: { file: copyText, arg: z.object({ text: z.string().min(1).max(10_000) }), result: z.boolean() },
  /** the overlay where the user drags a rectangle; it reports with the `capture.selected` message */
  selectRegion: { file: selectRegion, arg: hinted({ nonce: z.string() }), result: z.literal(true) },
} as const satisfies Record<string, { file: string; arg: z.ZodType; result: z.ZodType }>;

export type ScriptName = keyof typeof injectedScripts;
export type ArgOf<N extends ScriptName> = z.input<(typeof injectedScripts)[N]['arg']>;
/** What the script's entry returns (or resolves to), before validation. */
export type AnswerOf<N extends ScriptName> = z.input<(typeof injectedScripts)[N]['result']>;
export type ResultOf<N extends ScriptName> = z.output<(typeof injectedScripts)[N]['result']>;
