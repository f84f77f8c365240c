import type { ExtractionNotes } from '../extractor';
import { capitalPieceSays, capitalToCents, capitalUnit, centsToFigure, figureToCents } from './capital';
import { choosePayload, qrContent } from './qr';
import { BOX_OF, BOXED_FIELDS, type Content, type Field, FIELDS, type Reading, type VatInvoiceData } from './reading';

/*
 * A merged Reading → 2582-22 Data, with the QR code's part (DESIGN.md §5) and the invoice's own
 * checks. On an image the QR's code, number, date and check code win over OCR and its amount
 * is cross-checked; on a file (PDF, OFD, XML) the text wins and a disagreement with the QR is
 * said in the remark (an edited file shows exactly that). A value that fails a check is kept
 * as read and the remark says which check failed.
 */

export interface FinishOptions {
  /** 'image': OCR of pixels; 'text': a file's text layer or structured data */
  source: 'image' | 'text';
  /** QR payloads found on the page, raw */
  qr: string | string[];
  /** taxpayer ids that failed their check and were read by layout (structured data is not second-guessed) */
  invalidIds?: Field[];
}

const OCR_LOSES: Field[] = ['InvoiceCode', 'InvoiceNo', 'InvoiceDate', 'AntiFakeCode'];

export function emptyData(): VatInvoiceData {
  return {
    Content: Object.fromEntries(FIELDS.map((f) => [f, ''])) as Content,
    Box: Object.fromEntries(BOXED_FIELDS.map((f) => [BOX_OF[f], []])) as unknown as VatInvoiceData['Box'],
    Items: [],
    QRCode: '',
  };
}

const sums = (c: Content) => {
  const without = figureToCents(c.WithoutTaxAmount), tax = figureToCents(c.TaxAmount), total = figureToCents(c.InvoiceAmount);
  return without !== null && tax !== null && total !== null && without + tax === total;
};

function applyQr(content: Content, payloads: string[], source: FinishOptions['source'], notes: ExtractionNotes): string {
  const { raw, qr } = choosePayload(payloads);
  if (!raw) return '';
  if (!qr) {
    notes.remark('the QR code does not hold a VAT invoice payload; it was not used');
    return raw;
  }
  const fromQr = qrContent(qr);
  const said: string[] = [];
  for (const [field, value] of Object.entries(fromQr) as [Field, string][]) {
    const read = content[field];
    if (read === value) continue;
    if (source === 'image' && (OCR_LOSES.includes(field) || read === '')) {
      content[field] = value;
      continue;
    }
    if (source === 'image') {
      // the amount: the QR's only when the invoice's sums then agree and do not as read
      const trial = { ...content, [field]: value };
      if (!sums(content) && sums(trial)) {
        content[field] = value;
        continue;
      }
    }
    if (read !== '' || source === 'text') said.push(`${field} ${value}`);
  }
  if (said.length) notes.remark(`the QR code says ${said.join(', ')}, which the invoice's text does not`);
  return raw;
}

/** The capital amount says `cents` down to its smallest stated unit. */
const capitalSays = (capital: number, unit: number, cents: number) => Math.sign(cents) * Math.floor(Math.abs(cents) / unit) * unit === capital;

/** The digit of `cents` at `place` (0 for 分, 1 for 角, 2 for 圆's units…). */
const digitAt = (cents: number, place: number) => Math.floor(cents / 10 ** place) % 10;

/**
 * The total three readings give place by place, when no two of them agree whole: the figures, the
 * capital amount (read whole, or lacking its leading digits: 柒仟陆佰叁拾伍圆伍角陆分 for
 * 壹万柒仟陆佰…) and the 合计 row's amount plus tax, each of which small print misread in one digit
 * or other (bench seed 9: 17535.56, …7635.56 and 15637.32 + 998.24 = 16635.56 for 17635.56). Where
 * the figures differ from the capital, amount plus tax must agree with the capital; above the
 * capital's highest digit, where it may have lost its start, the figures and amount plus tax must
 * agree. Then the total is the capital's digits where it writes them and the figures' elsewhere;
 * null when a place has no two readings agreeing, or nothing changes.
 */
function placeByPlace(total: number, parts: number, capital: number, unit: number): number | null {
  if (total <= 0 || parts <= 0 || capital <= 0) return null;
  const low = Math.round(Math.log10(unit)), top = String(capital).length - 1;
  if (Math.floor(total / 10 ** (top + 1)) !== Math.floor(parts / 10 ** (top + 1))) return null;
  let voted = total;
  for (let place = low; place <= top; place++) {
    const t = digitAt(total, place), c = digitAt(capital, place);
    if (t === c) continue;
    if (digitAt(parts, place) !== c) return null;
    voted += (c - t) * 10 ** place;
  }
  return voted === total ? null : voted;
}

/**
 * The total in figures misread in small print (6666.87 read as 6665.87, 16736.38 as 15736.38)
 * or lost: on an image, when the capital amount and the 合计 row's amount plus tax, read apart,
 * agree on a total (the capital down to the last unit it states: a 分 lost at a line's end is
 * no disagreement) that the figures do not say, the two readings outvote the one and the total
 * is theirs. So too when the capital was read in part (its line's start or end lost: 捌万壹仟陆佰贰
 * for 捌万壹仟陆佰贰拾柒圆肆角肆分): the piece is written in the amount plus tax, not in the total
 * as read, and writes every digit where the two differ (81627.44 read 81527.44 on a photographed
 * sheet; capital.ts capitalPieceSays). Figures that the capital bears out
 * are kept, and one reading against another (the figures against the capital alone) has no
 * single answer: kept as read. When all three differ, the total is taken place by place where two
 * of them agree (placeByPlace).
 */
function settleTotal(c: Content, notes: ExtractionNotes): void {
  const without = figureToCents(c.WithoutTaxAmount), tax = figureToCents(c.TaxAmount), total = figureToCents(c.InvoiceAmount);
  if (without === null || tax === null || !c.SumAmount) return;
  const parts = without + tax;
  if (total === parts) return;
  const capital = capitalToCents(c.SumAmount);
  let says: string;
  if (capital !== null) {
    const unit = capitalUnit(c.SumAmount);
    if (total !== null && capitalSays(capital, unit, total)) return;
    if (!capitalSays(capital, unit, parts)) {
      const voted = total === null ? null : placeByPlace(total, parts, capital, unit);
      if (voted === null) return;
      notes.remark(`InvoiceAmount read as ${c.InvoiceAmount}: ${centsToFigure(voted)} place by place, where the capital amount (${c.SumAmount}) and WithoutTaxAmount + TaxAmount (${centsToFigure(parts)}) agree against it`);
      c.InvoiceAmount = centsToFigure(voted);
      return;
    }
    says = 'the capital amount';
  } else {
    if (!capitalPieceSays(c.SumAmount, parts, total)) return;
    says = `the capital amount read in part (${c.SumAmount})`;
  }
  const agreed = centsToFigure(parts);
  notes.remark(`InvoiceAmount ${c.InvoiceAmount ? `read as ${c.InvoiceAmount}` : 'not read'}: ${says} and WithoutTaxAmount + TaxAmount both say ${agreed}`);
  c.InvoiceAmount = agreed;
}

/**
 * The lengths an invoice's number has: 8 digits where the invoice prints a code (增值税 invoices,
 * paper or electronic), 20 on a 数电 invoice, which prints none.
 */
export const numberLengths = (c: Pick<Content, 'InvoiceCode'>): number[] => (c.InvoiceCode === '' ? [8, 20] : [8]);

function check(c: Content, notes: ExtractionNotes, invalidIds: Field[]): void {
  if (c.InvoiceCode && c.InvoiceCode.length !== 10 && c.InvoiceCode.length !== 12) {
    notes.remark(`InvoiceCode ${c.InvoiceCode} has ${c.InvoiceCode.length} digits (10 or 12 expected)`);
  }
  const lengths = numberLengths(c);
  if (c.InvoiceNo && !lengths.includes(c.InvoiceNo.length)) {
    notes.remark(`InvoiceNo ${c.InvoiceNo} has ${c.InvoiceNo.length} digits (${lengths.join(' or ')} expected)`);
  }
  if (c.AntiFakeCode && c.AntiFakeCode.length !== 20) notes.remark(`AntiFakeCode ${c.AntiFakeCode} has ${c.AntiFakeCode.length} digits (20 expected)`);
  for (const field of invalidIds) if (c[field]) notes.remark(`${field} ${c[field]} fails the unified social credit code check`);
  const without = figureToCents(c.WithoutTaxAmount), tax = figureToCents(c.TaxAmount), total = figureToCents(c.InvoiceAmount);
  if (without !== null && tax !== null && total !== null && without + tax !== total) {
    notes.remark(`WithoutTaxAmount ${c.WithoutTaxAmount} + TaxAmount ${c.TaxAmount} = ${centsToFigure(without + tax)}, not InvoiceAmount ${c.InvoiceAmount}`);
  }
  if (c.SumAmount) {
    const capital = capitalToCents(c.SumAmount);
    if (capital === null) notes.remark(`SumAmount ${c.SumAmount} is not a well-formed capital amount`);
    else if (total !== null && capital !== total) notes.remark(`SumAmount ${c.SumAmount} is ${centsToFigure(capital)}, not InvoiceAmount ${c.InvoiceAmount}`);
  }
}

export function finish(reading: Reading, opts: FinishOptions, notes: ExtractionNotes): VatInvoiceData {
  const data = emptyData();
  for (const field of FIELDS) data.Content[field] = reading.content[field] ?? '';
  data.QRCode = applyQr(data.Content, typeof opts.qr === 'string' ? (opts.qr ? [opts.qr] : []) : opts.qr, opts.source, notes);
  if (opts.source === 'image') settleTotal(data.Content, notes);
  for (const field of BOXED_FIELDS) {
    const box = reading.boxes[field];
    if (data.Content[field] !== '' && box?.length) data.Box[BOX_OF[field]] = box;
  }
  data.Items = reading.items;
  // an id the QR or the check replaced is no longer the one read
  const invalid = (opts.invalidIds ?? []).filter((f) => data.Content[f] === reading.content[f]);
  check(data.Content, notes, invalid);
  return data;
}
