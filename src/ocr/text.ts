/*
 * DESIGN.md §5 "Everywhere": full-width digits and letters become ASCII; Chinese
 * punctuation (，。：；（） and the like) is kept as read.
 */

const FULL_WIDTH_ALNUM = /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g;

export function normaliseText(text: string): string {
  return text.replace(FULL_WIDTH_ALNUM, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
}
