import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { taxiInvoiceData, type taxiKeys } from '../../../protocol/points/2582-21';
import type { MessageKey } from '../i18n';
import { invoiceKeys } from './vat';
import { type ViewField, compact, defineDocument, yuan } from './types';

type TaxiInvoice = { Items: { Text: string; Key?: (typeof taxiKeys)[number] }[] };
const item = (inv: TaxiInvoice, key: (typeof taxiKeys)[number]) => inv.Items.find((i) => i.Key === key)?.Text.trim() ?? '';

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
  mainValue: (data) => (data.Invoices[0] && item(data.Invoices[0], 'InvoiceNo')) || undefined,
  // the keyed items; text the gateway could not place (项目 3: 联) goes under the fold
  keyFields: ['InvoiceCode', 'InvoiceNo', 'PlateNumber', 'Date', 'Time', 'Amount', 'Mileage'],
  summary: (data) => {
    const inv = data.Invoices[0];
    return inv ? compact(item(inv, 'InvoiceNo'), yuan(item(inv, 'Amount')), item(inv, 'PlateNumber')) : [];
  },
  // a taxi invoice has a code and a number like an old-style VAT invoice; the prefix keeps them apart
  duplicateKeys: (data) => data.Invoices.flatMap((inv) => invoiceKeys(item(inv, 'InvoiceCode'), item(inv, 'InvoiceNo')).map((k) => `taxi:${k}`)),
  amountKeys: ['Amount'],
  fillable: true,
  maxBytes: IMAGE_MAX_BYTES,
});
