import { retCodes } from '../../protocol/codes';
import { GatewayError } from '../errors';
import type { Paging, PostalPage, PostalRepo } from '../store/postal';
import { IMPORT_HINT } from './startup';

/*
 * The page body shared by 1917-1 and 1917-2 (DESIGN.md §4, protocol/postal.ts). "Nothing found" is
 * a successful answer (ret_code 0, allNum 0) whose msg says what was looked for; a gateway with no
 * data set at all answers -6 (the points are offline) so operators notice instead of callers
 * getting "not found" for every code.
 */

export async function postalPageBody(repo: PostalRepo, found: PostalPage, paging: Paging, msg: { found: string; none: string }) {
  if (found.total === 0 && (await repo.isEmpty())) {
    throw new GatewayError('NOT_FOUND', `no postal data has been imported; the operator loads it with ${IMPORT_HINT}`);
  }
  return {
    ret_code: retCodes.OK,
    remark: '',
    msg: found.total > 0 ? msg.found : msg.none,
    allNum: found.total,
    allPages: Math.ceil(found.total / paging.maxResult),
    currentPage: paging.page,
    maxResult: paging.maxResult,
    contentlist: found.rows,
    gateway_fee_code: 0,
  };
}
