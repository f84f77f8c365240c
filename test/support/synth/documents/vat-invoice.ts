import { type Canvas, createCanvas, PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, registerChineseFont } from '../fonts';
import { seeded, type Random } from '../text';
import { drawQr } from '../../qr';
import { drawClassic, drawDigital, PAGE } from './vat-invoice-layout';
import { type VatLayout, type VatValues, vatValues } from './vat-invoice-values';

/*
 * Synthetic VAT invoices with known Content, in every form 2582-22 takes:
 *   clean  – the page rendered at 1.6–2.1 px per point, PNG (an e-invoice screenshot or scan)
 *   photo  – the page on a desk in a 12 MP-class phone photo: turned a few degrees, keystoned,
 *            uneven light, sensor noise, slight blur, JPEG
 *   pdf    – a PDF whose text layer holds every value (Skia's PDF backend)
 *   scan   – a PDF holding only a picture of the page (no text layer): read by render + OCR
 * `expected` is the Data.Content the extractor must return (DESIGN.md §5 conventions).
 */

export type VatVariant = 'clean' | 'photo' | 'pdf' | 'scan';
export { type VatLayout, type VatValues } from './vat-invoice-values';

export interface VatCase {
  name: string;
  layout: VatLayout;
  variant: VatVariant;
  fileType: 'pdf' | 'png' | 'jpg';
  bytes: Uint8Array;
  values: VatValues;
  expected: Record<string, string>;
}

/** Spaces out except between Latin letters, as the extractor writes addresses and banks. */
const compact = (s: string) => s.replace(/\s+/g, (m, at: number, all: string) => (/[A-Za-z]/.test(all[at - 1] ?? '') && /[A-Za-z]/.test(all[at + m.length] ?? '') ? ' ' : ''));

export function expectedContent(v: VatValues): Record<string, string> {
  return {
    InvoiceCode: v.code,
    InvoiceNo: v.number,
    InvoiceDate: v.date,
    AntiFakeCode: v.check,
    PayerName: v.buyer.name,
    PayerRegisterNo: v.buyer.registerNo,
    PayerAddress: v.layout === 'digital' ? '' : compact(v.buyer.address),
    PayerBankName: v.layout === 'digital' ? '' : compact(v.buyer.bank),
    PayeeName: v.seller.name,
    PayeeRegisterNo: v.seller.registerNo,
    PayeeAddress: v.layout === 'digital' ? '' : compact(v.seller.address),
    PayeeBankName: v.layout === 'digital' ? '' : compact(v.seller.bank),
    WithoutTaxAmount: v.withoutTax,
    TaxAmount: v.tax,
    InvoiceAmount: v.total,
    SumAmount: v.capital,
    Payee: v.payee,
    Checker: v.checker,
    Clerk: v.clerk,
    InvoiceType: v.title.replace(/\(/g, '（').replace(/\)/g, '）'),
  };
}

/** The goods lines as Data.Items: what the table prints (no spec). */
export function expectedItems(v: VatValues): Record<string, string>[] {
  return v.goods.map((g) => ({ Name: g.name, Spec: '', Unit: g.unit, Quantity: String(g.quantity), UnitPrice: g.price, Amount: g.amount, TaxRate: g.rate, Tax: g.tax }));
}

function draw(ctx: SKRSContext2D, v: VatValues, rnd: Random, paper: string): void {
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, PAGE.width, PAGE.height);
  if (v.layout === 'digital') drawDigital(ctx, v, rnd);
  else drawClassic(ctx, v, rnd);
  // the QR code at the top left, as electronic and fully digital invoices print it (paths in a PDF)
  if (v.qr) drawQr(ctx, v.qr, 24, 6, 46);
}

function pageCanvas(v: VatValues, rnd: Random, scale: number, paper: string): Canvas {
  const canvas = createCanvas(Math.round(PAGE.width * scale), Math.round(PAGE.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  draw(ctx, v, rnd, paper);
  return canvas;
}

function noise(ctx: SKRSContext2D, width: number, height: number, rnd: Random, sigma: number): void {
  const img = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < img.data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n));
  }
  ctx.putImageData(img, 0, 0);
}

/** The page on a desk: keystone (strips narrowing toward the top), a turn, light falling off, noise, blur. */
function photo(page: Canvas, rnd: Random): Canvas {
  const W = 3000, H = 2250;
  const keystone = 0.02 + rnd() * 0.04;
  // keystone first, on a canvas of the page's size: strips narrowing toward the top
  const warped = createCanvas(page.width, page.height);
  const wctx = warped.getContext('2d');
  const strips = 80;
  for (let i = 0; i < strips; i++) {
    const t = i / strips;
    const squeeze = 1 - keystone * (1 - t);
    const sy = Math.floor((page.height * i) / strips), sh = Math.ceil(page.height / strips) + 1;
    wctx.drawImage(page, 0, sy, page.width, sh, (page.width * (1 - squeeze)) / 2, sy, page.width * squeeze, sh);
  }
  const out = createCanvas(W, H);
  const ctx = out.getContext('2d');
  ctx.fillStyle = ['#6b5a48', '#3c4650', '#8a8f94'][Math.floor(rnd() * 3)]!;
  ctx.fillRect(0, 0, W, H);
  const scale = Math.min((W * 0.86) / page.width, (H * 0.86) / page.height);
  ctx.translate(W / 2, H / 2);
  ctx.rotate(((rnd() - 0.5) * 5 * Math.PI) / 180);
  ctx.filter = 'blur(1px)';
  ctx.drawImage(warped, (-page.width * scale) / 2, (-page.height * scale) / 2, page.width * scale, page.height * scale);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';
  const light = ctx.createLinearGradient(rnd() * W, 0, W - rnd() * W, H);
  light.addColorStop(0, 'rgba(255,255,255,0.10)');
  light.addColorStop(1, 'rgba(0,0,0,0.22)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, W, H);
  noise(ctx, W, H, rnd, 6);
  return out;
}

const asBytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** `edit` may change the values before drawing (a misprinted capital amount, say); `expected` follows them. */
export async function renderVatInvoice(seed: number, layout: VatLayout, variant: VatVariant, edit?: (v: VatValues) => void): Promise<VatCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const values = vatValues(rnd, layout);
  edit?.(values);
  const paper = variant === 'pdf' ? '#ffffff' : `rgb(${248 - Math.floor(rnd() * 10)},${246 - Math.floor(rnd() * 10)},${240 - Math.floor(rnd() * 12)})`;
  let bytes: Uint8Array;
  let fileType: VatCase['fileType'];
  if (variant === 'pdf' || variant === 'scan') {
    const doc = new PDFDocument({ title: `${layout} invoice ${seed}` });
    // the page context is the canvas context class at run time; its declaration omits drawImage
    const ctx = doc.beginPage(PAGE.width, PAGE.height) as unknown as SKRSContext2D;
    if (variant === 'pdf') draw(ctx, values, rnd, paper);
    else {
      const scan = pageCanvas(values, rnd, 2, paper);
      noise(scan.getContext('2d'), scan.width, scan.height, rnd, 4);
      ctx.drawImage(scan, 0, 0, PAGE.width, PAGE.height);
    }
    doc.endPage();
    bytes = asBytes(doc.close());
    fileType = 'pdf';
  } else if (variant === 'photo') {
    bytes = asBytes(await photo(pageCanvas(values, rnd, 4, paper), rnd).encode('jpeg', 88));
    fileType = 'jpg';
  } else {
    bytes = asBytes(await pageCanvas(values, rnd, 1.6 + rnd() * 0.5, paper).encode('png'));
    fileType = 'png';
  }
  return { name: `vat-${layout}-${variant}-${seed}`, layout, variant, fileType, bytes, values, expected: expectedContent(values) };
}

const LAYOUTS: VatLayout[] = ['special', 'normal', 'electronic', 'digital'];
const VARIANTS: VatVariant[] = ['clean', 'pdf', 'photo', 'clean', 'pdf', 'scan'];

/** `count` cases from `seed`, cycling through layouts and variants so every pair appears. */
export async function vatInvoiceCases(count: number, seed: number): Promise<VatCase[]> {
  const cases: VatCase[] = [];
  for (let i = 0; i < count; i++) {
    // paper invoices never come as PDFs with a text layer; they come as photos and scans
    const layout = LAYOUTS[i % LAYOUTS.length]!;
    let variant = VARIANTS[Math.floor(i / LAYOUTS.length) % VARIANTS.length]!;
    if ((layout === 'special' || layout === 'normal') && variant === 'pdf') variant = 'photo';
    cases.push(await renderVatInvoice(seed * 1000 + i, layout, variant));
  }
  return cases;
}

/** A PDF of several pages: invoices drawn with their text layer, strings as a page of plain text (a cover letter). */
export function vatPdf(pages: (VatValues | string)[]): Uint8Array {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(1);
  const doc = new PDFDocument();
  for (const page of pages) {
    const ctx = doc.beginPage(PAGE.width, PAGE.height) as unknown as SKRSContext2D;
    if (typeof page === 'string') {
      ctx.fillStyle = '#000000';
      ctx.font = `14px ${FAMILY}`;
      page.split('\n').forEach((row, i) => ctx.fillText(row, 40, 60 + i * 24));
    } else draw(ctx, page, rnd, '#ffffff');
    doc.endPage();
  }
  return asBytes(doc.close());
}
