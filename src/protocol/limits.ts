/*
 * The largest input a recognition point accepts: "3M" for images and "10M" for 2582-22 files in
 * SPEC.md, "3 MB" / "10 MB" in DESIGN.md §1 and §5. The gateway has always counted them in binary
 * megabytes (MiB) and stops reading there (-1101); the extension checks against the same numbers,
 * so what it reads in a page or crops from the screen is never refused for its size.
 */

const MiB = 1024 * 1024;

/** Images (every recognition point's `ImageURL`): 3 MiB. */
export const IMAGE_MAX_BYTES = 3 * MiB;

/** Files (2582-22's `FileURL`: PDF, OFD, XML or an image): 10 MiB. */
export const FILE_MAX_BYTES = 10 * MiB;

/**
 * The detail of a -1009 answer when a token's `concurrency` is reached. The gateway writes it and
 * the extension's batch reads the number back, since a token cannot read its own record (2141-4
 * needs the application's credentials).
 */
export function concurrencyLimitDetail(limit: number): string {
  return `concurrency limit of ${limit} calls in flight reached`;
}

/** The limit named by a -1009 detail written by `concurrencyLimitDetail`, if it is one. */
export function concurrencyLimitIn(detail: string | undefined): number | undefined {
  const m = /concurrency limit of (\d+) calls in flight/.exec(detail ?? '');
  return m ? Number(m[1]) : undefined;
}

/**
 * The longest side an image over IMAGE_MAX_BYTES is shrunk to before it is sent (the extension).
 * The engine's detector looks at 1600 px at most (src/ocr/det/side.ts, MAX_DET_SIDE) and cuts the
 * lines it finds from the image it was given; at twice that, every line it can find keeps two
 * source pixels per detector pixel. It is also about what shrinking by quality steps gave a 12–50
 * MP photo before (0.8 to 0.4 of its size, to fit 3 MiB), at one encode instead of several.
 */
export const SHRINK_LONG_SIDE = 3200;
