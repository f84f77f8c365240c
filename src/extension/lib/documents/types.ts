import type { z } from 'zod';
import type { DocId } from '../../../protocol/messages';
import type { KnownPointId } from '../../../protocol/points/index';
import type { MessageKey, Translate } from '../i18n';

/*
 * A document type the extension offers (a context-menu item, a capture choice): which access
 * point reads it, what to send, and how its Data becomes labelled fields for the popup.
 */

// the ids travel in messages (history entries, capture.start), so the protocol declares them
export { type DocId, docIds } from '../../../protocol/messages';

/** One labelled value. `key` is the wire name (form fill matches on it), `group` splits repeats. */
export interface ViewField {
  key: string;
  label: string;
  value: string;
  group?: string;
}

export interface ViewCell {
  text: string;
  rowSpan: number;
  colSpan: number;
}

export interface ViewTable {
  title: string;
  head: string;
  tail: string;
  /** rows of cells as laid out in HTML (spanned positions omitted) */
  rows: ViewCell[][];
  /** the same table as a full grid, spanned positions empty: what TSV copies */
  grid: string[][];
  /** the cells that span more than one position, 0-based: what a spreadsheet merges */
  merges: { row: number; col: number; rowSpan: number; colSpan: number }[];
}

export interface ResultView {
  fields: ViewField[];
  tables: ViewTable[];
  /** recognized text lines in reading order (general text) */
  lines: string[];
}

/** What the input is, which decides e.g. the VAT FileType: an image, or a PDF, OFD or XML file. */
export type InputKind = 'image' | 'pdf' | 'ofd' | 'xml';

export interface DocumentType<D = unknown> {
  id: DocId;
  point: KnownPointId;
  titleKey: MessageKey;
  /** the form fields of the call besides ds_id; `url` is an http(s) or data: URL */
  request(url: string, kind: InputKind): Record<string, string>;
  /** the schema of `gateway_res_body.Data` */
  data: z.ZodType<D>;
  view(data: D, t: Translate): ResultView;
  /** the value auto-copy copies (plate number, VIN, invoice number) */
  mainValue?(data: D): string | undefined;
  /**
   * The fields shown before the fold, in this order (the numbers, amounts and names a user looks
   * for); the others are folded under "more". Absent: every field is shown.
   */
  keyFields?: readonly string[];
  /** the few values a history row shows: number, amount, seller, plate */
  summary(data: D, t: Translate): string[];
  /** what identifies the document for the duplicate check (发票查重); none for most types */
  duplicateKeys?(data: D): string[];
  /** field keys holding amounts in yuan: numbers in the export, summed in its totals row */
  amountKeys?: readonly string[];
  /** whether the popup offers to fill the fields into the page's form */
  fillable: boolean;
  /** largest input in bytes the point accepts: IMAGE_MAX_BYTES or FILE_MAX_BYTES (protocol/limits.ts) */
  maxBytes: number;
}

export function defineDocument<D>(doc: DocumentType<D>): DocumentType<D> {
  return doc;
}

/** Values for a summary, the empty ones dropped. */
export function compact(...values: (string | undefined)[]): string[] {
  return values.filter((v): v is string => !!v);
}

/** An amount as a summary shows it: ¥59.55; undefined when none was read. */
export function yuan(v: string | number | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : `¥${v}`;
}

export function emptyView(): ResultView {
  return { fields: [], tables: [], lines: [] };
}

/** Fields of a flat object in the given order, labelled by `labels`, values as text. */
export function flatFields<T extends Record<string, unknown>>(
  obj: T,
  labels: { [K in keyof T]?: MessageKey },
  t: Translate,
  group?: string,
): ViewField[] {
  return (Object.keys(labels) as (keyof T & string)[]).map((key) => ({
    key,
    label: t(labels[key]!),
    value: obj[key] === undefined || obj[key] === null ? '' : String(obj[key]),
    ...(group ? { group } : {}),
  }));
}
