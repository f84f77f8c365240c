import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { trainTicketData } from '../../../protocol/points/2582-24';
import { defineDocument, flatFields } from './types';

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
  fillable: true,
  maxBytes: IMAGE_MAX_BYTES,
});
