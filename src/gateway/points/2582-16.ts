import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2582-16';
import { defineHandler } from './define';

/**
 * The state and result of an asynchronous job (DESIGN.md §5). A job of another application, an
 * expired one and a made-up id get the same answer, so ids cannot be probed across
 * applications: ret_code -1 (the gateway worked; the business answer is "no such job").
 * `Result` is the Data JSON once PROCESS_SUCCESS (ret_code and remark then those the synchronous
 * call would have had), the reason after a failure, empty before.
 */
export default defineHandler(spec, async ({ params, caller, requestId, services }) => {
  const job = await services.recognition.readJob(params.JobId, caller.appid);
  if (!job) {
    const minutes = Math.round(services.config.JOB_RETENTION_SECONDS / 60);
    const remark = `JobId 不存在或已过期，结果保留 ${minutes} 分钟 (unknown or expired JobId; results are kept ${minutes} minutes)`;
    // no Data: there is no job to describe
    return { ret_code: retCodes.REFUSED, remark, RequestId: requestId };
  }
  const data = { Status: job.status, JobId: job.id };
  if (job.status !== 'PROCESS_SUCCESS') return { ret_code: retCodes.OK, remark: '', RequestId: requestId, Data: { Result: job.error ?? '', ...data } };
  // what the synchronous call would have said: ret_code -2 when it is not this document, remarks
  return { ret_code: job.ret_code ?? retCodes.OK, remark: job.remark ?? '', RequestId: requestId, Data: { Result: job.result ?? '', ...data } };
});
