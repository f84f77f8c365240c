import { z } from 'zod';
import { businessBase } from '../envelope';
import { pageOf, paging } from '../fields';
import { definePoint } from '../point';
import { subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-5',
  title: '分页查询子授权',
  summary: 'Query a page of the sub-authorizations of the calling application (permission management, audit).',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z.object({
    ...paging(20, 50),
    out_code: z.string().max(128).optional().describe('prefix filter on out_code'),
    state: z
      .union([z.literal('').transform(() => undefined), z.enum(['valid', 'expired'])])
      .optional()
      .describe('valid or expired; all when absent'),
  }),
  response: z.object({ ...businessBase, ...pageOf(subAuthRecord) }),
});
