import spec from '../../protocol/points/1917-2';
import { postalPageBody } from '../postal/page';
import type { RegionQuery } from '../store/postal';
import { defineHandler } from './define';

/** Region names → postal codes: one row per county and code, or per street when county is given. */
export default defineHandler(spec, async ({ params, services }) => {
  const query: RegionQuery = { province: params.province, city: params.city, area: params.area, county: params.county };
  const asked = Object.entries(query)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const found = await services.postal.byRegion(query, params);
  const tolerance = found.bySuffixTolerance ? '; names matched without their suffixes' : '';
  return postalPageBody(services.postal, found, params, {
    found: `共 ${found.total} 条 (${found.total} rows for ${asked}${tolerance})`,
    none: `没有匹配的地区 (no region matches ${asked})`,
  });
});
