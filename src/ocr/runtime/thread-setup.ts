import { availableParallelism } from 'node:os';
import { configureSessions, defaultModelForm, warmUp } from '../models';
import { startRecHelpers } from './rec-helpers';
import type { WorkerSettings } from './task';

/*
 * How a thread that runs recognition is set up: the pool's workers, and the benches that
 * run the engine in their own thread as a worker would.
 */

/** Past a few threads per document, more only add memory (a recogniser session each). */
const MAX_REC_THREADS = 4;

/** The settings a worker runs with: `given` where set, otherwise every core (recThreads at most 4). */
export function threadSettings(given: Partial<WorkerSettings> = {}): WorkerSettings {
  const cores = availableParallelism();
  return {
    intraOpThreads: Math.max(1, Math.floor(given.intraOpThreads ?? cores)),
    recThreads: Math.max(1, Math.floor(given.recThreads ?? Math.min(cores, MAX_REC_THREADS))),
    modelForm: given.modelForm ?? defaultModelForm(),
  };
}

/**
 * Opens and warms this thread's sessions and starts its recognition helpers. With helpers,
 * each line is read on one ONNX Runtime thread, several lines at a time (rec-helpers.ts).
 */
export async function prepareThread(settings: WorkerSettings): Promise<void> {
  const helpers = settings.recThreads - 1;
  configureSessions({ intraOpThreads: settings.intraOpThreads, recIntraOpThreads: helpers > 0 ? 1 : undefined, modelForm: settings.modelForm });
  await Promise.all([warmUp(), startRecHelpers(helpers)]);
}
