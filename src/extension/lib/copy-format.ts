import type { ViewField, ViewTable } from './documents/types';

/*
 * What the copy buttons put on the clipboard. Pure, so the popup tests and the form-fill code share
 * one definition of "as text", "as JSON" and "as TSV".
 */

/** `label：value` lines, a heading line before each group (several plates or invoices). */
export function fieldsAsText(fields: ViewField[]): string {
  const lines: string[] = [];
  let group: string | undefined;
  for (const f of fields) {
    if (f.group !== group) {
      group = f.group;
      if (group) lines.push(`【${group}】`);
    }
    lines.push(`${f.label}：${f.value}`);
  }
  return lines.join('\n');
}

/** The gateway's Data as the user would paste it into a ticket or a script. */
export function asJson(data: unknown): string {
  return JSON.stringify(data, null, 2);
}

/** Tab-separated rows, spanned positions empty, as spreadsheets paste them. */
export function tableAsTsv(table: Pick<ViewTable, 'grid'>): string {
  return table.grid.map((row) => row.join('\t')).join('\n');
}

const ASCII_WORD_END = /[A-Za-z0-9]$/;
const ASCII_WORD_START = /^[A-Za-z0-9]/;

/**
 * Recognized lines as one text. `keep` keeps the line breaks; `join` makes one paragraph: Chinese
 * lines join without a space (Chinese has none between words), Latin words keep one between them.
 */
export function joinLines(lines: string[], mode: 'keep' | 'join'): string {
  if (mode === 'keep') return lines.join('\n');
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    out += out && ASCII_WORD_END.test(out) && ASCII_WORD_START.test(line) ? ` ${line}` : line;
  }
  return out;
}
