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
  InvoiceType: 'the invoice title as printed, e.g. 电子发票（普通发票）, 浙江增值税电子普通发票 (beyond the original fields)',
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

const itemFields = {
  Name: 'goods or service with its *category*, as printed (e.g. *餐饮服务*餐饮费)',
  Spec: 'specification or model',
  Unit: 'unit',
  Quantity: 'quantity as printed',
  UnitPrice: 'unit price as printed',
  Amount: 'amount before tax, decimal string',
  TaxRate: 'tax rate as printed: 6%, 免税, 不征税, ***',
  Tax: 'tax, decimal string (*** when printed so)',
} as const;
export const vatItem = z.object(
  Object.fromEntries(Object.entries(itemFields).map(([k, d]) => [k, z.string().describe(d)])) as Record<keyof typeof itemFields, z.ZodString>,
);
export const vatItemFields = Object.keys(itemFields) as (keyof typeof itemFields)[];

export const vatInvoiceData = z.object({
  Content: vatContent,
  Box: vatBox,
  Items: z.array(vatItem).describe('the goods or service lines, [] when none (beyond the original fields)'),
  QRCode: z.string().describe('the raw payload of the invoice QR code, "" when there is none or it was not read (beyond the original fields)'),
});
export const vatContentFields = Object.keys(contentFields) as (keyof typeof contentFields)[];
export const vatBoxFields = boxFields;

export const fileTypes = ['pdf', 'ofd', 'xml', 'jpg', 'png', 'bmp', 'gif'] as const;

export default definePoint({
  id: '2582-22',
  title: '增值税发票识别',
  summary: 'Value-added-tax invoice recognition (electronic and paper): from an OFD, the tax platform\'s invoice XML, a PDF or an image.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    FileURL: inputUrl.describe('http, https or data: URL of the OFD, invoice XML, PDF or image (up to 10 MB)'),
    FileType: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(fileTypes))
      // the input is any case (PDF, Ofd); the document lists the values as written here
      .meta({ enum: [...fileTypes], description: 'pdf, ofd, xml, jpg, png, bmp or gif, in any case; only has to agree with the bytes on the family (PDF, OFD, XML or image)' }),
    ds_id: dsId,
    Async: asyncFlag,
  }),
  response: recognitionBody(vatInvoiceData),
});
