import { z } from 'zod';
import { postalPage } from '../postal';
import { paging } from '../fields';
import { definePoint } from '../point';

export default definePoint({
  id: '1917-1',
  title: '邮编查地区',
  summary: 'Postal code to regions: every street and county that carries the code.',
  methods: ['GET', 'POST'],
  auth: 'any',
  request: z.object({
    code: z.string().regex(/^\d{6}$/, 'must be 6 digits').describe('six-digit postal code'),
    ...paging(20, 50),
  }),
  response: z.object({ ...postalPage, code: z.string().describe('the queried postal code') }),
});
