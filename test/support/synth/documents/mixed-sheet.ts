import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import type { MixedType } from '../../../../src/protocol/points/2582-25';
import { renderDocument } from '../render';
import { pick, seeded, type Random } from '../text';
import { renderDriverLicense } from './driver-license';
import { renderTablePage } from './table';
import { shapesFromSpec } from './table-structure';
import { tableFields } from './mixed-fields';
import { camera, desk, encode, paste, placed } from './paper-photo';
import { renderTaxiCase } from './taxi-invoice';
import { renderTrainTicket } from './train-ticket';
import { renderVatInvoice } from './vat-invoice';
import { renderVehicleLicense } from './vehicle-license';

/*
 * Sheets of mixed documents for 2582-25 (粘贴单, a desk photo): single documents rendered by
 * each type's own generator, pasted 2 to 8 to a sheet in rows, each turned a little, a quarter
 * or upside down, with a gap between them or touching, on a white sheet, a desk or a cluttered
 * desk. Each piece keeps its type, its own image (to read alone for comparison) and the key
 * fields its point must give. A plan may also name pieces made elsewhere (corpus photos:
 * test/support/mixed-corpus.ts), the turn of each piece, and edges that overlap.
 */

/** The types a generator here renders. */
export type PieceType = 'train_ticket' | 'taxi_invoice' | 'vat_invoice' | 'driver_license' | 'vehicle_license' | 'table' | 'general';
export type Background = 'sheet' | 'desk' | 'clutter';

export interface Piece {
  type: MixedType;
  /** the document alone, as its generator made it (or the corpus file) */
  bytes: Uint8Array;
  /** key fields, flattened the way mixed-fields.ts flattens a document's Data */
  expected: Record<string, string | number>;
  /** how much it is shrunk on the sheet; each generated type has its own (SCALE) */
  scale?: number;
  /** where it came from, for messages: a corpus file */
  source?: string;
}

export interface SheetPlan {
  seed: number;
  /** a type is rendered by its generator; a piece is pasted as it is */
  types: (PieceType | Piece)[];
  background: Background;
  /** 4 px between neighbours */
  touching: boolean;
  /** neighbours laid over each other's edge (by 3% of the smaller side) instead of a gap */
  overlap?: boolean;
  /** turned at random: level, a few degrees, a quarter or upside down */
  turns: boolean;
  /** the turn of each piece, degrees clockwise, instead of the random ones */
  angles?: number[];
}

export interface SheetDocument extends Piece {
  /** where it was pasted: centre in sheet pixels, degrees clockwise */
  cx: number;
  cy: number;
  angle: number;
}

export interface Sheet {
  name: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  documents: SheetDocument[];
}

/** One document of the type, rendered alone by its generator. */
export async function renderPiece(type: PieceType, seed: number): Promise<Piece> {
  switch (type) {
    case 'train_ticket': {
      const c = await renderTrainTicket(seed, seed % 2 ? 'blue' : 'red', 'clean');
      return { type, bytes: c.bytes, expected: { Number: c.expected.Number, DepartureStation: c.expected.DepartureStation, Destination: c.expected.Destination, Price: c.expected.Price } };
    }
    case 'taxi_invoice': {
      const c = await renderTaxiCase(seed, 'scan');
      const e = c.slips[0]!.expected;
      return { type, bytes: c.bytes, expected: { InvoiceNo: e.InvoiceNo, Amount: e.Amount } };
    }
    case 'vat_invoice': {
      const c = await renderVatInvoice(seed, seed % 2 ? 'electronic' : 'normal', 'clean');
      return { type, bytes: c.bytes, expected: { InvoiceNo: c.expected.InvoiceNo!, InvoiceAmount: c.expected.InvoiceAmount! } };
    }
    case 'driver_license': {
      const c = await renderDriverLicense(seed, 'face', 'clean');
      return { type, bytes: c.bytes, expected: { LicenseNumber: c.expected.FaceResult.LicenseNumber, Name: c.expected.FaceResult.Name } };
    }
    case 'vehicle_license': {
      const c = await renderVehicleLicense(seed, 'face', 'clean');
      return { type, bytes: c.bytes, expected: { PlateNumber: c.expected.FaceResult.PlateNumber, Vin: c.expected.FaceResult.Vin } };
    }
    case 'table': {
      // a page of one table: tables printed one below another come back one region each (docs/recognition/2582-25.md)
      const c = await renderTablePage(seed, 'clean', 1);
      return { type, bytes: c.bytes, expected: tableFields(c.tables.map(shapesFromSpec)) };
    }
    case 'general': {
      const rows = ['会议纪要', `时间：${2020 + (seed % 5)}年${1 + (seed % 12)}月${1 + (seed % 28)}日`, '地点：三楼第二会议室', '议题：季度报销流程调整'];
      const c = await renderDocument({ seed, variant: 'clean', rows, width: 700 });
      return { type, bytes: c.bytes, expected: { first: rows[0]! } };
    }
  }
}

const TYPES: PieceType[] = ['train_ticket', 'taxi_invoice', 'vat_invoice', 'driver_license', 'general'];

/** Sheet plans: `count` documents of mixed types, a background, touching or not, turns. */
export function sheetPlan(count: number, seed: number): (SheetPlan & { types: PieceType[] })[] {
  return Array.from({ length: count }, (_, i) => {
    const rnd = seeded(seed * 7919 + i);
    const n = 2 + (i % 7);
    return {
      seed: seed * 1000 + i,
      types: Array.from({ length: n }, (_, k) => (k < TYPES.length && i % 2 === 0 ? TYPES[(k + i) % TYPES.length]! : pick(rnd, TYPES))),
      background: (['sheet', 'desk', 'clutter'] as const)[i % 3]!,
      touching: i % 4 === 1,
      turns: i % 3 !== 0,
    };
  });
}

/** Scale that gives each type's text the size its generator meant at about 1.0, smaller sheets of many. */
const SCALE: Record<PieceType, number> = { train_ticket: 0.9, taxi_invoice: 0.8, vat_invoice: 0.75, driver_license: 0.75, vehicle_license: 0.75, table: 0.9, general: 0.9 };

function clutter(ctx: ReturnType<Canvas['getContext']>, rnd: Random, width: number, height: number): void {
  // pens, a mug ring, coloured sticky notes: shapes with edges but no text
  for (let i = 0; i < 14; i++) {
    ctx.fillStyle = pick(rnd, ['#c44', '#3a6', '#fc3', '#36c', '#222', '#e8e0c8']);
    ctx.globalAlpha = 0.85;
    const x = rnd() * width, y = rnd() * height;
    if (rnd() < 0.5) ctx.fillRect(x, y, 80 + rnd() * 240, 12 + rnd() * 20);
    else {
      ctx.beginPath();
      ctx.arc(x, y, 40 + rnd() * 90, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
}

export async function composeSheet(plan: SheetPlan): Promise<Sheet> {
  const rnd = seeded(plan.seed);
  const pieces = await Promise.all(plan.types.map((type, k) => (typeof type === 'string' ? renderPiece(type, plan.seed * 10 + k) : type)));
  const images = await Promise.all(pieces.map((p) => loadImage(Buffer.from(p.bytes))));
  // turns: mostly level, some tilted a few degrees, some a quarter or upside down
  const random = pieces.map(() => (plan.turns ? pick(rnd, [0, 0, 0, 180, 90, -90]) + (rnd() - 0.5) * 8 : (rnd() - 0.5) * 2));
  const angles = plan.angles ?? random;
  const boxes = images.map((img, k) => {
    const s = pieces[k]!.scale ?? SCALE[pieces[k]!.type as PieceType] ?? 1;
    const w = img.width * s, h = img.height * s;
    const quarter = Math.abs(Math.round(angles[k]! / 90)) % 2 === 1;
    return { w, h, bw: quarter ? h : w, bh: quarter ? w : h };
  });
  // rows packed left to right up to a width that keeps the sheet about 4:3
  const area = boxes.reduce((a, b) => a + b.bw * b.bh, 0);
  const maxRow = Math.max(...boxes.map((b) => b.bw), Math.sqrt(area * 1.6));
  const least = Math.min(...boxes.map((b) => Math.min(b.bw, b.bh)));
  const gap = plan.overlap ? -Math.round(least * 0.03) : plan.touching ? 4 : 60 + rnd() * 80;
  const at: { x: number; y: number }[] = [];
  let x = 0, y = 0, rowH = 0, width = 0;
  for (const b of boxes) {
    if (x > 0 && x + b.bw > maxRow) [x, y, rowH] = [0, y + rowH + gap, 0];
    at.push({ x: x + b.bw / 2, y: y + b.bh / 2 });
    x += b.bw + gap;
    rowH = Math.max(rowH, b.bh);
    width = Math.max(width, x - gap);
  }
  const border = 120;
  const W = Math.round(width + 2 * border), H = Math.round(y + rowH + 2 * border);
  const canvas = plan.background === 'sheet' ? createCanvas(W, H) : desk(rnd, W, H);
  const ctx = canvas.getContext('2d');
  if (plan.background === 'sheet') {
    ctx.fillStyle = '#f7f6f2';
    ctx.fillRect(0, 0, W, H);
  }
  if (plan.background === 'clutter') clutter(ctx, rnd, W, H);
  const documents: SheetDocument[] = pieces.map((piece, k) => {
    const img = images[k]!;
    const src = createCanvas(img.width, img.height);
    src.getContext('2d').drawImage(img, 0, 0);
    const { w, h } = boxes[k]!;
    const cx = border + at[k]!.x, cy = border + at[k]!.y;
    paste(ctx, src, placed(cx, cy, w, h, angles[k]!, 0));
    return { ...piece, cx, cy, angle: angles[k]! };
  });
  const out = plan.background === 'sheet' ? canvas : camera(canvas, rnd, 0.5, 3);
  const edges = plan.overlap ? '-overlapping' : plan.touching ? '-touching' : '';
  return { name: `sheet-${plan.types.length}-${plan.background}${edges}-${plan.seed}`, bytes: await encode(out, 'jpeg', 88), width: W, height: H, documents };
}
