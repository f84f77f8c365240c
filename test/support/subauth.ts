import { subAuthRecord } from '../../src/protocol/subauth';
import { call } from './gateway';

/** Calls a 2141 point with an appKey and checks the envelope shape on the way. */
export async function manage(base: string, appKey: string, point: string, form: Record<string, string>) {
  const r = await call(base, point, { query: { appKey }, form });
  return r;
}

/** Asserts a value is a well-formed sub-authorization record and returns it typed. */
export function record(v: unknown) {
  return subAuthRecord.parse(v);
}
