import { type SubAuthRecord, formatShanghaiTime } from '../../protocol/subauth';
import type { SubAuth } from '../store/sub-auths';

/** The wire record of a sub-authorization (DESIGN.md §3) as seen at `now`. */
export function toRecord(s: SubAuth, now = Date.now()): SubAuthRecord {
  return {
    access_token: s.accessToken,
    out_code: s.outCode,
    appid: s.appid,
    // the original service returns the list with a trailing comma; clients split on it
    permission_list: s.permissions.map((p) => `${p},`).join(''),
    ip_white_list: s.ipWhiteList.join(','),
    rate: s.rate,
    concurrency: s.concurrency,
    expires_in: Math.max(0, Math.floor((s.endTime - now) / 1000)),
    end_time: formatShanghaiTime(s.endTime),
    remark: s.remark,
    create_time: formatShanghaiTime(s.createTime),
  };
}

export const DEFAULT_VALIDITY_SECONDS = 7 * 24 * 3600;

export function noToken(outCode: string): string {
  return `out_code ${outCode} has no token`;
}
