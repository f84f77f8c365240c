import { z } from 'zod';
import { defineExtractor } from './extractor';
import type { TableData } from './table/output';
import { readTables } from './table/read';

/*
 * 2582-10 tables with complete ruling lines. The page is read once (its lines also tell
 * which way it is turned), the rules are found on an ink mask turned level, the grid and
 * its merged cells come from where rules are present or missing, and the read lines are
 * put into cells (lines crossing a column rule are cut and read again, empty cells with ink
 * are read from the ink). Rows or columns without rules are not invented: such a stretch
 * stays one cell with several Texts. docs/recognition/2582-10.md describes the output.
 */

const options = z.object({
  /** html: FileContent is the HTML of all tables; json: FileContent is the JSON text of Tables. */
  outputFormat: z.enum(['html', 'json']).default('html'),
  /** Undo quarter turns (90°, 180°, 270°) of the scan before reading the tables. */
  assureDirection: z.boolean().default(false),
});

export default defineExtractor({
  kind: 'table',
  point: '2582-10',
  options,
  extract: (image, opts, notes): Promise<TableData> => readTables(image, opts, notes),
});
