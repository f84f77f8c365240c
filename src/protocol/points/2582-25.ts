import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody, xywh } from '../recognition';
import { tableData } from './2582-10';
import { generalTextData } from './2582-11';
import { vehicleLicenseData } from './2582-17';
import { vinData } from './2582-18';
import { driverLicenseData } from './2582-19';
import { plateData } from './2582-20';
import { taxiInvoiceData } from './2582-21';
import { vatInvoiceData } from './2582-22';
import { trainTicketData } from './2582-24';

/*
 * 2582-25 mixed documents (混贴票据识别, DESIGN.md §5): every document found in the input, its
 * type, and the `Data` the type's own access point would answer for that region.
 */

/** Each type 2582-25 tells apart, with the point that reads it and that point's Data. */
export const mixedTypes = {
  train_ticket: { point: '2582-24', data: trainTicketData },
  vat_invoice: { point: '2582-22', data: vatInvoiceData },
  taxi_invoice: { point: '2582-21', data: taxiInvoiceData },
  plate: { point: '2582-20', data: plateData },
  driver_license: { point: '2582-19', data: driverLicenseData },
  vehicle_license: { point: '2582-17', data: vehicleLicenseData },
  vin: { point: '2582-18', data: vinData },
  table: { point: '2582-10', data: tableData },
  general: { point: '2582-11', data: generalTextData },
} as const;

export type MixedType = keyof typeof mixedTypes;
export const mixedTypeNames = Object.keys(mixedTypes) as MixedType[];

const common = {
  Confidence: z.number().min(0).max(1).describe('how sure the type is, 0..1'),
  Roi: xywh.describe('the region in image (or rendered page) pixels: top-left corner and size, axis-aligned'),
  Angle: z.number().describe('direction of the document\'s text, degrees clockwise from the x axis in [-180, 180]; 0 upright, 90 turned a quarter clockwise, 180 upside down'),
};

function variant<T extends MixedType>(type: T) {
  const { point, data } = mixedTypes[type];
  return z.object({
    Type: z.literal(type),
    Point: z.literal(point).describe('the access point that reads this type; Data is what it answers for the region'),
    ...common,
    Data: data as (typeof mixedTypes)[T]['data'],
  });
}

export const mixedDocument = z.discriminatedUnion('Type', [
  variant('train_ticket'),
  variant('vat_invoice'),
  variant('taxi_invoice'),
  variant('plate'),
  variant('driver_license'),
  variant('vehicle_license'),
  variant('vin'),
  variant('table'),
  variant('general'),
]);
export type MixedDocument = z.infer<typeof mixedDocument>;

export const mixedData = z.object({
  Documents: z.array(mixedDocument).describe('every document found, in reading order of the regions; [] when none'),
});

export default definePoint({
  id: '2582-25',
  title: '混贴票据识别',
  summary: 'Mixed documents: finds every document in an image or a PDF/OFD page (several receipts on a sheet, a desk photo), tells its type and reads it as its own point would.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    ...imageRequest,
    ImageURL: imageRequest.ImageURL.describe('http, https or data: URL of the image, or of a PDF or OFD file (the bytes decide; up to 10 MB)'),
  }),
  response: recognitionBody(mixedData),
});
