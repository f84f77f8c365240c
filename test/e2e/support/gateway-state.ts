import { type DocId, documents } from '../../../src/extension/lib/documents/index';
import { call } from '../../support/gateway';

/** A 1×1 white PNG: the smallest valid input a recognition point can run on. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

/**
 * Whether the gateway serves the point of a document type yet (recognition lands point by point).
 * A point not available answers -6 from its handler, after authentication and field checks, so
 * the probe sends a complete request, built the way the extension builds it.
 */
const known = new Map<string, Promise<boolean>>();

export function servesDocument(base: string, token: string, docId: DocId): Promise<boolean> {
  // asked once per gateway and type: each probe is a (small) recognition
  const key = `${base} ${docId}`;
  if (!known.has(key)) known.set(key, probe(base, token, docId));
  return known.get(key)!;
}

async function probe(base: string, token: string, docId: DocId): Promise<boolean> {
  const doc = documents[docId];
  const form = { ...doc.request(TINY_PNG, 'image'), ds_id: 'local' };
  const res = await call(base, doc.point, { form, headers: { 'gateway-access-token': token } });
  return res.json.gateway_res_code !== -6;
}

/** Whether 2582-16 (asynchronous results) is served: an unknown job is a business answer, not -6. */
export async function servesJobs(base: string, token: string): Promise<boolean> {
  const res = await call(base, '2582-16', { form: { JobId: 'no-such-job', ds_id: 'local' }, headers: { 'gateway-access-token': token } });
  return res.json.gateway_res_code !== -6;
}

/** The first document type whose point is not served yet, if any. */
export async function unservedDocument(base: string, token: string): Promise<DocId | undefined> {
  for (const id of Object.keys(documents) as DocId[]) if (!(await servesDocument(base, token, id))) return id;
  return undefined;
}
