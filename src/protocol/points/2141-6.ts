import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { concurrency, ipWhiteList, outCode, permissionList, rate, remark, subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-6',
  title: '更新子授权权限',
  summary:
    'Update the permissions of the sub-authorization of an out_code; validity never changes, and nothing is done when the out_code has no token.',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z.object({
    out_code: outCode,
    rate,
    concurrency,
    ip_white_list: ipWhiteList.optional(),
    permission_list: z
      .union([z.literal('').transform(() => undefined), permissionList])
      .optional()
      .describe('comma list of P-N or P-* entries; unchanged when absent'),
    remark,
  }),
  response: z.object({ ...businessBase, fresh_item: subAuthRecord.nullable() }),
});
