import { readFileSync } from 'node:fs';
import { runTask } from '../../src/ocr/runtime/run-task';
import { prepareThread, threadSettings } from '../../src/ocr/runtime/thread-setup';

/*
 * 2582-20 on the images named on the command line, one at a time: the plates found and the
 * time each took. For looking at one development photo while changing plate code.
 *   npx tsx bench/dev/plate-one.ts <image>...
 */

await prepareThread(threadSettings());
for (const file of process.argv.slice(2)) {
  const started = performance.now();
  const { data } = await runTask({ kind: 'plate', bytes: new Uint8Array(readFileSync(file)), options: {} });
  console.log(file.split('/').at(-1), Math.round(performance.now() - started), 'ms', JSON.stringify((data as { Plates: unknown[] }).Plates));
}
