import { readFileSync } from 'node:fs';
import { loadQrDecoder } from '../../src/ocr/qr/decode';
import { runTask } from '../../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';

/*
 * 2582-25 on one image as the bench reads it (bench/documents.ts: this process set up as a pool
 * worker, its recognition helpers running), `REPEATS` times (default 3; the first includes
 * loading the models): wall and process CPU ms of each. bench/dev/mixed-stages.ts times the
 * stages one after another on this thread alone, slower in all (sheet 1006: 6–7 s against 4.4 s
 * here): use it for where the time goes, this for how long a sheet takes.
 *   npx tsx bench/dev/mixed-task.ts <image>
 */

await Promise.all([prepareThread(threadSettings()), loadQrDecoder()]);
const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < Number(process.env.REPEATS ?? 3); i++) {
  const w = performance.now(), c = cpu();
  await runTask({ kind: 'mixed', bytes, options: {} });
  console.log(`wall ${Math.round(performance.now() - w)} ms, cpu ${Math.round(cpu() - c)} ms`);
}
process.exit(0);
