import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { registerChineseFont } from '../fonts';
import { seeded, type Random } from '../text';
import { card, type CardVariant, CARD_VARIANTS, HARD_CARD_VARIANTS, dotted, font, label, photograph, portrait, squareSeal, text, barcode } from './license-card';
import { compact, driverValues, type DriverValues, int, iso } from './license-values';

/*
 * Synthetic Chinese driver licences (中华人民共和国机动车驾驶证, GA 482): the face in the
 * current layout (有效期限 `2015-06-18 至 2021-06-18` or `至 长期`) and the older one
 * (有效起始日期 + 有效期限 `6年`), and the back page (副页: 证号, 姓名, 档案编号, 记录), drawn on
 * an 1100×740 card after the real one (labels with English under them, the square red seal
 * of the issuing office, the photo, values on dotted lines, a long address wrapped onto a
 * second line). `expected` is the 2582-19 Data the extractor must return for the side asked.
 */

export type LicenseSide = 'face' | 'back';

export interface DriverLicenseExpected {
  FaceResult: {
    Name: string;
    LicenseNumber: string;
    IssueDate: string;
    StartDate: string;
    EndDate: string;
    Address: string;
    Gender: string;
    VehicleType: string;
  };
  BackResult: { ArchiveNumber: string }[];
}

export interface DriverLicenseCase {
  name: string;
  side: LicenseSide;
  variant: CardVariant;
  /** the face in the older layout (有效起始日期 + a duration) */
  older: boolean;
  bytes: Uint8Array;
  values: DriverValues;
  expected: DriverLicenseExpected;
}

const W = 1100, H = 740;
const INK = '#1b1b1b';

/** Where the printer put the values: a few pixels off the form, as on real cards. */
const jitter = (rnd: Random, n = 5) => (rnd() - 0.5) * 2 * n;

/** The address in one or two printed rows: the first up to the card's edge, the rest left of the photo. */
function addressRows(ctx: SKRSContext2D, address: string, size: number): string[] {
  ctx.font = font(size, 'value');
  const chars = [...address];
  let n = chars.length;
  while (n > 0 && ctx.measureText(chars.slice(0, n).join('')).width > 800) n--;
  return n === chars.length ? [address] : [chars.slice(0, n).join(''), chars.slice(n).join('')];
}

function face(v: DriverValues, older: boolean, rnd: Random): Canvas {
  const canvas = card(rnd, W, H, '#cdeede', '#b3dcc7');
  const ctx = canvas.getContext('2d');
  text(ctx, '中华人民共和国机动车驾驶证', W / 2, 100, font(48, 'bold'), INK, 'center');
  text(ctx, "Driving License of the People's Republic of China", W / 2, 136, font(27, 'serif'), INK, 'center');
  ctx.fillStyle = '#6f6990';
  ctx.fillRect(330, 150, 100, 46);
  text(ctx, '证号', 380, 186, font(34, 'label'), '#f4f4f4', 'center');
  const vs = 38 + int(rnd, -3, 3);
  text(ctx, v.id, 455 + jitter(rnd), 188 + jitter(rnd, 3), font(vs, 'mono'), INK);

  label(ctx, '姓名', 'Name', 100, 238, 30);
  text(ctx, v.name, 185 + jitter(rnd), 250 + jitter(rnd, 3), font(40, 'value'), INK);
  dotted(ctx, 175, 500, 262);
  label(ctx, '性别', 'Sex', 520, 238, 30);
  text(ctx, v.gender, 600 + jitter(rnd), 250 + jitter(rnd, 3), font(38, 'value'), INK);
  dotted(ctx, 585, 680, 262);
  label(ctx, '国籍', 'Nationality', 690, 238, 30);
  text(ctx, '中国', 830 + jitter(rnd), 250 + jitter(rnd, 3), font(38, 'value'), INK);
  dotted(ctx, 815, 1000, 262);

  label(ctx, '住址', 'Address', 100, 306, 30);
  const rows = addressRows(ctx, v.address, 36);
  rows.forEach((row, i) => text(ctx, row, 190 + jitter(rnd, 3), 318 + i * 58 + jitter(rnd, 2), font(36, 'value'), INK));
  dotted(ctx, 185, 1000, 330);
  dotted(ctx, 100, 770, 388);

  squareSeal(ctx, v.authority, 88, 405, 220, 210);
  // above the validity row, as on the card: a long validity ran under the photo and lost its last digit
  portrait(ctx, rnd, 790, 330, 240, 296);

  label(ctx, '出生日期', 'Date of Birth', 320, 442, 30);
  text(ctx, iso(v.birth), 462 + jitter(rnd), 452 + jitter(rnd, 3), font(vs, 'mono'), INK);
  dotted(ctx, 450, 770, 466);
  label(ctx, '初次领证日期', 'Date of First Issue', 320, 510, 30);
  text(ctx, iso(v.firstIssue), 515 + jitter(rnd), 520 + jitter(rnd, 3), font(vs, 'mono'), INK);
  dotted(ctx, 505, 770, 534);
  label(ctx, '准驾车型', 'Class', 320, 578, 30);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.strokeRect(455, 548, 300, 56);
  text(ctx, v.vehicleClass, 605 + jitter(rnd), 592, font(46, 'mono'), INK, 'center');

  const end = v.years === 0 ? '长期' : iso(v.end!);
  if (older) {
    label(ctx, '有效起始日期', 'Valid From', 100, 660, 30);
    text(ctx, iso(v.start), 300 + jitter(rnd), 670 + jitter(rnd, 3), font(vs, 'mono'), INK);
    dotted(ctx, 290, 530, 684);
    label(ctx, '有效期限', 'Valid For', 550, 660, 30);
    text(ctx, v.years === 0 ? '长期' : `${v.years}年`, 690 + jitter(rnd), 670 + jitter(rnd, 3), font(38, 'value'), INK);
    dotted(ctx, 680, 770, 684);
  } else {
    label(ctx, '有效期限', 'Valid Period', 100, 660, 30);
    const x = 255 + jitter(rnd);
    const a = text(ctx, iso(v.start), x, 670, font(vs, 'mono'), INK);
    const b = text(ctx, '至', x + a + 14, 670, font(36, 'value'), INK);
    text(ctx, end, x + a + b + 28, 670, v.years === 0 ? font(36, 'value') : font(vs, 'mono'), INK);
    dotted(ctx, 245, 770, 684);
  }
  return canvas;
}

const RECORDS = [
  (v: DriverValues) => `实习期至${iso({ ...v.firstIssue, y: v.firstIssue.y + 1 })}`,
  (v: DriverValues) => `请于${v.end ? iso(v.end) : iso({ ...v.start, y: v.start.y + 6 })}前九十日内申请换证`,
  () => '请于每个记分周期结束后三十日内接受审验',
];

function back(v: DriverValues, rnd: Random): Canvas {
  const canvas = card(rnd, W, H, '#cdeede', '#b3dcc7');
  const ctx = canvas.getContext('2d');
  text(ctx, '中华人民共和国机动车驾驶证副页', W / 2, 100, font(44, 'bold'), INK, 'center');
  label(ctx, '证号', '', 100, 196, 32);
  text(ctx, v.id, 200 + jitter(rnd), 198 + jitter(rnd, 3), font(38, 'mono'), INK);
  dotted(ctx, 190, 680, 212);
  label(ctx, '姓名', '', 100, 270, 32);
  text(ctx, v.name, 200 + jitter(rnd), 272 + jitter(rnd, 3), font(38, 'value'), INK);
  dotted(ctx, 190, 520, 286);
  label(ctx, '档案编号', '', 560, 270, 32);
  text(ctx, v.archive, 710 + jitter(rnd), 272 + jitter(rnd, 3), font(38, 'mono'), INK);
  dotted(ctx, 700, 1010, 286);
  label(ctx, '记录', '', 100, 344, 32);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(190, 312, 820, 330);
  const count = int(rnd, 0, 2);
  for (let i = 0; i < count; i++) text(ctx, RECORDS[(i + int(rnd, 0, 2)) % RECORDS.length]!(v), 215, 365 + i * 56, font(30, 'value'), INK);
  barcode(ctx, rnd, 640, 662, 370, 48);
  return canvas;
}

export function expectedDriverLicense(v: DriverValues, side: LicenseSide): DriverLicenseExpected {
  if (side === 'back') {
    return {
      FaceResult: { Name: v.name, LicenseNumber: v.id, IssueDate: '', StartDate: '', EndDate: '', Address: '', Gender: '', VehicleType: '' },
      BackResult: [{ ArchiveNumber: v.archive }],
    };
  }
  return {
    FaceResult: {
      Name: v.name,
      LicenseNumber: v.id,
      IssueDate: compact(v.firstIssue),
      StartDate: compact(v.start),
      // a duration is returned as the end date it gives; 长期 as printed (docs/recognition/2582-19.md)
      EndDate: v.end ? compact(v.end) : '长期',
      Address: v.address,
      Gender: v.gender,
      VehicleType: v.vehicleClass,
    },
    BackResult: [],
  };
}

export async function renderDriverLicense(seed: number, side: LicenseSide, variant: CardVariant): Promise<DriverLicenseCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed);
  const values = driverValues(rnd);
  const older = rnd() < 0.3;
  const page = side === 'face' ? face(values, older, rnd) : back(values, rnd);
  const other = variant === 'pair' ? (side === 'face' ? back(values, rnd) : face(values, older, rnd)) : undefined;
  const { bytes } = await photograph(other ? (rnd() < 0.5 ? [page, other] : [other, page]) : [page], variant, rnd);
  return { name: `driver-${side}-${variant}-${seed}`, side, variant, older, bytes, values, expected: expectedDriverLicense(values, side) };
}

/** A reproducible mix of sides and variants: the bench's and tests' cases. */
export function driverLicensePlan(count: number, seed: number): { seed: number; side: LicenseSide; variant: CardVariant }[] {
  return Array.from({ length: count }, (_, i) => ({
    seed: seed * 1000 + i,
    side: i % 3 === 2 ? 'back' : 'face',
    variant: CARD_VARIANTS[Math.floor(i / 3) % CARD_VARIANTS.length]!,
  }));
}

/** Face pages photographed the hard ways (tilted, faded, on a busy background, double glare). */
export function hardDriverLicensePlan(count: number, seed: number): { seed: number; side: LicenseSide; variant: CardVariant }[] {
  return Array.from({ length: count }, (_, i) => ({ seed: seed * 1000 + 500 + i, side: 'face', variant: HARD_CARD_VARIANTS[i % HARD_CARD_VARIANTS.length]! }));
}
