/*
 * Document-like Chinese lines with known text: invoice, ticket, license and letter
 * phrases, codes, dates and amounts. Deterministic for a seed, so a failing case can be
 * rendered again. Only GB2312 characters (what the font covers) are used.
 */

export type Random = () => number;

/** mulberry32: small, seedable, good enough for test data. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '建华', '志强'];
const PROVINCES = ['北京市', '上海市', '广东省', '浙江省', '江苏省', '四川省', '湖北省', '山东省', '河南省', '福建省'];
const CITIES = ['朝阳区', '海淀区', '浦东新区', '广州市天河区', '杭州市西湖区', '南京市鼓楼区', '成都市武侯区', '武汉市洪山区', '济南市历下区', '福州市鼓楼区'];
const ROADS = ['人民路', '解放路', '中山路', '建设大道', '科技园南路', '长江路', '和平街', '新华路', '文化路', '东风路'];
const COMPANIES = ['科技有限公司', '贸易有限公司', '信息技术有限公司', '餐饮管理有限公司', '建筑工程有限公司', '物流有限公司', '医药有限公司'];
const BRANDS = ['华信', '恒通', '新力', '长城', '东方', '联创', '百盛', '金桥', '明远', '天成'];
const GOODS = ['办公用品', '电子元件', '技术服务费', '餐饮服务', '运输服务', '软件开发服务', '咨询服务费', '打印纸'];
const STATIONS = ['北京南', '上海虹桥', '广州南', '深圳北', '杭州东', '南京南', '武汉', '成都东', '西安北', '长沙南'];
const SENTENCES = [
  '本发票仅限于报销使用，涂改无效。',
  '请妥善保管本凭证，遗失不补。',
  '会议定于下周三上午九点在三楼会议室召开。',
  '根据合同约定，乙方应在收到货款后十日内交货。',
  '请各部门于本月底前提交年度工作总结。',
  '欢迎乘坐本次列车，祝您旅途愉快。',
  '本产品符合国家标准，保质期为十二个月。',
  '如有疑问，请拨打客服电话咨询。',
  '道路千万条，安全第一条。',
  '学习使人进步，读书改变命运。',
  '春眠不觉晓，处处闻啼鸟。',
  '温馨提示：请勿将贵重物品遗留在车内。',
];
const CAPITAL = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];

const name = (rnd: Random) => pick(rnd, SURNAMES) + pick(rnd, GIVEN);
const company = (rnd: Random) => pick(rnd, CITIES).slice(0, 2) + pick(rnd, BRANDS) + pick(rnd, COMPANIES);
const date = (rnd: Random) => `${int(rnd, 2015, 2025)}年${String(int(rnd, 1, 12)).padStart(2, '0')}月${String(int(rnd, 1, 28)).padStart(2, '0')}日`;
const amount = (rnd: Random) => `${int(rnd, 1, 9999)}.${digits(rnd, 2)}`;
const address = (rnd: Random) => `${pick(rnd, PROVINCES)}${pick(rnd, CITIES)}${pick(rnd, ROADS)}${int(rnd, 1, 999)}号`;
const taxId = (rnd: Random) => `91${digits(rnd, 4)}${pick(rnd, ['MA', 'HB', 'KC', 'XY'])}${digits(rnd, 8)}${pick(rnd, ['A', 'B', 'C', 'D', 'E', 'X'])}${digits(rnd, 1)}`;

function capitalAmount(rnd: Random): string {
  const units = ['仟', '佰', '拾', ''];
  const n = String(int(rnd, 1000, 9999));
  return [...n].map((d, i) => CAPITAL[Number(d)]! + units[i]).join('') + '元整';
}

const LINES: ((rnd: Random) => string)[] = [
  (r) => `发票代码：${digits(r, 12)}`,
  (r) => `发票号码：${digits(r, 8)}`,
  (r) => `开票日期：${date(r)}`,
  (r) => `购买方名称：${company(r)}`,
  (r) => `纳税人识别号：${taxId(r)}`,
  (r) => `地址：${address(r)}`,
  (r) => `电话：0${int(r, 10, 99)}-${digits(r, 8)}`,
  (r) => `货物名称：${pick(r, GOODS)}  数量：${int(r, 1, 50)}`,
  (r) => `金额：${amount(r)}元  税额：${amount(r)}元`,
  (r) => `价税合计（大写）：${capitalAmount(r)}`,
  (r) => `${pick(r, STATIONS)}站 开往 ${pick(r, STATIONS)}站`,
  (r) => `车次：G${int(r, 1, 9999)}  ${String(int(r, 1, 16)).padStart(2, '0')}车${String(int(r, 1, 20)).padStart(2, '0')}${pick(r, ['A', 'B', 'C', 'D', 'F'])}号`,
  (r) => `姓名：${name(r)}  性别：${pick(r, ['男', '女'])}  民族：汉`,
  (r) => `住址：${address(r)}`,
  (r) => `有效期限：${date(r)}至${date(r)}`,
  (r) => `订单编号：${digits(r, 6)}${pick(r, ['AB', 'CN', 'ZX'])}${digits(r, 6)}`,
  (r) => pick(r, SENTENCES),
];

export function documentLine(rnd: Random): string {
  return pick(rnd, LINES)(rnd);
}

export function documentTitle(rnd: Random): string {
  return pick(rnd, ['增值税普通发票', '收款收据', '会议通知', '出租汽车发票', '送货单', '报销凭证', '入库单']);
}
