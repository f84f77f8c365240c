import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { vinData } from '../../../protocol/points/2582-18';
import { compact, defineDocument } from './types';

export default defineDocument({
  id: 'vin',
  point: '2582-18',
  titleKey: 'doc_vin',
  request: (url) => ({ ImageURL: url }),
  data: vinData,
  view: (data, t) => ({
    fields: data.VinCode ? [{ key: 'VinCode', label: t('field_VinCode'), value: data.VinCode }] : [],
    tables: [],
    lines: [],
  }),
  mainValue: (data) => data.VinCode || undefined,
  summary: (data) => compact(data.VinCode),
  fillable: true,
  maxBytes: IMAGE_MAX_BYTES,
});
