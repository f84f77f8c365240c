import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { GatewayError } from '../errors';
import { sendError } from './envelope';

/**
 * MAX_IN_FLIGHT for the access points, counted from a request's first byte: the hook runs as
 * soon as the headers are parsed, before the body is read, parsed or authenticated, so neither
 * slow bodies nor costly ones can pile up uncounted (issue 14, finding 3). A request leaves the
 * count when its response is closed: finished, or the client went away. `stats.inFlight` is what
 * /metrics reads.
 */
export function inFlightLimit(max: number, stats: { inFlight: number }): onRequestHookHandler {
  return function countInFlight(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
    if (stats.inFlight >= max) {
      // the body (and an access_token in it) is not read: a browser's header-token call still gets CORS
      request.gw.tokenCall = request.headers['gateway-access-token'] !== undefined;
      sendError(reply, new GatewayError('OVERLOADED', `${max} requests in flight`));
      return;
    }
    stats.inFlight++;
    reply.raw.once('close', () => stats.inFlight--);
    done();
  };
}
