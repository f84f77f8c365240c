import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2141-3';
import { parseShanghaiTime } from '../../protocol/subauth';
import { GatewayError } from '../errors';
import { defineHandler } from './define';
import { noToken, toRecord } from './sub-auth-record';

export default defineHandler(spec, async ({ params, caller, services }) => {
  const now = Date.now();
  let by: { addMs: number } | { endTime: number };
  if (params.end_time !== undefined) {
    const endTime = parseShanghaiTime(params.end_time);
    // ending a token early is what 2141-2 is for; an end in the past here is almost surely a mistake
    if (endTime <= now) throw new GatewayError('PARAM_INVALID', 'end_time must be in the future');
    by = { endTime };
  } else {
    by = { addMs: params.expires_in! * 1000 };
  }
  const extended = await services.subAuths.extend(caller.appid, params.out_code, by, now);
  if (!extended) return { ret_code: retCodes.REFUSED, remark: noToken(params.out_code), item: null };
  return { ret_code: retCodes.OK, remark: '', item: toRecord(extended, now) };
});
