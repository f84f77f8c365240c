import spec from '../../protocol/points/1917-1';
import { postalPageBody } from '../postal/page';
import { defineHandler } from './define';

/** Postal code → every street (or county-level row) that carries it, in data-set order. */
export default defineHandler(spec, async ({ params, services }) => {
  const found = await services.postal.byCode(params.code, params);
  const body = await postalPageBody(services.postal, found, params, {
    found: `邮编 ${params.code} 共 ${found.total} 个地区 (${found.total} regions have postal code ${params.code})`,
    none: `没有地区使用邮编 ${params.code} (no region has postal code ${params.code})`,
  });
  return { ...body, code: params.code };
});
