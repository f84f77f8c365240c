import { type DocId, docIds, documentOf } from '../lib/documents/index';
import { usePopup } from './context';

/** A labelled choice of document type (region capture, image files). */
export function DocTypeSelect(props: { label: string; name: string; value: DocId; onChange: (id: DocId) => void }) {
  const { t } = usePopup();
  return (
    <label>
      {props.label}{' '}
      <select name={props.name} value={props.value} onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value as DocId)}>
        {docIds.map((id) => (
          <option key={id} value={id}>
            {t(documentOf(id).titleKey)}
          </option>
        ))}
      </select>
    </label>
  );
}
