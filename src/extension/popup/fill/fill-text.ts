import type { MessageKey, Translate } from '../../lib/i18n';
import type { Box, MissReason } from '../../lib/fill/plan';
import type { Source } from '../../lib/fill/scan-schema';
import { withoutPrompt } from '../../lib/fill/score';
import type { ShapeNote } from '../../lib/fill/shape';

/*
 * The fill panel's words: a box as the user knows it (its label, its row, its frame), what was done
 * to a value, why a field found no box.
 */

const nameOrder: Source[] = ['label', 'item', 'aria', 'column', 'nearby', 'placeholder', 'title', 'name', 'id'];

export function boxName(box: Box, t: Translate, frameHost: (frameId: number) => string): string {
  let name = t('fill_box_unnamed');
  for (const source of nameOrder) {
    const d = box.input.descriptors.find((x) => x.source === source);
    // "*发票代码：" is shown as 发票代码
    const text = d && (source === 'placeholder' ? withoutPrompt(d.text) || d.text : d.text).replace(/^[*＊\s]+|[:：\s]+$/g, '');
    if (text) {
      name = text.length > 24 ? `${text.slice(0, 23)}…` : text;
      break;
    }
  }
  const parts = [name];
  if (box.input.row) parts.push(t('fill_row', box.input.row.index + 1));
  if (box.ref.frameId !== 0) parts.push(t('fill_frame', frameHost(box.ref.frameId)));
  return parts.join(' · ');
}

export function noteText(note: ShapeNote | undefined, t: Translate): string {
  if (!note) return '';
  switch (note.kind) {
    case 'last':
      return t('fill_note_last', note.n);
    case 'first':
      return t('fill_note_first', note.n);
    case 'option':
      return t('fill_note_option', note.text);
    case 'date':
      return t('fill_note_date');
    case 'number':
      return t('fill_note_number');
  }
}

const reasonKeys: Record<MissReason, MessageKey> = {
  no_input: 'fill_reason_no_input',
  no_place: 'fill_reason_no_place',
  no_row: 'fill_reason_no_row',
  too_long: 'fill_reason_too_long',
  no_option: 'fill_reason_no_option',
  not_a_number: 'fill_reason_not_a_number',
  not_a_date: 'fill_reason_not_a_date',
};

export const reasonText = (r: MissReason, t: Translate) => t(reasonKeys[r]);

/** The fields left over, grouped by why, in the order the reasons first appear. */
export function byReason<R extends { reason?: MissReason }>(rows: readonly R[]): [MissReason, R[]][] {
  const groups = new Map<MissReason, R[]>();
  for (const r of rows) groups.set(r.reason ?? 'no_input', [...(groups.get(r.reason ?? 'no_input') ?? []), r]);
  return [...groups];
}

/** The tag over a box on the page: the field, and the document's number when several are filled. */
export function markText(doc: number, label: string, docs: number): string {
  return docs > 1 ? `${doc + 1}·${label}` : label;
}
