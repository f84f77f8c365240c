/*
 * What a Chinese railway ticket prints, as data: the seat classes, the patterns of each
 * field, and the repairs of typical misreadings (OCR-NOTES.md: ¥→Y, 开→升). Blue and red
 * magnetic tickets print `安顺站 K492 贵阳站`, `2015年09月02日20:08开 06车076号`,
 * `¥15.5元 新空调硬座` and `4409811991****7566陈诗欣`; 12306 e-ticket screenshots print
 * the same values with ISO dates, times under the stations and labels.
 */

/** Seat classes as printed, longest first so 新空调硬座 wins over 硬座. */
export const SEAT_CLASSES = [
  '新空调一等软座', '新空调二等软座', '新空调硬座快速', '新空调硬卧快速',
  '新空调硬座', '新空调软座', '新空调硬卧', '新空调软卧', '优选一等座', '高级动卧', '高级软卧',
  '商务座', '特等座', '一等座', '二等座', '一等卧', '二等卧', '一人软包',
  '硬座', '软座', '硬卧', '软卧', '动卧', '无座',
].sort((a, b) => b.length - a.length);

/** Letters that start a train number (G high-speed, D EMU, C intercity, Z/T/K/Y/L/S/P others). */
const TRAIN_LETTERS = 'GDCZTKYLSP';

export const TRAIN_NUMBER = new RegExp(`^([${TRAIN_LETTERS}]\\d{1,4}|\\d{4})次?$`);

/** A station name as printed on the ticket: Chinese only, with the 站 suffix the ticket adds. */
export const STATION_WITH_SUFFIX = /^([\u4e00-\u9fff]{1,8})站$/;
/** A bare name (e-ticket screenshots print no 站). */
export const BARE_STATION = /^[\u4e00-\u9fff]{2,7}$/;

/** Words that sit beside the stations or classes but are never station names. */
export const NOT_STATIONS = new Set(['网', '限乘当日当次车', '成人票', '学生票', '儿童票', '残军票', '身份证', '订单详情', '已支付', '检票口', '候车', '开车', '到达', '出发', '车次', '日期', '时间', '姓名']);

/** `2015年09月02日20:08开`, `2023-09-23 18:10`, also with 开 misread as 升/廾/幵 or lost. */
const DATE = /(19|20)(\d{2})\s*[年\-./]\s*(\d{1,2})\s*[月\-./]\s*(\d{1,2})\s*日?/;
const TIME = /(?:^|[^\d])([01]?\d|2[0-3])\s*[:：]\s*([0-5]\d)(?!\d)/;

export interface DateParts {
  date: string;
  /** `HH:MM`, or '' when the line holds no time */
  time: string;
}

const two = (v: string) => v.padStart(2, '0');

export function parseDate(text: string): DateParts | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const month = Number(m[3]), day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = `${m[1]}${m[2]}年${two(m[3]!)}月${two(m[4]!)}日`;
  return { date, time: parseTime(text.slice(m.index + m[0].length)) };
}

/** The first `HH:MM` of a text, normalised to an ASCII colon. */
export function parseTime(text: string): string {
  const m = TIME.exec(text);
  return m ? `${two(m[1]!)}:${m[2]}` : '';
}

/** `06车076号`, `13车16B号`, `10车015号下铺`, `05车无座`; 号 may be lost in a blurred photo. */
const SEAT = /(\d{1,2})车\s*(?:(\d{1,3}[A-Fa-f]?)\s*号?\s*(上铺|中铺|下铺)?|(无座))/;

export function parseSeat(text: string): string {
  const m = SEAT.exec(text.replace(/\s+/g, ''));
  if (!m) return '';
  if (m[4]) return `${two(m[1]!)}车无座`;
  return `${two(m[1]!)}车${m[2]!.toUpperCase()}号${m[3] ?? ''}`;
}

/** ¥ is often read as Y or ￥; e-tickets also print 票价 without the sign. */
const PRICE = /(?:[¥￥Y]|票价[:：]?)\s*(\d{1,5}(?:\.\d{1,2})?)\s*元?|(\d{1,5}\.\d{1,2})\s*元/;

export function parsePrice(text: string): number | null {
  const m = PRICE.exec(text.replace(/\s+/g, ''));
  if (!m) return null;
  const value = Number(m[1] ?? m[2]);
  return Number.isFinite(value) && value > 0 && value < 20_000 ? value : null;
}

export function parseLevel(text: string): string {
  const compact = text.replace(/\s+/g, '');
  return SEAT_CLASSES.find((c) => compact.includes(c)) ?? '';
}

/**
 * Masked ID number (`4409811991****7566`) and the name printed right after it. The tail is
 * taken loosely: where the detector cut the line, a digit may be read twice.
 */
const ID_NAME = /\d{6,10}[*＊xX]{2,8}[\dXx]{3,6}\s*([\u4e00-\u9fff·]{2,6})?/;

export function parseIdName(text: string): { name: string } | null {
  const m = ID_NAME.exec(text.replace(/\s+/g, ''));
  return m ? { name: m[1] ?? '' } : null;
}

/** `姓名：张三`, `乘车人：张三` (screenshots). */
const LABELLED_NAME = /(?:姓名|乘车人|旅客)[:：]?([\u4e00-\u9fff·]{2,6})/;
/** `张三 成人票` (12306 passenger row). */
const NAME_TICKET_TYPE = /^([\u4e00-\u9fff·]{2,4})(?:成人票|学生票|儿童票|残军票)/;

export function parseNameLine(text: string): string {
  const compact = text.replace(/\s+/g, '');
  return LABELLED_NAME.exec(compact)?.[1] ?? NAME_TICKET_TYPE.exec(compact)?.[1] ?? '';
}

/** A plausible personal name: 2–4 Chinese characters (or a minority name with ·). */
export const PERSON_NAME = /^[\u4e00-\u9fff]{2,4}$|^[\u4e00-\u9fff]{1,6}·[\u4e00-\u9fff]{1,6}$/;
