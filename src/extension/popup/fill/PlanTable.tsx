import { Fragment } from 'preact';
import type { Box, FillDocument, FillField, InputRef, MissReason } from '../../lib/fill/plan';
import type { ShapeNote } from '../../lib/fill/shape';
import { usePopup } from '../context';
import { noteText, reasonText } from './fill-text';

/** One field of the plan: the box it goes into (none: not filled), and the boxes the user may pick. */
export interface PlanRow {
  doc: number;
  field: FillField;
  to?: InputRef;
  value?: string;
  note?: ShapeNote;
  reason?: MissReason;
  /** boxes the user may choose for this field, best first */
  choices: Box[];
}

export const refKey = (r: InputRef | undefined) => (r ? `${r.frameId}:${r.index}` : '');

/** The plan as a table: field, value as it will be written, and a choice of box (or none). */
export function PlanTable(props: {
  rows: PlanRow[];
  docs: FillDocument[];
  name(box: Box): string;
  onRetarget(row: PlanRow, key: string): void;
  /** pointing at a row (undefined: at none) */
  onPoint(row: PlanRow | undefined): void;
}) {
  const { t } = usePopup();
  const { rows, docs } = props;
  return (
    <table class="fields fill-pairs" onMouseLeave={() => props.onPoint(undefined)}>
      <tbody>
        {rows.map((r, i) => (
          <Fragment key={`${r.doc}|${r.field.key}|${i}`}>
            {docs.length > 1 && (i === 0 || rows[i - 1]!.doc !== r.doc) && (
              <tr class="group">
                <th colSpan={3}>
                  {r.doc + 1}. {docs[r.doc]!.title}
                </th>
              </tr>
            )}
            <tr data-key={r.field.key} data-doc={r.doc} class={r.to ? 'planned' : 'missing'} onMouseEnter={() => props.onPoint(r)}>
              <th scope="row">{r.field.label}</th>
              <td class="value">
                {r.value ?? r.field.value}
                {r.note && <small class="note">{noteText(r.note, t)}</small>}
              </td>
              <td class="target">
                <select class="fill-target" aria-label={t('fill_target')} value={refKey(r.to)} onChange={(e) => props.onRetarget(r, e.currentTarget.value)} onFocus={() => props.onPoint(r)}>
                  <option value="">{t('fill_target_none')}</option>
                  {r.choices.map((b) => (
                    <option key={refKey(b.ref)} value={refKey(b.ref)}>
                      {props.name(b)}
                    </option>
                  ))}
                </select>
                {!r.to && r.reason && r.reason !== 'no_input' && <small class="reason">{reasonText(r.reason, t)}</small>}
              </td>
            </tr>
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
