import { parentPort, workerData } from 'node:worker_threads';
import { configureSessions, warmUp } from '../models';
import type { HelperData, HelperReply, HelperRequest } from './rec-helpers';
import { warpQuad } from '../geometry/warp';
import { readLine } from '../rec/read';

/*
 * A recognition helper thread (rec-helpers.ts): one classifier and one recogniser session on
 * one ONNX Runtime thread, warmed before it says it is ready, then one line per request (or a
 * band of a crop, warp-bands.ts).
 */

configureSessions({ intraOpThreads: 1, modelForm: (workerData as HelperData).modelForm });
const port = parentPort!;
const send = (reply: HelperReply) => port.postMessage(reply);

// a failure here is an unhandled rejection, which ends the thread: the owner sees 'error'
void warmUp(['cls', 'rec']).then(() => send({ ready: true }));

port.on('message', async (request: HelperRequest) => {
  const { id } = request;
  try {
    if ('warp' in request) {
      const { image, quad, width, height, srcW, srcH, from, to, into } = request.warp;
      warpQuad(image, quad, width, height, srcW, srcH, { from, to, into });
      return send({ id, done: true });
    }
    const { image, quad, options } = request.line;
    send({ id, line: await readLine(image, quad, options) });
  } catch (err) {
    send({ id, error: (err as Error).message });
  }
});
