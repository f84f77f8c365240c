/*
 * Names under which the injected scripts publish their entry function in the extension's isolated
 * world of a page. The page's own scripts cannot see that world; the names only have to avoid
 * clashing with each other.
 */
export const injectKeys = {
  fill: '__recognitionFillForm',
  pick: '__recognitionPickFill',
  readImage: '__recognitionReadImage',
  selectRegion: '__recognitionSelectRegion',
} as const;
export type InjectKey = (typeof injectKeys)[keyof typeof injectKeys];
