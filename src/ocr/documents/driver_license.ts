import { z } from 'zod';
import type { driverLicenseData } from '../../protocol/points/2582-19';
import { datesIn } from './license/dates';
import { readCard } from './license/card';
import { Form } from './license/form';
import { charsOf, readEmptyRow, textOf, valueOf, widerText } from './license/values';
import { isBackTitle, isTitle, LABELS, OWN_LABELS, parseArchive, parseClass, parseGender, parseName, parseValidity } from './driver_license/fields';
import { chooseIdNumber, genderOf } from './driver_license/id-number';
import { defineExtractor, type ExtractionNotes } from './extractor';

/*
 * 2582-19 driver licence, face or back page (副页). Each field is read right of its label
 * (license/form.ts) and checked against its grammar (driver_license/fields.ts); the licence
 * number is the holder's ID number and must pass its check character (repaired toward one
 * that does, id-number.ts). Name and LicenseNumber are `NoResult` when not readable and
 * `InvalidInput` when the image is no driver licence; every other field not found is "".
 * The back page prints 姓名 and 证号 too, so Side=back fills those two from it.
 */

type DriverLicense = z.infer<typeof driverLicenseData>;
type Face = DriverLicense['FaceResult'];

const options = z.object({ side: z.enum(['face', 'back']).default('face') });

const emptyFace = (marker: string): Face => ({
  Name: marker, LicenseNumber: marker, IssueDate: '', StartDate: '', EndDate: '', Address: '', Gender: '', VehicleType: '',
});

async function licenceNumber(form: Form, notes: ExtractionNotes): Promise<string> {
  const labelled = valueOf(form, 'number');
  const candidates = labelled.pieces.length > 0 ? [labelled.pieces] : [];
  // without its label: any piece that is 18 ID characters
  for (const p of form.pieces) if (!p.label && !p.caption && /^[\dXx]{17,19}$/.test(p.text)) candidates.push([p]);
  let fallback = '';
  for (const pieces of candidates) {
    const chosen = chooseIdNumber(await charsOf(form, pieces));
    if (chosen?.valid) return chosen.id;
    fallback ||= chosen?.id ?? '';
  }
  if (fallback) notes.remark(`LicenseNumber ${fallback} fails its check character (GB 11643): returned as read`);
  return fallback || 'NoResult';
}

async function holderName(form: Form): Promise<string> {
  const found = valueOf(form, 'name');
  const name = parseName(found.pieces[0]?.text ?? '') || parseName(await readEmptyRow(form, found.label, 6));
  return name || 'NoResult';
}

async function face(form: Form, id: string, notes: ExtractionNotes): Promise<Omit<Face, 'Name' | 'LicenseNumber'>> {
  const gender = valueOf(form, 'gender');
  let Gender = parseGender(gender.text) || parseGender(await readEmptyRow(form, gender.label, 3));
  // the ID number's order digit says it when the printed one was not read (GB 11643)
  if (!Gender && /^\d{17}[\dX]$/.test(id)) Gender = genderOf(id);

  const address = await textOf(form, 'address', 24);
  const more = address.pieces[0] ? form.continuation(address.pieces[0]) : [];
  const Address = [address.text, ...more.map((p) => p.text)].join('').replace(/^[:：]/, '').replace(/[.。·…,，]+$/, '');

  const cls = valueOf(form, 'class');
  const VehicleType = parseClass(cls.text) || parseClass(await readEmptyRow(form, cls.label, 8));

  const from = (await textOf(form, 'validFrom', 10)).text;
  const printed = await textOf(form, 'validity', 14);
  let validity = parseValidity(printed.text, from);
  // a box that stopped inside the last digit (`2021-09-1`): read the line again, wider
  if (!validity.end && printed.pieces.length > 0) validity = parseValidity(await widerText(form, printed), from);
  const issued = await textOf(form, 'firstIssue', 10);
  const IssueDate = datesIn(issued.text)[0]?.date ?? (issued.pieces.length > 0 ? datesIn(await widerText(form, issued))[0]?.date : undefined) ?? '';
  if (validity.computed) notes.remark(`EndDate computed from the printed validity of ${validity.computed} from StartDate`);
  return {
    IssueDate,
    StartDate: validity.start,
    EndDate: validity.end,
    Address,
    Gender,
    VehicleType,
  };
}

/** One entry per back page: every 档案编号 read, each once. */
function archives(form: Form): { ArchiveNumber: string }[] {
  const numbers = form.labels('archive').map((label) => parseArchive(form.valuePieces(label).map((p) => p.text).join('')));
  return [...new Set(numbers.filter(Boolean))].map((ArchiveNumber) => ({ ArchiveNumber }));
}

export default defineExtractor({
  kind: 'driver_license',
  point: '2582-19',
  options,
  async extract(image, { side }, notes): Promise<DriverLicense> {
    const card = await readCard(image);
    const form = new Form(card, LABELS);
    const titled = card.lines.some((l) => isTitle(l.text));
    const own = OWN_LABELS.filter((f) => form.has(f)).length;
    if (!titled && own < 3) {
      notes.notThisDocument('no driver licence title and too few of its labels: not a driver licence');
      return { FaceResult: emptyFace('InvalidInput'), BackResult: [] };
    }
    const LicenseNumber = await licenceNumber(form, notes);
    const Name = await holderName(form);
    const back = card.lines.some((l) => isBackTitle(l.text)) || form.has('archive', 'record');
    const faceShown = form.has('gender', 'birth', 'firstIssue', 'class', 'validity', 'validFrom');
    if (side === 'back') {
      const BackResult = archives(form);
      if (BackResult.length === 0) notes.remark(back ? 'the back page\'s 档案编号 could not be read' : 'no back page (副页) found in the image');
      return { FaceResult: { ...emptyFace(''), Name, LicenseNumber }, BackResult };
    }
    if (!faceShown && back) notes.remark('the image shows the back page (副页): Side=back reads its 档案编号');
    return { FaceResult: { Name, LicenseNumber, ...(await face(form, LicenseNumber, notes)) }, BackResult: [] };
  },
});
