import type { ViewTable } from '../lib/documents/types';
import { tableAsTsv } from '../lib/copy-format';
import { CopyButton } from './CopyButton';
import { usePopup } from './context';
import { exportTable } from './export';

/** A recognized table as a table, with its text above and below, and copy as TSV. */
export function TableView(props: { table: ViewTable }) {
  const { t } = usePopup();
  const { table } = props;
  return (
    <section class="table-view">
      <header>
        <h3>{table.title}</h3>
        <span>
          <CopyButton text={tableAsTsv(table)} label={t('copy_tsv')} />{' '}
          <button type="button" data-action="export-table" onClick={() => void exportTable(table, t)}>
            {t('export_xlsx')}
          </button>
        </span>
      </header>
      {table.head && <p class="table-note">{table.head}</p>}
      <div class="table-scroll">
        <table class="recognized">
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} rowSpan={cell.rowSpan} colSpan={cell.colSpan}>
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.tail && <p class="table-note">{table.tail}</p>}
    </section>
  );
}
