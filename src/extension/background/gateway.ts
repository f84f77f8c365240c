import { type z, ZodUnion } from 'zod';
import { anyEnvelope } from '../../protocol/envelope';
import { retCodes } from '../../protocol/codes';
import { type KnownPointId, pointSpecs } from '../../protocol/points/index';
import { describeIssue } from '../../protocol/issue';
import type { AppError } from '../../protocol/app-error';
import { appErr, gatewayError } from '../lib/errors';
import type { Outcome } from '../../protocol/messages';
import { mark } from '../lib/timing';

/*
 * Calls to the gateway with the sub-authorization token (DESIGN.md §1-2): form-encoded POST, the
 * token in the gateway-access-token header, and every answer validated with the protocol schemas
 * before anything else reads it. Failures come back as AppError values with the gateway's code.
 */

export type BodyOf<P extends KnownPointId> = z.output<(typeof pointSpecs)[P]['response']>;

export interface CallOptions {
  /** false skips the client-side check of the fields (the connection test sends none on purpose) */
  validate?: boolean;
  signal?: AbortSignal;
}

export interface GatewayClient {
  readonly baseUrl: string;
  call<P extends KnownPointId>(id: P, params: Record<string, string>, opts?: CallOptions): Promise<Outcome<BodyOf<P>>>;
}

/** Synchronous recognition may take 5 s plus fetching the image; beyond this the gateway is stuck. */
const CALL_TIMEOUT_MS = 60_000;

const hasData = (v: unknown) => typeof v === 'object' && v !== null && 'Data' in v;
const droppedData = (raw: unknown, parsed: unknown) => hasData(raw) && !hasData(parsed);

/** Why Data failed: the issue of the union's result branch. */
function dataIssue(schema: z.ZodType, raw: unknown): string {
  const result = schema instanceof ZodUnion ? (schema.options[0] as z.ZodType) : schema;
  const parsed = result.safeParse(raw);
  return parsed.success ? 'Data does not match the point' : describeIssue(parsed.error, 'Data');
}

export function gatewayClient(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch): GatewayClient {
  const fail = (error: AppError) => ({ ok: false as const, error });
  return {
    baseUrl,
    async call(id, params, opts = {}) {
      const spec = pointSpecs[id];
      if (opts.validate !== false) {
        // the same schema the gateway applies: a bad field is explained without a round trip
        const req = spec.request.safeParse(params);
        if (!req.success) return fail({ ...appErr('err_PARAM_INVALID'), detail: describeIssue(req.error) });
      }
      let res: Response;
      mark('call');
      try {
        res = await fetchImpl(`${baseUrl}/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'gateway-access-token': token },
          body: new URLSearchParams(params).toString(),
          signal: opts.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS),
          credentials: 'omit',
        });
      } catch (e) {
        return fail({ ...appErr('err_network', baseUrl), detail: e instanceof Error ? e.message : String(e) });
      }
      let json: unknown;
      try {
        const text = await res.text();
        mark('answered');
        json = JSON.parse(text);
      } catch {
        return fail({ ...appErr('err_bad_response'), detail: `HTTP ${res.status}, not JSON` });
      }
      const env = anyEnvelope.safeParse(json);
      if (!env.success) return fail({ ...appErr('err_bad_response'), detail: describeIssue(env.error, 'answer') });
      const { gateway_res_code: code, gateway_res_error: error, gateway_res_body: rawBody } = env.data;
      if (code !== 0) return fail(gatewayError(code, error));
      const body = spec.response.safeParse(rawBody);
      if (!body.success) return fail({ ...appErr('err_bad_response'), detail: describeIssue(body.error, 'answer') });
      // recognition bodies are "result | async RequestId"; a result with a malformed Data would
      // still pass as the second, so a Data the parse dropped is a bad answer, not a queued job
      if (droppedData(rawBody, body.data)) return fail({ ...appErr('err_bad_response'), detail: dataIssue(spec.response, rawBody) });
      const { ret_code: retCode, remark } = body.data as { ret_code: number; remark: string };
      if (retCode !== retCodes.OK) {
        if (retCode === retCodes.WRONG_DOCUMENT) return fail({ ...appErr('err_wrong_document'), code: retCode, ...(remark ? { detail: remark } : {}) });
        return fail({ ...appErr('err_business', remark || String(retCode)), code: retCode });
      }
      mark('validated');
      return { ok: true, value: body.data as BodyOf<typeof id> };
    },
  };
}
