import { describe, expect, it } from 'vitest';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { canvas, DESK, fill, invoiceFoot, invoiceHead, line, note, type Rgb, texts, WHITE } from './drawn';

/*
 * How 2582-25 cuts an image into documents, on drawn papers and placed lines (no models): the
 * pieces a wide gap tears off a document join it when they lie on its paper, and stay apart when
 * desk, another paper or the size of the document's type lies between.
 */

describe('2582-25 regions: pieces of a document', () => {
  it('a VAT invoice\'s totals below its empty item rows (wider than the link reach) join it on one white paper', () => {
    const image = canvas(1000, 800, WHITE);
    // 11 line heights of empty rows between the buyer's box and the totals
    expect(findRegions(image, [...invoiceHead(100, 100), ...invoiceFoot(100, 480)])).toHaveLength(1);
  });

  it('its seller\'s box in ruled cells, a table by its rules, joins the invoice whose cues it bears (价税合计), within the invoice\'s shape', () => {
    const image = canvas(1000, 800, WHITE);
    const INK: Rgb = [70, 60, 60];
    // the box's rules: four rows and a column of labels, 2 px of ink
    for (const y of [455, 505, 545, 585]) fill(image, { x: 80, y, w: 840, h: 2 }, INK);
    for (const x of [80, 480, 918]) fill(image, { x, y: 455, w: 2, h: 132 }, INK);
    const foot = invoiceFoot(100, 480);
    // ruled, the box is a table of its own (its rules found among the invoice's 10 lines), yet the invoice's
    expect(findRegions(image, [...invoiceHead(100, 100), ...foot])).toHaveLength(1);
  });

  it('issue 18: a VAT invoice\'s form, typed a table, takes in its title on paper too pink to link (under its seal), within the invoice\'s shape (bench seed 18)', () => {
    const image = canvas(1000, 700, WHITE);
    const INK: Rgb = [70, 60, 60];
    // the form's rules: six rows, three columns
    for (const y of [150, 190, 230, 270, 310, 350]) fill(image, { x: 100, y, w: 800, h: 2 }, INK);
    for (const x of [100, 500, 898]) fill(image, { x, y: 150, w: 2, h: 202 }, INK);
    // the title's paper under the seal's red: 38 from the form's white, beyond PAPER_DIFFERENCE
    fill(image, { x: 340, y: 80, w: 320, h: 40 }, [235, 222, 212]);
    const title = line('河南增值税电子普通发票', 350, 100, 300, 28);
    // the form's cues short of a VAT invoice (its totals and check code, 2.5): a table by its grid of cells
    const form = [
      line('发票代码：041001900111', 120, 170, 260),
      line('发票号码：42782225', 520, 170, 260),
      line('校验码：11771544427153975446', 120, 210, 300),
      line('单价', 120, 250, 40),
      line('数量', 220, 250, 40),
      line('税率', 520, 250, 40),
      line('税额', 620, 250, 40),
      line('71.57', 120, 290, 60),
      line('11', 220, 290, 30),
      line('9%', 520, 290, 30),
      line('786.72', 620, 290, 60),
      line('￥857.52', 620, 330, 100),
    ];
    // a note below: a sheet of documents, not one document and scraps around it
    const memo = note(300, 500);
    const regions = findRegions(image, [title, ...form, ...memo]);
    expect(texts(regions)).toEqual([[title, ...form].map((l) => l.text).sort(), memo.map((l) => l.text).sort()]);
  });

  it('issue 18: the invoice\'s body, wider than its header above it (title, number, check code over the right part only), joins it', () => {
    const image = canvas(1000, 800, WHITE);
    // as on a sheet of eight (seed 1): the header's lines over the right part, the buyer's and seller's boxes and totals across
    const head = [
      line('四川增值税电子普通发票', 420, 100, 300),
      line('发票代码：051002400111', 600, 140, 260),
      line('发票号码：76261905', 600, 180, 260),
      line('校验码：41365852055766452617', 600, 220, 300),
      line('0-3>7538>426214/*876+7-4>24', 560, 260, 340),
    ];
    const body = [
      line('名称：个人', 100, 370, 200),
      line('纳税人识别号：', 100, 410, 160),
      line('货物或应税劳务、服务名称', 100, 450, 260),
      line('￥7343.78', 560, 450, 120),
      line('价税合计（大写）', 100, 490, 200),
      line('柒仟柒佰捌拾肆元肆角', 320, 490, 200),
      line('（小写）￥7784.40', 700, 490, 180),
      line('销售方名称：杭州瑞佳贸易有限公司', 100, 530, 400),
      line('纳税人识别号：91330106P28584636A', 100, 570, 400),
    ];
    expect(texts(findRegions(image, [...head, ...body]))).toEqual([[...head, ...body].map((l) => l.text).sort()]);
    // a note as wide below the header is no piece of it
    expect(findRegions(image, [...head, ...note(100, 400)])).toHaveLength(2);
  });

  it('a note farther below the invoice than its paper reaches stays a document of its own', () => {
    const image = canvas(1000, 1000, WHITE);
    // together they would stand taller than a VAT invoice's 240 × 140 mm
    const regions = findRegions(image, [...invoiceHead(100, 100), ...note(100, 700)]);
    expect(regions).toHaveLength(2);
  });

  it('a piece on its own paper, with desk between, is not taken into the invoice', () => {
    const image = canvas(1000, 800, DESK);
    fill(image, { x: 80, y: 70, w: 840, h: 220 }, WHITE);
    fill(image, { x: 80, y: 400, w: 840, h: 130 }, WHITE);
    const regions = findRegions(image, [...invoiceHead(100, 100), ...note(100, 440)]);
    expect(regions).toHaveLength(2);
    // the same piece on the invoice's paper joins it
    fill(image, { x: 80, y: 70, w: 840, h: 470 }, WHITE);
    expect(findRegions(image, [...invoiceHead(100, 100), ...invoiceFoot(100, 440)])).toHaveLength(1);
  });

  it('the last line at the paper\'s edge (desk below it) joins its document', () => {
    const image = canvas(1000, 1000, DESK);
    const last = line('02942122063461D747090哈尔滨售', 100, 600, 400);
    fill(image, { x: 80, y: 70, w: 840, h: 535 }, WHITE);
    // the next invoice, on its own paper 3 line heights below
    const other = invoiceHead(100, 700);
    fill(image, { x: 80, y: 665, w: 840, h: 300 }, WHITE);
    const regions = findRegions(image, [...invoiceHead(100, 100), ...invoiceFoot(100, 440), last, ...other]);
    expect(texts(regions)).toContainEqual([...invoiceHead(100, 100), ...invoiceFoot(100, 440), last].map((l) => l.text).sort());
  });
});

/** A line running `angle` degrees (90: top to bottom), centred at cx, cy. */
function turned(text: string, cx: number, cy: number, w: number, angle: number, h = 20): OcrLine {
  const rad = (angle * Math.PI) / 180, c = Math.cos(rad), s = Math.sin(rad);
  const at = (u: number, v: number) => ({ x: cx + u * c - v * s, y: cy + u * s + v * c });
  const quad = [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)] as OcrLine['quad'];
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const rect = { left: Math.min(...xs), top: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  return { text, confidence: 0.95, quad, box: { cx, cy, w, h, angle }, rect };
}

describe('2582-25 regions: print running another way on a document', () => {
  /** two invoices on their papers on a desk, the second below the first */
  const desk = () => {
    const image = canvas(1000, 1000, DESK);
    fill(image, { x: 20, y: 60, w: 900, h: 380 }, WHITE);
    fill(image, { x: 20, y: 540, w: 900, h: 380 }, WHITE);
    return { image, second: [...invoiceHead(100, 580), ...invoiceFoot(100, 780)] };
  };

  it('a line read upside down among the invoice\'s own lines is the invoice\'s, not a document', () => {
    const { image, second } = desk();
    const first = [...invoiceHead(100, 100), ...invoiceFoot(100, 300), turned('8160', 500, 220, 80, 180)];
    expect(texts(findRegions(image, [...first, ...second]))).toEqual([first, second].map((g) => g.map((l) => l.text).sort()));
  });

  it('a column of turned print in the margin (the printer\'s imprint, 第二联) joins the invoice and does not turn its frame', () => {
    const { image, second } = desk();
    const imprint = turned('税总函[2018]340号中钞光华印制有限公司', 60, 240, 300, 90);
    const copy = turned('第二联：发票联购买方记账凭证', 870, 240, 280, 90);
    const first = [...invoiceHead(100, 100), ...invoiceFoot(100, 300), imprint, copy];
    const regions = findRegions(image, [...first, ...second]);
    expect(texts(regions)).toEqual([first, second].map((g) => g.map((l) => l.text).sort()));
    expect(regions[0]!.angle).toBe(0);
  });

  it('a note turned a quarter beside the invoice on the same white paper stays a document of its own', () => {
    const image = canvas(1200, 800, WHITE);
    // four rows of print: more than a margin's column
    const memo = [turned('会议纪要', 1080, 300, 160, 90), turned('时间：2021年4月16日上午九时', 1040, 300, 500, 90), turned('地点：三楼第二会议室', 1000, 300, 500, 90), turned('议题：季度报销流程调整', 960, 300, 500, 90)];
    const regions = findRegions(image, [...invoiceHead(100, 100), ...invoiceFoot(100, 300), ...memo]);
    expect(texts(regions)).toContainEqual(memo.map((l) => l.text).sort());
  });
});

describe('2582-25 regions: two documents touching', () => {
  it('a pink ticket and a white note touching are two papers, though the ticket\'s last line has the note\'s paper below it', () => {
    const image = canvas(1000, 700, WHITE);
    fill(image, { x: 60, y: 60, w: 500, h: 215 }, [240, 190, 200]);
    const ticket = [line('G012753', 80, 100, 120), line('西安站', 80, 150, 120), line('16车004号下铺', 260, 150, 200), line('限乘当日当次车', 80, 200, 200), line('中国铁路祝您旅途愉快', 80, 262, 260)];
    const memo = note(80, 300);
    const regions = findRegions(image, [...ticket, ...memo]);
    expect(texts(regions)).toEqual(expect.arrayContaining([ticket.map((l) => l.text).sort(), memo.map((l) => l.text).sort()]));
  });
});

describe('2582-25 regions: a note touching an invoice on one white', () => {
  it('a note whose print is half again as tall as the invoice\'s, beside its corner on the same white, is no row of the invoice', () => {
    const image = canvas(1600, 700, WHITE);
    const invoice = [...invoiceHead(100, 100), ...invoiceFoot(100, 300)];
    // its body 34 px high beside the invoice's 20 px number and date, 100 px to their right:
    // within 3.5 of its own heights, beyond 3.5 of the invoice's
    const memo = [line('会议纪要', 1080, 90, 150, 44), line('时间：2021年12月12日', 1000, 145, 330, 34), line('地点：三楼第二会议室', 1000, 195, 330, 34), line('议题：季度报销流程调整', 1000, 245, 360, 34)];
    expect(texts(findRegions(image, [...invoice, ...memo]))).toEqual(expect.arrayContaining([invoice.map((l) => l.text).sort(), memo.map((l) => l.text).sort()]));
  });

  it('lines of one row a little taller than their neighbours (an amount beside its label) still link at the taller one\'s height', () => {
    const image = canvas(1000, 300, WHITE);
    // 64 px apart: within 3.5 of the 20 px amount's height, not of the 16 px label's
    const row = [line('价税合计（大写）', 100, 100, 160, 16), line('伍拾贰圆柒角', 324, 100, 150, 20)];
    expect(findRegions(image, row)).toHaveLength(1);
  });
});

describe('2582-25 regions: a photo of a vehicle', () => {
  it('the plate and the text around it (a dealer\'s sticker) are one photo: the whole image, read as the plate', () => {
    const image = canvas(960, 720, DESK);
    const plate = line('沪A·F71017', 410, 565, 250, 56);
    const sticker = [line('总李谈车', 80, 630, 90, 30), line('二手车行', 80, 670, 90, 30)];
    const regions = findRegions(image, [plate, ...sticker]);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.whole).toBe(true);
    expect(texts(regions)).toEqual([[plate, ...sticker].map((l) => l.text).sort()]);
  });

  it('a plate beside a document of a type stays apart from it', () => {
    const image = canvas(1000, 1000, WHITE);
    const plate = line('沪A·F71017', 100, 900, 250, 56);
    const regions = findRegions(image, [...invoiceHead(100, 100), plate]);
    expect(regions).toHaveLength(2);
  });
});

describe('2582-25 regions: one anchored document and text around it', () => {
  /** a taxi receipt on its white paper: its title, its number (an anchor) and 18 meter rows, 40 px apart */
  const receipt = (x: number, y: number) => [
    line('上海市出租汽车统一发票', x, y, 300),
    line('发票号码66168932', x, y + 40, 260),
    ...Array.from({ length: 18 }, (_, k) => line(`里程：${k + 1}.6KM`, x, y + 80 + 40 * k, 200)),
  ];

  it('a note of four lines on paper of its own beside a receipt is a document, however small beside it (bench seeds 11 and 12)', () => {
    const image = canvas(1100, 1000, DESK);
    fill(image, { x: 40, y: 40, w: 300, h: 220 }, WHITE);
    fill(image, { x: 420, y: 40, w: 400, h: 900 }, WHITE);
    const memo = [line('会议纪要', 130, 80, 100), line('时间：2021年8月28日', 70, 120, 220), line('地点：三楼第二会议室', 70, 160, 220), line('议题：季度报销流程调整', 70, 200, 220)];
    const taxi = receipt(470, 80);
    const regions = findRegions(image, [...memo, ...taxi]);
    expect(texts(regions).sort()).toEqual([memo.map((l) => l.text).sort(), taxi.map((l) => l.text).sort()].sort());
    expect(regions.some((r) => r.whole)).toBe(false);
  });

  it('a label of two lines beside it is a scrap: the image is the receipt', () => {
    const image = canvas(1100, 1000, DESK);
    fill(image, { x: 40, y: 40, w: 300, h: 140 }, WHITE);
    fill(image, { x: 420, y: 40, w: 400, h: 900 }, WHITE);
    const label = [line('会议纪要', 130, 80, 100), line('时间：2021年8月28日', 70, 120, 220)];
    const regions = findRegions(image, [...label, ...receipt(470, 80)]);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.whole).toBe(true);
  });
});

describe('2582-25 regions: a paper VAT invoice\'s pieces (issue 18, bench seeds 25, 26, 28)', () => {
  // a paper invoice prints its number after No and its code unlabelled; its title misread (曾 for 增) says no type
  // and its header says little else: its date's label, its code and buyer's name unlabelled
  const paperHead = (x: number, y: number) => [
    line('曾值税普通发票', x + 250, y, 300),
    line('031002499604', x, y + 40, 200),
    line('No 78810545', x + 440, y + 40, 200),
    line('名称：某某科技有限公司', x, y + 70, 400),
    line('开票日期：2024年02月18日', x + 440, y + 70, 260),
    line('91330100MA2XXXXXX', x, y + 100, 400),
  ];

  it('its header, by its number after No, is a document that takes in its totals below its empty rows', () => {
    const image = canvas(1000, 820, WHITE);
    // 4 line heights between the buyer's box and the totals: beyond the link's reach, within a fragment's
    const head = paperHead(100, 100), foot = invoiceFoot(100, 300);
    // a note below, beyond the invoice's shape: a sheet of documents, not one document and scraps around it
    expect(texts(findRegions(image, [...head, ...foot, ...note(300, 720)]))).toEqual([[...head, ...foot].map((l) => l.text).sort(), note(300, 720).map((l) => l.text).sort()]);
  });

  it('joined by its title, the header is told a VAT invoice again and takes in its totals within the invoice\'s shape', () => {
    const image = canvas(1000, 900, WHITE);
    // the title on paper too pink to link (under the seal), a VAT invoice by itself
    fill(image, { x: 340, y: 60, w: 320, h: 40 }, [235, 222, 212]);
    const title = line('湖北增值税普通发票', 350, 80, 300, 28);
    const head = paperHead(100, 120).slice(1);
    // 11 line heights of empty rows: beyond a fragment's reach, within the invoice's shape
    const foot = invoiceFoot(100, 460);
    expect(texts(findRegions(image, [title, ...head, ...foot, ...note(300, 760)]))).toEqual([[title, ...head, ...foot].map((l) => l.text).sort(), note(300, 760).map((l) => l.text).sort()]);
  });

  it('the first column of its rows (items\' names, the buyer\'s box), cut off by empty cells, joins it beside them', () => {
    const image = canvas(1200, 600, WHITE);
    const invoice = invoiceHead(500, 100);
    // 100 px (5 line heights) to the left of the invoice's rows, within them across: no column of the invoice's
    const first = [line('货物或应税劳务、服务名称', 100, 180, 300), line('开户行及账号：', 100, 220, 160), line('地址、电话：', 100, 260, 140)];
    expect(texts(findRegions(image, [...invoice, ...first]))).toEqual([[...invoice, ...first].map((l) => l.text).sort()]);
  });

  it('a paper VAT invoice beside another in its rows, its No read apart from its number, stays a document of its own', () => {
    const image = canvas(1900, 600, WHITE);
    const electronic = invoiceHead(1000, 100);
    const paper = [line('湖北增值税普通发票', 250, 100, 300), line('No', 540, 140, 40), line('95709977', 600, 140, 120), line('开票日期：2018年11月23日', 540, 180, 260), line('购买方名称：武汉中盛贸易有限公司', 100, 220, 400)];
    expect(texts(findRegions(image, [...paper, ...electronic]))).toEqual([paper.map((l) => l.text).sort(), electronic.map((l) => l.text).sort()]);
  });

  it('a note of rows printed larger than the invoice, touching it on one white within its shape, is no piece of it', () => {
    const image = canvas(1000, 900, WHITE);
    const invoice = [...invoiceHead(100, 100), ...invoiceFoot(100, 300)];
    // printed 38 px high (27 px a character), 100 px below the invoice's last line (5 of its line heights)
    const memo = [line('会议纪要', 300, 520, 108, 38), line('时间：2021年8月12日', 200, 570, 266, 38), line('地点：三楼第二会议室', 200, 620, 257, 38)];
    expect(texts(findRegions(image, [...invoice, ...memo]))).toEqual([invoice.map((l) => l.text).sort(), memo.map((l) => l.text).sort()]);
  });
});
