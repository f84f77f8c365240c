import { z } from 'zod';
import { definePoint } from '../point';
import { asyncFlag, dsId, inputUrl, recognitionBody } from '../recognition';

const contentFields = {
  PayeeBankName: 'seller bank and account',
  Payee: 'payee',
  Checker: 'reviewer',
  InvoiceDate: 'invoice date, e.g. 2023年05月08日',
  PayerBankName: 'buyer bank and account',
  Clerk: 'issuer',
  WithoutTaxAmount: 'total before tax, decimal string without ¥, e.g. 52.70',
  PayeeRegisterNo: 'seller taxpayer id',
  SumAmount: 'total with tax in capital characters as printed, without ⊗',
  TaxAmount: 'total tax, decimal string',
  AntiFakeCode: 'check code, digits without spaces',
  PayerName: 'buyer name',
  InvoiceCode: 'invoice code, digits',
  InvoiceAmount: 'total with tax in figures, decimal string',
  PayerAddress: 'buyer address and telephone',
  InvoiceNo: 'invoice number, digits',
  PayerRegisterNo: 'buyer taxpayer id',
  PayeeName: 'seller name',
  PayeeAddress: 'seller address and telephone',
} as const;

const boxFields = [
  'PayeeNames',
  'PayeeAddresses',
  'InvoiceNoes',
  'Clerks',
  'PayeeBankNames',
  'PayerRegisterNoes',
  'InvoiceFakeCodes',
  'InvoiceCodes',
  'PayerNames',
  'PayerAddresses',
  'PayerBankNames',
  'Payees',
  'SumAmounts',
  'TaxAmounts',
  'InvoiceAmounts',
  'InvoiceDates',
  'WithoutTaxAmounts',
  'PayeeRegisterNoes',
  'Checkers',
] as const;

const box = z
  .array(z.number())
  .describe('[top-left x, top-left y, top-right x, top-right y] in image (or rendered page) pixels; [] when not found');

export const vatContent = z.object(
  Object.fromEntries(Object.entries(contentFields).map(([k, d]) => [k, z.string().describe(d)])) as Record<
    keyof typeof contentFields,
    z.ZodString
  >,
);
export const vatBox = z.object(Object.fromEntries(boxFields.map((k) => [k, box])) as Record<(typeof boxFields)[number], typeof box>);
export const vatInvoiceData = z.object({ Content: vatContent, Box: vatBox });
export const vatContentFields = Object.keys(contentFields) as (keyof typeof contentFields)[];
export const vatBoxFields = boxFields;

export const fileTypes = ['pdf', 'jpg', 'png', 'bmp', 'gif'] as const;

export default definePoint({
  id: '2582-22',
  title: '增值税发票识别',
  summary: 'Value-added-tax invoice recognition (electronic and paper), from a PDF or an image.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    FileURL: inputUrl.describe('http, https or data: URL of the PDF or image (up to 10 MB)'),
    FileType: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(fileTypes))
      .describe('pdf, jpg, png, bmp or gif; only has to agree with the bytes on PDF versus image'),
    ds_id: dsId,
    Async: asyncFlag,
  }),
  response: recognitionBody(vatInvoiceData),
});
