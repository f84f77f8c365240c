import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeIssue } from '../../protocol/issue';
import { concurrencyLimitDetail } from '../../protocol/limits';
import { authenticate, claimedMode } from '../auth/authenticate';
import { GatewayError } from '../errors';
import type { Release } from '../limits/limits';
import { findHandler } from '../points/index';
import type { Services } from '../services';
import { sendError, sendSuccess } from './envelope';
import { parseForm, queryOf } from './form';

/** Query and form fields as one map; the same field in both places with different values is refused. */
function mergeParams(query: Record<string, string>, body: unknown): Record<string, string> {
  const params: Record<string, string> = { ...query };
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, string>)) {
      if (k in params && params[k] !== v) throw new GatewayError('PARAM_INVALID', `${k} differs between the query and the body`);
      params[k] = v;
    }
  }
  return params;
}

/**
 * Serves every `/{product}-{point}` call: routing, method, authentication, token limits,
 * validation, then the point's handler. Errors propagate to the app's error handler, which writes
 * the envelope. MAX_IN_FLIGHT is counted before, from the first byte (in-flight.ts).
 */
export function pointDispatcher(services: Services) {
  return async function dispatch(request: FastifyRequest<{ Params: { pointId: string } }>, reply: FastifyReply) {
    const id = request.params.pointId;
    const handler = findHandler(id);
    if (!handler) throw new GatewayError('NOT_FOUND', `/${id}`);
    const { spec } = handler;
    request.gw.pointId = id;
    if (!(spec.methods as readonly string[]).includes(request.method)) {
      reply.header('allow', spec.methods.join(', '));
      return sendError(reply, new GatewayError('PARAM_INVALID', `method ${request.method} not allowed; use ${spec.methods.join(' or ')}`), 405);
    }

    const params = mergeParams(parseForm(queryOf(request.url), 'query'), request.body);
    const header = request.headers['gateway-access-token'];
    const tokenHeader = Array.isArray(header) ? header[0] : header;
    request.gw.tokenCall = claimedMode({ params, tokenHeader }) === 'token';

    let release: Release | undefined;
    try {
      const caller = await authenticate({ params, tokenHeader, clientIp: request.ip, method: request.method }, spec, services, (who) => {
        request.gw.appid = who.appid;
        request.gw.outCode = who.outCode;
        request.gw.mode = who.mode;
      });
      request.gw.appid = caller.appid;
      request.gw.mode = caller.mode;

      const sub = caller.subAuth;
      if (sub) {
        const key = `t:${sub.appid}:${sub.outCode}`;
        if (sub.rate > 0 && !(await services.limits.takeRate(key, sub.rate))) {
          throw new GatewayError('LIMITED', `rate limit of ${sub.rate} calls per second reached`);
        }
        if (sub.concurrency > 0) {
          release = await services.limits.acquireSlot(key, sub.concurrency);
          if (!release) throw new GatewayError('LIMITED', concurrencyLimitDetail(sub.concurrency));
        }
      }

      const parsed = spec.request.safeParse(params);
      if (!parsed.success) throw new GatewayError('PARAM_INVALID', describeIssue(parsed.error));

      // the signal exists only for handlers that read it (recognition): most calls never do,
      // and a controller and a close listener per call are measurable on the cheap points
      let abort: AbortController | undefined;
      // the response stream closes early only when the client went away
      const onClose = () => {
        if (!reply.raw.writableFinished) abort!.abort(new GatewayError('PARAM_INVALID', 'client closed the connection'));
      };
      try {
        const body = await handler.handle({
          params: parsed.data,
          caller,
          requestId: request.id,
          services,
          get signal() {
            if (!abort) {
              abort = new AbortController();
              reply.raw.once('close', onClose);
            }
            return abort.signal;
          },
          log: request.log,
        });
        return sendSuccess(reply, body as Record<string, unknown>);
      } finally {
        if (abort) reply.raw.off('close', onClose);
      }
    } finally {
      if (release) await release();
    }
  };
}
