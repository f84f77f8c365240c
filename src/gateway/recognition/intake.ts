import { type SniffedFormat, sniffFormat } from '../../ocr/image/sniff';
import { GatewayError } from '../errors';
import { type FetchAllowList, fetchInput } from '../fetch/index';

/*
 * The intake every recognition point shares (DESIGN.md §5): fetch the input at the gateway and
 * decide its format from the bytes, so bad input is refused at once (-1100/-1101/-1102) even
 * for Async=true instead of surfacing minutes later as a failed job. Decoding the pixels (a
 * truncated JPEG, a 50000×50000 PNG) is the worker's job: it needs the whole decoder.
 */

/**
 * Longest a fetch may take in all. Connect and idle-read are limited to 5 s each by fetchInput;
 * this stops an upstream that trickles a byte every few seconds.
 */
export const FETCH_DEADLINE_MS = 10_000;

export interface IntakeOptions {
  /** IMAGE_MAX_BYTES or FILE_MAX_BYTES (protocol/limits.ts) */
  maxBytes: number;
  allow: FetchAllowList;
  /** 'image' refuses a PDF; 'image-or-pdf' (2582-22) takes both */
  accepts: 'image' | 'image-or-pdf';
  /** 2582-22's FileType: only has to agree with the bytes on PDF versus image */
  fileType?: string;
  /** the client going away */
  signal: AbortSignal;
  /** overall fetch limit; FETCH_DEADLINE_MS unless a test needs it shorter */
  deadlineMs?: number;
}

export interface RecognitionInput {
  bytes: Uint8Array;
  format: SniffedFormat;
}

const FORMATS = 'JPEG, PNG, BMP, GIF, WebP or AVIF';

export async function takeInput(url: string, opts: IntakeOptions): Promise<RecognitionInput> {
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.deadlineMs ?? FETCH_DEADLINE_MS)]);
  const { bytes } = await fetchInput(url, { maxBytes: opts.maxBytes, allow: opts.allow, signal });
  if (bytes.length === 0) throw new GatewayError('INPUT_UNREADABLE', 'the input is empty (0 bytes)');
  const format = sniffFormat(bytes);
  if (format === null) {
    const what = opts.accepts === 'image' ? `a ${FORMATS} image` : `a PDF or a ${FORMATS} image`;
    throw new GatewayError('INPUT_UNREADABLE', `the input is not ${what}`);
  }
  if (format === 'pdf' && opts.accepts === 'image') {
    throw new GatewayError('INPUT_UNREADABLE', 'a PDF was given where an image is expected');
  }
  if (opts.fileType !== undefined && (opts.fileType === 'pdf') !== (format === 'pdf')) {
    const actual = format === 'pdf' ? 'a PDF' : `a ${format.toUpperCase()} image`;
    throw new GatewayError('INPUT_UNREADABLE', `FileType is ${opts.fileType} but the file is ${actual}`);
  }
  return { bytes, format };
}
