import type { MixedDocument } from '../../../protocol/points/2582-25';
import type { DecodedImage } from '../../image/decode';
import { type OcrLine, withLinesRead } from '../../pipeline';
import { decodeQr } from '../../qr/decode';
import { applyExtractor, type Extracted } from '../extractor';
import { classify } from './classify';
import { cropRegion, enlargement, linesInCrop, type Region, regionOf, seenWell } from './region';
import { detectorScale, type SeenAt } from './small-print';
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

/**
 * `lines`: the image's lines (read with no confidence floor) and the scale each was detected at
 * (small-print.ts); when the region's text was large enough for its detector, the extractor gets those lying in the region
 * instead of reading its crop again. Otherwise it reads the crop, enlarged when its print is
 * small (region.ts enlargement).
 */
export async function readRegion(image: DecodedImage, region: Region, lines?: OcrLine[], seenAt?: SeenAt): Promise<ReadRegion> {
  const whole = detectorScale(image);
  const handed = lines !== undefined && seenWell(region, (l) => seenAt?.get(l) ?? whole);
  // lines handed on are in the crop's pixels at the image's scale; small print read afresh is enlarged
  const crop = cropRegion(image, region, handed ? 1 : enlargement(region));
  if (handed) withLinesRead(crop, linesInCrop(region, lines));
  let view = viewOf(region);
  if (mayHoldQr(view)) view = viewOf(region, await decodeQr(crop));
  const chosen = classify(view);
  let type = chosen.type;
  let confidence = chosen.confidence;
  let extracted: Extracted | undefined;
  const remarks: string[] = [];
  if (chosen.rule) {
    extracted = await applyExtractor(chosen.rule.extractor, crop, chosen.rule.options?.(view) ?? {});
    if (extracted.notThisDocument) {
      remarks.push(`looked like ${type} but ${extracted.notThisDocument}; read as general text`);
      type = 'general';
      confidence = Math.round((1 - confidence) * 1000) / 1000;
      extracted = undefined;
    }
  }
  extracted ??= await applyExtractor(generalRule.extractor, crop, {});
  remarks.push(...extracted.remarks);
  return {
    document: { Type: type, Point: pointOf(type), Confidence: confidence, Roi: region.roi, Angle: region.angle, Data: extracted.data } as ReadRegion['document'],
    remarks,
  };
}
