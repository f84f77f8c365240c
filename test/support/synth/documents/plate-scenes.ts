import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY_BOLD, registerChineseFont } from '../fonts';
import { paste } from '../perspective';
import { pick, seeded, type Random } from '../text';
import { degrade, drawPlate, PLATE_TYPE, plateNumber, renderPlateScene, type PlateKind, type PlateScene } from './plate';

/*
 * The ways real plate photos go wrong (issue 17), one scene each, so every failure category
 * has synthetic cases besides the street photos of plate.ts:
 * - tight-crop: the plate and nothing else, as the extension's region capture sends it,
 *   down to the 94×24 of plate-recogniser training sets;
 * - cctv: a grey, low-resolution, heavily compressed surveillance frame with a timestamp;
 * - dusty: a yellow truck plate under dust and grime, low contrast, in a grey frame;
 * - small: a plate 60–90 px wide in a large photo (a car seen from afar or from above);
 * - top-down: seen from above, the plate squashed to a third of its height;
 * - lookalike: provinces the recogniser confuses (川 州, 桂 皖 柱, 贵 责, 赣 输, 湘 相...),
 *   whose first character must come back right or marked unsure, never confidently wrong;
 * - blurred-province: the province alone a smudge (mud, a bracket's shadow, motion), the rest
 *   sharp: the plate must still be found, its province marked unsure (CCPD's blur subset);
 * - dark-car: a black plate on a black car, its red 使 or 领 against the white frame, where
 *   the plate's outline stops at the red character and cuts it off;
 * - pale-red: a white plate whose red characters are washed pink by sunlight (a military
 *   VA·30093 in a street photo), which repainting them for the recogniser can blot;
 * - sticker: a white windscreen sticker (an inspection or parking permit) printed with
 *   another car's number above the plate: a number, but no plate.
 */

export type PlateScenario =
  | 'street' | 'tight-crop' | 'cctv' | 'dusty' | 'small' | 'top-down' | 'lookalike'
  | 'blurred-province' | 'dark-car' | 'pale-red' | 'sticker';

/** Provinces whose characters the recogniser confuses with others or with Latin letters. */
export const LOOKALIKE_PROVINCES = '川桂皖贵赣湘鄂晋冀津沪渝苏';

/** Every plate kind in a street scene, then every failure category on the kinds it hits. */
export const PLATE_SCENE_KINDS: { kind: PlateKind; scenario: PlateScenario }[] = [
  ...(['blue', 'yellow', 'yellow-double', 'green-small', 'green-large', 'police', 'coach', 'trailer', 'hongkong', 'embassy', 'consulate', 'military'] as const).map(
    (kind) => ({ kind, scenario: 'street' as const }),
  ),
  { kind: 'blue', scenario: 'tight-crop' },
  { kind: 'yellow', scenario: 'tight-crop' },
  { kind: 'green-small', scenario: 'tight-crop' },
  { kind: 'coach', scenario: 'tight-crop' },
  { kind: 'blue', scenario: 'cctv' },
  { kind: 'yellow-double', scenario: 'cctv' },
  { kind: 'yellow', scenario: 'dusty' },
  { kind: 'yellow-double', scenario: 'dusty' },
  { kind: 'blue', scenario: 'small' },
  { kind: 'yellow', scenario: 'small' },
  { kind: 'blue', scenario: 'top-down' },
  { kind: 'yellow', scenario: 'top-down' },
  { kind: 'blue', scenario: 'lookalike' },
  { kind: 'yellow', scenario: 'lookalike' },
  { kind: 'green-small', scenario: 'lookalike' },
  { kind: 'coach', scenario: 'lookalike' },
  { kind: 'blue', scenario: 'blurred-province' },
  { kind: 'green-small', scenario: 'blurred-province' },
  { kind: 'embassy', scenario: 'dark-car' },
  { kind: 'consulate', scenario: 'dark-car' },
  { kind: 'military', scenario: 'pale-red' },
  { kind: 'police', scenario: 'pale-red' },
  { kind: 'blue', scenario: 'sticker' },
  { kind: 'yellow', scenario: 'sticker' },
];

/** A plate kind as the colour/layout tag bench:documents reports. */
export function layoutTag(kind: PlateKind): string {
  return kind === 'police' || kind === 'military' ? 'white' : kind === 'hongkong' || kind === 'embassy' || kind === 'consulate' ? 'black' : kind;
}

export interface PlateCase extends PlateScene {
  scenario: PlateScenario;
  /** colour/layout and failure category */
  tags: string[];
}

const encode = async (canvas: Canvas, quality: number) => {
  const bytes = await canvas.encode('jpeg', quality);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/** The number with its province drawn from the look-alike list (when it has a province). */
function lookalikeNumber(rnd: Random, kind: PlateKind): string {
  const number = plateNumber(rnd, kind);
  return /^[A-Z使]/.test(number) ? number : pick(rnd, [...LOOKALIKE_PROVINCES]) + number.slice(1);
}

/** Dust: a brown-grey film over the plate, thicker at the bottom, and specks. */
function dust(plate: Canvas, rnd: Random): Canvas {
  const ctx = plate.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, 0, plate.height);
  g.addColorStop(0, `rgba(120,105,85,${(0.25 + rnd() * 0.15).toFixed(2)})`);
  g.addColorStop(1, `rgba(95,85,70,${(0.45 + rnd() * 0.2).toFixed(2)})`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, plate.width, plate.height);
  for (let i = 0; i < 400; i++) {
    ctx.fillStyle = `rgba(${60 + rnd() * 60},${55 + rnd() * 50},${45 + rnd() * 40},${(0.2 + rnd() * 0.4).toFixed(2)})`;
    ctx.fillRect(rnd() * plate.width, rnd() * plate.height, 1 + rnd() * 6, 1 + rnd() * 4);
  }
  return plate;
}

/** The plate alone filling the frame, a few pixels of holder around it, at 94–220 px wide. */
async function tightCrop(rnd: Random, kind: PlateKind, number: string): Promise<{ canvas: Canvas; quality: number }> {
  const plate = drawPlate(kind, number, 3);
  const width = Math.round(94 + rnd() * 126);
  const height = Math.round((width * plate.height) / plate.width);
  const margin = Math.round(rnd() * 0.06 * width);
  const canvas = createCanvas(width + 2 * margin, height + 2 * margin);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1b1b1b';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const skew = (rnd() - 0.5) * 0.1 * height;
  paste(ctx, plate, [
    { x: margin, y: margin + skew },
    { x: margin + width, y: margin - skew },
    { x: margin + width, y: margin + height - skew },
    { x: margin, y: margin + height + skew },
  ], 4);
  return { canvas: degrade(canvas, rnd, width / 160), quality: 60 + Math.floor(rnd() * 30) };
}

/** A grey frame: colour washed out, half resolution, blurred, a timestamp burnt in. */
function surveillance(src: Canvas, rnd: Random): Canvas {
  const w = Math.round(src.width * 0.5), h = Math.round(src.height * 0.5);
  const out = createCanvas(w, h);
  const ctx = out.getContext('2d');
  ctx.filter = `saturate(${(0.35 + rnd() * 0.25).toFixed(2)}) contrast(0.75) blur(0.6px)`;
  ctx.drawImage(src, 0, 0, w, h);
  ctx.filter = 'none';
  ctx.fillStyle = '#f0f0f0';
  ctx.font = `${Math.round(h / 26)}px ${FAMILY_BOLD}`;
  const d = 1 + Math.floor(rnd() * 28);
  ctx.fillText(`2023-0${1 + Math.floor(rnd() * 9)}-${String(d).padStart(2, '0')} 0${Math.floor(rnd() * 10)}:${10 + Math.floor(rnd() * 49)}:${10 + Math.floor(rnd() * 49)}`, w * 0.03, h * 0.06);
  return out;
}

/** The province's cell smudged: blurred hard and lowered in contrast, the rest left sharp. */
function smudgeProvince(plate: Canvas, rnd: Random): Canvas {
  const cellW = Math.round(plate.width * 0.13);
  const out = createCanvas(plate.width, plate.height);
  const ctx = out.getContext('2d');
  ctx.drawImage(plate, 0, 0);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, cellW, plate.height);
  ctx.clip();
  ctx.filter = `blur(${(plate.height * (0.035 + rnd() * 0.015)).toFixed(1)}px) contrast(0.6)`;
  ctx.drawImage(plate, 0, 0);
  ctx.restore();
  return out;
}

/**
 * A windscreen sticker: a dark windscreen band with a white paper on it, another car's number
 * printed on its upper half in dark ink at the height of the plate's characters, a line of
 * small print under it.
 */
function sticker(ctx: SKRSContext2D, rnd: Random, width: number, height: number, plateWidth: number): void {
  ctx.fillStyle = '#20262c';
  ctx.fillRect(0, 0, width, height * 0.3);
  const w = plateWidth * (0.9 + rnd() * 0.3), h = w * (0.45 + rnd() * 0.1);
  const x = width * (0.2 + rnd() * 0.5), y = height * 0.04 + rnd() * Math.max(0, height * 0.25 - h);
  ctx.fillStyle = pick(rnd, ['#f2f2ee', '#e8ebea', '#fafaf7']);
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = pick(rnd, ['#1e1e1e', '#2b2b2b', '#333333']);
  ctx.font = `${Math.round(h * 0.3)}px ${FAMILY_BOLD}`;
  ctx.fillText(plateNumber(rnd, 'blue'), x + w * 0.06, y + h * 0.4, w * 0.88);
  ctx.font = `${Math.round(h * 0.12)}px ${FAMILY_BOLD}`;
  ctx.fillText(`检验有效期至 202${Math.floor(rnd() * 10)}年${1 + Math.floor(rnd() * 12)}月`, x + w * 0.08, y + h * 0.72, w * 0.84);
}

/** Whether a case's province can be read at all (bench and tests score only the rest when not). */
export const provinceLegible = (scenario: PlateScenario) => scenario !== 'blurred-province';

/** One synthetic plate case of a kind and scenario. */
export async function renderPlateCase(seed: number, kind: PlateKind, scenario: PlateScenario): Promise<PlateCase> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(seed * 7 + 3);
  const tags = [layoutTag(kind), scenario];
  const name = `plate-${kind}-${scenario}-${seed}`;
  if (scenario === 'tight-crop') {
    const number = plateNumber(rnd, kind);
    const { canvas, quality } = await tightCrop(rnd, kind, number);
    return { name, bytes: await encode(canvas, quality), width: canvas.width, height: canvas.height, kind, number, type: PLATE_TYPE[kind], corners: [], scenario, tags };
  }
  const number = scenario === 'lookalike' ? lookalikeNumber(rnd, kind) : undefined;
  const scene = await renderPlateScene({
    seed,
    kind,
    number,
    squash: scenario === 'top-down' ? 0.35 + rnd() * 0.15 : undefined,
    dust: scenario === 'dusty' ? (plate) => dust(plate, rnd) : scenario === 'blurred-province' ? (plate) => smudgeProvince(plate, rnd) : undefined,
    plateWidth: scenario === 'small' ? 60 + rnd() * 30 : scenario === 'cctv' || scenario === 'dusty' ? 150 + rnd() * 90 : scenario === 'blurred-province' ? 130 + rnd() * 80 : undefined,
    paint: scenario === 'dark-car' ? '#0d0e10' : undefined,
    red: scenario === 'pale-red' ? pick(rnd, ['#e68a8a', '#f0a8a0', '#f4b4b4']) : undefined,
    frame: scenario === 'cctv' || scenario === 'dusty' ? (canvas) => surveillance(canvas, rnd) : undefined,
    decorate: scenario === 'sticker' ? (ctx, width, height, plateWidth) => sticker(ctx, rnd, width, height, plateWidth) : undefined,
  });
  return { ...scene, name, scenario, tags };
}
