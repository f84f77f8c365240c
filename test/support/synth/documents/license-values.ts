import { pick, type Random } from '../text';

/*
 * Random but valid values for driver and vehicle licences: people (names, ID numbers with
 * their GB 11643 check character, birth dates and gender encoded in them), real
 * administrative areas with the codes, plate prefixes and addresses that belong together,
 * and dates that follow one another as they do on real cards (licence after the 18th
 * birthday, renewals 6 and 10 years apart). Vehicles: vehicle-license-values.ts.
 */

export const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
export const two = (n: number) => String(n).padStart(2, '0');
export const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('');

export interface Day {
  y: number;
  m: number;
  d: number;
}
export const iso = (t: Day) => `${t.y}-${two(t.m)}-${two(t.d)}`;
export const compact = (t: Day) => `${t.y}${two(t.m)}${two(t.d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export function randomDay(rnd: Random, fromYear: number, toYear: number): Day {
  const y = int(rnd, fromYear, toYear), m = int(rnd, 1, 12);
  return { y, m, d: int(rnd, 1, daysIn(y, m)) };
}
/** The same day `years` later; 29 February becomes the 28th in a common year. */
export const addYears = (t: Day, years: number): Day => ({ y: t.y + years, m: t.m, d: Math.min(t.d, daysIn(t.y + years, t.m)) });

/** County-level areas: GB/T 2260 code, the address prefix printed on cards, plate prefix. */
export const AREAS: [code: string, place: string, plate: string][] = [
  ['110105', '北京市朝阳区', '京N'], ['110108', '北京市海淀区', '京Q'], ['120101', '天津市和平区', '津A'],
  ['130102', '河北省石家庄市长安区', '冀A'], ['130302', '河北省秦皇岛市海港区', '冀C'], ['140105', '山西省太原市小店区', '晋A'],
  ['150402', '内蒙古自治区赤峰市红山区', '蒙D'], ['210102', '辽宁省沈阳市和平区', '辽A'], ['220102', '吉林省长春市南关区', '吉A'],
  ['230102', '黑龙江省哈尔滨市道里区', '黑A'], ['310115', '上海市浦东新区', '沪B'], ['320102', '江苏省南京市玄武区', '苏A'],
  ['320505', '江苏省苏州市虎丘区', '苏E'], ['330106', '浙江省杭州市西湖区', '浙A'], ['330203', '浙江省宁波市海曙区', '浙B'],
  ['340104', '安徽省合肥市蜀山区', '皖A'], ['340202', '安徽省芜湖市镜湖区', '皖B'], ['350102', '福建省福州市鼓楼区', '闽A'],
  ['350203', '福建省厦门市思明区', '闽D'], ['360102', '江西省南昌市东湖区', '赣A'], ['370102', '山东省济南市历下区', '鲁A'],
  ['370202', '山东省青岛市市南区', '鲁B'], ['410105', '河南省郑州市金水区', '豫A'], ['420111', '湖北省武汉市洪山区', '鄂A'],
  ['430104', '湖南省长沙市岳麓区', '湘A'], ['440106', '广东省广州市天河区', '粤A'], ['440305', '广东省深圳市南山区', '粤B'],
  ['450103', '广西壮族自治区南宁市青秀区', '桂A'], ['460105', '海南省海口市秀英区', '琼A'], ['500103', '重庆市渝中区', '渝A'],
  ['510107', '四川省成都市武侯区', '川A'], ['520102', '贵州省贵阳市南明区', '贵A'], ['530102', '云南省昆明市五华区', '云A'],
  ['610113', '陕西省西安市雁塔区', '陕A'], ['620102', '甘肃省兰州市城关区', '甘A'], ['640104', '宁夏回族自治区银川市兴庆区', '宁A'],
  ['650102', '新疆维吾尔自治区乌鲁木齐市天山区', '新A'],
];
const ROADS = ['人民路', '解放路', '中山路', '建设大道', '长江路', '和平街', '新华路', '文化路', '东风路', '黄河路', '幸福路', '青年路', '南京路', '胜利街', '光明路', '团结路'];
const ESTATES = ['阳光花园', '金色家园', '翠苑', '锦绣城', '幸福里', '世纪华庭', '滨江小区', '东方明珠苑', '桂花园', '绿地新城'];

export function address(rnd: Random, place: string): string {
  const road = `${pick(rnd, ROADS)}${int(rnd, 1, 999)}号`;
  switch (int(rnd, 0, 3)) {
    case 0: return `${place}${road}`;
    case 1: return `${place}${road}${int(rnd, 1, 30)}栋${int(rnd, 1, 6)}单元${int(rnd, 1, 28)}0${int(rnd, 1, 6)}室`;
    case 2: return `${place}${pick(rnd, ESTATES)}${int(rnd, 1, 40)}幢${int(rnd, 1, 28)}0${int(rnd, 1, 4)}室`;
    default: return `${place}${pick(rnd, ['新村', '东村', '西街', '南湖', '城关'])}${int(rnd, 1, 12)}组${int(rnd, 1, 99)}号`;
  }
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超霞平刚桂英华玉兰萍红建文辉力永志秀宇浩凯鹏晨欣怡佳琳雪梅海波斌鑫婷颖露瑶倩俊峰国庆春林';
const COMPOUND = ['欧阳', '司马', '诸葛', '上官'];

export function personName(rnd: Random): string {
  const surname = rnd() < 0.04 ? pick(rnd, COMPOUND) : pick(rnd, [...SURNAMES]);
  return surname + Array.from({ length: rnd() < 0.3 ? 1 : 2 }, () => pick(rnd, [...GIVEN])).join('');
}

/** GB 11643-1999 check character: ISO 7064 MOD 11-2 over the first 17 digits. */
export function idCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ((2 ** (17 - i)) % 11);
  return '10X98765432'[sum % 11]!;
}

export interface Person {
  name: string;
  gender: '男' | '女';
  birth: Day;
  area: (typeof AREAS)[number];
  id: string;
  address: string;
}

export function person(rnd: Random): Person {
  const area = pick(rnd, AREAS);
  const birth = randomDay(rnd, 1958, 2003);
  const gender = rnd() < 0.6 ? '男' : '女';
  // the 17th digit is odd for men, even for women
  const order = digits(rnd, 2) + String(2 * int(rnd, 0, 4) + (gender === '男' ? 1 : 0));
  const first17 = area[0] + compact(birth) + order;
  return { name: personName(rnd), gender, birth, area, id: first17 + idCheck(first17), address: address(rnd, area[1]) };
}

/** Driver licence classes as printed: mostly C1, some combined (A2D, C1E). */
const CLASSES = ['C1', 'C1', 'C1', 'C1', 'C2', 'C1', 'B2', 'A2', 'A1', 'B1', 'C1E', 'A2D', 'B2E', 'C1D', 'D', 'A1A2'];

export interface DriverValues extends Person {
  archive: string;
  firstIssue: Day;
  start: Day;
  /** years of validity as printed on the older layout, or 0 for 长期 */
  years: 6 | 10 | 0;
  end: Day | null;
  vehicleClass: string;
  authority: string;
}

/** The issuing traffic police of an area: `河北省秦皇岛市公安局交通警察支队`. */
export function authorityOf(place: string): string {
  return `${/^(.*?(省|自治区))?[^市]*?市/.exec(place)![0]}公安局交通警察支队`;
}

export function driverValues(rnd: Random): DriverValues {
  const p = person(rnd);
  // after the 18th birthday, not in the future
  const firstIssue: Day = { y: Math.min(2024, p.birth.y + 19 + int(rnd, 0, 15)), m: int(rnd, 1, 12), d: int(rnd, 1, 28) };
  // the first licence runs 6 years, the next 10, then 长期 (公安部令第162号 art. 16)
  let renewals = int(rnd, 0, 2);
  while (renewals > 0 && firstIssue.y + (renewals === 1 ? 6 : 16) > 2025) renewals--;
  const start = addYears(firstIssue, renewals === 0 ? 0 : renewals === 1 ? 6 : 16);
  const years = renewals === 0 ? 6 : renewals === 1 ? 10 : 0;
  return {
    ...p,
    archive: p.area[0] + digits(rnd, 6),
    firstIssue,
    start,
    years,
    end: years === 0 ? null : addYears(start, years),
    vehicleClass: pick(rnd, CLASSES),
    authority: authorityOf(p.area[1]),
  };
}
