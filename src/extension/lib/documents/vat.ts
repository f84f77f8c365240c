import { FILE_MAX_BYTES } from '../../../protocol/limits';
import { vatInvoiceData } from '../../../protocol/points/2582-22';
import { defineDocument, flatFields } from './types';

export default defineDocument({
  id: 'vat',
  point: '2582-22',
  titleKey: 'doc_vat',
  // FileType only has to agree with the bytes on PDF versus image (DESIGN.md §5)
  request: (url, kind) => ({ FileURL: url, FileType: kind === 'pdf' ? 'pdf' : 'jpg' }),
  data: vatInvoiceData,
  view: (data, t) => ({
    // in the order the fields are printed and typed into reimbursement forms
    fields: flatFields(
      data.Content,
      {
        InvoiceCode: 'field_InvoiceCode',
        InvoiceNo: 'field_InvoiceNo',
        InvoiceDate: 'field_InvoiceDate',
        AntiFakeCode: 'field_AntiFakeCode',
        PayerName: 'field_PayerName',
        PayerRegisterNo: 'field_PayerRegisterNo',
        PayerAddress: 'field_PayerAddress',
        PayerBankName: 'field_PayerBankName',
        WithoutTaxAmount: 'field_WithoutTaxAmount',
        TaxAmount: 'field_TaxAmount',
        InvoiceAmount: 'field_InvoiceAmount',
        SumAmount: 'field_SumAmount',
        PayeeName: 'field_PayeeName',
        PayeeRegisterNo: 'field_PayeeRegisterNo',
        PayeeAddress: 'field_PayeeAddress',
        PayeeBankName: 'field_PayeeBankName',
        Payee: 'field_Payee',
        Checker: 'field_Checker',
        Clerk: 'field_Clerk',
      },
      t,
    ),
    tables: [],
    lines: [],
  }),
  fillable: true,
  maxBytes: FILE_MAX_BYTES,
});
