import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { outCode, subAuthRecord } from '../subauth';

export default definePoint({
  id: '2141-2',
  title: '删除子授权',
  summary: 'Delete the sub-authorization of an out_code; its token stops working at once.',
  methods: ['GET', 'POST'],
  auth: 'application',
  request: z.object({ out_code: outCode }),
  response: z.object({ ...businessBase, item: subAuthRecord.nullable() }),
});
