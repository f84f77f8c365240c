import { z } from 'zod';

/*
 * What the page script reports about one frame's form (fill/scan.ts), as the extension validates
 * it: the page is the least trusted place the extension reads from, so sizes are bounded. The
 * page side imports only the types; matching and planning (fill/plan.ts) work on these values, in
 * the extension's own page, across every frame of the tab at once.
 */

const text = z.string().max(400);

export const sources = ['label', 'aria', 'item', 'column', 'nearby', 'placeholder', 'title', 'name', 'id'] as const;
export type Source = (typeof sources)[number];

export const descriptor = z.object({ source: z.enum(sources), text });
export type Descriptor = z.infer<typeof descriptor>;

export const scannedInput = z.object({
  /** position in the frame's list of fillable elements, which the frame keeps until the next scan */
  index: z.number().int().min(0),
  tag: z.enum(['input', 'textarea', 'select']),
  /** the input type, lower-case ('' for textarea and select) */
  type: z.string().max(20),
  descriptors: z.array(descriptor).max(24),
  value: text,
  placeholder: text,
  /** maxlength, when the page sets one */
  maxLength: z.number().int().positive().optional(),
  /** a number box: type=number, inputmode numeric/decimal, or a UI library's number input */
  numeric: z.boolean(),
  options: z.array(z.object({ value: text, text })).max(500).optional(),
  /** a row of a detail table: the table (inside the frame) and the row's position in it */
  row: z.object({ table: z.string().max(200), index: z.number().int().min(0) }).optional(),
  /** the form the input belongs to inside the frame, for words that depend on the boxes around */
  group: z.string().max(200),
});
export type ScannedInput = z.infer<typeof scannedInput>;

export const frameScan = z.object({
  origin: z.string().max(300),
  url: z.string().max(2000),
  /** the frame's own id for this scan: the elements behind the indexes */
  scanId: z.string().max(64),
  inputs: z.array(scannedInput).max(3000),
  /** origins of the frames inside this one, to tell which frames the extension could not enter */
  children: z.array(z.string().max(300)).max(200),
  /** dates and date patterns the page shows elsewhere (values, placeholders): how it writes dates */
  dateHints: z.array(text).max(50),
});
export type FrameScan = z.infer<typeof frameScan>;

/** A frame's scan as the extension holds it: with the frame it came from. */
export type TabFrame = FrameScan & { frameId: number };
