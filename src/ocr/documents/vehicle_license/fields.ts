import { digitsLike } from '../license/dates';
import type { LabelSpec } from '../license/form';

/*
 * The vehicle licence (GA 241) as data: labels of the face (主页) and the back (副页) with
 * their English captions, the vocabularies printed in some cells (GA 802 vehicle types,
 * use characters), and the grammar of the measured values (`5人`, `1800kg`,
 * `4750×1820×1450mm`, `--` where a value does not apply).
 */

export const LABELS: LabelSpec[] = [
  { field: 'plate', zh: ['号牌号码'], en: /^PlateNo\.?$/i },
  { field: 'type', zh: ['车辆类型'], en: /^VehicleType$/i },
  { field: 'owner', zh: ['所有人'], en: /^Owner$/i },
  { field: 'address', zh: ['住址'], en: /^Address$/i },
  { field: 'use', zh: ['使用性质'], en: /^UseCharacter$/i },
  { field: 'model', zh: ['品牌型号'], en: /^Model$/i },
  { field: 'vin', zh: ['车辆识别代号', '车辆识别代码'], en: /^(VIN|VehicleIdentificationNumber)$/i },
  { field: 'engine', zh: ['发动机号码', '发动机号'], en: /^EngineNo\.?$/i },
  { field: 'register', zh: ['注册日期'], en: /^RegisterDate$/i },
  { field: 'issue', zh: ['发证日期'], en: /^IssueDate$/i },
  { field: 'file', zh: ['档案编号'], en: /^FileNo\.?$/i },
  { field: 'passengers', zh: ['核定载人数'], en: /^ApprovedPassengers?$/i },
  { field: 'gross', zh: ['总质量'], en: /^GrossMass$/i },
  { field: 'unladen', zh: ['整备质量'], en: /^UnladenMass$/i },
  { field: 'load', zh: ['核定载质量'], en: /^ApprovedLoad$/i },
  { field: 'dimension', zh: ['外廓尺寸'], en: /^OverallDimensions?$/i },
  { field: 'traction', zh: ['准牵引总质量'], en: /^TractionMass$/i },
  { field: 'remarks', zh: ['备注'], en: /^Remarks?$/i },
  { field: 'inspection', zh: ['检验记录'], en: /^InspectionRecord$/i },
  { field: 'energy', zh: ['燃料类型', '能源类型', '燃料种类'], en: /^(Fuel|Energy)Type$/i },
];

export const FACE_LABELS = ['plate', 'type', 'owner', 'use', 'model', 'vin', 'engine', 'register', 'issue'];
export const BACK_LABELS = ['passengers', 'gross', 'unladen', 'load', 'dimension', 'traction', 'inspection', 'energy'];

export const isTitle = (t: string) => /行驶证/.test(t);

/** GA 802 vehicle types as printed on licences (the common ones). */
const VEHICLE_TYPES = [
  '小型轿车', '微型轿车', '中型轿车', '大型轿车', '小型普通客车', '小型越野客车', '小型专用客车', '微型普通客车', '中型普通客车',
  '大型普通客车', '大型双层客车', '大型卧铺客车', '大型专用校车', '中型专用校车', '轻型普通货车', '轻型厢式货车', '轻型封闭货车',
  '轻型仓栅式货车', '轻型自卸货车', '中型普通货车', '中型厢式货车', '中型仓栅式货车', '重型普通货车', '重型厢式货车',
  '重型仓栅式货车', '重型自卸货车', '重型罐式货车', '重型半挂牵引车', '中型半挂牵引车', '重型普通半挂车', '重型集装箱半挂车',
  '轻型专项作业车', '重型专项作业车', '普通二轮摩托车', '普通三轮摩托车', '轻便二轮摩托车', '三轮汽车', '低速货车',
];
/** 使用性质 (GA 24.3 / GA 16.3). */
const USE_CHARACTERS = [
  '非营运', '营运', '营转非', '出租转非', '预约出租转非', '出租客运', '预约出租客运', '租赁', '公路客运', '旅游客运', '公交客运',
  '货运', '危化品运输', '警用', '消防', '救护', '工程救险', '教练', '幼儿校车', '小学生校车', '初中生校车', '中小学生校车', '其他校车',
];

const sameButOne = (a: string[], b: string[]) => a.length === b.length && a.filter((c, i) => c !== b[i]).length === 1;

/**
 * A vocabulary word as read, or the one word one character away from the read (none if
 * several), or the longest word the read starts with (a neighbouring cell run into it).
 */
function fromVocabulary(read: string, words: string[]): string {
  const t = read.replace(/[^\u4e00-\u9fff]/g, '');
  if (words.includes(t)) return t;
  const near = words.filter((w) => sameButOne([...w], [...t]));
  if (near.length === 1) return near[0]!;
  const prefix = words.filter((w) => t.startsWith(w)).sort((a, b) => b.length - a.length)[0];
  return prefix ?? t;
}

export const parseVehicleType = (text: string) => fromVocabulary(text, VEHICLE_TYPES);
export const parseUseCharacter = (text: string) => fromVocabulary(text, USE_CHARACTERS);

/** Cell text without a leading colon or stray separators. */
export const cellText = (text: string) => text.replace(/^[:：;；,，.。]+/, '').replace(/[.。·…,，]+$/, '');

/** Letters and digits of a code (engine number, file number), upper case. */
export const parseCode = (text: string) => cellText(text).toUpperCase().replace(/[^0-9A-Z-]/g, '');

/**
 * Engine numbers are set, like VINs, without the letters I, O and Q (makers avoid them for
 * the digits they resemble): a read O or Q is 0, an I is 1.
 */
export const parseEngineNumber = (text: string) => parseCode(text).replace(/[OQ]/g, '0').replace(/I/g, '1');

/** `--` (or a dash read as 一, —, _) marks a value that does not apply. */
const DASHES = /^[-—一_~－]{1,4}$/;

/** `5人` (人 read as 入 or 八 put back). */
export function parsePassengers(text: string): string {
  if (DASHES.test(text)) return '--';
  const m = /(\d{1,3})\s*[人入八]?/.exec(digitsLike(text));
  return m ? `${m[1]}人` : '';
}

/** `1800kg` (kg read as Kg, kq, k9 put back); `--` where none applies. */
export function parseMass(text: string): string {
  if (DASHES.test(text)) return '--';
  const m = /(\d{2,6})\s*[kK][gq9]?/.exec(digitsLike(text)) ?? /^(\d{2,6})$/.exec(digitsLike(text));
  return m ? `${m[1]}kg` : '';
}

/** `4750×1820×1450mm` with × however it was read (x, X, *). */
export function parseDimension(text: string): string {
  const m = /(\d{3,5})\s*[×xX*]\s*(\d{3,5})\s*[×xX*]\s*(\d{3,5})/.exec(digitsLike(text));
  return m ? `${m[1]}×${m[2]}×${m[3]}mm` : '';
}

/**
 * The inspection record: `检验有效期至2025年06月皖A(01)`, brackets as ASCII. Of several
 * records the one valid longest.
 */
export function parseInspection(texts: string[]): string {
  const records = texts
    .map((t) => t.replace(/（/g, '(').replace(/）/g, ')'))
    .map((t) => /检验有效期至.*$/.exec(t)?.[0] ?? '')
    .filter((t) => /\d{4}年\d{1,2}月/.test(t));
  const until = (t: string) => /(\d{4})年(\d{1,2})月/.exec(t)!.slice(1).map((n) => n.padStart(2, '0')).join('');
  return records.sort((a, b) => until(b).localeCompare(until(a)))[0] ?? '';
}

/** GB/T 2260 province codes and names with the province character of their plates (GA 36). */
const PROVINCES: [code: string, name: string, plate: string][] = [
  ['11', '北京', '京'], ['12', '天津', '津'], ['13', '河北', '冀'], ['14', '山西', '晋'], ['15', '内蒙古', '蒙'], ['21', '辽宁', '辽'],
  ['22', '吉林', '吉'], ['23', '黑龙江', '黑'], ['31', '上海', '沪'], ['32', '江苏', '苏'], ['33', '浙江', '浙'], ['34', '安徽', '皖'],
  ['35', '福建', '闽'], ['36', '江西', '赣'], ['37', '山东', '鲁'], ['41', '河南', '豫'], ['42', '湖北', '鄂'], ['43', '湖南', '湘'],
  ['44', '广东', '粤'], ['45', '广西', '桂'], ['46', '海南', '琼'], ['50', '重庆', '渝'], ['51', '四川', '川'], ['52', '贵州', '贵'],
  ['53', '云南', '云'], ['54', '西藏', '藏'], ['61', '陕西', '陕'], ['62', '甘肃', '甘'], ['63', '青海', '青'], ['64', '宁夏', '宁'],
  ['65', '新疆', '新'],
];

/**
 * Where else the licence names the plate's province, for a plate whose first character was
 * not read: the owner's address (registration is where the owner lives), the file number
 * (it starts with the registering office's area code) and the inspection record's plate
 * prefix. Each hint once, most telling first.
 */
export function provinceHints(address: string, file: string, inspection: string): string[] {
  const hints: string[] = [];
  const byName = PROVINCES.find(([, name]) => address.startsWith(name));
  if (byName) hints.push(byName[2]);
  const stamped = /月(.)/.exec(inspection)?.[1];
  if (stamped && PROVINCES.some(([, , p]) => p === stamped)) hints.push(stamped);
  const byCode = /^\d{6}/.test(file) ? PROVINCES.find(([code]) => file.startsWith(code)) : undefined;
  if (byCode) hints.push(byCode[2]);
  return [...new Set(hints)];
}
