import type { Services } from '../services';
import { importPostalFile } from './import';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** How to load data, for the start-up message and the -6 answer alike. */
export const IMPORT_HINT = 'npm run --silent admin -- postal import FILE.csv (e.g. ../shared/postal/cn-postal-streets.csv)';

/**
 * At gateway start: with no postal data yet, imports the file named by POSTAL_CSV, or says how to
 * load data. A store that has data is left alone (a re-import is the admin command's job), so
 * restarts and further gateway processes on a shared PostgreSQL do not import again (processes
 * starting at the same moment may each import; the imports queue and end with the same data).
 * A POSTAL_CSV that cannot be imported stops the start, as any bad setting does; the services are
 * closed first so nothing is left open.
 */
export async function loadPostalOnStart(services: Services, log: Log): Promise<void> {
  if (!(await services.postal.isEmpty())) return;
  const file = services.config.POSTAL_CSV;
  if (!file) {
    log.warn({}, `no postal data: 1917-1 and 1917-2 answer -6 until it is loaded; set POSTAL_CSV=FILE.csv or run ${IMPORT_HINT}`);
    return;
  }
  const started = Date.now();
  const firstSkips: string[] = [];
  try {
    const r = await importPostalFile(services.postal, file, {
      onSkip: (line, reason) => {
        if (firstSkips.length < 20) firstSkips.push(`line ${line}: ${reason}`);
      },
    });
    if (r.skipped > 0) log.warn({ file, skipped: r.skipped, first: firstSkips }, 'POSTAL_CSV: rows skipped');
    log.info({ file, rows: r.rows, skipped: r.skipped, ms: Date.now() - started }, 'postal data imported from POSTAL_CSV');
  } catch (e) {
    await services.close();
    throw new Error(`POSTAL_CSV=${file} could not be imported: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
