import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { trainTicketData } from '../../../protocol/points/2582-24';
import { compact, defineDocument, flatFields, yuan } from './types';

/**
 * What identifies a ticket: the railway e-ticket's 20-digit invoice number when the gateway reads
 * one (DESIGN.md §5, `InvoiceNum`); otherwise the train, its departure time and the seat, which
 * no two tickets share (the paper ticket's own serial number is not among the fields).
 */
function ticketKeys(data: { Number: string; Date: string; Seat: string }): string[] {
  const num = 'InvoiceNum' in data && typeof data.InvoiceNum === 'string' ? data.InvoiceNum.trim() : '';
  if (num) return [`train:${num}`];
  return data.Number && data.Date && data.Seat ? [`train:${data.Number}|${data.Date}|${data.Seat}`] : [];
}

export default defineDocument({
  id: 'train',
  point: '2582-24',
  titleKey: 'doc_train',
  request: (url) => ({ ImageURL: url }),
  data: trainTicketData,
  view: (data, t) => ({
    fields: flatFields(
      data,
      {
        Number: 'field_TrainNumber',
        DepartureStation: 'field_DepartureStation',
        Destination: 'field_Destination',
        Date: 'field_TrainDate',
        Seat: 'field_Seat',
        Level: 'field_Level',
        Price: 'field_Price',
        Name: 'field_Name',
      },
      t,
      // a railway e-ticket's invoice number and date; paper tickets have none
    ).concat(flatFields(data, { InvoiceNum: 'field_InvoiceNo', InvoiceDate: 'field_InvoiceDate' }, t).filter((f) => f.value !== '')),
    tables: [],
    lines: [],
  }),
  keyFields: ['Number', 'Date', 'DepartureStation', 'Destination', 'Seat', 'Price', 'Name'],
  summary: (data) => compact(data.Number, data.Date, yuan(data.Price), data.Name),
  duplicateKeys: (data) => ticketKeys(data),
  amountKeys: ['Price'],
  fillable: true,
  maxBytes: IMAGE_MAX_BYTES,
});
