import { luma, type Raster } from '../../image/raster';

/*
 * Plate backgrounds by colour (GA 36-2018): blue (small cars), yellow (large vehicles,
 * trailers, coaches), green (new energy: a white-to-green gradient, or yellow-green for
 * large ones), white (police, military), black (Hong Kong/Macao, embassies). Pixels are
 * classed in HSV with bounds wide enough for dusk, flash and JPEG colour bleeding.
 */

export type PlateColour = 'blue' | 'yellow' | 'green' | 'white' | 'black';
export type PixelClass = PlateColour | 'other';

export function classify(r: number, g: number, b: number): PixelClass {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const v = max / 255, s = max === 0 ? 0 : (max - min) / max;
  if (v < 0.12) return 'black';
  // a plate in shade is dark but still clearly coloured: navy blue at 15% brightness is blue
  if (s >= 0.3 || (s >= 0.25 && v >= 0.3)) {
    let h: number;
    if (max === r) h = (60 * (g - b)) / (max - min);
    else if (max === g) h = 60 * (2 + (b - r) / (max - min));
    else h = 60 * (4 + (r - g) / (max - min));
    if (h < 0) h += 360;
    if (h >= 190 && h <= 255) return 'blue';
    if (h >= 28 && h <= 65 && v >= 0.3) return 'yellow';
    if (h >= 75 && h <= 175) return 'green';
  }
  if (s < 0.2) return v > 0.55 ? 'white' : v < 0.35 ? 'black' : 'other';
  return v < 0.25 ? 'black' : 'other';
}

export interface PlateBackground {
  colour: PlateColour;
  /** how clearly the pixels point to that colour, 0..1 */
  certainty: number;
  /** whether a pixel belongs to the plate's background (not its characters, not the car) */
  isBackground(r: number, g: number, b: number): boolean;
}

const CHROMATIC: PlateColour[] = ['blue', 'yellow', 'green'];

/** Otsu's threshold over the luminance histogram: text and background of a grey plate. */
function otsu(histogram: number[], total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let sumB = 0, weightB = 0, best = 0, threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t]!;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * histogram[t]!;
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) (best = between), (threshold = t);
  }
  return threshold;
}

const saturation = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
};

/** Median brightness (largest channel) of the pixels of one class. */
function brightnessOf(image: Raster, cls: PixelClass): number {
  const histogram = new Array<number>(256).fill(0);
  let count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const r = image.data[i * 3]!, g = image.data[i * 3 + 1]!, b = image.data[i * 3 + 2]!;
    if (classify(r, g, b) === cls) histogram[Math.max(r, g, b)]!++, count++;
  }
  for (let v = 0, seen = 0; v < 256; v++) if ((seen += histogram[v]!) * 2 >= count) return v;
  return 0;
}

/**
 * The background of a plate crop. Characters cover a third or so of a plate, so the
 * background is the largest class; a green plate's white top half and a large new-energy
 * plate's yellow part make green win once it holds a quarter of the pixels. White and
 * black plates are told apart by which side of the crop's own luminance threshold holds
 * the majority of the unsaturated pixels, since a white plate at dusk is grey.
 */
export function plateColour(image: Raster): PlateBackground {
  const shares: Record<PixelClass, number> = { blue: 0, yellow: 0, green: 0, white: 0, black: 0, other: 0 };
  const n = Math.max(1, image.width * image.height);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < image.width * image.height; i++) {
    const r = image.data[i * 3]!, g = image.data[i * 3 + 1]!, b = image.data[i * 3 + 2]!;
    shares[classify(r, g, b)]++;
    histogram[Math.round(luma(r, g, b))]!++;
  }
  for (const k of Object.keys(shares) as PixelClass[]) shares[k] /= n;
  // characters and shade take their share; the background is what most coloured pixels are
  const chromatic = shares.blue + shares.yellow + shares.green;
  const green = shares.green >= 0.2 && shares.green >= 0.6 * chromatic;
  const chroma = green ? 'green' : CHROMATIC.reduce((a, b) => (shares[b] > shares[a] ? b : a));
  if (green || (shares[chroma] >= 0.22 && shares[chroma] >= 0.6 * chromatic)) {
    // a plate is lit evenly and painted brighter than most cars: the same hue at much less
    // brightness is the car around it (a dark blue car around a blue plate)
    const bright = brightnessOf(image, chroma);
    const isBackground = (r: number, g: number, b: number) => {
      const c = classify(r, g, b);
      // a small new-energy plate's gradient is nearly white at the top; a large one's left
      // part (province and authority) is yellow
      if (chroma === 'green' && (c === 'white' || c === 'yellow')) return true;
      return c === chroma && Math.max(r, g, b) >= 0.6 * bright;
    };
    const certainty = Math.min(1, shares[chroma] / (chroma === 'green' ? 0.4 : 0.45));
    return { colour: chroma, certainty, isBackground };
  }
  const threshold = otsu(histogram, n);
  let bright = 0;
  for (let t = threshold + 1; t < 256; t++) bright += histogram[t]!;
  const light = bright / n >= 0.5;
  const majority = light ? bright / n : 1 - bright / n;
  const isBackground = light
    ? (r: number, g: number, b: number) => luma(r, g, b) > threshold && saturation(r, g, b) < 0.3
    : (r: number, g: number, b: number) => luma(r, g, b) <= threshold && saturation(r, g, b) < 0.4;
  const faded = fadedColour(image, threshold, light);
  if (faded) return { colour: faded, certainty: 0.3, isBackground: light ? (r, g, b) => luma(r, g, b) > threshold : (r, g, b) => luma(r, g, b) <= threshold };
  // a light plate is white as far as its light pixels are grey: a blue plate in a flash turns
  // cyan, a hue no plate class has, and is light and coloured, not white
  const certainty = Math.min(1, Math.max(0, (majority - 0.4) / 0.3)) * (1 - shares[chroma]) * (light ? 1 - tinted(image, threshold) : 1);
  return { colour: light ? 'white' : 'black', certainty, isBackground };
}

/** The share of the pixels above the luminance threshold that are clearly coloured. */
function tinted(image: Raster, threshold: number): number {
  let coloured = 0, count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const r = image.data[i * 3]!, g = image.data[i * 3 + 1]!, b = image.data[i * 3 + 2]!;
    if (luma(r, g, b) <= threshold) continue;
    count++;
    if (saturation(r, g, b) >= 0.3) coloured++;
  }
  return count === 0 ? 0 : coloured / count;
}

/**
 * The colour of a plate that a grey surveillance frame, dust or dusk has washed out: its
 * background pixels (the crop's majority side of the luminance threshold) average to a
 * faint but clear hue, yellow on the light side (black characters) or blue on the dark side
 * (white characters), where a white or black plate averages to grey.
 */
function fadedColour(image: Raster, threshold: number, light: boolean): PlateColour | undefined {
  let r = 0, g = 0, b = 0, count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const pr = image.data[i * 3]!, pg = image.data[i * 3 + 1]!, pb = image.data[i * 3 + 2]!;
    if (luma(pr, pg, pb) > threshold !== light) continue;
    (r += pr), (g += pg), (b += pb), count++;
  }
  if (count === 0) return undefined;
  (r /= count), (g /= count), (b /= count);
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  if (max < 50 || (max - min) / max < 0.14) return undefined;
  let h = max === r ? (60 * (g - b)) / (max - min) : max === g ? 60 * (2 + (b - r) / (max - min)) : 60 * (4 + (r - g) / (max - min));
  if (h < 0) h += 360;
  if (light && h >= 32 && h <= 62) return 'yellow';
  if (!light && h >= 195 && h <= 250) return 'blue';
  return undefined;
}

/**
 * Whether a photo was taken in colour, sampled every `step` pixels: the 5% most saturated of
 * its lit pixels are at least faintly coloured. An infrared or monochrome camera's frame is
 * grey throughout (JPEG leaves it a saturation of one or two hundredths), and there a
 * yellow plate measures white; a washed-out colour frame keeps a tenth or more.
 */
export function inColour(image: Raster, step: number): boolean {
  const histogram = new Array<number>(101).fill(0);
  let n = 0;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const i = (y * image.width + x) * 3;
      const r = image.data[i]!, g = image.data[i + 1]!, b = image.data[i + 2]!;
      if (Math.max(r, g, b) < 64) continue;
      histogram[Math.round(100 * saturation(r, g, b))]!++;
      n++;
    }
  }
  let above = 0;
  for (let s = 100; s >= GREY_SATURATION; s--) above += histogram[s]!;
  return above >= 0.05 * n && n > 0;
}

/** saturation (in hundredths) that no grey camera's pixels reach */
const GREY_SATURATION = 6;

export interface Blob {
  colour: PlateColour;
  left: number;
  top: number;
  width: number;
  height: number;
  /** share of the box the colour covers */
  fill: number;
}

/** The characters' colour on each coloured plate: white on blue, black on yellow and green. */
const INK: Record<string, PixelClass> = { blue: 'white', yellow: 'black', green: 'black' };
const CLASSES: PixelClass[] = ['blue', 'yellow', 'green', 'white', 'black', 'other'];

/**
 * Coloured rectangles of plate proportions, found on a `step`-subsampled class map:
 * connected regions of blue, yellow or green whose box is 1.2–6 times as wide as high,
 * mostly that colour, with characters' ink inside (a plate is 15–50% characters; a car
 * door or a sky is not). They locate plates the text detector missed; the most
 * plate-like come first.
 */
export function colourBlobs(image: Raster, step: number, minWidth: number): Blob[] {
  const w = Math.floor(image.width / step), h = Math.floor(image.height / step);
  const map = new Int8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * step * image.width + x * step) * 3;
      map[y * w + x] = CLASSES.indexOf(classify(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!));
    }
  }
  const seen = new Uint8Array(w * h);
  const blobs: (Blob & { score: number })[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || map[start]! > 2) continue;
    const c = map[start]!;
    let minX = w, minY = h, maxX = 0, maxY = 0, count = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w, y = (p - x) / w;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (const q of [p - 1, p + 1, p - w, p + w]) {
        if (q < 0 || q >= w * h || seen[q] || map[q] !== c) continue;
        if ((q === p - 1 && x === 0) || (q === p + 1 && x === w - 1)) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    const bw = maxX - minX + 1, bh = maxY - minY + 1;
    const ratio = bw / bh, fill = count / (bw * bh);
    if (bw * step < minWidth || bh < 3 || ratio < 1.2 || ratio > 6 || fill < 0.4) continue;
    const colour = CLASSES[c] as PlateColour;
    const ink = CLASSES.indexOf(INK[colour]!);
    let inked = 0;
    for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) if (map[y * w + x] === ink) inked++;
    const inkShare = inked / (bw * bh);
    if (inkShare < 0.08 || inkShare > 0.55) continue;
    const score = fill + Math.min(inkShare, 0.3) - Math.abs(ratio - 3.2) * 0.05;
    blobs.push({ colour, left: minX * step, top: minY * step, width: bw * step, height: bh * step, fill, score });
  }
  return blobs.sort((a, b) => b.score - a.score).map(({ score: _score, ...blob }) => blob);
}

export interface RedMarks {
  /** the plate with its red characters turned to the plate's ink, for the recogniser */
  recoloured: Raster;
  /** where red characters stand: only at the left end, only at the right end, or none */
  at: 'left' | 'right' | 'none';
}

const reddish = (r: number, g: number, b: number) => r > 70 && r - Math.max(g, b) > 40;

/**
 * White and black plates carry red characters: 警 on police plates, the first two letters
 * of military ones, 使 and 领 on diplomatic ones. Red on black barely differs in brightness
 * and a small red 警 blurs into a smear, so the red is repainted in the ink colour before
 * reading, and its position is reported for the grammar (plate/grammar.ts redMark).
 */
export function redMarks(plate: Raster, colour: PlateColour): RedMarks {
  const { width, height, data } = plate;
  const recoloured = { width, height, data: new Uint8Array(data) };
  const ink = colour === 'black' ? 235 : 25;
  const columns = new Array<number>(width).fill(0);
  let total = 0;
  for (let y = 0; y < height; y++) {
    // the plate's inside only: its frame, screws and a red car around it aside
    const middle = y >= height * 0.15 && y < height * 0.85;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (!reddish(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      recoloured.data[i] = recoloured.data[i + 1] = recoloured.data[i + 2] = ink;
      if (middle && x >= width * 0.05 && x < width * 0.95) columns[x]!++, total++;
    }
  }
  // a character's worth of red: at least a quarter of a character cell's area
  if (total < 0.15 * (height * 0.5) * (height * 0.3)) return { recoloured, at: 'none' };
  let left = 0, right = 0;
  columns.forEach((n, x) => (x < width * 0.3 ? (left += n) : x > width * 0.7 ? (right += n) : 0));
  const at = right >= 0.8 * total ? 'right' : left >= 0.8 * total ? 'left' : 'none';
  return { recoloured, at };
}
