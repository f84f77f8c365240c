/*
 * Typed failures of the OCR engine. They cross the worker-thread boundary as plain
 * values ({ name, reason, message }) because structured clone keeps only an Error's
 * message: the gateway needs `reason` to choose its code (-1101 vs -1102).
 */

export type OcrInputReason = 'unsupported-format' | 'corrupt' | 'too-many-pixels' | 'too-large' | 'empty' | 'encrypted';

/**
 * The bytes are not an image (or PDF, OFD, XML) we can read. too-many-pixels and too-large (a file
 * that unpacks beyond its limits: a ZIP bomb, an XML of a million elements) → -1101, the others → -1102;
 * 'encrypted' is a password-protected PDF (we never guess passwords), kept apart from 'corrupt'
 * so the remark can tell the caller to send the file without its password.
 */
export class OcrInputError extends Error {
  override readonly name = 'OcrInputError';
  constructor(
    readonly reason: OcrInputReason,
    message: string,
  ) {
    super(message);
  }
}

export type OcrTaskReason = 'unknown-kind' | 'bad-options' | 'disabled' | 'worker-failed' | 'cancelled';

/** The task itself is wrong (unknown kind, invalid options) or the pool cannot run it. */
export class OcrTaskError extends Error {
  override readonly name = 'OcrTaskError';
  constructor(
    readonly reason: OcrTaskReason,
    message: string,
  ) {
    super(message);
  }
}

export interface SerializedError {
  name: string;
  reason?: string;
  message: string;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof OcrInputError || err instanceof OcrTaskError) {
    return { name: err.name, reason: err.reason, message: err.message };
  }
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

/** Rebuilds the typed error on the caller's side of the thread boundary. */
export function deserializeError(value: SerializedError): Error {
  if (value.name === 'OcrInputError') {
    return new OcrInputError(value.reason as OcrInputReason, value.message);
  }
  if (value.name === 'OcrTaskError') {
    return new OcrTaskError(value.reason as OcrTaskReason, value.message);
  }
  const err = new Error(value.message);
  err.name = value.name;
  return err;
}
