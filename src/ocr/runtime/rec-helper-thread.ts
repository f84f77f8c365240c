import { parentPort, workerData } from 'node:worker_threads';
import { configureSessions, warmUp } from '../models';
import type { HelperData, HelperReply, HelperRequest } from './rec-helpers';
import { detectHere } from '../det/index';
import { warpQuad } from '../geometry/warp';
import { readLine } from '../rec/read';

/*
 * A recognition helper thread (rec-helpers.ts): one classifier and one recogniser session on
 * one ONNX Runtime thread, and a detector on as many as its owner's, warmed before it says it
 * is ready, then one line per request (or a band of a crop, warp-bands.ts, or a detection,
 * det-helper.ts).
 */

const { modelForm, detIntraOpThreads } = workerData as HelperData;
configureSessions({ intraOpThreads: 1, detIntraOpThreads, modelForm });
const port = parentPort!;
const send = (reply: HelperReply) => port.postMessage(reply);

// a failure here is an unhandled rejection, which ends the thread: the owner sees 'error'
void warmUp(['cls', 'rec', 'det']).then(() => send({ ready: true }));

port.on('message', async (request: HelperRequest) => {
  const { id } = request;
  try {
    if ('warp' in request) {
      const { image, quad, width, height, srcW, srcH, from, to, into } = request.warp;
      warpQuad(image, quad, width, height, srcW, srcH, { from, to, into });
      return send({ id, done: true });
    }
    if ('det' in request) {
      const { image, size, db } = request.det;
      return send({ id, det: await detectHere(image, size, db) });
    }
    const { image, quad, options } = request.line;
    send({ id, line: await readLine(image, quad, options) });
  } catch (err) {
    send({ id, error: (err as Error).message });
  }
});
