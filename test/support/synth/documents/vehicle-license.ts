import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { registerChineseFont } from '../fonts';
import { seeded, type Random } from '../text';
import type { LicenseSide } from './driver-license';
import { barcode, card, type CardVariant, CARD_VARIANTS, font, label, photograph, roundSeal, text } from './license-card';
import { compact, iso } from './license-values';
import { vehicleValues, type VehicleValues } from './vehicle-license-values';

/*
 * Synthetic Chinese vehicle licences (中华人民共和国机动车行驶证, GA 241): the face (主页) as a
 * ruled table of labels with English names and printed values (号牌号码 … 发证日期), the
 * round red seal of the issuing office over its lower left corner; the back (副页) with the
 * masses, dimensions, file number and the inspection record, sometimes a 燃料类型 row.
 * Values are printed a little off their cells, as printers do; long ones are set smaller.
 * `expected` is the 2582-17 Data the extractor must return for the side asked.
 */

export interface VehicleLicenseExpected {
  FaceResult: {
    IssueDate: string;
    RegisterDate: string;
    UseCharacter: string;
    Owner: string;
    EngineNumber: string;
    Model: string;
    PlateNumber: string;
    Address: string;
    VehicleType: string;
    Vin: string;
  };
  BackResult: {
    ApprovedLoad: string;
    ApprovedPassengerCapacity: string;
    EnergyType: string;
    FileNumber: string;
    GrossMass: string;
    InspectionRecord: string;
    OverallDimension: string;
    PlateNumber: string;
    TractionMass: string;
    UnladenMass: string;
  };
}

export interface VehicleLicenseCase {
  name: string;
  side: LicenseSide;
  variant: CardVariant;
  bytes: Uint8Array;
  values: VehicleValues;
  /** whether the back prints a 燃料类型 row */
  energyPrinted: boolean;
  expected: VehicleLicenseExpected;
}

const W = 1100, H = 740;
const INK = '#1b1b1b', RULE = '#5b6b74';
const jitter = (rnd: Random, n = 5) => (rnd() - 0.5) * 2 * n;

/** A value set in `face` at `size`, smaller when it would run past `maxWidth`. */
function value(ctx: SKRSContext2D, s: string, x: number, y: number, maxWidth: number, size: number, face: 'value' | 'mono'): void {
  ctx.font = font(size, face);
  const w = ctx.measureText(s).width;
  text(ctx, s, x, y, font(w > maxWidth ? (size * maxWidth) / w : size, face), INK);
}

function rules(ctx: SKRSContext2D, ys: number[], cols: [number, number, number][]): void {
  ctx.strokeStyle = RULE;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(30, ys[0]!, W - 60, ys.at(-1)! - ys[0]!);
  for (const y of ys.slice(1, -1)) {
    ctx.beginPath();
    ctx.moveTo(30, y);
    ctx.lineTo(W - 30, y);
    ctx.stroke();
  }
  // vertical rules: [x, from row, to row]
  for (const [x, a, b] of cols) {
    ctx.beginPath();
    ctx.moveTo(x, ys[a]!);
    ctx.lineTo(x, ys[b]!);
    ctx.stroke();
  }
}

function face(v: VehicleValues, rnd: Random): Canvas {
  const canvas = card(rnd, W, H, '#eaf2f5', '#d3e3ea');
  const ctx = canvas.getContext('2d');
  text(ctx, '中华人民共和国机动车行驶证', W / 2, 82, font(46, 'bold'), INK, 'center');
  text(ctx, "Vehicle License of the People's Republic of China", W / 2, 116, font(25, 'serif'), INK, 'center');
  const ys = [132, 212, 292, 372, 452, 532, 612, 702];
  rules(ctx, ys, [[205, 0, 7], [560, 0, 1], [700, 0, 1], [560, 3, 4], [700, 3, 4], [560, 6, 7], [700, 6, 7]]);
  const row = (i: number) => ys[i]! + 44;
  const dx = () => jitter(rnd, 6), dy = () => jitter(rnd, 5);
  label(ctx, '号牌号码', 'Plate No.', 42, row(0), 28);
  value(ctx, v.plate, 225 + dx(), row(0) + 8 + dy(), 320, 36, 'mono');
  label(ctx, '车辆类型', 'Vehicle Type', 572, row(0), 28);
  value(ctx, v.type, 715 + dx(), row(0) + 8 + dy(), 340, 34, 'value');
  label(ctx, '所有人', 'Owner', 42, row(1), 28);
  value(ctx, v.owner, 225 + dx(), row(1) + 8 + dy(), 830, 34, 'value');
  label(ctx, '住址', 'Address', 42, row(2), 28);
  value(ctx, v.address, 225 + dx(), row(2) + 8 + dy(), 830, 32, 'value');
  label(ctx, '使用性质', 'Use Character', 42, row(3), 28);
  value(ctx, v.use, 225 + dx(), row(3) + 8 + dy(), 320, 34, 'value');
  label(ctx, '品牌型号', 'Model', 572, row(3), 28);
  value(ctx, v.model, 715 + dx(), row(3) + 8 + dy(), 350, 32, 'value');
  label(ctx, '车辆识别代号', 'VIN', 42, row(4), 26);
  value(ctx, v.vin, 225 + dx(), row(4) + 8 + dy(), 600, 36, 'mono');
  label(ctx, '发动机号码', 'Engine No.', 42, row(5), 27);
  value(ctx, v.engine, 225 + dx(), row(5) + 8 + dy(), 500, 36, 'mono');
  label(ctx, '注册日期', 'Register Date', 42, row(6), 28);
  value(ctx, iso(v.register), 225 + dx(), row(6) + 8 + dy(), 320, 36, 'mono');
  label(ctx, '发证日期', 'Issue Date', 572, row(6), 28);
  value(ctx, iso(v.issue), 715 + dx(), row(6) + 8 + dy(), 340, 36, 'mono');
  roundSeal(ctx, v.authority, 160 + jitter(rnd, 30), 640 + jitter(rnd, 15), 88);
  return canvas;
}

function back(v: VehicleValues, energy: boolean, rnd: Random): Canvas {
  const canvas = card(rnd, W, H, '#f1f3ee', '#dfe4da');
  const ctx = canvas.getContext('2d');
  const ys = energy ? [40, 120, 200, 280, 360, 440, 700] : [40, 130, 220, 310, 400, 700];
  rules(ctx, ys, [[210, 0, 1], [560, 0, 1], [700, 0, 1], [210, 1, 2], [400, 1, 2], [520, 1, 2], [760, 1, 2], [870, 1, 2],
    [210, 2, 3], [560, 2, 3], [700, 2, 3], [210, 3, 4], [560, 3, 4], [700, 3, 4], ...(energy ? [[210, 4, 5] as [number, number, number]] : []), [210, ys.length - 2, ys.length - 1]]);
  const row = (i: number) => ys[i]! + (ys[i + 1]! - ys[i]!) / 2 + 4;
  const dx = () => jitter(rnd, 5), dy = () => jitter(rnd, 4);
  label(ctx, '号牌号码', 'Plate No.', 42, row(0), 28);
  value(ctx, v.plate, 230 + dx(), row(0) + 8 + dy(), 310, 36, 'mono');
  label(ctx, '档案编号', 'File No.', 572, row(0), 28);
  value(ctx, v.file, 715 + dx(), row(0) + 8 + dy(), 340, 36, 'mono');
  label(ctx, '核定载人数', 'Approved Passengers', 36, row(1), 26);
  value(ctx, v.passengers, 225 + dx(), row(1) + 8 + dy(), 160, 34, 'value');
  label(ctx, '总质量', 'Gross Mass', 412, row(1), 26);
  value(ctx, v.gross, 532 + dx(), row(1) + 8 + dy(), 220, 34, 'mono');
  label(ctx, '整备质量', 'Unladen Mass', 766, row(1), 24);
  value(ctx, v.unladen, 880 + dx(), row(1) + 8 + dy(), 190, 32, 'mono');
  label(ctx, '核定载质量', 'Approved Load', 36, row(2), 26);
  value(ctx, v.load, 230 + dx(), row(2) + 8 + dy(), 310, 34, 'mono');
  label(ctx, '外廓尺寸', 'Overall Dimension', 572, row(2), 26);
  value(ctx, v.dimension, 712 + dx(), row(2) + 8 + dy(), 360, 30, 'mono');
  label(ctx, '准牵引总质量', 'Traction Mass', 36, row(3), 25);
  value(ctx, v.traction, 230 + dx(), row(3) + 8 + dy(), 310, 34, 'mono');
  label(ctx, '备注', 'Remarks', 572, row(3), 28);
  if (energy) {
    label(ctx, '燃料类型', 'Fuel Type', 42, row(4), 28);
    value(ctx, v.energy, 230 + dx(), row(4) + 8 + dy(), 300, 34, 'value');
  }
  const r = ys.length - 2;
  label(ctx, '检验记录', 'Inspection Record', 42, ys[r]! + 60, 28);
  value(ctx, v.inspection, 240 + dx(), ys[r]! + 70 + dy(), 800, 34, 'value');
  barcode(ctx, rnd, 640, ys[r + 1]! - 70, 400, 50);
  return canvas;
}

export function expectedVehicleLicense(v: VehicleValues, side: LicenseSide, energyPrinted: boolean): VehicleLicenseExpected {
  const empty = { IssueDate: '', RegisterDate: '', UseCharacter: '', Owner: '', EngineNumber: '', Model: '', PlateNumber: '', Address: '', VehicleType: '', Vin: '' };
  const emptyBack = { ApprovedLoad: '', ApprovedPassengerCapacity: '', EnergyType: '', FileNumber: '', GrossMass: '', InspectionRecord: '', OverallDimension: '', PlateNumber: '', TractionMass: '', UnladenMass: '' };
  if (side === 'face') {
    return {
      FaceResult: {
        IssueDate: compact(v.issue), RegisterDate: compact(v.register), UseCharacter: v.use, Owner: v.owner, EngineNumber: v.engine,
        Model: v.model, PlateNumber: v.plate, Address: v.address, VehicleType: v.type, Vin: v.vin,
      },
      BackResult: emptyBack,
    };
  }
  return {
    FaceResult: empty,
    BackResult: {
      ApprovedLoad: v.load, ApprovedPassengerCapacity: v.passengers, EnergyType: energyPrinted ? v.energy : '', FileNumber: v.file,
      GrossMass: v.gross, InspectionRecord: v.inspection, OverallDimension: v.dimension, PlateNumber: v.plate, TractionMass: v.traction,
      UnladenMass: v.unladen,
    },
  };
}

export async function renderVehicleLicense(seed: number, side: LicenseSide, variant: CardVariant): Promise<VehicleLicenseCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const values = vehicleValues(rnd);
  const energyPrinted = side === 'back' && rnd() < 0.5;
  const page = side === 'face' ? face(values, rnd) : back(values, energyPrinted, rnd);
  const other = variant === 'pair' ? (side === 'face' ? back(values, rnd() < 0.5, rnd) : face(values, rnd)) : undefined;
  const { bytes } = await photograph(other ? (rnd() < 0.5 ? [page, other] : [other, page]) : [page], variant, rnd);
  return { name: `vehicle-${side}-${variant}-${seed}`, side, variant, bytes, values, energyPrinted, expected: expectedVehicleLicense(values, side, energyPrinted) };
}

/** A reproducible mix of sides and variants: the bench's and tests' cases. */
export function vehicleLicensePlan(count: number, seed: number): { seed: number; side: LicenseSide; variant: CardVariant }[] {
  return Array.from({ length: count }, (_, i) => ({
    seed: seed * 1000 + i,
    side: i % 2 === 0 ? 'face' : 'back',
    variant: CARD_VARIANTS[Math.floor(i / 2) % CARD_VARIANTS.length]!,
  }));
}
