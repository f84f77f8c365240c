import { z } from 'zod';
import type { vinData } from '../../protocol/points/2582-18';
import type { Quad } from '../geometry/quad';
import type { Raster } from '../image/raster';
import { recognize, type OcrLine } from '../pipeline';
import * as rec from '../rec/index';
import { defineExtractor } from './extractor';
import { partialCode, rowGroups, windows } from './vin/candidates';
import { chooseVin, wellFormed, type VinChar, type VinChoice } from './vin/check';
import { blurred, blurs, enlarged, lengthen, stretchedContrast } from './vin/looks';

/*
 * 2582-18 VIN: the page is read, every run of 17 or more VIN-like characters is a candidate
 * (a line's own text, or neighbouring boxes of one row joined, since engraved and stamped
 * VINs are spaced so widely the detector cuts them), candidates are read again with the
 * recogniser's alternatives per character, and the check digit picks among close readings
 * (vin/check.ts). Labels (VIN, 车辆识别代号, 车架号) and spaces are ignored. When nothing is
 * sure, the image is looked at again (vin/looks.ts), cheapest first: the lines lengthened
 * (glare or blur at the code's ends), cut wider and narrower (a photo resized to another
 * shape; taken when the first look read the same code), their contrast stretched (a character
 * washed out by glare), every line read as upright (a line the 0°/180° classifier took for
 * one turned over), a small image enlarged and widened (thumbnails, a wide crop made
 * square), each taken only when sure alone
 * by a stricter margin (ANOTHER_LOOK); then blurred,
 * which joins the dots of dot-peen stamping into strokes, where a code is taken when two looks
 * agree on it (the first look's doubtful reading counts as one). Only a code that passes the
 * check digit, sure enough and ahead of the other valid readings (see the acceptance rules
 * below), is returned; a 17-character read that does not, or a code of 12–16 characters, is
 * named in a remark and VinCode stays empty.
 */

type VinData = z.infer<typeof vinData>;

const options = z.object({});

const vinRun = (text: string) => text.toUpperCase().replace(/[^0-9A-Z]/g, '').length;
const vinLike = (text: string) => vinRun(text) >= 4;

/** `k` characters of a line in heights: its pitch, at least its height (spaced VINs stand wider apart). */
const chars = (k: number) => (l: OcrLine) => k * Math.max(1, l.box.w / Math.max(1, l.text.replace(/\s/g, '').length) / Math.max(1, l.box.h));
/** `k` heights of any line. */
const heights = (k: number) => () => k;

/** The axis-aligned bounds of a quad, `margin` wider on every side. */
function around(q: Quad, margin: number): { left: number; top: number; width: number; height: number } {
  const xs = q.map((p) => p.x), ys = q.map((p) => p.y);
  const left = Math.min(...xs) - margin, top = Math.min(...ys) - margin;
  return { left, top, width: Math.max(...xs) + margin - left, height: Math.max(...ys) + margin - top };
}

/** How sure a reading must be to be taken: mean character probability, and its margin over the next valid reading. */
interface Acceptance {
  /** least mean probability of a reading taken as read */
  asRead: number;
  /** least mean probability of a reading the check digit repaired */
  repaired: number;
  /** least log-likelihood ratio to the next reading that also passes the check digit */
  margin: number;
  /** least log-likelihood ratio of the repairs to the reading as read */
  cost: number;
}

/**
 * One look at the image decides alone, so it must be sure: a check digit passes one
 * noisy string in eleven, and always passes a look-alike of equal check value (dot-peen
 * M read as 4, L as C), so the reading must also be well ahead (e³ ≈ 20 times likelier)
 * of the next valid one. Blurred looks are noisier but vote (two must agree), so each
 * needs less margin; but blurring misreads dot-matrix letters the same way every time (W
 * as U), so a look may not repair toward what the recogniser found 20 times less likely.
 * A blurred look's repaired reading needs 0.85 (0.9 alone): with two looks to agree, that read
 * 1–5% more of three sets of dot-peen VINs and no more wrongly. Measured on 360 synthetic
 * dot-peen VINs and 100 of every kind; 5 of 360 dot-peen VINs still came back wrong, a misread
 * that passes the check digit by chance (docs/accuracy.md).
 */
const FIRST_LOOK: Acceptance = { asRead: 0.8, repaired: 0.9, margin: 3, cost: -Infinity };
const BLURRED_LOOK: Acceptance = { asRead: 0.8, repaired: 0.85, margin: 1, cost: -3 };

/**
 * A look again at the same strokes (lines lengthened, contrast stretched, the image enlarged)
 * decides alone only when well ahead of any other valid reading (e⁴ ≈ 55 times likelier): each
 * such look is another draw of the same misreads, and on 120 synthetic dot-peen plates two came
 * back wrong from them at margins of 3.05 and 3.63 while the thumbnails, glare and tinted glass
 * they were made for were read at 4.7 and more.
 */
const ANOTHER_LOOK: Acceptance = { asRead: 0.9, repaired: 0.9, margin: 4, cost: -3 };

function accepted(choice: VinChoice, rule: Acceptance): boolean {
  const confidence = choice.changed > 0 ? rule.repaired : rule.asRead;
  return choice.valid && choice.confidence >= confidence && choice.margin >= rule.margin && choice.cost >= rule.cost;
}

/** A look's readings, the best of each by rank: sure alone (as a first look, as another look), likely enough to vote, and not sure. */
interface Look {
  sure?: VinChoice;
  sureAgain?: VinChoice;
  likely?: VinChoice;
  unsure?: VinChoice;
  /** every line the detector found, and those with VIN-like text */
  lines: OcrLine[];
  candidates: OcrLine[];
}

const rank = (c: VinChoice) => c.confidence - 0.05 * c.changed;

/** The best readings over each line and each run of lines of one row. */
function choose(lines: OcrLine[], charsOf: Map<OcrLine, VinChar[]>): Omit<Look, 'lines' | 'candidates'> {
  const out: Omit<Look, 'lines' | 'candidates'> = {};
  const keep = (tier: keyof typeof out, choice: VinChoice) => {
    const held = out[tier];
    if (!held || rank(choice) > rank(held)) out[tier] = choice;
  };
  for (const group of rowGroups(lines)) {
    for (const w of windows(group.flatMap((l) => charsOf.get(l) ?? []))) {
      const choice = chooseVin(w);
      const sure = accepted(choice, FIRST_LOOK);
      // a reading not shaped as a VIN (words of fine print run together) is not worth a remark
      if (sure || wellFormed(choice.vin)) keep(sure ? 'sure' : 'unsure', choice);
      if (accepted(choice, BLURRED_LOOK)) keep('likely', choice);
      if (accepted(choice, ANOTHER_LOOK)) keep('sureAgain', choice);
    }
  }
  return out;
}

/**
 * Reads the image (or re-reads lines already found in it), then its VIN-like lines again with
 * the recogniser's alternatives per character, each lengthened at both ends by `pad(line)` of
 * its height and cut `stretch` times as wide as it stands.
 */
async function look(image: Raster, pad?: (l: OcrLine) => number, found?: OcrLine[], stretch?: number): Promise<Look> {
  // lines cut as the detector found them keep the alternatives of their first read: reading
  // them again cost a VIN strip a second recognition of its one long line
  const asFound = pad === undefined && stretch === undefined;
  const lines = found ?? (await recognize(image, { minConfidence: 0, ...(asFound ? { alternatives: ALTERNATIVES } : {}) })).lines;
  const candidates = lines.filter((l) => l.confidence >= 0.3 && vinLike(l.text));
  const again = candidates.filter((l) => !(asFound && l.chars));
  const read = await rec.run({ image, quads: again.map((l) => (pad ? lengthen(l.quad, pad(l)) : l.quad)), alternatives: ALTERNATIVES, stretch });
  const charsOf = new Map(again.map((l, i) => [l, read.lines[i]!.chars ?? []]));
  for (const l of candidates) if (!charsOf.has(l)) charsOf.set(l, l.chars!);
  return { ...choose(candidates, charsOf), lines, candidates };
}

/** Competing classes kept per character of a candidate. */
const ALTERNATIVES = 5;

/**
 * Aspect corrections tried on the code's lines: text squeezed 1.3–2× (a 4:3 or 16:9 photo made
 * square) is read best widened 1.4×, text widened alike narrowed 0.7× (measured on synthetic
 * thumbnails and stretched photos).
 */
const STRETCHES = [1.4, 0.7];

/** Images whose longest side is under this are read again enlarged (thumbnails: 256×256 and the like). */
const SMALL = 800;

/** How much wider a small image is read, in turn, when squeezed text left the detector nothing (see findVin). */
const WIDEN = [2, 4];

export async function findVin(image: Raster): Promise<{ best?: VinChoice; doubtful?: VinChoice; partial?: string }> {
  const first = await look(image);
  if (first.sure) return { best: first.sure };
  // nothing sure: look again in other ways until one look is sure or two agree on a code
  let doubtful = first.unsure;
  // the first look's best valid reading, not sure enough alone, is a vote like a blurred look's
  const votes = new Map<string, number>(first.unsure?.valid ? [[first.unsure.vin, 1]] : []);
  /** A look at the same strokes (`alone`) decides only when sure; a blurred look votes. */
  const decide = (again: Look, alone: boolean): VinChoice | undefined => {
    doubtful ??= again.unsure ?? again.likely;
    if (alone) return again.sureAgain;
    if (!again.likely) return undefined;
    const n = (votes.get(again.likely.vin) ?? 0) + 1;
    votes.set(again.likely.vin, n);
    return n >= 2 ? again.likely : undefined;
  };
  // the same lines lengthened: glare washing out the code's first or last character, or a
  // thumbnail's blur, makes the detector's box stop short of it
  const ends = decide(await look(image, chars(0.9), first.lines), true);
  if (ends) return { best: ends };
  // a photo resized to another shape (a 256×256 thumbnail of a wide photo): the same lines cut
  // wider and narrower, the characters back at their usual shape. Reshaped dot-peen dots can
  // read as other letters surely enough, so the code, sure as a first look's, must also be what
  // the first look read.
  for (const stretch of STRETCHES) {
    const reshaped = await look(image, chars(0.5), first.lines, stretch);
    doubtful ??= reshaped.unsure;
    if (reshaped.sure && reshaped.sure.vin === first.unsure?.vin) return { best: reshaped.sure };
  }
  // glare: the code's lines with their contrast stretched, a washed-out character dark again
  const coded = first.candidates.filter((l) => vinRun(l.text) >= 8);
  if (coded.length > 0) {
    const rects = coded.map((l) => around(lengthen(l.quad, chars(2.5)(l)), 0.3 * l.box.h));
    const radius = Math.max(...coded.map((l) => l.box.h)) * 0.3;
    // The stretch is taken as read only: it is there to make a washed-out character dark enough
    // to read, so a character it still leaves to the check digit's repair was not restored. On
    // dot-peen plates without glare it sharpens the dots into the very misreads of the first
    // look (V as U, W as M, every look at 0.99) and a weak character repaired into a valid
    // reading came back sure but wrong: 2 of 120 plates (seeds 700–819), both read right by the
    // blurred looks that follow; it decided no other plate there.
    const glare = decide(await look(stretchedContrast(image, rects, radius), chars(2), first.lines), true);
    if (glare && glare.changed === 0) return { best: glare };
  }
  // the page read again with every line taken as upright: the 0°/180° classifier can judge an
  // upright line turned over (the V.I.N./N.I.V. line of two real trailer labels), its reading
  // turned comes back empty and the line is dropped, code and all
  const upright = (await recognize(image, { minConfidence: 0, useCls: false, alternatives: ALTERNATIVES })).lines;
  const level = decide(await look(image, undefined, upright), true);
  if (level) return { best: level };
  // a small image enlarged: the detector misses or cuts lines of 8–12 px characters
  const side = Math.max(image.width, image.height);
  if (side < SMALL) {
    const big = decide(await look(await enlarged(image, Math.min(4, 1280 / side)), heights(0.4)), true);
    if (big) return { best: big };
    // a small image widened: a wide crop of the code made square (680×90 to 256×256) squeezes
    // its characters 3–8 times, past what the lines' own reshaping mends, and the detector
    // finds no line at all; widened it finds the code and reads it (real crops of door-jamb
    // labels and a registration card made 256×256: squeezed 3–5× at 2, 8× at 4)
    for (const factor of WIDEN) {
      const wide = decide(await look(await enlarged(image, factor, 1), heights(0.4)), true);
      if (wide) return { best: wide };
    }
  }
  // dot-peen stamping: the dots joined by blurring
  for (const sigma of blurs(image, first.lines)) {
    const agreed = decide(await look(await blurred(image, sigma), heights(0.4)), false);
    if (agreed) return { best: agreed };
  }
  return doubtful ? { doubtful } : { partial: partialCode(first.candidates) };
}

export default defineExtractor({
  kind: 'vin',
  point: '2582-18',
  options,
  async extract(image, _options, notes): Promise<VinData> {
    const { best, doubtful, partial } = await findVin(image);
    if (best) return { VinCode: best.vin };
    if (doubtful) {
      const why = doubtful.valid ? 'too uncertain to be returned' : 'its check digit (position 9) does not match';
      notes.remark(`a 17-character code ${doubtful.vin} was read but ${why}`);
    } else if (partial) {
      notes.remark(`a code of ${partial.length} characters ${partial} was read where a VIN has 17: the rest may be hidden by glare, cut off or too small to read`);
    } else {
      notes.notThisDocument('no vehicle identification number found in the image');
    }
    return { VinCode: '' };
  },
});
