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
