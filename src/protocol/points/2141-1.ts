import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { concurrency, endTime, expiresIn, ipWhiteList, outCode, permissionList, rate, remark, subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-1',
  title: '创建子授权',
  summary: 'Create the sub-authorization token of an out_code (one per application and out_code).',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z
    .object({
      out_code: outCode,
      permission_list: permissionList,
      expires_in: expiresIn.describe('seconds of validity, default 7 days; or give end_time'),
      end_time: endTime,
      ip_white_list: ipWhiteList.optional(),
      rate,
      concurrency,
      remark,
    })
    .refine((r) => r.expires_in === undefined || r.end_time === undefined, {
      message: 'give expires_in or end_time, not both',
      path: ['end_time'],
    }),
  response: z.object({ ...businessBase, item: subAuthRecord.nullable() }),
});
