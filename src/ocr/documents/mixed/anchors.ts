import { isPlateNumber, isVin } from './validators';

/*
 * The lines that make a group of lines a document of its own while lines are linked into
 * documents (2582-25: linkage.ts, frames.ts): what each paper prints once, whatever its type's
 * cues (types.ts) later say it is.
 */

/**
 * An invoice's title: its issuer and kind before 发票 (江苏增值税普通发票, 深圳市出租汽车专用发票,
 * 电子发票（普通发票）). 发票联 and a title read in two pieces are too short to be one.
 */
const INVOICE_TITLE = /^[\u4e00-\u9fa5]{4,}发票(?:[(（][\u4e00-\u9fa5]{2,4}发票[)）])?$/;

/**
 * Lines a document prints once: two groups of lines that each hold the same anchor are two
 * documents, however close they lie (receipts pasted edge to edge). regions.ts never joins them.
 * `linkOnly`: the line keeps two groups apart but does not make its group a document (regions.ts
 * hasAnchor): an invoice's title torn off its body by a wide gap is a piece that joins it.
 */
export const anchors: { name: string; test(line: string): boolean; linkOnly?: boolean }[] = [
  { name: 'invoice number label', test: (l) => /发票号码/.test(l) },
  { name: 'invoice code label', test: (l) => /发票代码/.test(l) },
  // a paper VAT invoice prints its number after No and its code unlabelled: its title is the one
  // line printed once it shares with a taxi receipt it touches (bench seed 4)
  { name: 'invoice title', test: (l) => INVOICE_TITLE.test(l), linkOnly: true },
  // and its number after No, printed once at its head: a paper invoice turned a quarter whose
  // title was misread (曾值税普通发票) or stood apart has no other line to be a document by, and
  // its pieces (item columns, totals, seller's box), split by its empty rows, joined nothing
  { name: 'invoice number after No', test: (l) => /^No\.?[:：]?\d{8}$/i.test(l) },
  { name: 'carriage and seat', test: (l) => /\d{1,2}车\d{1,3}[A-F上中下]?号/.test(l) },
  { name: 'driver licence title', test: (l) => /驾驶证/.test(l) },
  { name: 'vehicle licence title', test: (l) => /行驶证/.test(l) },
  { name: 'plate number', test: isPlateNumber },
  { name: 'VIN', test: isVin },
];
