import type { LoggerOptions } from 'pino';

/**
 * pino settings for the gateway. Requests are logged by the core with the path only (query strings
 * carry appKey, gateway_sign and access_token), and these paths are redacted wherever else an
 * object might carry them.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["gateway-access-token"]',
        '*.appKey',
        '*.secret',
        '*.access_token',
        '*.accessToken',
        '*.gateway_sign',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
        method: req.method,
        path: req.url?.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}
