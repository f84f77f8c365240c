import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { outCode, subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-4',
  title: '查询子授权',
  summary: 'Query the sub-authorization of one out_code.',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z.object({ out_code: outCode }),
  response: z.object({ ...businessBase, item: subAuthRecord.nullable() }),
});
