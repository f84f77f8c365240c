import type { QrMatrix } from '../../qr';
import { pick, type Random } from '../text';

/*
 * Random but valid VAT invoice contents: unified social credit codes with their GB 11714
 * organisation check digit and GB 32100 check character, real region codes, goods lines whose
 * tax is the rate applied and rounded, totals that add up, and the capital amount written by
 * the rules of 《支付结算办法》 (an implementation independent of the extractor's parser).
 */

export type VatLayout = 'special' | 'normal' | 'electronic' | 'digital';

export interface GoodsLine {
  name: string;
  unit: string;
  quantity: number;
  price: string;
  amount: string;
  rate: string;
  tax: string;
}

export interface VatValues {
  layout: VatLayout;
  province: string;
  /** the title as drawn (the digital layout's with ASCII parentheses, as Skia's font sets them) */
  title: string;
  code: string;
  number: string;
  date: string;
  check: string;
  machine: string;
  buyer: { name: string; registerNo: string; address: string; bank: string };
  seller: { name: string; registerNo: string; address: string; bank: string };
  goods: GoodsLine[];
  withoutTax: string;
  tax: string;
  total: string;
  capital: string;
  payee: string;
  checker: string;
  clerk: string;
  /** a QR code to print at the top left (tests of 2582-22's QR rules set it; random values have none) */
  qr?: QrMatrix;
}

const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('');

/** Province short name, region code prefix (GB/T 2260) and city for addresses and banks. */
const REGIONS = [
  { province: '北京', code: '110105', prefix: '1100', city: '北京市朝阳区' },
  { province: '上海', code: '310115', prefix: '3100', city: '上海市浦东新区' },
  { province: '广东', code: '440106', prefix: '4400', city: '广州市天河区' },
  { province: '深圳', code: '440305', prefix: '4403', city: '深圳市南山区' },
  { province: '浙江', code: '330106', prefix: '3300', city: '杭州市西湖区' },
  { province: '江苏', code: '320106', prefix: '3200', city: '南京市鼓楼区' },
  { province: '四川', code: '510107', prefix: '5100', city: '成都市武侯区' },
  { province: '天津', code: '120222', prefix: '1200', city: '天津市武清区' },
  { province: '河南', code: '410105', prefix: '4100', city: '郑州市金水区' },
  { province: '湖北', code: '420111', prefix: '4200', city: '武汉市洪山区' },
];
const BRANDS = ['华信', '恒通', '新力', '长城', '东方', '联创', '百盛', '金桥', '明远', '天成', '瑞佳', '中盛', '宏达', '博远'];
const TRADES = ['科技', '贸易', '信息技术', '餐饮管理', '建筑工程', '物流', '医药', '电子商务', '文化传播', '商业保理'];
const ROADS = ['人民路', '解放路', '中山路', '建设大道', '科技园南路', '长江路', '和平街', '新华路', '文化路', '东风路'];
const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '交通银行', '招商银行', '兴业银行', '平安银行'];
const BRANCHES = ['高新', '城南', '滨江', '开发区', '中山路', '人民广场', '科技园'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '林', '何', '郭'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '霞', '梦华', '秋梅', '志强'];
const GOODS: [string, string][] = [
  ['*办公用品*打印纸', '箱'], ['*电子元件*电阻', '个'], ['*信息技术服务*技术服务费', '次'], ['*餐饮服务*餐费', '次'],
  ['*运输服务*货运费', '次'], ['*计算机配套产品*键盘', '个'], ['*现代服务*咨询服务费', '项'], ['*纸制品*笔记本', '本'],
];
const RATES = [13, 9, 6, 3, 1];

// GB 32100-2015 unified social credit code and GB 11714 organisation code check characters
const USC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

export function creditCode(rnd: Random, region: string, individual = false): string {
  const body = Array.from({ length: 8 }, (_, i) => (i < 2 && rnd() < 0.4 ? pick(rnd, [...'ABCDEFGHJKLMNPQRTUWXY']) : String(int(rnd, 0, 9)))).join('');
  const orgValue = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const orgCheck = 11 - (ORG_WEIGHTS.reduce((s, w, i) => s + w * orgValue(body[i]!), 0) % 11);
  const org = body + (orgCheck === 10 ? 'X' : orgCheck === 11 ? '0' : String(orgCheck));
  const first17 = (individual ? '92' : '91') + region + org;
  const sum = [...first17].reduce((s, c, i) => s + USC_ALPHABET.indexOf(c) * USC_WEIGHTS[i]!, 0);
  return first17 + USC_ALPHABET[(31 - (sum % 31)) % 31];
}

const DIGIT_WORDS = '零壹贰叁肆伍陆柒捌玖';
const UNIT_WORDS = ['', '拾', '佰', '仟'];

function sectionWords(n: number): string {
  // n < 10000; zeros inside collapse to one 零, trailing zeros vanish
  const ds = String(n).padStart(4, '0').split('').map(Number);
  let out = '';
  let zero = false;
  ds.forEach((d, i) => {
    if (d === 0) {
      zero = out !== '';
      return;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGIT_WORDS[d]! + UNIT_WORDS[3 - i]!;
  });
  return out;
}

/** 10350 cents → 壹佰零叁圆伍角 (with 元 for 圆, and 整 after 角, as some printers do). */
export function capitalWords(cents: number, yuan = '圆', wholeAfterJiao = false): string {
  const integer = Math.floor(cents / 100), jiao = Math.floor(cents / 10) % 10, fen = cents % 10;
  let out = '';
  const wan = Math.floor(integer / 10000), rest = integer % 10000;
  if (wan > 0) out += sectionWords(wan) + '万' + (rest > 0 && rest < 1000 ? '零' : '');
  if (rest > 0) out += sectionWords(rest);
  if (integer > 0) out += yuan;
  if (jiao === 0 && fen === 0) return out + '整';
  if (jiao > 0) out += DIGIT_WORDS[jiao] + '角';
  else if (integer > 0) out += '零';
  if (fen > 0) return out + DIGIT_WORDS[fen] + '分';
  return out + (wholeAfterJiao ? '整' : '');
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const personName = (rnd: Random) => pick(rnd, SURNAMES) + pick(rnd, GIVEN);

function party(rnd: Random, region: (typeof REGIONS)[number], person: boolean) {
  if (person) return { name: '个人', registerNo: '', address: '', bank: '' };
  const phone = `0${int(rnd, 10, 99)}-${digits(rnd, 8)}`;
  return {
    name: `${region.city.slice(0, 2)}${pick(rnd, BRANDS)}${pick(rnd, TRADES)}有限公司`,
    registerNo: creditCode(rnd, region.code, rnd() < 0.15),
    address: `${region.city}${pick(rnd, ROADS)}${int(rnd, 1, 999)}号 ${phone}`,
    bank: `${pick(rnd, BANKS)}${region.city.slice(0, 2)}${pick(rnd, BRANCHES)}支行 ${digits(rnd, int(rnd, 12, 19))}`,
  };
}

function goodsLines(rnd: Random): GoodsLine[] {
  const rate = pick(rnd, RATES);
  return Array.from({ length: int(rnd, 1, 3) }, () => {
    const [name, unit] = pick(rnd, GOODS);
    const quantity = int(rnd, 1, 20);
    const priceCents = int(rnd, 50, rnd() < 0.3 ? 900000 : 50000);
    const amount = quantity * priceCents;
    const tax = Math.round((amount * rate) / 100);
    return { name, unit, quantity, price: money(priceCents), amount: money(amount), rate: `${rate}%`, tax: money(tax) };
  });
}

/** The title each layout prints; the digital one is special or normal by the number's last digit (no draw from `rnd`, so seeds keep their values). */
function titleOf(layout: VatLayout, province: string, number: string): string {
  if (layout === 'digital') return Number(number.at(-1)) % 2 === 0 ? '电子发票(增值税专用发票)' : '电子发票(普通发票)';
  return `${province}${layout === 'special' ? '增值税专用发票' : layout === 'normal' ? '增值税普通发票' : '增值税电子普通发票'}`;
}

export function vatValues(rnd: Random, layout: VatLayout): VatValues {
  const region = pick(rnd, REGIONS), sellerRegion = pick(rnd, REGIONS);
  const yy = int(rnd, 17, 24);
  const goods = goodsLines(rnd);
  const cents = (s: string) => Math.round(Number(s) * 100);
  const without = goods.reduce((s, g) => s + cents(g.amount), 0), tax = goods.reduce((s, g) => s + cents(g.tax), 0);
  const code =
    layout === 'digital' ? '' : layout === 'special' ? `${region.prefix}${yy}${digits(rnd, 4)}` : `0${region.prefix}${yy}${layout === 'electronic' ? '00111' : digits(rnd, 3) + '04'}`;
  const number = layout === 'digital' ? `${yy}${region.prefix.slice(0, 2)}${digits(rnd, 16)}` : digits(rnd, 8);
  return {
    layout,
    province: region.province,
    title: titleOf(layout, region.province, number),
    code,
    number,
    date: `20${yy}年${String(int(rnd, 1, 12)).padStart(2, '0')}月${String(int(rnd, 1, 28)).padStart(2, '0')}日`,
    check: layout === 'normal' || layout === 'electronic' ? digits(rnd, 20) : '',
    machine: digits(rnd, 12),
    buyer: party(rnd, region, layout !== 'special' && rnd() < 0.25),
    seller: party(rnd, sellerRegion, false),
    goods,
    withoutTax: money(without),
    tax: money(tax),
    total: money(without + tax),
    capital: capitalWords(without + tax, rnd() < 0.3 ? '元' : '圆', layout !== 'electronic' && rnd() < 0.5),
    payee: layout === 'digital' ? '' : personName(rnd),
    checker: layout === 'digital' ? '' : personName(rnd),
    clerk: personName(rnd),
  };
}
