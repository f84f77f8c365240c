import { readdirSync, readFileSync } from 'node:fs';
import { readRegion } from '../../src/ocr/documents/mixed/read';
import { readSheet } from '../../src/ocr/documents/mixed/sheet';
import { detectorScale } from '../../src/ocr/documents/mixed/small-print';
import { decodeImage } from '../../src/ocr/image/decode';
import type { OcrLine } from '../../src/ocr/pipeline';
import { readLine } from '../../src/ocr/rec/read';

/*
 * A VAT invoice's number and total on the stored sheets (bench/dev/mixed-fields.ts stores them,
 * with their truth beside as JSON), as 2582-25 reads them, and how sure the recogniser was of their
 * digits: the line the sheet's lines gave the value is read again from the image at its own
 * scale, its own box, with each character's probability (ctc.ts alternatives). Whether a digit
 * read wrong in a valid form (59878165 for 59878168) could be told by its confidence:
 *   npx tsx bench/dev/mixed-digits.ts <dir> <seed>...
 * Per field: RIGHT or WRONG, the value, the line, its height in the image, the scale its
 * detector saw it at, and its least confident digit with the runner-up class.
 */

const [dir, ...seedArgs] = process.argv.slice(2);
const seeds = new Set(seedArgs.map(Number));
const seedOf = (file: string) => Number(/-(\d)\d{3}\.json$/.exec(file)?.[1]);

/** The least probable digit of `value` in the line read again (NaN when the line reads otherwise now). */
async function leastDigit(image: Awaited<ReturnType<typeof decodeImage>>, line: OcrLine, value: string): Promise<string> {
  const read = await readLine(image, line.quad, { alternatives: 2, classify: true });
  const chars = (read.chars ?? []).filter((c) => c.char.trim() !== '');
  const text = chars.map((c) => c.char).join('');
  const at = text.indexOf(value);
  if (at < 0) return `least=NaN (read again: ${text})`;
  const digits = chars.slice(at, at + value.length).filter((c) => /\d/.test(c.char));
  const least = digits.reduce((a, b) => (b.p < a.p ? b : a));
  return `least=${least.p.toFixed(2)} ${least.char}/${least.alternatives[1]?.char ?? '-'}:${(least.alternatives[1]?.p ?? 0).toFixed(2)}`;
}

for (const file of readdirSync(dir!).filter((f) => f.endsWith('.json') && seeds.has(seedOf(f))).sort()) {
  const truth = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { documents: { type: string; cx: number; cy: number; expected: Record<string, string> }[] };
  const vats = truth.documents.filter((d) => d.type === 'vat_invoice');
  if (vats.length === 0) continue;
  const image = await decodeImage(new Uint8Array(readFileSync(`${dir}/${file.replace(/\.json$/, '.jpg')}`)));
  // the reading 2582-25 makes (mixed.ts): the whole image, its small print again, the regions
  const again = await readSheet(image);
  const { regions } = again;
  for (const doc of vats) {
    const region = regions.find((r) => doc.cx >= r.roi.X && doc.cx <= r.roi.X + r.roi.W && doc.cy >= r.roi.Y && doc.cy <= r.roi.Y + r.roi.H);
    if (!region) {
      console.log(file, 'no region at', Math.round(doc.cx), Math.round(doc.cy));
      continue;
    }
    const content = ((await readRegion(image, region, again.lines, again.seenAt)).document.Data as { Content?: Record<string, string> }).Content ?? {};
    for (const key of ['InvoiceNo', 'InvoiceAmount']) {
      const got = String(content[key] ?? ''), want = String(doc.expected[key]);
      const line = got ? region.lines.find((l) => l.text.replace(/\s+/g, '').includes(got)) : undefined;
      const where = line ? `line ${JSON.stringify(line.text)} h ${line.box.h.toFixed(1)} seen at ${(again.seenAt.get(line) ?? detectorScale(image)).toFixed(2)} ${await leastDigit(image, line, got)}` : 'no line holds it';
      console.log(`${file.replace(/\.json$/, '')} ${key} ${got === want ? 'RIGHT' : 'WRONG'} ${got || '-'} want ${want} ${where}`);
    }
  }
}
process.exit(0);
