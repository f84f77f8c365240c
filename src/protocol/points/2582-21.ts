import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody, xywh } from '../recognition';

/** Names of the keyed items of a taxi invoice (DESIGN.md §5, beyond SPEC). */
export const taxiKeys = [
  'InvoiceCode',
  'InvoiceNo',
  'PlateNumber',
  'Date',
  'Time',
  'Amount',
  'Mileage',
  'UnitPrice',
  'WaitingTime',
  'Surcharge',
  'Other',
] as const;

export const itemRoi = z.object({
  Angle: z.number().describe('degrees in [-180, 180]; x axis is 0, clockwise positive'),
  Center: z.object({ X: z.number(), Y: z.number() }),
  Size: z.object({ W: z.number(), H: z.number() }),
});

export const taxiInvoiceData = z.object({
  Invoices: z.array(
    z.object({
      Items: z.array(
        z.object({
          Text: z.string().describe("one field's text"),
          ItemRoi: itemRoi,
          Key: z.enum(taxiKeys).optional().describe('which field this item is, when known'),
        }),
      ),
      InvoiceRoi: xywh.describe('invoice top-left corner and size'),
      RotateType: z
        .number()
        .int()
        .describe('0 no rotation; 1 rotate clockwise 90; 2 rotate clockwise 180; 3 rotate clockwise 270'),
    }),
  ),
});

export default definePoint({
  id: '2582-21',
  title: '出租车发票识别',
  summary: 'Taxi invoice recognition; every invoice in the image.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest }),
  response: recognitionBody(taxiInvoiceData),
});
