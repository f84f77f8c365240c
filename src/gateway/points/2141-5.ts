import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2141-5';
import { defineHandler } from './define';
import { toRecord } from './sub-auth-record';

export default defineHandler(spec, async ({ params, caller, services }) => {
  const now = Date.now();
  const { total, rows } = await services.subAuths.page(
    caller.appid,
    { page: params.page, maxResult: params.maxResult, outCodePrefix: params.out_code || undefined, state: params.state },
    now,
  );
  return {
    ret_code: retCodes.OK,
    remark: '',
    allNum: total,
    allPages: Math.ceil(total / params.maxResult),
    currentPage: params.page,
    maxResult: params.maxResult,
    contentlist: rows.map((r) => toRecord(r, now)),
  };
});
