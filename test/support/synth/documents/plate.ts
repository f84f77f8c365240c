import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY_BOLD, registerChineseFont } from '../fonts';
import { paste } from '../perspective';
import { pick, seeded, type Random } from '../text';

/*
 * Chinese license plates (GA 36-2018 layouts) with random valid numbers, on a car-like
 * scene: body paint, bumper, grille, sometimes a dealer sticker with a phone number; the
 * plate in perspective, then blur, noise, dusk or glare, JPEG. Characters sit in the
 * standard cells (45×90 mm on a 440×140 mm plate, a wider gap for the dot, 43 mm cells on
 * 480 mm new-energy plates, two rows on 440×220 mm); the font is a condensed bold sans,
 * not the official plate face.
 */

export type PlateKind =
  | 'blue' | 'yellow' | 'yellow-double' | 'green-small' | 'green-large' | 'police'
  | 'coach' | 'trailer' | 'hongkong' | 'embassy' | 'consulate' | 'military';

export const PLATE_KINDS: PlateKind[] = [
  'blue', 'yellow', 'yellow-double', 'green-small', 'green-large', 'police',
  'coach', 'trailer', 'hongkong', 'embassy', 'consulate', 'military',
];

export const PLATE_TYPE: Record<PlateKind, string> = {
  blue: '小型汽车', yellow: '大型汽车', 'yellow-double': '大型汽车', 'green-small': '新能源车', 'green-large': '新能源车',
  police: '警车', coach: '教练车', trailer: '挂车', hongkong: '港澳车', embassy: '使领馆车', consulate: '使领馆车', military: '军车',
};

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

const one = (rnd: Random, set: string) => set[Math.floor(rnd() * set.length)]!;
const many = (rnd: Random, set: string, n: number) => Array.from({ length: n }, () => one(rnd, set)).join('');

/** Five serial characters: digits, with up to two letters as issued today. */
function serial(rnd: Random, n: number): string {
  const chars = [...many(rnd, DIGITS, n)];
  const letters = rnd() < 0.5 ? Math.floor(rnd() * 3) : 0;
  for (let i = 0; i < letters; i++) chars[Math.floor(rnd() * n)] = one(rnd, LETTERS);
  return chars.join('');
}

export function plateNumber(rnd: Random, kind: PlateKind): string {
  const head = one(rnd, PROVINCES) + one(rnd, LETTERS);
  switch (kind) {
    case 'green-small': return head + one(rnd, 'DF') + one(rnd, LETTERS + DIGITS) + many(rnd, DIGITS, 4);
    case 'green-large': return head + many(rnd, DIGITS, 5) + one(rnd, 'DF');
    case 'police': return head + many(rnd, DIGITS, 4) + '警';
    case 'coach': return head + many(rnd, DIGITS, 4) + '学';
    case 'trailer': return head + serial(rnd, 4) + '挂';
    case 'hongkong': return '粤Z' + many(rnd, DIGITS, 4) + one(rnd, '港澳');
    case 'embassy': return '使' + many(rnd, DIGITS, 6);
    case 'consulate': return one(rnd, '沪粤川辽') + 'A' + many(rnd, DIGITS, 4) + '领';
    case 'military': return one(rnd, 'VKHBSLJNGEZ') + one(rnd, 'ABCDEGHJKLMNPRSTVY') + many(rnd, DIGITS, 5);
    default: return head + serial(rnd, 5);
  }
}

interface Style { bg: string | ((ctx: SKRSContext2D, w: number, h: number) => void); ink: string; red?: number[] }

const STYLES: Record<PlateKind, Style> = {
  blue: { bg: '#0c4fb8', ink: '#f4f6f8' },
  yellow: { bg: '#f3b80f', ink: '#141414' },
  'yellow-double': { bg: '#f3b80f', ink: '#141414' },
  coach: { bg: '#f3b80f', ink: '#141414' },
  trailer: { bg: '#f3b80f', ink: '#141414' },
  'green-small': {
    bg: (ctx, w, h) => {
      const g = ctx.createLinearGradient(0, 0, 0, h);
      g.addColorStop(0, '#f2f9ee');
      g.addColorStop(1, '#3fbf5c');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
    },
    ink: '#101010',
  },
  'green-large': {
    bg: (ctx, w, h) => {
      ctx.fillStyle = '#f1c30f';
      ctx.fillRect(0, 0, w * 0.27, h);
      ctx.fillStyle = '#45b95c';
      ctx.fillRect(w * 0.27, 0, w, h);
    },
    ink: '#101010',
  },
  police: { bg: '#f6f6f4', ink: '#111111', red: [6] },
  military: { bg: '#f6f6f4', ink: '#111111', red: [0, 1] },
  hongkong: { bg: '#121212', ink: '#f4f4f4' },
  embassy: { bg: '#121212', ink: '#f4f4f4', red: [0] },
  consulate: { bg: '#121212', ink: '#f4f4f4', red: [6] },
};

/** One character squeezed into its cell (x, y, w, h in plate pixels). */
function cell(ctx: SKRSContext2D, ch: string, x: number, y: number, w: number, h: number, ink: string): void {
  ctx.save();
  ctx.fillStyle = ink;
  ctx.font = `${h}px ${FAMILY_BOLD}`;
  ctx.textBaseline = 'alphabetic';
  const m = ctx.measureText(ch);
  const glyphH = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  const glyphW = m.actualBoundingBoxLeft + m.actualBoundingBoxRight;
  const sx = Math.min(w / Math.max(1, glyphW), 1.6), sy = h / Math.max(1, glyphH);
  ctx.translate(x + (w - glyphW * sx) / 2 + m.actualBoundingBoxLeft * sx, y + m.actualBoundingBoxAscent * sy);
  ctx.scale(sx, sy);
  ctx.fillText(ch, 0, 0);
  ctx.restore();
}

/** The plate alone, `k` pixels per millimetre; `red` the paint of its red characters. */
export function drawPlate(kind: PlateKind, number: string, k: number, red = '#d01818'): Canvas {
  const chars = [...number];
  const double = kind === 'yellow-double' || kind === 'trailer';
  const wide = chars.length === 8;
  const W = (wide ? 480 : 440) * k, H = (double ? 220 : 140) * k;
  const canvas = createCanvas(Math.round(W), Math.round(H));
  const ctx = canvas.getContext('2d');
  const style = STYLES[kind];
  if (typeof style.bg === 'function') style.bg(ctx, W, H);
  else (ctx.fillStyle = style.bg), ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = style.ink;
  ctx.lineWidth = 2.5 * k;
  ctx.beginPath();
  ctx.roundRect(5 * k, 5 * k, W - 10 * k, H - 10 * k, 8 * k);
  ctx.stroke();
  const ink = (i: number) => (style.red?.includes(i) ? red : style.ink);
  if (double) {
    cell(ctx, chars[0]!, 110 * k, 15 * k, 80 * k, 60 * k, ink(0));
    cell(ctx, chars[1]!, 250 * k, 15 * k, 80 * k, 60 * k, ink(1));
    chars.slice(2).forEach((ch, i) => cell(ctx, ch, (27.5 + i * 80) * k, 90 * k, 65 * k, 110 * k, ink(i + 2)));
    return canvas;
  }
  const cw = wide ? 43 : 45, gap = wide ? 9 : 12, dotGap = wide ? 51 : 34;
  let x = 15.5;
  chars.forEach((ch, i) => {
    cell(ctx, ch, x * k, 25 * k, cw * k, 90 * k, ink(i));
    if (i === 1 && kind !== 'embassy' && kind !== 'military') {
      ctx.fillStyle = style.ink;
      ctx.beginPath();
      ctx.arc((x + cw + dotGap / 2) * k, 70 * k, 5 * k, 0, Math.PI * 2);
      ctx.fill();
    }
    x += cw + (i === 1 ? dotGap : gap);
  });
  return canvas;
}

export interface PlateScene {
  name: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  kind: PlateKind;
  number: string;
  type: string;
  /** plate corners in the scene, TL TR BR BL */
  corners: { x: number; y: number }[];
}

const PAINT = ['#e9e9e6', '#c4c6c8', '#8b8f93', '#2a2c30', '#101114', '#8c1c1c', '#1d3556', '#3b4a3a', '#d8cfbf', '#5a4632'];

function scene(rnd: Random, width: number, height: number, chosen?: string): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const picked = pick(rnd, PAINT);
  const paint = chosen ?? picked;
  const g = ctx.createLinearGradient(0, 0, width * rnd(), height);
  g.addColorStop(0, paint);
  g.addColorStop(0.5 + rnd() * 0.3, '#ffffff30');
  g.addColorStop(1, paint);
  ctx.fillStyle = paint;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = g;
  ctx.globalAlpha = 0.5;
  ctx.fillRect(0, 0, width, height);
  ctx.globalAlpha = 1;
  // bumper band and grille slats
  ctx.fillStyle = '#00000055';
  ctx.fillRect(0, height * (0.55 + rnd() * 0.2), width, height * 0.12);
  ctx.strokeStyle = '#00000066';
  ctx.lineWidth = 3;
  const gy = height * (0.2 + rnd() * 0.15);
  for (let i = 0; i < 6; i++) ctx.strokeRect(width * 0.2, gy + i * 14, width * 0.6, 6);
  return canvas;
}

export interface PlateSceneOptions {
  seed: number;
  kind?: PlateKind;
  /** plate width in scene pixels */
  plateWidth?: number;
  /** clean: level and sharp; photo: tilt, perspective, blur, noise, light, JPEG */
  variant?: 'clean' | 'photo';
  /** this number rather than a random one of the kind */
  number?: string;
  /** the plate's height shrunk to this share (a plate seen from above) */
  squash?: number;
  /** paints over the plate before it is placed (dust, grime) */
  dust?: (plate: Canvas) => Canvas;
  /** turns the finished photo into another frame (a surveillance camera's); may change its size */
  frame?: (photo: Canvas) => Canvas;
  /** the car's paint (CSS colour) rather than a random one */
  paint?: string;
  /** the paint of red characters (警, 使, 领, a military plate's letters) */
  red?: string;
  /** draws more on the car before the plate is placed (a windscreen sticker) */
  decorate?: (ctx: SKRSContext2D, width: number, height: number, plateWidth: number) => void;
}

export async function renderPlateScene(options: PlateSceneOptions): Promise<PlateScene> {
  if (!registerChineseFont()) throw new Error('no Simplified Chinese font: install @embedpdf/fonts-sc or fonts-wqy-zenhei');
  const rnd = seeded(options.seed);
  const kind = options.kind ?? pick(rnd, PLATE_KINDS);
  const variant = options.variant ?? 'photo';
  const number = options.number ?? plateNumber(rnd, kind);
  const [width, height] = pick(rnd, [[720, 1160], [800, 600], [1280, 720], [640, 480]] as const);
  const canvas = scene(rnd, width, height, options.paint);
  const ctx = canvas.getContext('2d');
  if (rnd() < 0.4) {
    // a dealer sticker: text that looks like a plate neither in grammar nor in colour
    ctx.fillStyle = '#f5f5f5';
    ctx.fillRect(width * 0.05, height * 0.08, 230, 46);
    ctx.fillStyle = '#202020';
    ctx.font = `18px ${FAMILY_BOLD}`;
    ctx.fillText(`${pick(rnd, ['东风', '长安', '吉利', '奇瑞'])}4S店 0551-${many(rnd, DIGITS, 7)}`, width * 0.05 + 8, height * 0.08 + 30);
  }
  const plateWidth = options.plateWidth ?? 85 + rnd() * Math.min(280, width * 0.4);
  options.decorate?.(ctx, width, height, plateWidth);
  const drawn = drawPlate(kind, number, 3, options.red);
  const plate = options.dust ? options.dust(drawn) : drawn;
  const scale = plateWidth / plate.width, ph = plate.height * scale * (options.squash ?? 1);
  const cx = width * (0.3 + rnd() * 0.4), cy = height * (0.45 + rnd() * 0.2);
  const photo = variant === 'photo';
  const angle = photo ? ((rnd() - 0.5) * 24 * Math.PI) / 180 : 0;
  const shear = photo ? (rnd() - 0.5) * 0.4 : 0;
  const persp = photo ? (rnd() - 0.5) * 0.25 : 0; // one side nearer the camera
  const base = [
    { x: -plateWidth / 2, y: (-ph / 2) * (1 - persp) },
    { x: plateWidth / 2, y: (-ph / 2) * (1 + persp) },
    { x: plateWidth / 2, y: (ph / 2) * (1 + persp) },
    { x: -plateWidth / 2, y: (ph / 2) * (1 - persp) },
  ];
  const corners = base.map(({ x, y }) => {
    const sx = x + shear * y;
    return { x: cx + sx * Math.cos(angle) - y * Math.sin(angle), y: cy + sx * Math.sin(angle) + y * Math.cos(angle) };
  });
  // the plate's frame: a dark holder a little larger than the plate
  ctx.fillStyle = '#1a1a1a';
  ctx.beginPath();
  corners.forEach((p, i) => {
    const q = { x: cx + (p.x - cx) * 1.06, y: cy + (p.y - cy) * 1.12 };
    if (i === 0) ctx.moveTo(q.x, q.y);
    else ctx.lineTo(q.x, q.y);
  });
  ctx.fill();
  paste(ctx, plate, corners, 4);
  let out = canvas;
  // blur in proportion to the plate: a 100 px plate under 2 px of blur is unreadable to anyone
  if (photo) out = degrade(canvas, rnd, Math.min(1.6, plateWidth / 130));
  if (options.frame) out = options.frame(out);
  const bytes = await out.encode('jpeg', options.frame ? 30 + Math.floor(rnd() * 20) : photo ? 55 + Math.floor(rnd() * 35) : 92);
  const k = out.width / width;
  return {
    name: `plate-${kind}-${variant}-${options.seed}`,
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    width: out.width,
    height: out.height,
    kind,
    number,
    type: PLATE_TYPE[kind],
    corners: corners.map((p) => ({ x: p.x * k, y: p.y * k })),
  };
}

/** Light, blur and sensor noise of a street photo. */
export function degrade(src: Canvas, rnd: Random, maxBlur = 1.6): Canvas {
  const out = createCanvas(src.width, src.height);
  const ctx = out.getContext('2d');
  ctx.filter = `blur(${(rnd() * maxBlur).toFixed(2)}px) brightness(${(0.6 + rnd() * 0.55).toFixed(2)})`;
  ctx.drawImage(src, 0, 0);
  ctx.filter = 'none';
  const light = ctx.createRadialGradient(src.width * rnd(), src.height * rnd(), 10, src.width / 2, src.height / 2, src.width);
  light.addColorStop(0, `rgba(255,255,240,${(rnd() * 0.25).toFixed(2)})`);
  light.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, src.width, src.height);
  const img = ctx.getImageData(0, 0, src.width, src.height);
  const sigma = 3 + rnd() * 7;
  for (let i = 0; i < img.data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + n));
  }
  ctx.putImageData(img, 0, 0);
  return out;
}
