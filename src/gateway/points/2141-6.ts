import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2141-6';
import { defineHandler } from './define';
import { noToken, toRecord } from './sub-auth-record';

export default defineHandler(spec, async ({ params, caller, services }) => {
  const patch = {
    permissions: params.permission_list,
    ipWhiteList: params.ip_white_list,
    rate: params.rate,
    concurrency: params.concurrency,
    remark: params.remark,
  };
  if (Object.values(patch).every((v) => v === undefined)) {
    return { ret_code: retCodes.OK, remark: 'nothing to change: give permission_list, ip_white_list, rate, concurrency or remark', fresh_item: null };
  }
  // validity is never touched here (SPEC: "its validity time is unchanged"); 2141-3 extends it
  const updated = await services.subAuths.update(caller.appid, params.out_code, patch);
  if (!updated) {
    return { ret_code: retCodes.OK, remark: `${noToken(params.out_code)}; nothing was done (create one with 2141-1)`, fresh_item: null };
  }
  return { ret_code: retCodes.OK, remark: '', fresh_item: toRecord(updated) };
});
