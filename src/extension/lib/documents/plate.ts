import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { plateData } from '../../../protocol/points/2582-20';
import { compact, defineDocument } from './types';

export default defineDocument({
  id: 'plate',
  point: '2582-20',
  titleKey: 'doc_plate',
  request: (url) => ({ ImageURL: url }),
  data: plateData,
  view: (data, t) => ({
    fields: data.Plates.flatMap((p, i) => {
      const group = data.Plates.length > 1 ? t('group_nth', i + 1) : undefined;
      return [
        { key: 'PlateNumber', label: t('field_PlateNumber'), value: p.PlateNumber, group },
        { key: 'PlateType', label: t('field_PlateType'), value: p.PlateType, group },
        { key: 'Confidence', label: t('field_Confidence'), value: p.Confidence.toFixed(2), group },
      ];
    }),
    tables: [],
    lines: [],
  }),
  mainValue: (data) => data.Plates[0]?.PlateNumber || undefined,
  summary: (data) => compact(...data.Plates.map((p) => p.PlateNumber)),
  fillable: false,
  maxBytes: IMAGE_MAX_BYTES,
});
