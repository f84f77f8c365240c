import { readChars, readRegion, readWider } from './card';
import type { Form, Piece } from './form';
import type { DecodedChar } from '../../rec/ctc';

/*
 * Reading one field of a form: the value pieces right of its label (or of its English
 * caption when the label itself was not read), the characters of those pieces with their
 * alternatives, and the empty row read as a region when the detector found nothing there.
 */

export interface FieldValue {
  text: string;
  pieces: Piece[];
  /** the label (or caption) the value was found by */
  label?: Piece;
}

/**
 * Value pieces as one text. The detector sometimes returns one value as two boxes that
 * overlap (`1994-04` and `4-01至2000-04-01`): where a piece starts inside the one before it,
 * the characters both read there are taken once.
 */
export function joinPieces(pieces: Piece[]): string {
  let text = '';
  pieces.forEach((p, i) => {
    const before = pieces[i - 1];
    let next = p.text;
    if (before && p.left < before.right - 0.2 * p.h) {
      const a = [...text], b = [...next];
      const k = [3, 2, 1].find((n) => n < b.length && n <= a.length && a.slice(-n).join('') === b.slice(0, n).join(''));
      if (k) next = b.slice(k).join('');
    }
    text += next;
  });
  return text;
}

/** The first label of the field with something right of it; the bare label when none has. */
export function valueOf(form: Form, field: string, pick: (labels: Piece[]) => Piece[] = (l) => l): FieldValue {
  const labels = pick([...form.labels(field), ...form.captions(field)]);
  for (const label of labels) {
    const pieces = form.valuePieces(label);
    if (pieces.length > 0) return { text: joinPieces(pieces), pieces, label };
  }
  return { text: '', pieces: [], label: labels[0] };
}

/** The characters of value pieces, with the alternatives the recogniser weighed for each. */
export async function charsOf(form: Form, pieces: Piece[]): Promise<DecodedChar[]> {
  const out: DecodedChar[] = [];
  for (const p of pieces) {
    const chars = (await readChars(form.card, p.line.line)).filter((c) => c.char.trim() !== '');
    // the same line read again gives the same text; if not, trust the first reading without alternatives
    const same = chars.map((c) => c.char).join('') === p.line.text;
    if (same) out.push(...chars.slice(p.start, p.end));
    else out.push(...[...p.text].map((char) => ({ char, p: 1, alternatives: [] })));
  }
  return out;
}

/**
 * What the empty part of a label's row reads as, when the detector found no value there
 * (a lone 女 after 性别 is below its size threshold); `width` in label heights.
 */
export async function readEmptyRow(form: Form, label: Piece | undefined, width: number): Promise<string> {
  if (!label) return '';
  // a caption is about two thirds of a label high
  const read = await readRegion(form.card, form.emptyRow(label, width * label.h * (label.caption ? 1.5 : 1)));
  // a lone dash is read with little confidence (`-`, `一`): its shape says what it is
  if (read.dash) return '--';
  return read.confidence >= 0.5 ? form.afterLabels(read.text) : '';
}

/**
 * A field's value text: the pieces right of its label, or, when the detector found none,
 * its row read as a region (`width` in label heights).
 */
export async function textOf(form: Form, field: string, width: number): Promise<FieldValue> {
  const found = valueOf(form, field);
  if (found.text !== '' || !found.label) return found;
  return { text: await readEmptyRow(form, found.label, width), pieces: [], label: found.label };
}

/** A value's lines read again over boxes stretched along the text (a cut-off last character). */
export async function widerText(form: Form, value: FieldValue): Promise<string> {
  const lines = [...new Set(value.pieces.map((p) => p.line))];
  const texts: string[] = [];
  for (const l of lines) texts.push((await readWider(form.card, l.line)).text);
  return texts.join('');
}
