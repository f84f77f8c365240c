import type { HistoryEntry } from '../../protocol/messages';
import type { Lang } from '../../protocol/settings';
import type { ViewTable } from '../lib/documents/types';
import type { Translate } from '../lib/i18n';
import { download, exportName } from './download';
import { timeOf } from './EntryLine';

/*
 * Export from the popup or the side panel. The sheet model and the writers are imported only
 * when the user exports, so neither ExcelJS nor csv-stringify is part of the first paint.
 */

export type ExportFormat = 'xlsx' | 'csv';

/**
 * Loads and compiles the writers (ExcelJS is most of a megabyte) once the browser is idle, so the
 * click on 导出 pays only for writing. Returns the cancel for an unmount before the idle time.
 */
export function warmExport(): () => void {
  const load = () => {
    // a load that fails here fails again on the click, which says so
    const ignore = () => undefined;
    import('../lib/export/sheets').catch(ignore);
    import('../lib/export/xlsx').then((m) => m.preloadXlsx()).catch(ignore);
  };
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(load, { timeout: 2000 });
  return () => cancelIdleCallback(handle);
}

/** Writes the finished entries among `entries` and saves the file; the count of documents exported. */
export async function exportEntries(entries: HistoryEntry[], format: ExportFormat, t: Translate, lang: Lang): Promise<number> {
  const { historySheets } = await import('../lib/export/sheets');
  const sheets = historySheets(entries, t, (at) => timeOf(at, lang, true));
  const name = exportName(t('export_file_prefix'), format);
  if (format === 'xlsx') {
    const { writeXlsx, XLSX_TYPE } = await import('../lib/export/xlsx');
    download(await writeXlsx(sheets, t('export_total')), XLSX_TYPE, name);
  } else {
    const { writeCsv } = await import('../lib/export/csv');
    download(writeCsv(sheets, t), 'text/csv;charset=utf-8', name);
  }
  return entries.filter((e) => e.status === 'ok').length;
}

/** One recognized table (2582-10) as a workbook, its spanning cells merged. */
export async function exportTable(table: ViewTable, t: Translate): Promise<void> {
  const [{ tableSheet }, { writeXlsx, XLSX_TYPE }] = await Promise.all([import('../lib/export/sheets'), import('../lib/export/xlsx')]);
  download(await writeXlsx([tableSheet(table, table.title)], t('export_total')), XLSX_TYPE, exportName(t('doc_table'), 'xlsx'));
}
