import { describe, expect, it } from 'vitest';
import { linkLines } from '../../../../src/ocr/documents/mixed/linkage';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { canvas, DESK, fill, invoiceFoot, invoiceHead, line, type Rgb, texts, WHITE } from './drawn';

/*
 * Lines linked into documents (mixed/linkage.ts) on drawn papers and placed lines (no models):
 * two groups each told by its own print stay two documents where colour and gaps cannot part them.
 */
describe('2582-25 linkage: two documents each told by its own print', () => {
  // a pink ticket and a warm white invoice under a sheet's light: 28 apart, within PAPER_DIFFERENCE (bench seed 3)
  const PINK: Rgb = [240, 208, 214], WARM: Rgb = [243, 233, 227];
  const ticket = [
    line('G1418', 120, 90, 140, 40),
    line('西安北站', 120, 150, 180, 40),
    // the ticket's other rows end farther from the invoice than the reach
    line('限乘当日当次车', 120, 210, 120, 40),
    line('05车07A号', 120, 270, 120, 40),
    line('二等座', 120, 330, 100, 40),
  ];

  it('a VAT invoice touching a pink train ticket, its papers about one colour, stays apart: each holds its anchor and is certain of its type', () => {
    const image = canvas(1300, 480, DESK);
    fill(image, { x: 80, y: 40, w: 260, h: 340 }, PINK);
    fill(image, { x: 340, y: 40, w: 880, h: 380 }, WARM);
    // the invoice's code (20 px print) 70 px right of the station's row and 15 px below it: within the link reach along a row (87.5 px)
    const vat = invoiceHead(370, 155);
    expect(texts(findRegions(image, [...ticket, ...vat]))).toEqual(expect.arrayContaining([ticket.map((l) => l.text).sort(), vat.map((l) => l.text).sort()]));
  });

  it('a ticket\'s half without an anchor, certain of its type, stays apart from a licence whose title touches its last line, and joins its other half (bench seed 16)', () => {
    const image = canvas(1100, 900, WHITE);
    // its left half: no anchor (the seat is printed in the right half), a ticket by its boarding words
    const left = [
      line('C002976', 100, 100, 135, 38),
      line('昆明站', 100, 160, 140, 52),
      line('2016年04月11日05:22开', 100, 220, 350, 36),
      line('￥1463.5元', 100, 275, 160, 39),
      line('限乘当日当次车', 100, 330, 195, 36),
      line('3455102004****2837于志', 100, 390, 342, 36),
      line('买票请到12306发货请到95306', 100, 440, 307, 32),
      line('35130041149495C002976昆明售', 100, 490, 356, 32),
    ];
    // its right half 110 px along from the left's rows (0.79 of the reach)
    const right = [line('候车：二楼A区', 560, 100, 164, 40), line('C8905', 560, 160, 135, 45), line('04车13A号', 560, 220, 160, 40), line('一等座', 560, 275, 106, 40)];
    // the licence's title 53 px below the ticket's last line (0.61 of the reach): linked before the halves
    const licence = [
      line('中华人民共和国机动车驾驶证', 100, 580, 472, 41),
      line('DrivingLicenseofthePeople\'sRepublicofChina', 100, 625, 421, 33),
      line('证号500103198801157446', 100, 670, 400, 32),
      line('准驾车型C1', 100, 715, 200, 32),
      line('初次领证日期2010-05-01', 100, 760, 330, 32),
      line('有效期限2016-05-01至2026-05-01', 100, 805, 450, 32),
    ];
    const groups = linkLines(image, [...left, ...right, ...licence].map((l) => ({ line: l, paper: WHITE })), []).map((g) => g.map((l) => l.text).sort());
    expect(groups.sort()).toEqual([[...left, ...right].map((l) => l.text).sort(), licence.map((l) => l.text).sort()].sort());
  });

  it('a taxi receipt\'s plate joins it: a plate is printed on other documents, no paper of its own', () => {
    const image = canvas(700, 400, WHITE);
    const receipt = [
      line('深圳市出租汽车专用发票', 100, 100, 300),
      line('发票号码：12345678', 100, 140, 260),
      line('车号：', 100, 180, 60),
      line('粤B12345', 180, 180, 120),
      line('上车：08:15下车：08:42', 100, 220, 300),
    ];
    expect(texts(findRegions(image, receipt))).toEqual([receipt.map((l) => l.text).sort()]);
  });

  // issue 18: bench sheets 35009 and 33013, the note typed with the paper it touches
  const memo = (x: number, y: number, h: number) => [
    line('会议纪要', x + 200, y, 120, h + 8),
    line('时间：2023年6月10日', x, y + 53, 225, h),
    line('地点：三楼第二会议室', x, y + 97, 228, h),
    line('议题：季度报销流程调整', x, y + 140, 246, h),
  ];

  it('a meeting note beside a taxi receipt\'s title on one white, its rows within the reach of the title, stays a document of its own: it bears no cue of a taxi receipt', () => {
    const image = canvas(1200, 1500, WHITE);
    const receipt = [
      line('深圳市出租汽车专用发票', 191, 739, 386, 37),
      line('国家税务总局', 315, 787, 135, 30),
      line('发票联', 290, 828, 185, 42),
      line('深圳市税务局', 315, 866, 135, 30),
      line('发票代码144032373285', 185, 928, 270, 34),
      line('发票号码08219288', 185, 974, 235, 34),
      ...['车号：B001624', '日期：2023年10月04日', '上车：03:11', '下车：04:00', '单价：3.00元', '里程：15.584', '等候：00:14:32', '金额：64.00元'].map((t, k) => line(t, 180, 1020 + 46 * k, 330, 35)),
    ];
    // the note's rows start 112 px to the right of the title's end and 16 px below it: 0.87 of the reach along
    const note = memo(689, 735, 30);
    const groups = linkLines(image, [...receipt, ...note].map((l) => ({ line: l, paper: WHITE })), []).map((g) => g.map((l) => l.text).sort());
    expect(groups).toContainEqual(note.map((l) => l.text).sort());
    // the receipt's lines of no cue under its title (国家税务总局, 发票联) join it as its fragments, in its column (regions.ts)
    expect(texts(findRegions(image, [...receipt, ...note])).sort()).toEqual([receipt.map((l) => l.text).sort(), note.map((l) => l.text).sort()].sort());
  });

  it('a scrap of two lines with no cue still links to the document it touches (a label, a stamp\'s words)', () => {
    const image = canvas(1000, 700, WHITE);
    const receipt = [line('深圳市出租汽车专用发票', 100, 100, 386, 37), line('发票号码08219288', 100, 150, 235, 34), line('上车：03:11', 100, 200, 200, 35), line('金额：64.00元', 100, 250, 200, 35)];
    const scrap = [line('请妥善保管', 560, 150, 150, 30), line('手写无效', 560, 190, 150, 30)];
    expect(linkLines(image, [...receipt, ...scrap].map((l) => ({ line: l, paper: WHITE })), [])).toHaveLength(1);
  });
});

/** The line read upside down in place (a document turned half round): its text runs right to left. */
const upsideDown = (l: OcrLine): OcrLine => ({ ...l, quad: [l.quad[2], l.quad[3], l.quad[0], l.quad[1]], box: { ...l.box, angle: 180 } });

describe('2582-25 linkage: a title reaches down to its body, not up', () => {
  const groupsOf = (lines: OcrLine[]) => linkLines(canvas(800, 400, WHITE), lines.map((l) => ({ line: l, paper: WHITE })), []).map((g) => g.map((l) => l.text).sort());
  // a title 30 px high and a row 20 px high, 60 px between them: within 2.2 of the title's
  // height (66 px), beyond 2.2 of a quarter more than the row's (55 px)
  const title = (y: number) => line('会议纪要', 300, y, 120, 30);
  const row = (y: number) => line('时间：2022年9月5日', 200, y, 300, 20);

  it('a title above its body, at up to twice the body\'s height, heads it', () => {
    expect(groupsOf([title(100), row(185)])).toHaveLength(1);
  });

  it('a larger line as far below a row is no title of the row\'s: the row is the last of the paper above', () => {
    expect(groupsOf([row(100), title(185)])).toHaveLength(2);
  });

  it('turned half round, above and below are as the text reads: the title lies lower in the image', () => {
    expect(groupsOf([upsideDown(row(100)), upsideDown(title(185))])).toHaveLength(1);
    expect(groupsOf([upsideDown(title(100)), upsideDown(row(185))])).toHaveLength(2);
  });

  it('a note whose title lies below an invoice\'s last row on one white is a document of its own (bench seed 6)', () => {
    const image = canvas(1000, 900, WHITE);
    const invoice = [...invoiceHead(100, 100), ...invoiceFoot(100, 340), line('收款人：吴敏复核：徐震开票人：李碰', 100, 460, 560)];
    // the note's 30 px title 62 px below the invoice's 20 px last row, its rows 25 px high;
    // together the two stand taller than a VAT invoice's shape, so no piece of it either
    const memo = [
      line('会议纪要', 220, 547, 120, 30),
      line('时间：2022年9月5日', 130, 592, 300, 25),
      line('地点：三楼第二会议室', 130, 637, 300, 25),
      line('议题：季度报销流程调整', 130, 682, 330, 25),
      line('参会：财务部全体人员', 130, 727, 300, 25),
      line('记录：王丽', 130, 772, 160, 25),
    ];
    expect(texts(findRegions(image, [...invoice, ...memo]))).toEqual(expect.arrayContaining([invoice.map((l) => l.text).sort(), memo.map((l) => l.text).sort()]));
  });
});

describe('2582-25 linkage: a line read the wrong way up among its document\'s rows', () => {
  /** a line as recognition gives one read upside down: its corners from the bottom right, its direction 180° */
  const upsideDown = (text: string, x: number, y: number, w: number, h = 40): OcrLine => {
    const l = line(text, x, y, w, h);
    const [tl, tr, br, bl] = l.quad;
    return { ...l, quad: [br!, bl!, tl!, tr!], box: { ...l.box, angle: 180 } };
  };
  // two taxi receipts touching on one white (bench seed 36): the left one upside down, its rows 50 px apart
  // (read upside down, its title lies at the bottom; its 下车 row, at 350, is the misread line below)
  const left = ['金额69.50元', '里程23.6km', '单价2.30元', '', '上车16：10', '日期2025-01-21', '车号B-VR942', '发票号码48215304', '北京市出租汽车专用发票']
    .flatMap((t, i) => (t ? [upsideDown(t, 150, 200 + 50 * i, 250)] : []));
  const right = ['上海市出租汽车统一发票', '发票号码03970162', '车号：', '乘车日期：', '上车时间：', '下车时间：', '单价：', '金额：'].map((t, i) => line(t, 600, 100 + 50 * i, 160, 40));
  // its 下车 time between its 单价 and 上车 rows, read upright (11五): 110 px left of the right receipt's 下车时间 label, within a row's link reach (140 px)
  const misread = line('11五', 270, 350, 220, 40);

  it('runs its rows\' way: it joins the upside-down receipt, and the upright one\'s region stays off it', () => {
    const image = canvas(1000, 700, WHITE);
    const regions = findRegions(image, [...left, misread, ...right]);
    expect(texts(regions)).toEqual(expect.arrayContaining([[...left, misread].map((l) => l.text).sort(), right.map((l) => l.text).sort()]));
    const upright = regions.find((r) => r.lines.includes(right[0]!))!;
    expect(upright.roi.X).toBeGreaterThan(500);
  });

  it('lines among rows of their own way keep it: the two receipts, each its own way, stay two', () => {
    const image = canvas(1000, 700, WHITE);
    const regions = findRegions(image, [...left, ...right]);
    expect(texts(regions)).toEqual(expect.arrayContaining([left.map((l) => l.text).sort(), right.map((l) => l.text).sort()]));
  });
});
