import { z } from 'zod';
import copyText from '../../content/copy-text.iife?script';
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

export const fillResult = z.object({
  filled: z.array(z.object({ key: z.string(), label: z.string() })),
  unmatched: z.array(z.string()),
  /** fillable elements found on the page */
  candidates: z.number().int(),
});
export type FillResult = z.infer<typeof fillResult>;

const readImageResult = z.discriminatedUnion('kind', [
  /** the bytes, read with the page's own fetch or from a canvas of the loaded image */
  z.object({ kind: z.literal('bytes'), dataUrl: z.string().startsWith('data:'), via: z.enum(['fetch', 'canvas']) }),
  /** bytes unreadable (a tainted canvas): where the image is on screen, for a crop of a capture */
  z.object({ kind: z.literal('box'), rect: box, devicePixelRatio: z.number().positive(), reasons: z.array(z.string()) }),
  z.object({ kind: z.literal('failed'), reasons: z.array(z.string()) }),
]);

/** A banner or an overlay that asks the user for a click; the answer only says it is in place. */
const hinted = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, hint: z.string() });

export const injectedScripts = {
  /** fills the recognized fields into the page's form (the popup's "fill") */
  fillForm: {
    file: fillForm,
    arg: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
    result: fillResult,
  },
  /** the next click on a form element receives one value */
  pickFill: { file: pickFill, arg: hinted({ value: z.string() }), result: z.literal(true) },
  /** reads an image or PDF the gateway cannot fetch: the page's fetch, a canvas, or its place on screen */
  readImage: {
    file: readImage,
    arg: z.object({ srcUrl: z.string(), maxBytes: z.number().int().positive(), pdf: z.boolean() }),
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
