import type { MixedDocument, MixedType } from '../../../protocol/points/2582-25';
import type { DecodedImage } from '../../image/decode';
import { type OcrLine, withLinesRead } from '../../pipeline';
import { decodeQr } from '../../qr/decode';
import { applyExtractor, type Extracted } from '../extractor';
import { type Classified, classify } from './classify';
import { readFacing } from './facing';
import { cropRegion, enlarged, enlargement, linesInCrop, median, type Region, regionOf, seenWell, stretched } from './region';
import { withKeyRowsRead } from './rows';
import { type Box, detectorScale, type SeenAt, withinAreas } from './small-print';
import { generalRule, type RegionView, typeRules } from './types';

/*
 * One region to one document: classified from its text (and its QR code when it looks like an
 * invoice), then its upright crop read by the type's own extractor. When that extractor finds
 * the region is not its document after all, the region is general text: a type is never
 * forced onto it.
 */

export interface ReadRegion {
  document: Omit<MixedDocument, 'Data'> & { Data: unknown };
  remarks: string[];
}

const pointOf = (type: string) => (type === 'general' ? generalRule.extractor.point : typeRules.find((r) => r.type === type)!.extractor.point);

export function viewOf(region: Region, qr: string[] = []): RegionView {
  const lines = region.lines.map((l) => l.text.replace(/\s+/g, ''));
  // the extent of the text, not of the image a whole-image region spans (a plate in a car photo is plate-sized)
  const text = region.whole ? regionOf(region.lines, { width: Infinity, height: Infinity }, 0) : region;
  return { lines, text: lines.join('\n'), qr, size: { w: text.width / text.unit, h: text.height / text.unit }, ruled: region.ruled === true };
}

/** Regions that may be invoices have their QR code read: the VAT code is the surest cue. */
const mayHoldQr = (view: RegionView) => /发票|票据|客票/.test(view.text);

/** The region's crop read by the chosen type's extractor (general text when it is not that document after all). */
async function extract(crop: DecodedImage, chosen: Classified, view: RegionView): Promise<{ type: MixedType; confidence: number; extracted: Extracted; complete: boolean; remarks: string[] }> {
  let type = chosen.type;
  let confidence = chosen.confidence;
  const remarks: string[] = [];
  if (chosen.rule) {
    const options = chosen.rule.options?.(view) ?? {};
    const extracted = await applyExtractor(chosen.rule.extractor, crop, options);
    if (!extracted.notThisDocument) return { type, confidence, extracted, complete: chosen.rule.keyFields?.(extracted.data, options) ?? true, remarks };
    remarks.push(`looked like ${type} but ${extracted.notThisDocument}; read as general text`);
    type = 'general';
    confidence = Math.round((1 - confidence) * 1000) / 1000;
  }
  return { type, confidence, extracted: await applyExtractor(generalRule.extractor, crop, {}), complete: chosen.rule === undefined, remarks };
}

/** The scale (detector pixels per image pixel) most of the region's lines were detected at. */
const seenScale = (region: Region, seenAt: SeenAt | undefined, whole: number): number =>
  region.lines.length ? median(region.lines.map((l) => seenAt?.get(l) ?? whole)) : whole;

/** The scale the region's own crop is detected at when read afresh (cropRegion, enlarged). */
const freshScale = (image: DecodedImage, region: Region): number =>
  region.whole ? detectorScale(image) : enlarged(Math.max(1, Math.round(region.width)), Math.max(1, Math.round(region.height)), enlargement(region)).scale;

/**
 * Reading the crop again pays when its detector sees the print this much larger than the lines
 * handed on were seen; otherwise it only repeats their reading at a second's cost. On the bench
 * sheets a VAT invoice's area detected again (small-print.ts) was seen at 1.3 of the image's
 * scale and its crop at 2: read again, its key fields were no more often complete.
 */
const SHARPER = 1.6;

/** Whether the region's crop, read afresh, would see its print SHARPER times larger than the lines handed on were seen. */
export const sharperAfresh = (image: DecodedImage, region: Region, seenAt?: SeenAt): boolean =>
  freshScale(image, region) > SHARPER * seenScale(region, seenAt, detectorScale(image));

/**
 * `lines`: the image's lines (read with no confidence floor) and the scale each was detected at
 * (small-print.ts); when the region's text was large enough for its detector, the extractor gets
 * those lying in the region instead of reading its crop again. Otherwise, or when the lines
 * handed on miss the type's key fields (types.ts keyFields) and the crop would show the print
 * larger than they were seen (SHARPER), it reads the crop, enlarged when its print is small
 * (region.ts enlargement): the whole image's detector, seeing a large sheet
 * shrunk, draws looser boxes and now and then loses a character (安顺 read as 顺, G1418 as GI418)
 * that the crop seen at its own size gives. For the key fields, the rows printing them are read
 * again first where the type names them (rows.ts, types.ts keyRows), at any scale; the whole
 * crop after them only when they did not give the fields and the crop shows the print SHARPER.
 * `areas`: where the sheet's small print was detected again; a region whose lines were seen there
 * but that reaches beyond them is read from its crop (small-print.ts withinAreas).
 */
export async function readRegion(image: DecodedImage, region: Region, lines?: OcrLine[], seenAt?: SeenAt, areas?: Box[]): Promise<ReadRegion> {
  const whole = detectorScale(image);
  // lines seen well in areas detected again serve only where the region lies within them (small-print.ts withinAreas)
  const beyondAreas = areas !== undefined && seenScale(region, seenAt, whole) > whole && !withinAreas(region, areas);
  const handed = lines !== undefined && seenWell(region, (l) => seenAt?.get(l) ?? whole) && !beyondAreas;
  // lines handed on are in the crop's pixels at the image's scale; small print read afresh is enlarged.
  // A whole-image region's crop is the image itself, which carries the lines handed on: afresh, it
  // is read from a copy (the same pixels), or the extractor would be handed those lines again
  const fresh = async () => (region.whole ? { ...image } : cropRegion(image, region, enlargement(region)));
  let crop = await (handed ? cropRegion(image, region, 1) : fresh());
  // its lines read the wrong way up read again its way up (facing.ts)
  const inCrop = handed ? linesInCrop(region, await readFacing(image, region, lines)) : undefined;
  if (inCrop) withLinesRead(crop, inCrop);
  let view = viewOf(region);
  if (mayHoldQr(view)) view = viewOf(region, await decodeQr(crop));
  // a page of blocks each of no type (regions.ts) is general text: pooled, an advert's many
  // short slogans would pass for a table's cells
  const chosen = region.page ? classify(view, []) : classify(view);
  let read = await extract(crop, chosen, view);
  // the lines handed on garbled the labels the type's extractor needs to call it its document (a
  // VAT invoice's 开票日期, 纳税人识别号 and 价税合计 all misread on a cluttered sheet, bench seed 10):
  // its crop is read afresh however large its print was seen, as the cues that typed it say it is one
  const refused = chosen.rule !== undefined && read.type !== chosen.type;
  if (handed && !read.complete) {
    // `completing`: the reading is kept only when it gives the key fields. The whole crop read after
    // its rows may misread a field they had right (an invoice's number 95382769 read 95362769, its
    // total no better: bench seed 9)
    const readAgain = async (rows?: OcrLine[], completing = false) => {
      if (rows) withLinesRead(crop, rows);
      else crop = await fresh();
      const again = await extract(crop, chosen, view);
      if (again.complete || (!completing && again.type === chosen.type)) read = again;
    };
    // the rows of the key fields missing read again where the type says where they are (rows.ts),
    // whatever the scale their lines were seen at: a strip cut across the row is detected anew, and
    // a line the detector broke comes back whole (a VAT number's 发票号码：6 read apart from its
    // 64432094 and joined into 9 digits, its area seen at 1.47 of the image's scale and its crop at 2,
    // bench seed 5); a row or two of a region costs a few lines' reading
    const keyRows = refused ? undefined : chosen.rule?.keyRows?.(read.extracted.data);
    const rows = keyRows?.length ? await withKeyRowsRead(image, region, inCrop!, keyRows) : undefined;
    if (rows) await readAgain(rows);
    // rows read again that still miss their field are read once more from sharpened strips, and
    // that reading is kept only when it gives the key fields. A VAT invoice printed at 0.75 of its
    // size on a sheet has 7 px digits, and each look at them (the row at 1, 2 or 3 times the
    // image's scale, sharpened or not) misreads a digit here and there, a different one each
    // (bench seeds 29-32); a second look sharpened gave the two numbers whose first gave a length
    // no VAT number has (5042327: its 7 read / and dropped, seed 31; 0980625, seed 29)
    const still = rows && !read.complete ? chosen.rule?.keyRows?.(read.extracted.data) : undefined;
    const sharpRows = still?.length ? await withKeyRowsRead(image, region, rows!, still, true) : undefined;
    if (sharpRows) await readAgain(sharpRows, true);
    // the whole crop when the type does not say where they are, when those rows did not give the
    // fields (an upside-down VAT invoice on a desk whose whole image lost its 价税合计 row: only its
    // 合计 row's ¥ was there to name, seed 6), or when the extractor found too little of the type's
    // labels to call it its document (a VAT invoice's 纳税人识别号 and 购买方 garbled on a sheet of
    // five); but for that, only where the crop shows the print sharper (SHARPER). And when a row
    // the type names is among none of its lines (a VAT invoice turned a quarter whose 发票号码 row
    // the sheet's detector lost, seed 30: its crop read afresh gives it), but then the reading is
    // kept only when it gives the key fields
    const sharper = refused || sharperAfresh(image, region, seenAt);
    const unplaced = keyRows !== undefined && keyRows.length > 0 && rows === undefined;
    if (!read.complete && (sharper || unplaced)) await readAgain(undefined, rows !== undefined || !sharper);
  }
  // typed from its head but read to no document or without its key fields, and lower than its
  // type's documents stand: its lower part was not found (types.ts proportion); read cut to that
  const tall = read.complete ? undefined : stretched(region, chosen.rule?.proportion, image);
  if (tall) {
    const again = await extract(await cropRegion(image, tall, enlargement(region)), chosen, view);
    if (again.complete || (read.type !== chosen.type && again.type === chosen.type)) [read, region] = [again, tall];
  }
  const { type, confidence, extracted } = read;
  const remarks = [...read.remarks, ...extracted.remarks];
  return {
    document: { Type: type, Point: pointOf(type), Confidence: confidence, Roi: region.roi, Angle: region.angle, Data: extracted.data } as ReadRegion['document'],
    remarks,
  };
}
