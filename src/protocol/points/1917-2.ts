import { z } from 'zod';
import { postalPage } from '../postal';
import { paging } from '../fields';
import { definePoint } from '../point';

// control characters are never part of a name, and PostgreSQL refuses NUL in text outright
const regionName = z
  .string()
  .trim()
  .max(64)
  .regex(/^\P{Cc}*$/u, 'must not contain control characters')
  .optional();

export default definePoint({
  id: '1917-2',
  title: '地区查邮编',
  summary:
    'Region to postal codes: names match exactly or by prefix (北京 = 北京市), and when nothing matches as written, without their administrative suffixes (广西省 = 广西壮族自治区); every match of an ambiguous name; one row per county and code, or per street when county is given.',
  methods: ['GET', 'POST'],
  auth: 'any',
  request: z
    .object({
      province: regionName.describe('province, e.g. 北京 or 广西'),
      city: regionName.describe('city (for municipalities the same as the province)'),
      area: regionName.describe('county or district, e.g. 海淀'),
      county: regionName.describe('street or town, e.g. 中关村'),
      ...paging(20, 50),
    })
    .refine((r) => [r.province, r.city, r.area, r.county].some((v) => v !== undefined && v !== ''), {
      message: 'give at least one of province, city, area, county',
      path: ['province'],
    }),
  response: z.object(postalPage),
});
