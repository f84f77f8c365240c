import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { endTime, expiresIn, outCode, subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-3',
  title: '子授权续期',
  summary: 'Extend validity: expires_in seconds are added (from now when already expired), or end_time sets the new end.',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z
    .object({ out_code: outCode, expires_in: expiresIn.describe('seconds to add'), end_time: endTime.describe('new end') })
    .refine((r) => (r.expires_in === undefined) !== (r.end_time === undefined), {
      message: 'give exactly one of expires_in or end_time',
      path: ['expires_in'],
    }),
  response: z.object({ ...businessBase, item: subAuthRecord.nullable() }),
});
