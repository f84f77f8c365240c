import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pointSpecs } from '../../src/protocol/points/index';

/*
 * The field tables of the original description (SPEC.md), transcribed here as the golden reference:
 * response bodies must carry exactly these names, nesting and types.
 */

type Shape = Record<string, unknown>;

/** JSON-schema-like skeleton of a zod schema: { field: type | nested }. */
function skeleton(schema: z.ZodType): unknown {
  const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, any>;
  const walk = (s: Record<string, any>): unknown => {
    if (s.anyOf) return walk(s.anyOf[0]);
    if (s.type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, walk(v as object)]));
    if (s.type === 'array') return [walk(s.items)];
    return s.type === 'integer' ? 'number' : s.type;
  };
  return walk(js);
}

function dataOf(id: keyof typeof pointSpecs): Shape {
  const body = skeleton(pointSpecs[id].response) as Shape;
  return body.Data as Shape;
}

const str = 'string';
const num = 'number';
const roi = { X: num, Y: num, W: num, H: num };

describe('recognition Data shapes (SPEC.md "Recognition results")', () => {
  it('2582-24 train ticket (plus the e-ticket\'s InvoiceNum and InvoiceDate DESIGN.md adds)', () => {
    expect(dataOf('2582-24')).toEqual({ Name: str, Date: str, Seat: str, Number: str, Price: num, DepartureStation: str, Level: str, Destination: str, InvoiceNum: str, InvoiceDate: str });
  });

  it('2582-22 VAT invoice: Content (19 strings, and InvoiceType DESIGN.md adds) and Box (19 number arrays), Items and QRCode', () => {
    const d = dataOf('2582-22') as { Content: Shape; Box: Shape; Items: Shape[]; QRCode: string };
    expect(Object.keys(d.Content).sort()).toEqual(
      ['PayeeBankName', 'Payee', 'Checker', 'InvoiceDate', 'PayerBankName', 'Clerk', 'WithoutTaxAmount', 'PayeeRegisterNo', 'SumAmount', 'TaxAmount', 'AntiFakeCode', 'PayerName', 'InvoiceCode', 'InvoiceAmount', 'PayerAddress', 'InvoiceNo', 'PayerRegisterNo', 'PayeeName', 'PayeeAddress', 'InvoiceType'].sort(),
    );
    expect(d.Items).toEqual([{ Name: str, Spec: str, Unit: str, Quantity: str, UnitPrice: str, Amount: str, TaxRate: str, Tax: str }]);
    expect(d.QRCode).toBe(str);
    expect(new Set(Object.values(d.Content))).toEqual(new Set([str]));
    expect(Object.keys(d.Box).sort()).toEqual(
      ['PayeeNames', 'PayeeAddresses', 'InvoiceNoes', 'Clerks', 'PayeeBankNames', 'PayerRegisterNoes', 'InvoiceFakeCodes', 'InvoiceCodes', 'PayerNames', 'PayerAddresses', 'PayerBankNames', 'Payees', 'SumAmounts', 'TaxAmounts', 'InvoiceAmounts', 'InvoiceDates', 'WithoutTaxAmounts', 'PayeeRegisterNoes', 'Checkers'].sort(),
    );
    for (const v of Object.values(d.Box)) expect(v).toEqual([num]);
  });

  it('2582-21 taxi invoice (plus the Key DESIGN.md adds)', () => {
    expect(dataOf('2582-21')).toEqual({
      Invoices: [{ Items: [{ Text: str, ItemRoi: { Angle: num, Center: { X: num, Y: num }, Size: { W: num, H: num } }, Key: str }], InvoiceRoi: roi, RotateType: num }],
    });
  });

  it('2582-20 plates', () => {
    expect(dataOf('2582-20')).toEqual({ Plates: [{ Roi: roi, PlateType: str, PlateNumber: str, Confidence: num, PlateTypeConfidence: num }] });
  });

  it('2582-19 driver license', () => {
    expect(dataOf('2582-19')).toEqual({
      FaceResult: { Name: str, LicenseNumber: str, IssueDate: str, StartDate: str, EndDate: str, Address: str, Gender: str, VehicleType: str },
      BackResult: [{ ArchiveNumber: str }],
    });
  });

  it('2582-18 VIN', () => {
    expect(dataOf('2582-18')).toEqual({ VinCode: str });
  });

  it('2582-17 vehicle license: 10 face and 10 back fields', () => {
    expect(dataOf('2582-17')).toEqual({
      FaceResult: { IssueDate: str, RegisterDate: str, UseCharacter: str, Owner: str, EngineNumber: str, Model: str, PlateNumber: str, Address: str, VehicleType: str, Vin: str },
      BackResult: { ApprovedLoad: str, ApprovedPassengerCapacity: str, EnergyType: str, FileNumber: str, GrossMass: str, InspectionRecord: str, OverallDimension: str, PlateNumber: str, TractionMass: str, UnladenMass: str },
    });
  });

  it('2582-16 job result', () => {
    expect(dataOf('2582-16')).toEqual({ Result: str, Status: str, JobId: str });
  });

  it('2582-11 general text', () => {
    expect(dataOf('2582-11')).toEqual({ Results: [{ Text: str, Probability: num, TextRectangles: { Left: num, Top: num, Width: num, Height: num, Angle: num } }] });
  });

  it('2582-10 table', () => {
    expect(dataOf('2582-10')).toEqual({
      Tables: [{ Head: str, Tail: str, TableRows: [{ TableColumns: [{ Texts: [str], StartRow: num, StartColumn: num, EndRow: num, EndColumn: num, Width: num, Height: num }] }] }],
      FileContent: str,
    });
  });

  it('every recognition body carries ret_code, remark and RequestId', () => {
    for (const id of ['2582-10', '2582-11', '2582-16', '2582-17', '2582-18', '2582-19', '2582-20', '2582-21', '2582-22', '2582-24'] as const) {
      const body = skeleton(pointSpecs[id].response) as Shape;
      expect(body, id).toMatchObject({ ret_code: num, remark: str, RequestId: str });
    }
  });
});

describe('management and postal bodies', () => {
  const record = { access_token: str, out_code: str, appid: num, permission_list: str, ip_white_list: str, rate: num, concurrency: num, expires_in: num, end_time: str, remark: str, create_time: str };

  it('2141 record and page', () => {
    expect(skeleton(pointSpecs['2141-4'].response)).toEqual({ ret_code: num, remark: str, item: record });
    expect(skeleton(pointSpecs['2141-6'].response)).toEqual({ ret_code: num, remark: str, fresh_item: record });
    expect(skeleton(pointSpecs['2141-5'].response)).toEqual({ ret_code: num, remark: str, allNum: num, allPages: num, currentPage: num, maxResult: num, contentlist: [record] });
  });

  it('1917-1 page of postal records', () => {
    expect(skeleton(pointSpecs['1917-1'].response)).toEqual({
      ret_code: num,
      remark: str,
      allNum: num,
      allPages: num,
      currentPage: num,
      maxResult: num,
      contentlist: [{ province: str, city: str, area: str, county: str, code: str }],
      msg: str,
      gateway_fee_code: num,
      code: str,
    });
  });
});

describe('recognition bodies', () => {
  it('do not let a synchronous answer with malformed Data pass as an accepted async job', () => {
    const body = pointSpecs['2582-18'].response;
    expect(body.safeParse({ ret_code: 0, remark: '', RequestId: 'r' }).success).toBe(true);
    expect(body.safeParse({ ret_code: 0, remark: '', RequestId: 'r', Data: { VinCode: 'LSVAU2180N2183294' } }).success).toBe(true);
    expect(body.safeParse({ ret_code: 0, remark: '', RequestId: 'r', Data: { Vin: 42 } }).success).toBe(false);
  });
});
