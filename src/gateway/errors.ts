import { type CodeName, codes } from '../protocol/codes';

/**
 * The one error type units throw; the envelope writer (app.ts) turns it into the response.
 * `detail` is safe to show the caller (it goes after the catalog message in gateway_res_error);
 * anything else, including `cause`, is only logged.
 */
export class GatewayError extends Error {
  readonly codeName: CodeName;
  readonly detail: string | undefined;

  constructor(codeName: CodeName, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${codes[codeName].message}: ${detail}` : codes[codeName].message, options);
    this.name = 'GatewayError';
    this.codeName = codeName;
    this.detail = detail;
  }

  get code(): number {
    return codes[this.codeName].code;
  }

  get httpStatus(): number {
    return codes[this.codeName].http;
  }
}

export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError;
}
