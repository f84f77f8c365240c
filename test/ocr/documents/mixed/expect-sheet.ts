import { expect } from 'vitest';
import { runTask } from '../../../../src/ocr/runtime/run-task';
import { type MixedDocument, mixedData } from '../../../../src/protocol/points/2582-25';
import { flattenMixed } from '../../../support/synth/documents/mixed-fields';
import type { Sheet } from '../../../support/synth/documents/mixed-sheet';

/*
 * What a user relies on when 2582-25 reads a sheet. expectEveryDocument: every pasted document
 * found (a region of its type holds its centre) with its key fields. expectSheet adds that
 * nothing else is found: each document in exactly one region, as many regions as documents, in
 * reading order. Each document is checked on its own (soft assertions), so a failure lists every
 * document the sheet got wrong, not only the first.
 */

type Found = MixedDocument[];

export const readMixed = async (bytes: Uint8Array) => {
  const r = await runTask({ kind: 'mixed', bytes, options: {} });
  return { ...r, data: mixedData.strict().parse(r.data) };
};

const inside = (d: MixedDocument, x: number, y: number) => x >= d.Roi.X && x <= d.Roi.X + d.Roi.W && y >= d.Roi.Y && y <= d.Roi.Y + d.Roi.H;
const listed = (found: Found) => found.map((d) => `${d.Type}@${d.Roi.X},${d.Roi.Y},${d.Roi.W}x${d.Roi.H}`).join(' ');
const named = (sheet: Sheet, doc: Sheet['documents'][number]) => `${sheet.name}: ${doc.source ?? doc.type} turned ${Math.round(doc.angle)}° at ${Math.round(doc.cx)},${Math.round(doc.cy)}`;

function everyDocument(sheet: Sheet, found: Found): void {
  for (const doc of sheet.documents) {
    const hit = found.find((d) => d.Type === doc.type && inside(d, doc.cx, doc.cy));
    expect.soft(hit?.Type, `${named(sheet, doc)}: a region of its type holding it (found: ${listed(found)})`).toBe(doc.type);
    if (hit) expect.soft(flattenMixed(doc.type, hit.Data), `${named(sheet, doc)}: key fields`).toEqual(doc.expected);
  }
}

function nothingElse(sheet: Sheet, found: Found): void {
  for (const doc of sheet.documents) {
    expect.soft(found.filter((d) => inside(d, doc.cx, doc.cy)).map((d) => d.Type), `${named(sheet, doc)}: the regions holding it (found: ${listed(found)})`).toEqual([doc.type]);
  }
  expect.soft(found.length, `${sheet.name}: documents found against ${sheet.documents.length} pasted (found: ${listed(found)})`).toBe(sheet.documents.length);
  // reading order: rows of regions top to bottom
  for (let i = 1; i < found.length; i++) expect.soft(found[i]!.Roi.Y + found[i]!.Roi.H, `${sheet.name}: region ${i + 1} below or beside region ${i}`).toBeGreaterThan(found[i - 1]!.Roi.Y);
}

/** Every pasted document found, of its type, with its key fields (other text may come back too). */
export async function expectEveryDocument(sheet: Sheet): Promise<void> {
  everyDocument(sheet, (await readMixed(sheet.bytes)).data.Documents);
}

/** Every pasted document found once, of its type, with its key fields, and nothing else, in reading order. */
export async function expectSheet(sheet: Sheet): Promise<void> {
  const found = (await readMixed(sheet.bytes)).data.Documents;
  everyDocument(sheet, found);
  nothingElse(sheet, found);
}
