import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/*
 * QR codes for tests, written by ZXing's encoder (zxing-wasm's writer, its .wasm read from
 * node_modules like the reader's): the modules as a matrix, as a PNG, or drawn on a canvas.
 */

let ready: Promise<unknown> | undefined;

export interface QrMatrix {
  size: number;
  dark(x: number, y: number): boolean;
}

export async function qrMatrix(text: string): Promise<QrMatrix> {
  ready ??= (async () => {
    const bytes = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  await ready;
  const { symbol, error } = await writeBarcode(text, { format: 'QRCode', withQuietZones: false, ecLevel: 'M' });
  if (error) throw new Error(`QR encoding failed: ${error}`);
  return { size: symbol.width, dark: (x, y) => symbol.data[y * symbol.width + x] === 0 };
}

/** A PNG of the code, `module` pixels a module, with a quiet zone of `quiet` modules. */
export async function qrPng(text: string, module = 4, quiet = 4): Promise<Uint8Array> {
  const m = await qrMatrix(text);
  const side = (m.size + 2 * quiet) * module;
  const pixels = new Uint8Array(side * side).fill(255);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.dark(x, y)) continue;
      for (let dy = 0; dy < module; dy++) pixels.fill(0, ((y + quiet) * module + dy) * side + (x + quiet) * module, ((y + quiet) * module + dy) * side + (x + quiet + 1) * module);
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width: side, height: side, channels: 1 } }).png().toBuffer());
}

/** Draws the code as filled squares, its top-left corner at (x, y), `size` wide (a PDF keeps them as paths). */
export function drawQr(ctx: { fillStyle: unknown; fillRect(x: number, y: number, w: number, h: number): void }, m: QrMatrix, x: number, y: number, size: number): void {
  const unit = size / m.size;
  ctx.fillStyle = '#000';
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.dark(c, r)) ctx.fillRect(x + c * unit, y + r * unit, unit + 0.02, unit + 0.02);
}

/** The VAT invoice QR payload (DESIGN.md §5): old-style invoices the amount before tax, 数电 invoices (no code) the total. */
export function vatQrPayload(v: { code: string; number: string; date: string; check: string; withoutTax: string; total: string; layout: string }): string {
  const date = v.date.replace(/[年月日]/g, '');
  if (v.code === '') return `01,${v.layout === 'digital' ? '31' : '32'},,${v.number},${v.total},${date},,9F9C`;
  return `01,${v.layout === 'special' ? '01' : v.layout === 'normal' ? '04' : '10'},${v.code},${v.number},${v.withoutTax},${date},${v.check},0813,`;
}
