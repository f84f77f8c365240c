import type { FastifyReply } from 'fastify';
import { type CodeName, codes } from '../../protocol/codes';
import { GatewayError } from '../errors';

export interface Envelope {
  gateway_res_code: number;
  gateway_res_error: string;
  gateway_res_id: string;
  gateway_res_body: Record<string, unknown>;
}

/**
 * What each request carries for the core: filled in as the request goes through routing and auth,
 * read when the answer is written, audited and logged.
 */
export interface GatewayRequestState {
  pointId?: string;
  appid?: number;
  outCode?: string;
  mode?: string;
  /** the gateway code of the answer, once written */
  code?: number;
  /** whether the caller presented a sub-authorization token (decides CORS) */
  tokenCall?: boolean;
}

export function successEnvelope(requestId: string, body: Record<string, unknown>): Envelope {
  return { gateway_res_code: 0, gateway_res_error: '', gateway_res_id: requestId, gateway_res_body: body };
}

export function errorEnvelope(requestId: string, err: GatewayError): Envelope {
  return { gateway_res_code: err.code, gateway_res_error: err.message, gateway_res_id: requestId, gateway_res_body: {} };
}

/** The single place a gateway error becomes an HTTP answer. */
export function sendError(reply: FastifyReply, err: GatewayError, httpStatus?: number): FastifyReply {
  reply.request.gw.code = err.code;
  return reply.code(httpStatus ?? err.httpStatus).send(errorEnvelope(reply.request.id, err));
}

export function sendSuccess(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  reply.request.gw.code = 0;
  return reply.code(200).send(successEnvelope(reply.request.id, body));
}

/** Maps errors raised by fastify itself (body size, content type, framing) onto the catalog. */
export function fromFrameworkError(err: { code?: string; statusCode?: number; message?: string }): GatewayError {
  if (err instanceof GatewayError) return err;
  const named = (name: CodeName, detail?: string) => new GatewayError(name, detail, { cause: err });
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return named('INPUT_TOO_LARGE', 'request body over 20 MB');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return named('PARAM_INVALID', 'Content-Type must be application/x-www-form-urlencoded');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return named('PARAM_INVALID', 'malformed request body');
    case 'FST_ERR_BAD_URL':
      return named('PARAM_INVALID', 'malformed URL');
  }
  if (err.statusCode === 413) return named('INPUT_TOO_LARGE');
  if (err.statusCode === 408 || err.statusCode === 504) return named('TIMEOUT');
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return named('PARAM_INVALID');
  return named('INTERNAL');
}

export { codes };
