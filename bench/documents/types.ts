/*
 * What a document type contributes to `npm run bench:documents` (and may reuse in its golden
 * tests): where its cases come from and how its `Data` flattens into comparable fields.
 */

export type FieldValue = string | number;

export interface DocumentCase {
  /** file name or synthetic id, shown on failures */
  name: string;
  /** corpus: ../shared/corpus; real: the local development set of real photos (bench/dev); synthetic: rendered */
  source: 'corpus' | 'real' | 'synthetic';
  bytes: Uint8Array;
  /** task options for the extractor (Side, FileType...) */
  options: Record<string, unknown>;
  /** expected fields, flattened with the same keys flatten() produces; only these are scored */
  expected: Record<string, FieldValue>;
  /** what the case stands for (plate colour/layout, failure category): the bench reports each tag apart */
  tags?: string[];
  /** truth known besides what is scored (a plate number whose province no person can read in the image) */
  known?: Record<string, FieldValue>;
}

export interface DocumentBench {
  /** short name printed in the table, e.g. "plate" */
  type: string;
  /** OCR task kind (src/ocr/documents/index.ts) */
  kind: string;
  /** cases from ../shared/corpus (empty when it is absent) */
  corpus(): Promise<DocumentCase[]>;
  /** real photos of the local development set (bench/dev), empty when its cache is absent */
  real?(): Promise<DocumentCase[]>;
  /** `count` synthetic cases, reproducible from `seed` */
  synthetic(count: number, seed: number): Promise<DocumentCase[]>;
  /**
   * Synthetic cases this type runs by default when more than the bench's 30: a goal near
   * 100% needs enough cases that one miss does not decide it.
   */
  defaultSynthetic?: number;
  /**
   * The Data of one result as a flat map of field → value, same keys as DocumentCase.expected;
   * `notThisDocument` is the extractor's word that the input is not this kind of document;
   * `c` the case read, for types that score against its own content (reading order).
   */
  flatten(data: unknown, result?: { notThisDocument?: string }, c?: DocumentCase): Record<string, FieldValue>;
  /**
   * Whether a result is wrong while claiming to be sure (a plate's province read wrong at
   * confidence ≥ 0.9): worse than no answer, counted apart from plain misses.
   */
  sureButWrong?(c: DocumentCase, data: unknown): boolean;
}
