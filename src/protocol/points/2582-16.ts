import { z } from 'zod';
import { businessBase } from '../envelope';
import { definePoint } from '../point';
import { dsId } from '../recognition';

export const jobStatuses = [
  'QUEUING',
  'PROCESSING',
  'PROCESS_SUCCESS',
  'PROCESS_FAILED',
  'TIMEOUT_FAILED',
  'LIMIT_RETRY_FAILED',
] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobResultData = z.object({
  Result: z
    .string()
    .describe('JSON string of the Data the synchronous call would return; empty until PROCESS_SUCCESS, the reason on failure'),
  Status: z.enum(jobStatuses),
  JobId: z.string(),
});

export default definePoint({
  id: '2582-16',
  title: '异步识别结果',
  summary: 'Result of an asynchronous recognition job (kept 30 minutes).',
  methods: ['POST'],
  auth: 'any',
  request: z.object({
    JobId: z.string().min(1, 'required').max(64).describe('the RequestId returned by the Async=true call'),
    ds_id: dsId,
  }),
  // an unknown, expired or foreign JobId has no job to describe: ret_code -1 and no Data
  response: z.union([
    z.object({ ...businessBase, RequestId: z.string(), Data: jobResultData }),
    z.strictObject({ ...businessBase, RequestId: z.string() }),
  ]),
});
