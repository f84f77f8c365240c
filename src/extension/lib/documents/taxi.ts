import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { taxiInvoiceData, type taxiKeys } from '../../../protocol/points/2582-21';
import type { MessageKey } from '../i18n';
import { type ViewField, defineDocument } from './types';

const labels: Record<(typeof taxiKeys)[number], MessageKey> = {
  InvoiceCode: 'field_InvoiceCode',
  InvoiceNo: 'field_InvoiceNo',
  PlateNumber: 'field_TaxiPlateNumber',
  Date: 'field_Date',
  Time: 'field_Time',
  Amount: 'field_Amount',
  Mileage: 'field_Mileage',
  UnitPrice: 'field_UnitPrice',
  WaitingTime: 'field_WaitingTime',
  Surcharge: 'field_Surcharge',
  Other: 'field_Other',
};

export default defineDocument({
  id: 'taxi',
  point: '2582-21',
  titleKey: 'doc_taxi',
  request: (url) => ({ ImageURL: url }),
  data: taxiInvoiceData,
  view: (data, t) => ({
    // keyed items (DESIGN.md §5, beyond SPEC) get their field label; the rest are numbered
    fields: data.Invoices.flatMap((inv, i) => {
      const group = data.Invoices.length > 1 ? t('group_nth', i + 1) : undefined;
      return inv.Items.map(
        (item, j): ViewField => ({
          key: item.Key ?? `Item${j + 1}`,
          label: item.Key ? t(labels[item.Key]) : t('field_Item', j + 1),
          value: item.Text,
          ...(group ? { group } : {}),
        }),
      );
    }),
    tables: [],
    lines: [],
  }),
  fillable: true,
  maxBytes: IMAGE_MAX_BYTES,
});
