import { z } from 'zod';
import type { vehicleLicenseData } from '../../protocol/points/2582-17';
import { defineExtractor, type ExtractionNotes } from './extractor';
import { readCard } from './license/card';
import { datesIn } from './license/dates';
import { Form } from './license/form';
import { charsOf, textOf, valueOf, widerText } from './license/values';
import { certain, cleanChars, parsePlate, PROVINCES } from './plate/grammar';
import {
  BACK_LABELS, cellText, FACE_LABELS, isTitle, LABELS, parseCode, parseDimension, parseEngineNumber, parseInspection, parseMass, parsePassengers,
  parseUseCharacter, parseVehicleType, provinceHints,
} from './vehicle_license/fields';
import { chooseVin, type VinChar } from './vin/check';

/*
 * 2582-17 vehicle licence (行驶证), face or back page (副页). Each field is read right of
 * its label (license/form.ts), the round red seal taken out first (license/card.ts); the
 * plate number must fit the plate grammar (plate/grammar.ts, GA 36) and the VIN its check
 * digit (vin/check.ts, ISO 3779), each repaired only toward a value that does; vocabulary
 * cells (车辆类型, 使用性质) are put back to the one word a single misread away.
 */

type VehicleLicense = z.infer<typeof vehicleLicenseData>;
type Face = VehicleLicense['FaceResult'];
type Back = VehicleLicense['BackResult'];

const options = z.object({ side: z.enum(['face', 'back']).default('face') });

const EMPTY_FACE: Face = { IssueDate: '', RegisterDate: '', UseCharacter: '', Owner: '', EngineNumber: '', Model: '', PlateNumber: '', Address: '', VehicleType: '', Vin: '' };
const EMPTY_BACK: Back = {
  ApprovedLoad: '', ApprovedPassengerCapacity: '', EnergyType: '', FileNumber: '', GrossMass: '', InspectionRecord: '', OverallDimension: '',
  PlateNumber: '', TractionMass: '', UnladenMass: '',
};

/**
 * The plate number, held to the plate grammar. When the province character was misread
 * (川 as `I`) or dropped, the province the licence names elsewhere (provinceHints) is tried
 * in its place, the rest still held to the grammar, and a remark says so.
 */
async function plateNumber(form: Form, hints: string[], notes: ExtractionNotes): Promise<string> {
  const found = await textOf(form, 'plate', 8);
  if (found.text === '') return '';
  const chars = cleanChars(found.pieces.length > 0 ? await charsOf(form, found.pieces) : certain(found.text));
  const read = parsePlate([chars], undefined);
  if (read) return read.number;
  for (const hint of hints) {
    const province = { char: hint, p: 0.6, alternatives: [] };
    const fixed = parsePlate([[province, ...chars.slice(1)], [province, ...chars]], undefined);
    if (fixed) {
      notes.remark(`PlateNumber: the province character was not readable; ${hint} is the province the licence names elsewhere`);
      return fixed.number;
    }
  }
  return '';
}

async function vin(form: Form, notes: ExtractionNotes): Promise<string> {
  const found = await textOf(form, 'vin', 16);
  const read = found.pieces.length > 0 ? await charsOf(form, found.pieces) : certain(found.text);
  const chars: VinChar[] = read.filter((c) => /[0-9A-Za-z]/.test(c.char)).map((c) => ({ ...c, char: c.char.toUpperCase() }));
  if (chars.length === 17) return vinOrRemark(chars, notes);
  if (found.pieces.length === 0) return '';
  // a box that cut a character off: the line again, wider
  const wider = parseCode(await widerText(form, found)).replace(/-/g, '');
  return wider.length === 17 ? vinOrRemark(certain(wider), notes) : '';
}

function vinOrRemark(chars: VinChar[], notes: ExtractionNotes): string {
  const choice = chooseVin(chars);
  if (!choice.valid) notes.remark(`Vin ${choice.vin} fails its check digit (ISO 3779): returned as read`);
  return choice.vin;
}

/** A date cell; its line read again wider when the box cut the last digit. */
async function dateOf(form: Form, field: string): Promise<string> {
  const found = await textOf(form, field, 8);
  const date = datesIn(found.text)[0]?.date;
  if (date || found.pieces.length === 0) return date ?? '';
  return datesIn(await widerText(form, found))[0]?.date ?? '';
}

/** A cell that may hold `--`, which the detector often misses: its empty row read as a region. */
async function measured(form: Form, field: string, parse: (text: string) => string): Promise<string> {
  return parse(cellText((await textOf(form, field, 5)).text));
}

async function face(form: Form, notes: ExtractionNotes): Promise<Face> {
  const address = await textOf(form, 'address', 28);
  const more = address.pieces[0] ? form.continuation(address.pieces[0]) : [];
  const addressText = cellText([address.text, ...more.map((p) => p.text)].join(''));
  return {
    IssueDate: await dateOf(form, 'issue'),
    RegisterDate: await dateOf(form, 'register'),
    UseCharacter: parseUseCharacter((await textOf(form, 'use', 6)).text),
    Owner: cellText((await textOf(form, 'owner', 26)).text),
    EngineNumber: parseEngineNumber((await textOf(form, 'engine', 12)).text),
    Model: cellText((await textOf(form, 'model', 11)).text),
    PlateNumber: await plateNumber(form, provinceHints(addressText, '', ''), notes),
    Address: addressText,
    VehicleType: parseVehicleType((await textOf(form, 'type', 8)).text),
    Vin: await vin(form, notes),
  };
}

/** The inspection records: the lines right of 检验记录 and under them, the province of each plate prefix held to the plate grammar. */
async function inspection(form: Form): Promise<string> {
  const records: string[] = [];
  for (const label of form.labels('inspection')) {
    const first = form.valuePieces(label)[0];
    if (!first) continue;
    for (const piece of [first, ...form.continuation(first)]) {
      const chars = await charsOf(form, [piece]);
      // 冀 read as 翼: after 月 comes a plate prefix, whose first character is a province
      const at = chars.findIndex((c, i) => i > 0 && chars[i - 1]!.char === '月');
      const c = chars[at];
      if (c && !PROVINCES.includes(c.char)) {
        const province = c.alternatives.find((a) => PROVINCES.includes(a.char) && a.p >= 0.01);
        if (province) chars[at] = { ...c, char: province.char };
      }
      records.push(chars.map((ch) => ch.char).join(''));
    }
  }
  if (records.length === 0) records.push((await textOf(form, 'inspection', 20)).text);
  return parseInspection(records);
}

async function back(form: Form, notes: ExtractionNotes): Promise<Back> {
  const FileNumber = parseCode((await textOf(form, 'file', 10)).text).replace(/-/g, '');
  const InspectionRecord = await inspection(form);
  return {
    ApprovedLoad: await measured(form, 'load', parseMass),
    ApprovedPassengerCapacity: await measured(form, 'passengers', parsePassengers),
    EnergyType: cellText(valueOf(form, 'energy').text).replace(/[^\u4e00-\u9fff]/g, ''),
    FileNumber,
    GrossMass: await measured(form, 'gross', parseMass),
    InspectionRecord,
    OverallDimension: parseDimension((await textOf(form, 'dimension', 12)).text),
    PlateNumber: await plateNumber(form, provinceHints('', FileNumber, InspectionRecord), notes),
    TractionMass: await measured(form, 'traction', parseMass),
    UnladenMass: await measured(form, 'unladen', parseMass),
  };
}

export default defineExtractor({
  kind: 'vehicle_license',
  point: '2582-17',
  options,
  async extract(image, { side }, notes): Promise<VehicleLicense> {
    const card = await readCard(image);
    const form = new Form(card, LABELS);
    const titled = card.lines.some((l) => isTitle(l.text));
    const faceLabels = FACE_LABELS.filter((f) => form.has(f)).length;
    const backLabels = BACK_LABELS.filter((f) => form.has(f)).length;
    if (!titled && faceLabels < 3 && backLabels < 3) {
      notes.notThisDocument('no vehicle licence title and too few of its labels: not a vehicle licence');
      return { FaceResult: EMPTY_FACE, BackResult: EMPTY_BACK };
    }
    if (side === 'back') {
      if (backLabels === 0) notes.remark('no back page (副页) found in the image');
      return { FaceResult: EMPTY_FACE, BackResult: await back(form, notes) };
    }
    if (faceLabels <= 1 && backLabels >= 3) notes.remark('the image shows the back page (副页): Side=back reads it');
    return { FaceResult: await face(form, notes), BackResult: EMPTY_BACK };
  },
});
