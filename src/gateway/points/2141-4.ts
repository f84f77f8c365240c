import { retCodes } from '../../protocol/codes';
import spec from '../../protocol/points/2141-4';
import { defineHandler } from './define';
import { noToken, toRecord } from './sub-auth-record';

export default defineHandler(spec, async ({ params, caller, services }) => {
  const found = await services.subAuths.get(caller.appid, params.out_code);
  if (!found) return { ret_code: retCodes.REFUSED, remark: noToken(params.out_code), item: null };
  return { ret_code: retCodes.OK, remark: '', item: toRecord(found) };
});
