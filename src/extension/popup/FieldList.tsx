import type { ViewField } from '../lib/documents/types';
import { CopyButton } from './CopyButton';
import { usePopup } from './context';

/** Labelled fields, each with a copy button and, for fillable documents, click-to-fill. */
export function FieldList(props: { fields: ViewField[]; onPick?: (f: ViewField) => void }) {
  const { t } = usePopup();
  let group: string | undefined;
  return (
    <table class="fields">
      <tbody>
        {props.fields.flatMap((f, i) => {
          const rows = [];
          if (f.group && f.group !== group) rows.push(<tr key={`g${i}`} class="group"><th colSpan={3}>{f.group}</th></tr>);
          group = f.group;
          rows.push(
            <tr key={i} data-key={f.key}>
              <th scope="row">{f.label}</th>
              <td class="value">{f.value || <span class="empty">—</span>}</td>
              <td class="actions">
                {f.value && <CopyButton text={f.value} />}
                {f.value && props.onPick && (
                  <button type="button" class="pick" title={t('fill_pick_from', f.label)} onClick={() => props.onPick!(f)}>
                    {t('fill_pick')}
                  </button>
                )}
              </td>
            </tr>,
          );
          return rows;
        })}
      </tbody>
    </table>
  );
}
