import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2141-1';
import { parseShanghaiTime } from '../../protocol/subauth';
import { GatewayError } from '../errors';
import { defineHandler } from './define';
import { DEFAULT_VALIDITY_SECONDS, toRecord } from './sub-auth-record';

export default defineHandler(spec, async ({ params, caller, services }) => {
  const now = Date.now();
  const endTime =
    params.end_time !== undefined
      ? parseShanghaiTime(params.end_time)
      : now + (params.expires_in ?? DEFAULT_VALIDITY_SECONDS) * 1000;
  if (endTime <= now) throw new GatewayError('PARAM_INVALID', 'end_time must be in the future');
  const created = await services.subAuths.create(
    caller.appid,
    {
      outCode: params.out_code,
      permissions: params.permission_list,
      ipWhiteList: params.ip_white_list ?? [],
      // unless the caller says (0 = unlimited), a token cannot flood the gateway on its own
      rate: params.rate ?? services.config.TOKEN_DEFAULT_RATE,
      concurrency: params.concurrency ?? services.config.TOKEN_DEFAULT_CONCURRENCY,
      endTime,
      remark: params.remark ?? '',
    },
    now,
  );
  if (created === 'exists') {
    return {
      ret_code: retCodes.REFUSED,
      remark: `out_code ${params.out_code} already has a token: change its permissions with 2141-6 or its validity with 2141-3`,
      item: null,
    };
  }
  return { ret_code: retCodes.OK, remark: '', item: toRecord(created, now) };
});
