import { pick, type Random } from '../text';

/*
 * What goes into a synthetic ruled table: a grid with random merged rectangles (never
 * overlapping, never a whole row or column), a header row of column labels, and cells of the
 * kinds real tables hold — Chinese names, departments, goods and places, amounts, counts,
 * dates, codes, short English words — some on two lines, some empty. Head and tail texts are
 * titles, units and signatures. GB2312 characters only (what the font covers).
 */

export interface SynthCell {
  r0: number;
  c0: number;
  /** Exclusive ends, like the protocol's EndRow/EndColumn. */
  r1: number;
  c1: number;
  /** One entry per text line, top to bottom. */
  texts: string[];
}

export interface SynthTableSpec {
  rows: number;
  cols: number;
  cells: SynthCell[];
  head: string[];
  tail: string[];
}

const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

const LABELS = ['序号', '项目', '名称', '数量', '单价', '金额', '备注', '日期', '姓名', '部门', '电话', '地址', '规格', '单位', '合计', '状态', '编号', '类别'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超', '建华'];
const DEPARTMENTS = ['财务部', '人事部', '市场部', '技术部', '采购部', '行政部', '销售一部', '研发中心', '客户服务部'];
const GOODS = ['办公用品', '电子元件', '打印纸', '笔记本电脑', '显示器', '办公桌椅', '复印机墨盒', '会议服务', '运输服务', '技术咨询'];
const PLACES = ['北京市朝阳区', '上海市浦东新区', '广州市天河区', '杭州市西湖区', '南京市鼓楼区', '成都市武侯区', '武汉市洪山区'];
const STATES = ['已完成', '进行中', '待审核', '已发货', '未开始', '合格', '不合格'];
const UNITS = ['个', '台', '套', '箱', '件', '张', '批'];
const WORDS = ['Total', 'Model', 'Item', 'Note', 'Price', 'Type', 'Code', 'Level', 'Group', 'Yes', 'No', 'OK'];
const TITLES = ['员工信息登记表', '办公用品采购清单', '年度销售统计表', '设备维修记录表', '项目进度汇总表', '费用报销明细表', '会议签到表', '库存盘点表'];

const person = (r: Random) => pick(r, SURNAMES) + pick(r, GIVEN);
const date = (r: Random) =>
  pick(r, [
    () => `${int(r, 2015, 2025)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`,
    () => `${int(r, 2015, 2025)}年${int(r, 1, 12)}月${int(r, 1, 28)}日`,
  ])();
const amount = (r: Random) => {
  const n = int(r, 1, 99999);
  return `${n >= 1000 ? `${Math.floor(n / 1000)},${String(n % 1000).padStart(3, '0')}` : n}.${digits(r, 2)}`;
};

const VALUES: ((r: Random) => string)[] = [
  person,
  (r) => pick(r, DEPARTMENTS),
  (r) => pick(r, GOODS),
  (r) => pick(r, PLACES),
  (r) => pick(r, STATES),
  amount,
  (r) => String(int(r, 1, 500)),
  (r) => `${int(r, 1, 200)}${pick(r, UNITS)}`,
  date,
  (r) => `${pick(r, ['A', 'B', 'C', 'HX', 'ZD'])}-${digits(r, 4)}`,
  (r) => `1${pick(r, ['3', '5', '8'])}${digits(r, 9)}`,
  (r) => pick(r, WORDS),
  (r) => `${int(r, 1, 99)}%`,
];

function cellTexts(rnd: Random): string[] {
  if (rnd() < 0.1) return [];
  const first = pick(rnd, VALUES)(rnd);
  return rnd() < 0.15 ? [first, pick(rnd, VALUES)(rnd)] : [first];
}

/** Random merges over a rows×cols grid: rectangles of up to 3×3 that do not overlap. */
function merges(rnd: Random, rows: number, cols: number): Omit<SynthCell, 'texts'>[] {
  const taken = new Set<string>();
  const out: Omit<SynthCell, 'texts'>[] = [];
  const count = rnd() < 0.2 ? 0 : int(rnd, 1, 3);
  for (let tries = 0; out.length < count && tries < 30; tries++) {
    const r0 = int(rnd, 0, rows - 1), c0 = int(rnd, 0, cols - 1);
    // never a whole row or column of the grid: the table keeps its shape
    const r1 = Math.min(rows, r0 + int(rnd, 1, Math.min(3, rows - 1))), c1 = Math.min(cols, c0 + int(rnd, 1, Math.min(3, cols - 1)));
    if ((r1 - r0) * (c1 - c0) < 2) continue;
    const keys: string[] = [];
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) keys.push(`${r},${c}`);
    if (keys.some((k) => taken.has(k))) continue;
    keys.forEach((k) => taken.add(k));
    out.push({ r0, c0, r1, c1 });
  }
  return out;
}

export function tableSpec(rnd: Random): SynthTableSpec {
  const rows = int(rnd, 3, 7), cols = int(rnd, 3, 5);
  const merged = merges(rnd, rows, cols);
  const covered = (r: number, c: number) => merged.find((m) => r >= m.r0 && r < m.r1 && c >= m.c0 && c < m.c1);
  const labels = [...LABELS].sort(() => rnd() - 0.5);
  const cells: SynthCell[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const m = covered(r, c);
      if (m && (m.r0 !== r || m.c0 !== c)) continue;
      const shape = m ?? { r0: r, c0: c, r1: r + 1, c1: c + 1 };
      // the first row holds column labels, as most real tables do
      cells.push({ ...shape, texts: r === 0 ? [labels[c]!] : cellTexts(rnd) });
    }
  }
  const head = rnd() < 0.6 ? [pick(rnd, TITLES)] : [];
  const tail: string[] = [];
  if (rnd() < 0.5) tail.push(pick(rnd, [`制表人：${person(rnd)}`, '注：金额单位为元', `日期：${date(rnd)}`, `审核：${person(rnd)}`]));
  return { rows, cols, cells, head, tail };
}
