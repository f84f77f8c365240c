import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { generalTextData } from '../../../protocol/points/2582-11';
import { compact, defineDocument } from './types';

export default defineDocument({
  id: 'text',
  point: '2582-11',
  titleKey: 'doc_text',
  // MinHeight is required by the point; 0 keeps every line, small print included
  request: (url) => ({ ImageURL: url, MinHeight: '0', OutputProbability: 'false' }),
  data: generalTextData,
  view: (data) => ({ fields: [], tables: [], lines: data.Results.map((r) => r.Text) }),
  summary: (data) => compact(data.Results.find((r) => r.Text.trim())?.Text.slice(0, 40)),
  fillable: false,
  maxBytes: IMAGE_MAX_BYTES,
});
