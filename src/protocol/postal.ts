import { z } from 'zod';
import { businessBase } from './envelope';
import { pageOf } from './fields';

/*
 * Shapes of postal code lookup (product 1917), DESIGN.md §4.
 */

export const postalRow = z.object({
  province: z.string(),
  city: z.string(),
  area: z.string().describe('county or district'),
  county: z.string().describe('street or town; "" on county-level rows'),
  code: z.string().describe('six-digit postal code'),
});
export type PostalRow = z.infer<typeof postalRow>;

export const postalPage = {
  ...businessBase,
  ...pageOf(postalRow),
  msg: z.string().describe('result message'),
  gateway_fee_code: z.number().int().describe('0: the call is not billed differently'),
};
