import type { LabelSpec } from '../license/form';
import { addYears, datesIn, digitsLike } from '../license/dates';

/*
 * The driver licence (GA 482) as data: its labels with their English captions, on the face
 * (证号 … 有效期限, and the older 有效起始日期 + 有效期限 `6年`) and the back page (副页: 证号,
 * 姓名, 档案编号, 记录); and the grammar of each value.
 */

export const LABELS: LabelSpec[] = [
  { field: 'number', zh: ['证号'] },
  { field: 'name', zh: ['姓名'], en: /^Name$/i },
  { field: 'gender', zh: ['性别'], en: /^Sex$/i },
  { field: 'nationality', zh: ['国籍'], en: /^Nationa/i },
  { field: 'address', zh: ['住址'], en: /^Address$/i },
  { field: 'birth', zh: ['出生日期'], en: /^DateofBirth$/i },
  { field: 'firstIssue', zh: ['初次领证日期', '初次领证日'], en: /^Dateof ?FirstIssue$/i },
  { field: 'class', zh: ['准驾车型'], en: /^Class$/i },
  { field: 'validFrom', zh: ['有效起始日期'], en: /^ValidFrom$/i },
  { field: 'validity', zh: ['有效期限'], en: /^Valid(Period|For)$/i },
  { field: 'archive', zh: ['档案编号'], en: /^FileNo\.?$/i },
  { field: 'record', zh: ['记录'] },
];

/** Labels only a driver licence prints (住址 and 档案编号 are on vehicle licences too). */
export const OWN_LABELS = ['number', 'name', 'gender', 'nationality', 'birth', 'firstIssue', 'class', 'validFrom', 'validity', 'record'];

/** 中华人民共和国机动车驾驶证, its 副页, or enough of the title to tell it from 行驶证. */
export const isTitle = (t: string) => /驾驶证|驾驶|驶证副页/.test(t) && !/行驶证/.test(t);
export const isBackTitle = (t: string) => /副页/.test(t) && !/行驶/.test(t);

/**
 * A name: Chinese characters, the middle dot of minority and transliterated names (read
 * as 。 or .), or a Latin name in capitals for foreign holders.
 */
export function parseName(text: string): string {
  const t = text.replace(/^[:：]/, '').replace(/(?<=[\u4e00-\u9fff])[。.•・･](?=[\u4e00-\u9fff])/g, '·');
  const cjk = /^[\u4e00-\u9fff][\u4e00-\u9fff·]{0,18}[\u4e00-\u9fff]/.exec(t);
  if (cjk) return cjk[0];
  const latin = /^[A-Z][A-Z .,'-]{1,40}$/.exec(t);
  return latin ? latin[0].trim() : '';
}

export function parseGender(text: string): string {
  const m = /[男女]/.exec(text);
  return m ? m[0] : '';
}

/** Permitted classes (GA 482 Annex: A1–A3, B1–B2, C1–C6, D, E, F, M, N, P), combined as printed. */
const CLASS = /^(?:A[1-3]|B[12]|C[1-6]|[DEFMNP])+$/;

export function parseClass(text: string): string {
  const t = text.replace(/[lI|i!]/g, '1').toUpperCase().replace(/Z/g, '2').replace(/[^A-Z0-9]/g, '');
  return CLASS.test(t) ? t : '';
}

export interface Validity {
  start: string;
  end: string;
  /** the end was computed from a printed duration */
  computed?: string;
}

/**
 * 有效期限 as printed: `2015-06-18至2021-06-18`, `2015-06-18至长期`, or on the older layout a
 * duration (`6年`, `10年`, `长期`) counted from 有效起始日期. A duration becomes the end date
 * it gives (start + years, the date the newer cards print); 长期 stays 长期.
 */
export function parseValidity(text: string, startText: string): Validity {
  const dates = datesIn(text);
  if (dates.length >= 2) return { start: dates[0]!.date, end: dates[1]!.date };
  const start = dates[0]?.date ?? datesIn(startText)[0]?.date ?? '';
  const rest = dates[0] ? text.slice(dates[0].end) : text;
  if (/长/.test(rest)) return { start, end: '长期' };
  const years = /(\d{1,2}|六|十)年/.exec(digitsLike(rest));
  if (years && start) {
    const n = years[1] === '六' ? 6 : years[1] === '十' ? 10 : Number(years[1]);
    return { start, end: addYears(start, n), computed: `${n}年` };
  }
  return { start, end: '' };
}

/** 档案编号: 12 digits as printed (digits only; look-alike letters read back as digits). */
export function parseArchive(text: string): string {
  const t = digitsLike(text).replace(/[^\dA-Z]/g, '');
  const m = /\d{10,14}/.exec(t);
  return m ? m[0] : '';
}
