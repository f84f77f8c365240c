import { type FileFormat, type SniffedFormat, isFileFormat, isZip, sniffFormat } from '../../ocr/image/sniff';
import { GatewayError } from '../errors';
import { type FetchAllowList, fetchInput } from '../fetch/index';
import { deadlineSignal } from './deadline';

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
  /** the most bytes fetched: IMAGE_MAX_BYTES or FILE_MAX_BYTES (protocol/limits.ts) */
  maxBytes: number;
  /** images larger than this are refused (-1101) even when a file may be larger (2582-24: 3 MB images, 10 MB PDF or OFD) */
  imageMaxBytes?: number;
  allow: FetchAllowList;
  /** the document files the point reads beside images: [] refuses every one of them */
  files: readonly FileFormat[];
  /** 2582-22's FileType: only has to agree with the bytes on the family (PDF, OFD, XML or image) */
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
const FILE_NAMES: Record<FileFormat, string> = { pdf: 'a PDF', ofd: 'an OFD', xml: 'an invoice XML' };

/** What FileType names: a document file format, or any image. */
const familyOf = (type: string): FileFormat | 'image' => (isFileFormat(type as FileFormat) ? (type as FileFormat) : 'image');
const describe = (format: SniffedFormat) => (isFileFormat(format) ? FILE_NAMES[format] : `a ${format.toUpperCase()} image`);

export async function takeInput(url: string, opts: IntakeOptions): Promise<RecognitionInput> {
  const deadline = deadlineSignal(opts.deadlineMs ?? FETCH_DEADLINE_MS, opts.signal);
  let bytes: Uint8Array;
  try {
    ({ bytes } = await fetchInput(url, { maxBytes: opts.maxBytes, allow: opts.allow, signal: deadline.signal }));
  } finally {
    deadline.clear();
  }
  if (bytes.length === 0) throw new GatewayError('INPUT_UNREADABLE', 'the input is empty (0 bytes)');
  const format = sniffFormat(bytes);
  const accepted = [...opts.files.map((f) => FILE_NAMES[f]), `a ${FORMATS} image`].join(', or ');
  if (format === null) {
    if (opts.files.includes('ofd') && isZip(bytes)) throw new GatewayError('INPUT_UNREADABLE', 'the input is a ZIP archive without OFD.xml, not an OFD');
    throw new GatewayError('INPUT_UNREADABLE', `the input is not ${accepted}`);
  }
  if (isFileFormat(format) && !opts.files.includes(format)) {
    throw new GatewayError('INPUT_UNREADABLE', `${describe(format)} was given where ${opts.files.length ? accepted : 'an image'} is expected`);
  }
  if (opts.fileType !== undefined && familyOf(opts.fileType) !== (isFileFormat(format) ? format : 'image')) {
    throw new GatewayError('INPUT_UNREADABLE', `FileType is ${opts.fileType} but the file is ${describe(format)}`);
  }
  if (!isFileFormat(format) && opts.imageMaxBytes !== undefined && bytes.length > opts.imageMaxBytes) {
    throw new GatewayError('INPUT_TOO_LARGE', `images are read up to ${opts.imageMaxBytes / 1024 / 1024} MB; this one has ${bytes.length} bytes`);
  }
  return { bytes, format };
}
