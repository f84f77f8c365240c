import type { SKRSContext2D } from '@napi-rs/canvas';
import { pick, type Random } from '../text';

/*
 * The layouts of reading-order.ts, drawn at any size: what varies between real tables,
 * forms and multi-column pages is drawn at random so that a rule tuned to one drawing shows
 * up as a failure on another. Each layout measures itself first (`width`, `height` in
 * pixels at the font size it chose), then draws on a context whose font is already set,
 * and lists what a person reads, in order: one entry per cell (its lines) or per text line.
 */

export interface Drawn {
  width: number;
  height: number;
  size: number;
  /** draws the page's content on a context whose origin is the page's top left */
  draw(ctx: SKRSContext2D): void;
  cells: string[][];
}

/** Measures text in the page's font (a canvas context set to it). */
export type Measure = (text: string, size: number) => number;

const int = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const money = (rnd: Random) => (10 + Math.floor(rnd() * 9000) + Math.floor(rnd() * 100) / 100).toFixed(2);
const shuffled = <T>(rnd: Random, items: readonly T[]) => items.map((x) => ({ x, k: rnd() })).sort((a, b) => a.k - b.k).map((e) => e.x);

const NAMES = ['办公用品', '复印纸', '打印机墨盒', '信息技术服务', '软件维护服务', '会议室租赁', '餐饮服务', '交通运输服务', '电脑配件', '网络设备', '技术咨询服务费', '办公家具', '劳保用品', '物业管理服务'];
const UNITS = ['个', '箱', '台', '次', '项', '件', '套', '批', '月'];
const SPECS = ['A4', 'X200', '标准型', '', 'HP-88', '', '年度', 'M6', '500张'];
const PEOPLE = ['王晓明', '李娜', '张伟', '刘芳', '陈建华', '杨静', '赵磊', '黄丽', '周杰', '吴敏'];
const DEPTS = ['行政部', '财务部', '技术部', '市场部', '人事部', '采购部'];
const TITLES = ['经理', '主管', '专员', '工程师', '会计', '助理'];
const LABELS = ['申请部门', '申请人', '联系电话', '申请日期', '项目名称', '预算金额', '审批意见', '备注', '报销事由', '附件张数', '开户银行', '银行账号'];
const VALUES = ['行政管理部', '王晓明', '13812345678', '2024年03月15日', '年度办公设备采购', '伍万元整', '同意按计划执行', '请于月底前完成', '参加技术交流会议差旅费', '3张', '中国工商银行北京分行', '6222021234567890'];
const PHRASES = [
  '本公司依照有关规定', '开展年度安全检查', '各部门应当认真落实', '检查中发现的问题', '须在规定期限内整改', '并将整改情况书面报告',
  '办公室负责汇总材料', '财务部门做好经费保障', '未尽事宜另行通知', '请各单位遵照执行', '联系人及电话附后', '本通知自发布之日起施行',
  '为进一步加强管理', '切实提高工作效率', '经研究决定', '现将有关事项通知如下', '各单位要高度重视', '结合实际制定方案',
  '确保各项工作落到实处', '加强组织领导', '明确责任分工', '做好宣传引导', '及时总结经验', '推动工作有序开展',
];

/**
 * Text split into lines of at most `perLine` characters the way Chinese print breaks: anywhere
 * but inside a number and before a closing sign (，。、 stay at the end of their line).
 */
function wrap(text: string, perLine: number): string[] {
  if (/\d{3}/.test(text)) return [text];
  const out: string[] = [];
  for (const c of text) {
    const last = out.at(-1);
    if (last !== undefined && ([...last].length < perLine || /[，。、；）*]/.test(c))) out[out.length - 1] = last + c;
    else out.push(c);
  }
  return out;
}

interface Grid {
  /** per row, per column: the cell's lines ('' cells hold nothing); a span joins columns */
  rows: { cells: string[][]; spans?: number[] }[];
  widths: number[];
  /** horizontal alignment per column */
  align: ('left' | 'center' | 'right')[];
  top: boolean;
}

/** A ruled grid with its cells' text; returns the page's size. */
function ruled(rnd: Random, grid: Grid, size: number, title: string | undefined, cells: string[][]): Drawn {
  const lineH = size * 1.35, pad = size * 0.5;
  const heights = grid.rows.map((r) => Math.max(1, ...r.cells.map((c) => c.length)) * lineH + size * (0.6 + rnd() * 0.5));
  const x0 = 30 + rnd() * 30, y0 = (title ? 3 * size : size) + 20 + rnd() * 20;
  const xs = [x0];
  for (const w of grid.widths) xs.push(xs.at(-1)! + w);
  const ys = [y0];
  for (const h of heights) ys.push(ys.at(-1)! + h);
  const colour = pick(rnd, ['#7a4a2a', '#222222', '#555555', '#2a3f7a']);
  const thick = 1 + rnd();
  return {
    width: Math.ceil(xs.at(-1)! + 30 + rnd() * 30),
    height: Math.ceil(ys.at(-1)! + size + 20),
    size,
    cells,
    draw(ctx) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = thick;
      ctx.beginPath();
      grid.rows.forEach((row, r) => {
        // vertical rules of this row, skipping those inside a span
        let c = 0;
        ctx.moveTo(xs[0]!, ys[r]!), ctx.lineTo(xs[0]!, ys[r + 1]!);
        row.cells.forEach((_, k) => {
          c += row.spans?.[k] ?? 1;
          ctx.moveTo(xs[c]!, ys[r]!), ctx.lineTo(xs[c]!, ys[r + 1]!);
        });
      });
      for (const y of ys) (ctx.moveTo(xs[0]!, y), ctx.lineTo(xs.at(-1)!, y));
      ctx.stroke();
      if (title) ctx.fillText(title, (xs[0]! + xs.at(-1)! - ctx.measureText(title).width) / 2, y0 - 2.2 * size);
      grid.rows.forEach((row, r) => {
        let c = 0;
        row.cells.forEach((lines, k) => {
          const span = row.spans?.[k] ?? 1;
          const left = xs[c]!, right = xs[c + span]!, top = ys[r]!, h = ys[r + 1]! - top;
          const align = span > 1 ? 'left' : grid.align[c]!;
          const y = grid.top && r > 0 ? top + pad * 0.8 : top + (h - lines.length * lineH) / 2 + (lineH - size) / 2;
          lines.forEach((line, i) => {
            const tw = ctx.measureText(line).width;
            const x = align === 'left' ? left + pad : align === 'right' ? right - pad - tw : left + (right - left - tw) / 2;
            ctx.fillText(line, x, y + i * lineH);
          });
          c += span;
        });
      });
    },
  };
}

const fit = (measure: Measure, size: number, texts: string[], min: number) => Math.max(min * size, ...texts.map((t) => measure(t, size))) + size * (1 + rnd1(texts.length));
/** a little slack that depends on the column, not on a random draw (keeps widths reproducible) */
const rnd1 = (n: number) => (n % 3) * 0.3;

/** A goods table (the VAT invoice's columns) or a list of people or payments. */
export function tableLayout(rnd: Random, measure: Measure): Drawn {
  const size = int(rnd, 14, 28);
  const goods = rnd() < 0.6;
  const rowCount = int(rnd, 2, goods ? 7 : 9);
  const header: string[][] = goods
    ? [pick(rnd, [['货物或应税劳务名称'], ['货物或应税', '劳务名称'], ['项目名称'], ['货物或应税劳务、服务名称']]), ['规格型号'], ['单位'], ['数量'], ['单价'], ['金额'], ['税率'], ['税额']]
    : pick(rnd, [[['序号'], ['姓名'], ['部门'], ['职务'], ['联系电话'], ['备注']], [['日期'], ['摘要'], ['收入'], ['支出'], ['余额']]]);
  const nameChars = int(rnd, 4, 7);
  const body: string[][][] = [];
  for (let r = 0; r < rowCount; r++) {
    if (goods) {
      const name = pick(rnd, NAMES);
      const lines = name.length > nameChars ? wrap(`*${name}*`, nameChars + 1) : [name];
      body.push([lines, [pick(rnd, SPECS)], [pick(rnd, UNITS)], [String(int(rnd, 1, 99))], [money(rnd)], [money(rnd)], [pick(rnd, ['13%', '6%', '9%', '3%'])], [money(rnd)]]);
    } else if (header.length === 6) {
      body.push([[String(r + 1)], [pick(rnd, PEOPLE)], [pick(rnd, DEPTS)], [pick(rnd, TITLES)], [`1${int(rnd, 30, 89)}${String(int(rnd, 0, 99999999)).padStart(8, '0')}`], [rnd() < 0.6 ? '' : pick(rnd, ['在职', '外派', '试用期'])]]);
    } else {
      const income = rnd() < 0.5;
      body.push([[`2024-${String(int(rnd, 1, 12)).padStart(2, '0')}-${String(int(rnd, 1, 28)).padStart(2, '0')}`], rnd() < 0.3 ? wrap(pick(rnd, PHRASES), int(rnd, 5, 6)) : [pick(rnd, ['购买办公用品', '收到货款', '支付房租', '报销差旅费', '银行利息'])], [income ? money(rnd) : ''], [income ? '' : money(rnd)], [money(rnd)]]);
    }
  }
  const rows: Grid['rows'] = [{ cells: header }, ...body.map((cells) => ({ cells }))];
  // a goods table closes with its total: 合计 under the names, the sums under their columns
  if (goods && rnd() < 0.5) rows.push({ cells: [['合计'], [''], [''], [''], [''], [`¥${money(rnd)}`], [''], [`¥${money(rnd)}`]] });
  const widths = header.map((_, c) => fit(measure, size, rows.map((r) => r.cells[c] ?? []).flat(), 2));
  const align = header.map((_, c) => (c === 0 || rnd() < 0.7 ? 'center' : pick(rnd, ['left', 'right'] as const)));
  const title = rnd() < 0.4 ? pick(rnd, ['货物清单', '费用明细表', '人员名单', '收支明细']) : undefined;
  const cells = [...(title ? [[title]] : []), ...rows.flatMap((r) => r.cells).filter((c) => c.join('') !== '')];
  return ruled(rnd, { rows, widths, align, top: rnd() < 0.4 }, size, title, cells);
}

/** A form of label and value cells, two or three pairs to a row, a long value across a row. */
export function formLayout(rnd: Random, measure: Measure): Drawn {
  const size = int(rnd, 14, 26);
  const pairs = rnd() < 0.65 ? 2 : 3;
  const valueChars = int(rnd, 6, 10);
  const order = shuffled(rnd, [...LABELS.keys()]).slice(0, pairs * int(rnd, 2, 4));
  const value = (k: number) => wrap(VALUES[k]!, valueChars);
  const rows: Grid['rows'] = [];
  for (let i = 0; i < order.length; i += pairs) rows.push({ cells: order.slice(i, i + pairs).flatMap((k) => [[LABELS[k]!], value(k)]) });
  const spanLabel = pick(rnd, ['情况说明', '审核意见', '用途']);
  const widths = Array.from({ length: 2 * pairs }, (_, c) =>
    c % 2 === 0
      ? fit(measure, size, [spanLabel, ...rows.map((r) => r.cells[c]![0]!)], 3)
      : Math.max(valueChars * size * 1.05, ...rows.map((r) => measure(r.cells[c]![0]!, size))) + size);
  // a row with one label and a long value across the rest (事由, 备注)
  if (rnd() < 0.5) {
    const across = widths.slice(1).reduce((s, w) => s + w, 0);
    const text = pick(rnd, PHRASES) + '，' + pick(rnd, PHRASES);
    rows.splice(int(rnd, 1, rows.length), 0, { cells: [[spanLabel], wrap(text, Math.floor(across / size) - 2)], spans: [1, 2 * pairs - 1] });
  }
  const labelAlign = rnd() < 0.5 ? 'center' : 'left';
  const valueAlign = rnd() < 0.5 ? 'center' : 'left';
  const align = widths.map((_, c) => (c % 2 === 0 ? labelAlign : valueAlign));
  const title = rnd() < 0.6 ? pick(rnd, ['费用报销单', '采购申请表', '用款审批单', '出差申请表']) : undefined;
  return ruled(rnd, { rows, widths, align, top: false }, size, title, [...(title ? [[title]] : []), ...rows.flatMap((r) => r.cells)]);
}

/** A title over two or three columns of running text in paragraphs, sometimes a footer. */
export function columnsLayout(rnd: Random, measure: Measure): Drawn {
  const size = int(rnd, 14, 24);
  const count = rnd() < 0.7 ? 2 : 3;
  const perLine = int(rnd, count === 2 ? 11 : 8, count === 2 ? 18 : 12);
  const gutter = size * (2 + rnd() * 2);
  const gap = size * (1.5 + rnd() * 0.5);
  // paragraphs of phrases, each line of `perLine` characters, the first indented two
  const lines: { text: string; indent: boolean }[] = [];
  for (let p = 0; p < int(rnd, 2 * count, 4 * count); p++) {
    const text = shuffled(rnd, PHRASES).slice(0, int(rnd, 2, 4)).join('，') + '。';
    // the first line indented two characters (two ideographic spaces, taken off again)
    lines.push(...wrap(`\u3000\u3000${text}`, perLine).map((t, i) => ({ text: t.replace(/^\u3000+/, ''), indent: i === 0 })));
  }
  const perColumn = Math.ceil(lines.length / count);
  const colW = perLine * size;
  const title = pick(rnd, ['关于开展年度安全检查的通知', '关于加强办公管理的规定', '年度工作总结', '关于做好节假日值班工作的通知']);
  const footer = rnd() < 0.4 ? `第${int(rnd, 1, 9)}页` : undefined;
  const x0 = 40 + rnd() * 30, y0 = 3.5 * size + 20;
  const width = Math.ceil(x0 * 2 + count * colW + (count - 1) * gutter);
  const bottom = y0 + perColumn * gap;
  return {
    width,
    height: Math.ceil(bottom + (footer ? 3 * size : size) + 20),
    size,
    cells: [[title], ...lines.map((l) => [l.text]), ...(footer ? [[footer]] : [])],
    draw(ctx) {
      ctx.fillText(title, (width - measure(title, size)) / 2, y0 - 2.6 * size);
      lines.forEach((l, i) => {
        const col = Math.floor(i / perColumn), row = i % perColumn;
        ctx.fillText(l.text, x0 + col * (colW + gutter) + (l.indent ? 2 * size : 0), y0 + row * gap);
      });
      if (footer) ctx.fillText(footer, (width - measure(footer, size)) / 2, bottom + size);
    },
  };
}
