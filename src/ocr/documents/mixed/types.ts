import type { MixedType } from '../../../protocol/points/2582-25';
import driver_license from '../driver_license';
import type { DocumentExtractor } from '../extractor';
import general from '../general';
import plate from '../plate';
import table from '../table';
import taxi_invoice from '../taxi_invoice';
import { labelOf, LABELS as TAXI_LABELS } from '../taxi_invoice/fields';
import train_ticket from '../train_ticket';
import vat_invoice from '../vat_invoice';
import { figureToCents } from '../vat_invoice/capital';
import { numberLengths } from '../vat_invoice/finish';
import { parseVatQr } from '../vat_invoice/qr';
import vehicle_license from '../vehicle_license';
import vin from '../vin';
import { isPartialPlate, isPlateNumber, isVin } from './validators';

/*
 * What tells the document types apart, as data (2582-25). A contributor adds a type or a cue
 * here; classify.ts only adds up the evidence. Weights are in "cues": a title printed only on
 * that type weighs 3, a label it shares with one other type 1; a type needs CERTAIN (3) to be
 * chosen, else the region is `general`. Cues look at the region's text with spaces removed.
 */

/** What a cue sees of a region. */
export interface RegionView {
  /** the region's line texts in reading order, spaces removed */
  lines: string[];
  /** every line joined */
  text: string;
  /** QR payloads decoded in the region */
  qr: string[];
  /** the region's size across its text lines, in median line heights */
  size: { w: number; h: number };
  /** most of its lines lie inside the rules of a table (frames.ts) */
  ruled?: boolean;
}

export interface Cue {
  /** what the cue is, for tests and the docs */
  name: string;
  weight: number;
  test(region: RegionView): boolean;
  /**
   * Layout other types share (a VAT invoice is a ruled form too): counted only when no type is
   * certain from its other cues, so it names what has no type of its own without taking a
   * share of another type's confidence.
   */
  shared?: boolean;
}

export interface TypeRule {
  type: Exclude<MixedType, 'general'>;
  extractor: DocumentExtractor;
  cues: Cue[];
  /** the extractor's options for this region (licences: face or back page) */
  options?(region: RegionView): Record<string, unknown>;
  /**
   * How tall the type's printed text stands at most, in widths of it (its paper's proportion
   * and some slack): a piece torn off the document by a wide gap (a VAT invoice's totals below
   * its empty item rows) joins it while the two together stay within that shape (regions.ts).
   * Types of any shape (tables, general text) have none.
   */
  shape?: number;
  /**
   * How tall a whole document's region stands for its width (its text and margin): a region
   * typed from its head and read to no document, or missing its key fields, standing lower than
   * this is read again cut to it (read.ts): the detector may find nothing of a document's lower
   * part (a VAT invoice turned a quarter). Measured on bench sheets (seeds 1 and 2): VAT invoices
   * 0.63 to 0.70. Types whose length varies (a taxi roll receipt) have none.
   */
  proportion?: number;
  /**
   * Whether the extractor's Data holds the type's key fields in a form they take (a train
   * number, stations of two characters or more; an invoice's number and amount): lines handed
   * on from the whole image that fail it are read again from the region's crop (read.ts).
   */
  keyFields?(data: unknown, options: Record<string, unknown>): boolean;
  /**
   * The lines that label or print the key fields the extractor's Data lacks, one test a field:
   * when the lines handed on miss a key field, only the rows of the lines passing them are read
   * again (rows.ts), or the whole crop when one of them passes no line or the type has none. A
   * field that was read needs no row (a taxi receipt whose number was read below its 发票代码,
   * its 发票号码 row lost, has only its amount's rows read again).
   */
  keyRows?(data: unknown): KeyLine[];
  /**
   * Lines a document of the type prints once (its title, its boarding words, its labels of one
   * box): two documents of the type touching print each of them twice, one layout apart, and the
   * region holding both is cut between them (twins.ts). Only what no document prints twice: a
   * VAT invoice's buyer and seller boxes share their labels (名称, 纳税人识别号) one box apart.
   */
  once?: RegExp[];
}

/** What tells a key field's line (TypeRule.keyRows): its text, spaces removed, passes the test (a RegExp is one). */
export type KeyLine = { test(line: string): boolean };

/** Evidence a type needs before a region is called that type. */
export const CERTAIN = 3;

const word = (name: string, pattern: RegExp, weight: number): Cue => ({ name, weight, test: (r) => pattern.test(r.text) });
/** a cue counted once per distinct label found, up to `max` */
const labels = (name: string, patterns: RegExp[], weightEach: number, max = patterns.length): Cue[] =>
  patterns.slice(0, max).map((p, i) => word(`${name} ${i + 1}`, p, weightEach));
const anyLine = (name: string, weight: number, test: (line: string) => boolean): Cue => ({ name, weight, test: (r) => r.lines.some(test) });

/** A line and the one below it as one text: a two-row plate (京A above, 12345 below) is read as two lines. */
const withNextLine = (r: RegionView): string[] => [...r.lines, ...r.lines.slice(1).map((l, i) => r.lines[i] + l)];

type Fields = Record<string, unknown>;
const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number' && v > 0);
const part = (data: unknown, key: string): Fields => ((data as Fields | null)?.[key] ?? {}) as Fields;
/** a taxi receipt's keyed item (taxi_invoice Data: Invoices[].Items[] with Key) */
const taxiItem = (data: unknown, key: string) => ((data as { Invoices?: { Items?: { Key?: string; Text: string }[] }[] }).Invoices?.[0]?.Items ?? []).find((i) => i.Key === key)?.Text;

/** The label a taxi receipt's extractor takes a field by. */
const taxiLabel = (field: string): RegExp => TAXI_LABELS.find((l) => l.field === field)!.re;
/** A line labelling a taxi receipt's amount as its extractor reads labels (a half of one: 金 of 金额), or a ¥ figure. */
const taxiAmountRow: KeyLine = { test: (line: string) => labelOf(line)?.field === 'Amount' || /^[¥￥]/.test(line) };

/** A VAT invoice's amount before tax and its tax add up to its total, or one of them was not read. */
const totalsAgree = (c: Fields): boolean => {
  const [without, tax, total] = [c.WithoutTaxAmount, c.TaxAmount, c.InvoiceAmount].map((v) => figureToCents(String(v ?? '')));
  return without === null || tax === null || total === null || without! + tax! === total;
};

/** A VAT invoice's number read, of a length its kind prints (8 digits, 20 on a 数电 invoice). */
const numberRead = (c: Fields): boolean => filled(c.InvoiceNo) && numberLengths({ InvoiceCode: String(c.InvoiceCode ?? '') }).includes(String(c.InvoiceNo).length);

const TRAIN_NUMBER = /(?:^|[^A-Z0-9])[GDCZTKYLS]\d{1,4}(?![0-9])/;
const SEAT_CLASS = /(?:一等|二等|商务|特等|硬|软|无)座|[硬软]卧|动卧|新空调/;

export const typeRules: TypeRule[] = [
  {
    type: 'train_ticket',
    extractor: train_ticket,
    cues: [
      word('railway e-ticket title', /铁路电子客票/, 3),
      word('boarding words', /检票|候车|限乘当日当次车|仅供报销使用|买票请到12306|发货请到95306/, 3),
      word('seat class', SEAT_CLASS, 1.5),
      word('carriage and seat', /\d{1,2}车\d{1,3}[A-F上中下]?号/, 1.5),
      anyLine('train number', 1, (l) => TRAIN_NUMBER.test(l.toUpperCase())),
      word('masked id number', /\d{10}\*{4}[\dX]{4}/, 1),
      word('fare', /[¥￥]\d+\.\d元?/, 0.5),
    ],
    // 85.6 × 54 mm card ticket, the railway e-ticket a half A4 page
    shape: 0.8,
    // its fine print, its passenger's masked id, its fare, the ticket office's line (serial, station, 售)
    once: [/限乘当日当次车/, /祝您旅途愉快/, /买票请到12306|发货请到95306/, /\d{10}\*{4}[\dX]{4}/, /[¥￥]\d+\.\d元/, /[A-Z0-9]{8,}.*售$/, /检票/, /候车/, /铁路电子客票/, /\d{1,2}车\d{1,3}[A-F上中下]?号/],
    // station names have two characters or more
    keyFields: (d) => {
      const t = (d ?? {}) as Fields;
      return /^[GDCZTKYLS]?\d{1,4}$/.test(String(t.Number ?? '')) && [t.DepartureStation, t.Destination].every((s) => typeof s === 'string' && [...s].length >= 2) && filled(t.Price);
    },
  },
  {
    type: 'vat_invoice',
    extractor: vat_invoice,
    cues: [
      { name: 'VAT QR code', weight: 4, test: (r) => r.qr.some((q) => parseVatQr(q) !== null) },
      word('VAT title', /增值税|电子发票[(（](?:普通|专用)发票|全电发票/, 3),
      word('buyer and seller', /购买方|购方|销售方|销方/, 1.5),
      word('tax totals', /价税合计|税额|税率/, 1.5),
      word('taxpayer id', /纳税人识别号|统一社会信用代码/, 1),
      // the items' column and the boxes' bank line, printed on no other type
      word('goods and bank labels', /货物或应税劳务|开户行及账号/, 1),
      word('check code', /校验码|密码区/, 1),
      word('issue date', /开票日期/, 0.5),
    ],
    // 240 × 140 mm
    shape: 0.75,
    once: [/增值税|电子发票[(（](?:普通|专用)发票/, /发票号码/, /发票代码/, /^No\.?[:：]?\d{8}$/i, /开票日期/, /校验码/, /机器编号/, /价税合计/, /密码区/],
    proportion: 0.7,
    // and its figures agree (amount + tax = total) where all three were read: lines a sheet's
    // detector saw small misread its digits (6472.69 as 6472.59, 6666.87 as 6665.87) and say so
    // and its number of a length its kind prints: a number the detector broke (发票号码：7 apart from
    // the rest, the pieces joined wrong) has 9 digits (bench seeds 5 and 8)
    keyFields: (d) => numberRead(part(d, 'Content')) && filled(part(d, 'Content').InvoiceAmount) && totalsAgree(part(d, 'Content')),
    // the number's label (发票号码, read with a character wrong on small print: 发票时码, 发宗号码, or
    // its 码 lost: 发票号 beside 08/63115, bench seed 35; a paper invoice's No), and the figures (the 合计 row's amount and tax, the 价税合计 row's total)
    // by their ¥ or their label
    keyRows: (d) => [
      ...(numberRead(part(d, 'Content')) ? [] : [/发票(?!代码).?码|发.号码|^发票号|^No/i]),
      ...(filled(part(d, 'Content').InvoiceAmount) && totalsAgree(part(d, 'Content')) ? [] : [/[¥￥]\d|价税合计|小写/]),
    ],
  },
  {
    type: 'taxi_invoice',
    extractor: taxi_invoice,
    cues: [
      word('taxi title', /出租(?:汽)?车|TAXI/i, 3),
      ...labels('meter label', [/上车/, /下车/, /里程/, /等候/, /单价/, /车号/], 0.75),
      word('invoice header', /发票代码|发票号码/, 0.5),
    ],
    // a roll receipt about 2.5 times as tall as wide
    shape: 3,
    // its title, header and footer lines and its meter's labels, each once
    once: [/出租(?:汽)?车.*发票/, /发票号码/, /发票代码/, /发票联/, /投诉电话/, /单位名称/, /手写无效/, /发票信息查询/, /上车/, /下车/, /单价/, /里程/, /等候/, /车号/],
    keyFields: (d) => filled(taxiItem(d, 'InvoiceNo')) && filled(taxiItem(d, 'Amount')),
    // the labels the extractor reads the number and the amount by (taxi_invoice/fields.ts), and
    // the amount's ¥ figure: a meter prints its values beside pre-printed labels, often a row off
    // them (a Shenzhen receipt's values stand a row below their labels), so the figure's own row
    // is read again as well as its label's
    keyRows: (d) => [
      ...(filled(taxiItem(d, 'InvoiceNo')) ? [] : [taxiLabel('InvoiceNo')]),
      ...(filled(taxiItem(d, 'Amount')) ? [] : [taxiAmountRow]),
    ],
  },
  {
    type: 'plate',
    extractor: plate,
    cues: [
      { name: 'plate number', weight: 3, test: (r) => withNextLine(r).some(isPlateNumber) },
      { name: 'partial plate number', weight: 2.5, test: (r) => withNextLine(r).some(isPartialPlate) },
      // a plate is one or two short lines, nothing around it
      { name: 'plate-sized', weight: 0.5, test: (r) => r.lines.length <= 3 && r.size.h <= 4 },
    ],
  },
  {
    type: 'driver_license',
    extractor: driver_license,
    cues: [
      word('driver licence title', /驾驶证|驾驶执照|DrivingLicen[cs]e/i, 3),
      ...labels('driver licence label', [/准驾车型|ClassofVehicle/i, /初次领证|DateofFirstIssue/i, /有效(?:期限|起始)/, /档案编号/], 1),
    ],
    options: (r) => ({ side: /副页|档案编号|记录/.test(r.text) && !/准驾车型|初次领证/.test(r.text) ? 'back' : 'face' }),
    // 88 × 60 mm
    shape: 0.85,
    once: [/驾驶证/, /准驾车型/, /初次领证/, /有效期限/, /国籍/, /住址/, /出生日期/],
    // the face's number; a back page has none to check
    keyFields: (d, o) => o.side === 'back' || filled(part(d, 'FaceResult').LicenseNumber),
  },
  {
    type: 'vehicle_license',
    extractor: vehicle_license,
    cues: [
      word('vehicle licence title', /行驶证|VehicleLicense/i, 3),
      ...labels('vehicle licence label', [/号牌号码|PlateNo/i, /品牌型号/, /发动机号/, /车辆识别代号/, /使用性质/, /注册日期/], 0.75),
      ...labels('vehicle licence back label', [/核定载(?:人数|质量)/, /整备质量/, /外廓尺寸/, /检验记录/], 1),
    ],
    options: (r) => ({ side: /核定载|整备质量|外廓尺寸|检验记录/.test(r.text) && !/品牌型号|发动机号|使用性质/.test(r.text) ? 'back' : 'face' }),
    // 88 × 60 mm
    shape: 0.85,
    once: [/行驶证/, /号牌号码/, /品牌型号/, /发动机号/, /车辆识别代号/, /使用性质/, /注册日期/, /发证日期/],
    keyFields: (d, o) => o.side === 'back' || (filled(part(d, 'FaceResult').PlateNumber) && filled(part(d, 'FaceResult').Vin)),
  },
  {
    type: 'vin',
    extractor: vin,
    cues: [
      anyLine('VIN with its check digit', 3, isVin),
      word('VIN label', /VIN|车架号|车辆识别(?:代号|码)/i, 1),
    ],
  },
  {
    type: 'table',
    extractor: table,
    cues: [
      // a grid of short cells: many lines, most of them short, in several columns (layout.ts measures it)
      { name: 'grid of cells', weight: 3, test: (r) => r.lines.length >= 12 && r.size.w > 0 && gridLike(r) },
      // its text inside ruling lines, the table point's own rules (frames.ts); an invoice's items grid is its invoice's
      { name: 'ruled grid', weight: 3, shared: true, test: (r) => r.ruled === true },
    ],
  },
];

/** The fallback: text that is none of the types. */
export const generalRule = { type: 'general' as const, extractor: general };

/** Several short lines per row: the columns of a table. Set by layout (regions.ts) through the view. */
function gridLike(r: RegionView): boolean {
  const short = r.lines.filter((l) => l.length <= 8).length;
  return short / r.lines.length >= 0.7;
}
