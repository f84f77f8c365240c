import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for sub-authorization token calls only (DESIGN.md §1): browsers may call with a token,
 * while appKey and signature calls are for servers and get no CORS headers, so a page can never
 * be used to exercise application credentials.
 */
export function corsPolicy(originsSetting: string) {
  const any = originsSetting.trim() === '*';
  const allowed = new Set(
    originsSetting
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
  const allows = (origin: string | undefined): origin is string => !!origin && (any || allowed.has(origin));

  return {
    /** Answers a preflight: only token calls need one (they carry the gateway-access-token header). */
    preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      const origin = request.headers.origin;
      if (allows(origin)) {
        reply.header('access-control-allow-origin', any ? '*' : origin);
        reply.header('access-control-allow-methods', 'GET, POST');
        reply.header('access-control-allow-headers', 'gateway-access-token, content-type');
        reply.header('access-control-max-age', '600');
        if (!any) reply.header('vary', 'Origin');
      }
      return reply.code(204).send();
    },

    /** Adds the allow-origin header to the answer of a token call from an allowed origin. */
    decorate(request: FastifyRequest, reply: FastifyReply): void {
      const origin = request.headers.origin;
      if (!request.gw.tokenCall || !allows(origin)) return;
      reply.header('access-control-allow-origin', any ? '*' : origin);
      if (!any) reply.header('vary', 'Origin');
    },
  };
}
