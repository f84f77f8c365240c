import type { ScannedInput, TabFrame } from './scan-schema';
import { MARGIN, MIN_SCORE, fieldScore, meanings } from './score';
import { type ShapeNote, type Shaped, kindOf, shapeValue } from './shape';
import { tableKey } from './words';

/*
 * Which recognized value goes into which box of the tab, across all its frames: the plan the
 * user sees, changes and confirms before anything is written. Each box is scored against every
 * field of words.ts (what it is for, whatever the document), then each document's fields are
 * paired with boxes greedily, best first: one box per field, one field per box, never into a box
 * another field names clearly better. Documents go into the empty rows of a detail table in
 * order, or the first into the page's form.
 */

export interface FillField {
  key: string;
  label: string;
  value: string;
}

export interface FillDocument {
  title: string;
  /** the document type (DocId): picks `<type>.<key>` entries of the words table */
  kind?: string;
  fields: FillField[];
}

export interface InputRef {
  frameId: number;
  index: number;
}

export interface Pair {
  doc: number;
  key: string;
  label: string;
  /** the value as recognized */
  raw: string;
  /** the value as the box will get it */
  value: string;
  to: InputRef;
  score: number;
  note?: ShapeNote;
}

export type MissReason = 'no_input' | 'no_place' | 'no_row' | Extract<Shaped, { ok: false }>['reason'];

export interface Missing {
  doc: number;
  key: string;
  label: string;
  value: string;
  reason: MissReason;
}

export interface FillPlan {
  pairs: Pair[];
  missing: Missing[];
}

/** One box of the tab with what it is for: scores for every field of the table that names it. */
export interface Box {
  ref: InputRef;
  input: ScannedInput;
  /** the fields the other boxes of its row or form are for (words like 金额 depend on them) */
  around: ReadonlySet<string>;
  best: number;
  /** how the box's frame writes dates elsewhere */
  dates: readonly string[];
  /** document order across frames: frames in the order scanned, then index */
  order: number;
}

const PRESENT = 0.6;

const contextOf = (frameId: number, i: ScannedInput) =>
  i.row ? `${frameId}|row|${i.row.table}|${i.row.index}` : `${frameId}|form|${i.group}`;

/** The boxes of a tab's scan, each knowing what it is for. */
export function boxesOf(frames: readonly TabFrame[]): Box[] {
  const flat = frames.flatMap((f) => f.inputs.map((input) => ({ f, input, ctx: contextOf(f.frameId, input) })));
  // first without the words that depend on the boxes around: what each box plainly names
  const plain = flat.map(({ input }) => {
    const m = meanings(input.descriptors);
    const top = Math.max(0, ...m.values());
    return [...m].filter(([, s]) => s >= PRESENT && s >= top - MARGIN).map(([k]) => k);
  });
  const byContext = new Map<string, Map<string, number>>();
  flat.forEach(({ ctx }, i) => {
    const counts = byContext.get(ctx) ?? new Map<string, number>();
    for (const k of plain[i]!) counts.set(k, (counts.get(k) ?? 0) + 1);
    byContext.set(ctx, counts);
  });
  return flat.map(({ f, input, ctx }, i) => {
    // the box's own meanings do not count as its surroundings
    const around = new Set([...byContext.get(ctx)!].filter(([k, n]) => n > (plain[i]!.includes(k) ? 1 : 0)).map(([k]) => k));
    const m = meanings(input.descriptors, around);
    return { ref: { frameId: f.frameId, index: input.index }, input, around, best: Math.max(0, ...m.values()), dates: f.dateHints, order: i };
  });
}

export function scoreFor(field: FillField, box: Box, kind?: string): number {
  return fieldScore(tableKey(kind, field.key), field.label, box.input.descriptors, box.around);
}

/** The field shaped for a box (whether or not the plan chose that box). */
export function shapeFor(field: FillField, box: Box, kind?: string): Shaped {
  return shapeValue(tableKey(kind, field.key), field.value, box.input, box.dates);
}

interface Assigned {
  pairs: Pair[];
  refused: Map<string, MissReason>;
}

function assign(doc: FillDocument, docIndex: number, boxes: readonly Box[], skip: ReadonlySet<string> = new Set()): Assigned {
  const refused = new Map<string, MissReason>();
  const candidates: { field: number; box: Box; score: number; shaped: Extract<Shaped, { ok: true }> }[] = [];
  doc.fields.forEach((field, fi) => {
    if (field.value === '' || skip.has(field.key)) return;
    for (const box of boxes) {
      const score = scoreFor(field, box, doc.kind);
      if (score < MIN_SCORE || score < box.best - MARGIN) continue;
      const shaped = shapeFor(field, box, doc.kind);
      if (!shaped.ok) {
        if (!refused.has(field.key)) refused.set(field.key, shaped.reason);
        continue;
      }
      candidates.push({ field: fi, box, score, shaped });
    }
  });
  // best first; on a tie the earlier field, then the earlier box
  candidates.sort((a, b) => b.score - a.score || a.field - b.field || a.box.order - b.box.order);
  const usedFields = new Set<string>();
  const usedBoxes = new Set<Box>();
  const pairs: Pair[] = [];
  for (const c of candidates) {
    // a date with a time may fill a date box and a time box (乘车日期 and 发车时间)
    const slot = `${c.field}|${c.box.input.type === 'time' && kindOf(tableKey(doc.kind, doc.fields[c.field]!.key)) === 'date' ? 'time' : ''}`;
    if (usedFields.has(slot) || usedBoxes.has(c.box)) continue;
    usedFields.add(slot);
    usedBoxes.add(c.box);
    const f = doc.fields[c.field]!;
    pairs.push({
      doc: docIndex,
      key: f.key,
      label: f.label,
      raw: f.value,
      value: c.shaped.value,
      to: c.box.ref,
      score: c.score,
      ...(c.shaped.note ? { note: c.shaped.note } : {}),
    });
  }
  pairs.sort((a, b) => doc.fields.findIndex((f) => f.key === a.key) - doc.fields.findIndex((f) => f.key === b.key));
  return { pairs, refused };
}

/** Whether a detail row is untouched: none of its text boxes holds anything. */
const emptyRow = (row: readonly Box[]) => row.every((b) => b.input.tag === 'select' || b.input.value === '');

/** The rows of each detail table, in order. */
function tablesOf(boxes: readonly Box[]): Box[][][] {
  const tables = new Map<string, Map<number, Box[]>>();
  for (const b of boxes) {
    if (!b.input.row) continue;
    const key = `${b.ref.frameId}|${b.input.row.table}`;
    const rows = tables.get(key) ?? new Map<number, Box[]>();
    rows.set(b.input.row.index, [...(rows.get(b.input.row.index) ?? []), b]);
    tables.set(key, rows);
  }
  return [...tables.values()].map((rows) => [...rows].sort((a, b) => a[0] - b[0]).map(([, r]) => r));
}

/**
 * Documents go into detail rows first: each into the next empty row of the table whose rows name
 * most of its fields, and the fields no column names into the page's form, once (the claim's
 * header with its invoice fields, then a line per invoice). A document no table takes goes into
 * the form if no earlier one did.
 */
export function planFill(docs: readonly FillDocument[], boxes: readonly Box[]): FillPlan {
  const main = boxes.filter((b) => !b.input.row);
  const tables = tablesOf(boxes);
  const usedRows = new Set<Box[]>();
  let mainUsed = false;
  const plan: FillPlan = { pairs: [], missing: [] };
  docs.forEach((doc, di) => {
    let inRow: { row: Box[]; got: Assigned } | undefined;
    const fullKeys = new Set<string>();
    for (const rows of tables) {
      const free = rows.find((r) => !usedRows.has(r) && emptyRow(r));
      const got = assign(doc, di, free ?? rows[0]!);
      if (got.pairs.length === 0) continue;
      // a table whose rows name the fields but has no empty row left is full
      if (!free) for (const p of got.pairs) fullKeys.add(p.key);
      else if (!inRow || got.pairs.length > inRow.got.pairs.length) inRow = { row: free, got };
    }
    const chosen: Assigned[] = [];
    if (inRow) {
      usedRows.add(inRow.row);
      chosen.push(inRow.got);
    }
    if (!mainUsed) {
      const rest = assign(doc, di, main, new Set(inRow?.got.pairs.map((p) => p.key)));
      if (rest.pairs.length > 0) {
        mainUsed = true;
        chosen.push(rest);
      }
    }
    const placed = new Set(chosen.flatMap((c) => c.pairs.map((p) => p.key)));
    plan.pairs.push(...chosen.flatMap((c) => c.pairs));
    for (const f of doc.fields) {
      if (f.value === '' || placed.has(f.key)) continue;
      const refusal = chosen.map((c) => c.refused.get(f.key)).find(Boolean);
      const reason: MissReason = refusal ?? (fullKeys.has(f.key) ? 'no_row' : chosen.length === 0 && mainUsed ? 'no_place' : 'no_input');
      plan.missing.push({ doc: di, key: f.key, label: f.label, value: f.value, reason });
    }
  });
  return plan;
}
