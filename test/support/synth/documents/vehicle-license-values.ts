import { checkDigit } from '../../../../src/ocr/documents/vin/check';
import { pick, type Random } from '../text';
import { addYears, address, AREAS, authorityOf, type Day, digits, int, personName, randomDay, two } from './license-values';

/*
 * Random but valid vehicles for vehicle licences: brand and model as printed with the
 * maker's VIN prefix and a valid check digit (ISO 3779, src/ocr/documents/vin/check.ts),
 * the GA 802 type that fits the model, use characters, an owner (a person or a company of
 * the plate's city), masses that add up (gross = unladen + 65 kg a seat + load),
 * dimensions of the vehicle's class, and dates in order.
 */

/** Makers with the WMI their VINs start with and models as printed (品牌型号). */
const VEHICLES: { wmi: string; models: string[]; kind: 'car' | 'suv' | 'mpv' | 'truck' | 'tractor' | 'bus' }[] = [
  { wmi: 'LSV', models: ['大众汽车牌SVW7183LJD', '大众汽车牌SVW71412BM', '大众汽车牌SVW6471BFD'], kind: 'car' },
  { wmi: 'LFV', models: ['大众汽车牌FV7147FBDBG', '奥迪牌FV7201BCDBG'], kind: 'car' },
  { wmi: 'LVG', models: ['丰田牌TV7250HEV', '丰田牌GTM7200E'], kind: 'car' },
  { wmi: 'LHG', models: ['本田牌HG7154AB', '本田牌HG6482BBN'], kind: 'suv' },
  { wmi: 'LSG', models: ['别克牌SGM7152LATA', '雪佛兰牌SGM7157DAX', '别克牌SGM6521UAA2'], kind: 'car' },
  { wmi: 'LGB', models: ['日产牌DFL7160VAL2', '日产牌DFL6460VSL1'], kind: 'car' },
  { wmi: 'LGX', models: ['比亚迪牌BYD7152WT6HEVC', '比亚迪牌BYD7006BEV5'], kind: 'car' },
  { wmi: 'L6T', models: ['吉利牌JL7152L01', '吉利牌MR6471D03'], kind: 'car' },
  { wmi: 'LS5', models: ['长安牌SC7164A5', '长安牌SC6469BB6'], kind: 'suv' },
  { wmi: 'LGW', models: ['哈弗牌CC6460RM0A', '长城牌CC1031PA4T'], kind: 'suv' },
  { wmi: 'LVV', models: ['奇瑞牌SQR7150T18T', '奇瑞牌SQR6451T1D'], kind: 'car' },
  { wmi: 'LBV', models: ['宝马牌BMW7201GL', '宝马牌BMW6462AX'], kind: 'car' },
  { wmi: 'LZW', models: ['五菱牌LZW6445B3', '宝骏牌LZW7150LFY'], kind: 'mpv' },
  { wmi: 'LRW', models: ['特斯拉牌TSL7000BEVAR0', '特斯拉牌TSL6480BEVBA1'], kind: 'car' },
  { wmi: 'LFW', models: ['解放牌CA1040P40K2L1E5A84', '解放牌CA5180XXYP62K1L5E5'], kind: 'truck' },
  { wmi: 'LGA', models: ['东风牌DFH4250A1', '东风牌DFH4180D'], kind: 'tractor' },
  { wmi: 'LJ1', models: ['江淮牌HFC1041P93K1C2V', '江淮牌HFC5043XXYP91K1C2V'], kind: 'truck' },
  { wmi: 'LKL', models: ['宇通牌ZK6809HN5Y', '金龙牌XMQ6127AYD5D'], kind: 'bus' },
];
const TYPES: Record<(typeof VEHICLES)[number]['kind'], string[]> = {
  car: ['小型轿车', '小型轿车', '小型轿车', '小型普通客车'],
  suv: ['小型越野客车', '小型普通客车', '小型越野客车'],
  mpv: ['小型普通客车', '小型专用客车'],
  truck: ['轻型普通货车', '轻型厢式货车', '中型厢式货车', '重型仓栅式货车'],
  tractor: ['重型半挂牵引车'],
  bus: ['大型普通客车', '中型普通客车'],
};
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A VIN of the maker with a valid check digit (ISO 3779, src/ocr/documents/vin/check.ts). */
export function vinOf(rnd: Random, wmi: string): string {
  const any = (set: string, n: number) => Array.from({ length: n }, () => set[int(rnd, 0, set.length - 1)]).join('');
  const body = wmi + any(VIN_CHARS, 5) + '0' + any(YEAR_CODES, 1) + any(VIN_CHARS, 1) + digits(rnd, 6);
  return body.slice(0, 8) + checkDigit(body)! + body.slice(9);
}

export interface VehicleValues {
  plate: string;
  type: string;
  owner: string;
  address: string;
  use: string;
  model: string;
  vin: string;
  engine: string;
  register: Day;
  issue: Day;
  file: string;
  passengers: string;
  gross: string;
  unladen: string;
  load: string;
  dimension: string;
  traction: string;
  inspection: string;
  energy: string;
  authority: string;
}

const COMPANY_KINDS = ['科技有限公司', '物流有限公司', '汽车租赁有限公司', '运输有限公司', '贸易有限公司'];
const BRANDS = ['华信', '恒通', '新力', '东方', '联创', '金桥', '明远', '天成', '顺达', '安捷'];
const ENGINE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

export function vehicleValues(rnd: Random): VehicleValues {
  const area = pick(rnd, AREAS);
  const vehicle = pick(rnd, VEHICLES);
  const type = pick(rnd, TYPES[vehicle.kind]);
  const model = pick(rnd, vehicle.models);
  const company = rnd() < 0.2 || vehicle.kind === 'truck' || vehicle.kind === 'tractor' || vehicle.kind === 'bus';
  const city = /^(?:.*?(?:省|自治区))?(.*?)市/.exec(area[1])![1]!;
  const owner = company ? `${city}${pick(rnd, BRANDS)}${pick(rnd, COMPANY_KINDS)}` : personName(rnd);
  const serial = Array.from({ length: 5 }, (_, i) => (i < 2 && rnd() < 0.25 ? ENGINE_LETTERS[int(rnd, 0, 22)] : String(int(rnd, 0, 9)))).join('');
  const plate = area[2] + serial;
  const use = company ? pick(rnd, ['营运', '货运', '租赁', '非营运', '公路客运']) : pick(rnd, ['非营运', '非营运', '非营运', '非营运', '预约出租客运', '出租客运']);
  const register = randomDay(rnd, 2008, 2024);
  const issue = rnd() < 0.7 ? { ...register } : addYears(register, int(rnd, 1, 3));
  const engine = Array.from({ length: int(rnd, 2, 4) }, () => (rnd() < 0.6 ? ENGINE_LETTERS[int(rnd, 0, 22)] : String(int(rnd, 0, 9)))).join('') + digits(rnd, 6);
  const heavy = vehicle.kind === 'truck' || vehicle.kind === 'tractor';
  const seats = vehicle.kind === 'bus' ? int(rnd, 19, 55) : heavy ? int(rnd, 2, 3) : vehicle.kind === 'mpv' ? 7 : 5;
  const unladen = vehicle.kind === 'bus' ? int(rnd, 60, 130) * 100 : heavy ? int(rnd, 20, 90) * 100 : int(rnd, 1100, 2100);
  const load = vehicle.kind === 'truck' ? int(rnd, 8, 180) * 10 : 0;
  const gross = unladen + seats * 65 + load;
  const [l, w, h] = vehicle.kind === 'bus' ? [int(rnd, 80, 120) * 100, 2500, int(rnd, 31, 36) * 100]
    : heavy ? [int(rnd, 59, 90) * 100, int(rnd, 20, 25) * 100, int(rnd, 28, 39) * 100]
      : [int(rnd, 4200, 5100), int(rnd, 1700, 1950), int(rnd, 1400, 1800)];
  const until = addYears(register, int(rnd, 2, Math.max(2, 2027 - register.y)));
  return {
    plate,
    type,
    owner,
    address: address(rnd, area[1]),
    use,
    model,
    vin: vinOf(rnd, vehicle.wmi),
    engine,
    register,
    issue,
    file: area[0] + digits(rnd, 6),
    passengers: `${seats}人`,
    gross: `${gross}kg`,
    unladen: `${unladen}kg`,
    load: load ? `${load}kg` : '--',
    dimension: `${l}×${w}×${h}mm`,
    traction: vehicle.kind === 'tractor' ? `${int(rnd, 250, 400) * 100}kg` : '--',
    inspection: `检验有效期至${until.y}年${two(until.m)}月${area[2]}${rnd() < 0.5 ? `(${two(int(rnd, 1, 30))})` : ''}`,
    energy: /BEV/.test(model) ? '电' : heavy || vehicle.kind === 'bus' ? '柴油' : /HEV/.test(model) ? '混合油电' : '汽油',
    authority: authorityOf(area[1]),
  };
}
