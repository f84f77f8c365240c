import { z } from 'zod';

/**
 * The JSON envelope every access point answers with, success or failure (DESIGN.md §1).
 * On a gateway-level failure `gateway_res_body` is `{}`, as in the ShowAPI family; on success it
 * holds the business body, which always starts with `ret_code` and `remark`.
 */
export function envelopeOf<Body extends z.ZodType>(body: Body) {
  return z.object({
    gateway_res_code: z.number().int().describe('0 on success; see the code catalog'),
    gateway_res_error: z.string().describe('empty on success, a readable reason otherwise'),
    gateway_res_id: z.string().describe('unique id of this response'),
    gateway_res_body: z.union([body, z.object({}).strict()]),
  });
}

/** The envelope with any body, for clients that only look at the gateway outcome. */
export const anyEnvelope = envelopeOf(z.record(z.string(), z.unknown()));
export type AnyEnvelope = z.infer<typeof anyEnvelope>;

/** Fields every business body starts with. */
export const businessBase = {
  ret_code: z.number().int().describe('0 on success; non-zero when the business operation was refused'),
  remark: z.string().describe('empty on success, the reason otherwise'),
};
