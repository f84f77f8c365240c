import { pick, type Random } from '../text';

/*
 * Random but valid taxi rides and the invoice that records them, for three common city
 * formats: labels pre-printed beside right-aligned dot-matrix values (Shenzhen, Guangzhou),
 * every line printed by the meter (Beijing), pre-printed labels with the values right after
 * them (Shanghai, Hangzhou). `expected` holds the keyed items 2582-21 must return, in the
 * extractor's value conventions (docs/recognition/2582-21.md).
 */

export type TaxiFormat = 'preprinted' | 'meter' | 'inline';

export interface TaxiValues {
  format: TaxiFormat;
  city: string;
  code: string;
  number: string;
  /** as the meter prints it */
  plate: string;
  cert: string;
  company: string;
  date: { y: number; m: number; d: number };
  start: string;
  end: string;
  unitPrice: string;
  mileage: string;
  wait: string;
  amount: string;
  surcharge: string;
}

export type TaxiExpected = Record<'InvoiceCode' | 'InvoiceNo' | 'PlateNumber' | 'Date' | 'Time' | 'Amount' | 'Mileage' | 'UnitPrice' | 'WaitingTime' | 'Surcharge', string>;

const CITIES: Record<TaxiFormat, readonly (readonly [string, string, string])[]> = {
  // city, region code of the invoice code, plate prefix printed by the meter
  preprinted: [['深圳', '4403', 'B'], ['广州', '4401', 'A'], ['东莞', '4419', 'S'], ['佛山', '4406', 'E']],
  meter: [['北京', '1100', 'B'], ['天津', '1200', 'E'], ['石家庄', '1301', 'A']],
  inline: [['上海', '3100', '沪D'], ['杭州', '3301', '浙A'], ['南京', '3201', '苏A'], ['成都', '5101', '川A']],
};
const COMPANIES = ['出租汽车有限公司', '交通运输有限公司', '出租小汽车有限公司', '汽车运输发展有限公司', '客运出租汽车有限公司'];
const BRANDS = ['鹏程', '康达尔', '广通', '运发', '庆安', '金银', '新辉', '大众', '强生', '锦江', '首汽', '银建'];
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const two = (n: number) => String(n).padStart(2, '0');
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('');
const clock = (minutes: number) => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`;

export function taxiValues(rnd: Random, format: TaxiFormat): TaxiValues {
  const [city, region, prefix] = pick(rnd, CITIES[format]);
  const y = int(rnd, 2019, 2025);
  const serial = pick(rnd, [...LETTERS]) + (rnd() < 0.5 ? pick(rnd, [...LETTERS]) : String(int(rnd, 0, 9))) + digits(rnd, 4);
  const plate = format === 'meter' ? `${prefix}-${serial.slice(0, 5)}` : format === 'inline' ? `${prefix}${serial.slice(0, 5)}` : prefix + serial;
  const km = int(rnd, 150, 4500) / 100;
  const unit = pick(rnd, format === 'meter' ? ['2.30', '2.50', '2.00'] : ['2.70', '3.51', '2.60', '3.00', '2.50']);
  const waitSeconds = int(rnd, 0, 1500);
  const fare = Math.round((10 + km * Number(unit) + waitSeconds / 120) * 2) / 2;
  const start = int(rnd, 0, 23 * 60);
  const ride = Math.max(5, Math.round(km * 2.2 + waitSeconds / 60));
  return {
    format,
    city,
    code: `1${region}${String(y).slice(2)}${digits(rnd, 5)}`,
    number: digits(rnd, 8),
    plate,
    cert: format === 'meter' ? digits(rnd, 6) : `9000${digits(rnd, 6)}`,
    company: `${city}市${pick(rnd, BRANDS)}${pick(rnd, COMPANIES)}`,
    date: { y, m: int(rnd, 1, 12), d: int(rnd, 1, 28) },
    start: clock(start),
    end: clock(start + ride),
    unitPrice: unit,
    mileage: format === 'meter' ? km.toFixed(1) : km.toFixed(2),
    wait: `${two(Math.floor(waitSeconds / 3600))}:${two(Math.floor(waitSeconds / 60) % 60)}:${two(waitSeconds % 60)}`,
    amount: fare.toFixed(2),
    surcharge: pick(rnd, ['0.00', '0.00', '1.00', '2.00']),
  };
}

export function dateText(v: TaxiValues): string {
  const { y, m, d } = v.date;
  if (v.format === 'meter') return `${y}-${two(m)}-${two(d)}`;
  if (v.format === 'inline') return `${y}.${two(m)}.${two(d)}`;
  return `${y}年${two(m)}月${two(d)}日`;
}

export function expectedTaxi(v: TaxiValues): TaxiExpected {
  const { y, m, d } = v.date;
  return {
    InvoiceCode: v.code,
    InvoiceNo: v.number,
    PlateNumber: v.plate.replace(/[-·]/g, ''),
    Date: `${y}年${two(m)}月${two(d)}日`,
    Time: `${v.start}-${v.end}`,
    Amount: v.amount,
    Mileage: v.mileage,
    UnitPrice: v.unitPrice,
    WaitingTime: v.wait,
    Surcharge: v.surcharge,
  };
}

/** The meter's block: label and value per row, in print order. */
export function meterRows(v: TaxiValues): [string, string][] {
  const money = (s: string) => (v.format === 'preprinted' ? `¥${s}元` : `${s}元`);
  const rows: [string, string][] = [
    ['车号', v.plate],
    ['证号', v.cert],
    [v.format === 'inline' ? '乘车日期' : '日期', dateText(v)],
    [v.format === 'inline' ? '上车时间' : '上车', v.start],
    [v.format === 'inline' ? '下车时间' : '下车', v.end],
    ['单价', `${v.unitPrice}元`],
    ['里程', `${v.mileage}${v.format === 'meter' ? 'km' : 'KM'}`],
    [v.format === 'inline' ? '等候时间' : '等候', v.wait],
    ['金额', money(v.amount)],
    [v.format === 'preprinted' ? '另收附加费' : '燃油附加费', money(v.surcharge)],
  ];
  if (v.format === 'preprinted') rows.push(['另收电召费', money('0.00')], ['卡号', ''], ['卡余额', '']);
  return rows;
}
