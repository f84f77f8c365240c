/**
 * The document types the extension offers, in menu order (src/extension/lib/documents). `auto`
 * first: 2582-25 finds every document in the image and tells its type; the typed ones follow for
 * users who know what they hold.
 */
export const docIds = [
  'auto',
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
