import { z } from 'zod';

/*
 * What the injected scripts answer. They run in web pages, the least trusted place the extension
 * reaches into, so their answers are validated like any other input.
 */

export const fillResult = z.object({
  filled: z.array(z.object({ key: z.string(), label: z.string() })),
  unmatched: z.array(z.string()),
  /** fillable elements found on the page */
  candidates: z.number().int(),
});
export type FillResult = z.infer<typeof fillResult>;

export const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const readImageResult = z.discriminatedUnion('kind', [
  /** the bytes, read with the page's own fetch or from a canvas of the loaded image */
  z.object({ kind: z.literal('bytes'), dataUrl: z.string().startsWith('data:'), via: z.enum(['fetch', 'canvas']) }),
  /** bytes unreadable (a tainted canvas): where the image is on screen, for a crop of a capture */
  z.object({ kind: z.literal('box'), rect: box, devicePixelRatio: z.number().positive(), reasons: z.array(z.string()) }),
  z.object({ kind: z.literal('failed'), reasons: z.array(z.string()) }),
]);
export type ReadImageResult = z.infer<typeof readImageResult>;

export const readImageArgs = z.object({ srcUrl: z.string(), maxBytes: z.number().int().positive(), pdf: z.boolean() });
export type ReadImageArgs = z.infer<typeof readImageArgs>;
