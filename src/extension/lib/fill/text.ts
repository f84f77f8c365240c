/*
 * How texts are compared when matching labels to fields: width, case and punctuation folded for
 * Chinese, whole words for Latin script (camelCase, snake_case and pinyin initials split apart).
 * Imported by the page scripts too, so it stays dependency-free.
 */

/** Lower-case, full-width folded, no spaces or punctuation: "发票代码：" = "发票代码", "Invoice-No" = "invoiceno". */
export function compact(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** ASCII words, camelCase and snake_case split: "invoiceNo_2" → ["invoice", "no", "2"]. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)|(\d)([A-Za-z])/g, '$1$3 $2$4')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export const isAscii = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

/** Whitespace runs as one space, trimmed. */
export function squash(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
