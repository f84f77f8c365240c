import { PostalImportError, importPostalFile } from '../../postal/import';
import { type AdminCommand, AdminError } from '../command';

/** More skipped rows than this are counted, not listed: a wrong file should not flood the terminal. */
const MAX_LISTED = 1000;
/** A progress line on stderr every this many rows: a long import shows it is alive. */
const PROGRESS_EVERY = 10_000;

export const postalImport: AdminCommand = {
  usage: 'postal import FILE.csv   (header province,city,area,county,code; replaces the data set)',
  options: {},
  async run(services, args, log) {
    const file = typeof args._ === 'string' ? args._ : '';
    if (file === '') throw new AdminError('name the CSV file: postal import FILE.csv');
    // the parser reports some rows (bad quoting) before rows read earlier are validated: list by line
    const skipped: { line: number; reason: string }[] = [];
    let more = 0;
    const listSkipped = () => {
      for (const s of skipped.sort((x, y) => x.line - y.line)) log(`line ${s.line}: skipped, ${s.reason}`);
      if (more > 0) log(`... and ${more} more skipped rows`);
    };
    const started = Date.now();
    let reported = 0;
    try {
      const result = await importPostalFile(services.postal, file, {
        onProgress(rows) {
          if (rows - reported < PROGRESS_EVERY) return;
          reported = rows;
          log(`${rows} rows read`);
        },
        onSkip(line, reason) {
          if (skipped.length < MAX_LISTED) skipped.push({ line, reason });
          else more++;
        },
      });
      listSkipped();
      log(`imported ${result.rows} rows from ${file} in ${Date.now() - started} ms (${result.skipped} skipped)`);
      return { rows: result.rows, skipped: result.skipped };
    } catch (e) {
      listSkipped();
      // the previous data set is intact: the import runs in one transaction
      if (e instanceof PostalImportError) throw new AdminError(`${e.message}; the previous data set is unchanged`);
      throw e;
    }
  },
};

export const postalStats: AdminCommand = {
  usage: 'postal stats',
  options: {},
  async run(services) {
    return { ...(await services.postal.stats()) };
  },
};
