import { FILE_MAX_BYTES } from '../../../protocol/limits';
import { type MixedDocument, type MixedType, mixedData } from '../../../protocol/points/2582-25';
import { type DocId, compact, defineDocument } from './types';

/*
 * 自动识别: 2582-25 finds every document in the input, tells its type and reads it as the type's
 * own point would. The answer is not kept as one result: each document becomes an entry of its own
 * type (lib/sheet.ts), shown, searched, checked for duplicates, exported and filled as if it had
 * been read alone. What this type itself shows is the list of what was found.
 */

type DataOf<T extends MixedType> = Extract<MixedDocument, { Type: T }>['Data'];

/**
 * The extension's document type of each 2582-25 type. A licence's Data holds face and back alike;
 * the gateway fills the page it read: a driver licence's back page has its 档案编号 in BackResult
 * (a face page leaves it []), a vehicle licence's back page fills BackResult and leaves FaceResult
 * empty, and the other way round.
 */
const docOfType: { [T in MixedType]: (data: DataOf<T>) => Exclude<DocId, 'auto'> } = {
  train_ticket: () => 'train',
  vat_invoice: () => 'vat',
  taxi_invoice: () => 'taxi',
  plate: () => 'plate',
  driver_license: (d) => (d.BackResult.length > 0 ? 'driver_back' : 'driver_face'),
  vehicle_license: (d) => (Object.values(d.BackResult).some((v) => v !== '') ? 'vehicle_back' : 'vehicle_face'),
  vin: () => 'vin',
  table: () => 'table',
  general: () => 'text',
};

export function docIdOfDocument(doc: MixedDocument): Exclude<DocId, 'auto'> {
  return (docOfType[doc.Type] as (data: MixedDocument['Data']) => Exclude<DocId, 'auto'>)(doc.Data);
}

/** 0.934 → "93%" */
export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

export default defineDocument({
  id: 'auto',
  point: '2582-25',
  titleKey: 'doc_auto',
  request: (url) => ({ ImageURL: url }),
  data: mixedData,
  view: (data, t) => ({
    fields: [],
    tables: [],
    lines: data.Documents.map((d, i) => t('sheet_found_line', i + 1, t(`doc_${docIdOfDocument(d)}`), percent(d.Confidence))),
  }),
  summary: (data, t) => compact(...data.Documents.map((d) => t(`doc_${docIdOfDocument(d)}`))),
  fillable: false,
  // a sheet of receipts is a large photo: the point takes 10 MiB, images included (DESIGN.md §5)
  maxBytes: FILE_MAX_BYTES,
});
