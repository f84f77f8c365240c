import { describe, expect, it } from 'vitest';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import { createRaster, type Raster } from '../../../../src/ocr/image/raster';
import type { OcrLine } from '../../../../src/ocr/pipeline';

/*
 * How 2582-25 cuts an image into documents, on drawn papers and placed lines (no models): the
 * pieces a wide gap tears off a document join it when they lie on its paper, and stay apart when
 * desk, another paper or the size of the document's type lies between.
 */

type Rgb = [number, number, number];

function canvas(width: number, height: number, background: Rgb): Raster {
  const image = createRaster(width, height);
  fill(image, { x: 0, y: 0, w: width, h: height }, background);
  return image;
}

function fill(image: Raster, r: { x: number; y: number; w: number; h: number }, colour: Rgb): void {
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) image.data.set(colour, (y * image.width + x) * 3);
}

/** A level line of text, `h` high, its left end at x and its centre at y. */
function line(text: string, x: number, y: number, w: number, h = 20): OcrLine {
  const quad = [{ x, y: y - h / 2 }, { x: x + w, y: y - h / 2 }, { x: x + w, y: y + h / 2 }, { x, y: y + h / 2 }] as OcrLine['quad'];
  return { text, confidence: 0.95, quad, box: { cx: x + w / 2, cy: y, w, h, angle: 0 }, rect: { left: x, top: y - h / 2, width: w, height: h } };
}

const WHITE: Rgb = [246, 245, 240];
const DESK: Rgb = [90, 75, 60];

/** The head of a VAT invoice (its title, number and buyer), 800 px wide at 20 px text. */
const invoiceHead = (x: number, y: number) => [
  line('浙江增值税电子普通发票', x + 250, y, 300),
  line('发票代码：033001900111', x, y + 40, 260),
  line('发票号码：12345678', x + 540, y + 40, 260),
  line('开票日期：2023年05月08日', x + 540, y + 80, 260),
  line('购买方名称：某某科技有限公司', x, y + 120, 400),
  line('纳税人识别号：91330100MA2XXXXXX', x, y + 160, 400),
];
/** Its totals and seller's box: no type and no anchor of their own. */
const invoiceFoot = (x: number, y: number) => [
  line('价税合计（大写）', x, y, 200),
  line('伍拾贰圆柒角', x + 220, y, 150),
  line('名称：杭州某某贸易有限公司', x, y + 40, 360),
  line('开户行及账号：工商银行杭州支行', x, y + 80, 360),
];
const note = (x: number, y: number) => [
  line('会议纪要', x + 120, y, 120),
  line('时间：2021年4月16日', x, y + 40, 360),
  line('地点：三楼第二会议室', x, y + 80, 360),
];
const texts = (regions: ReturnType<typeof findRegions>) => regions.map((r) => r.lines.map((l) => l.text).sort());

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

describe('2582-25 regions: a strip of desk between two papers of one white', () => {
  /** a taxi receipt with no anchor read (its number missed) and a note beside it, 28 px print, 68 px apart across a strip of desk */
  const receipt = [line('出租汽车专用发票', 80, 120, 400, 28), line('上车：08:15下车：08:42', 80, 180, 460, 28), line('里程：12.3公里', 80, 240, 300, 28), line('金额：￥36.00元', 80, 300, 300, 28)];
  const memo = [line('会议纪要', 700, 120, 160, 28), line('时间：2021年8月28日', 610, 180, 420, 28), line('地点：三楼第二会议室', 610, 240, 420, 28)];

  it('a strip of desk narrower than a line between a receipt and a note keeps them apart', () => {
    const image = canvas(1200, 600, DESK);
    // 20 px of desk between the papers: within the link reach of their rows (3.5 line heights)
    fill(image, { x: 40, y: 60, w: 540, h: 440 }, WHITE);
    fill(image, { x: 600, y: 60, w: 560, h: 440 }, WHITE);
    expect(texts(findRegions(image, [...receipt, ...memo]))).toEqual(expect.arrayContaining([receipt.map((l) => l.text).sort(), memo.map((l) => l.text).sort()]));
  });

  it('ink on one paper is no strip: a symbol no line read between a label and its amount, a rule a row\'s diagonal link crosses', () => {
    const INK: Rgb = [120, 60, 50];
    const paper = () => {
      const image = canvas(1000, 400, DESK);
      fill(image, { x: 40, y: 40, w: 920, h: 320 }, WHITE);
      return image;
    };
    // ⊗ before a capital amount, a character's size: the only way between the two lines
    const symbol = paper();
    fill(symbol, { x: 290, y: 190, w: 20, h: 20 }, INK);
    expect(findRegions(symbol, [line('价税合计（大写）', 100, 200, 170, 20), line('柒仟柒佰捌拾肆元肆角', 330, 200, 200, 20)])).toHaveLength(1);
    // a rule 3 px thick between two rows, which the way from a label to the next row's value crosses at 9°
    const ruled = paper();
    fill(ruled, { x: 60, y: 219, w: 880, h: 3 }, INK);
    expect(findRegions(ruled, [line('纳税人识别号：', 100, 200, 150, 20), line('91330106057625482X', 300, 240, 250, 20)])).toHaveLength(1);
  });
});

describe('2582-25 regions: a piece overhanging its document\'s column', () => {
  /** a driver licence's centred title and number; the rows below them stand wider, to the left */
  const head = [line('中华人民共和国机动车驾驶证', 300, 100, 480, 30), line('证号130102198008046251', 300, 150, 400, 30)];
  const at = (texts: string[]) => texts.map((t, i) => line(t, 150, 260 + 50 * i, 250 + 125 * i, 30));

  it('a licence\'s rows, a missed row away from its title and overhanging the title\'s column, join it: they bear its cues', () => {
    const image = canvas(1000, 600, WHITE);
    // 2.7 line heights across: beyond the link reach, as when the detector misses the 住址 row
    const rows = at(['准驾车型C1', '初次领证日期2003-04-04', '有效期限2003-04-04至2009-04-04']);
    expect(texts(findRegions(image, [...head, ...rows]))).toEqual([[...head, ...rows].map((l) => l.text).sort()]);
  });

  it('a note there, bearing none of them, stays a document of its own', () => {
    const image = canvas(1000, 600, WHITE);
    const memo = at(['会议纪要', '时间：2021年4月16日', '地点：三楼第二会议室']);
    expect(findRegions(image, [...head, ...memo])).toHaveLength(2);
  });
});

describe('2582-25 regions: invoices\' titles', () => {
  /** a paper VAT invoice's head: its number after No, its code unlabelled, no 发票号码 or 发票代码 */
  const paperVat = (x: number, y: number) => [
    line('江苏增值税普通发票', x + 200, y, 300),
    line('032002038404', x, y + 10, 180),
    line('No85704589', x + 520, y + 10, 180),
    line('开票日期：2020年06月11日', x + 520, y + 50, 260),
    line('名称：南京中盛商业保理有限公司', x, y + 90, 400),
    line('纳税人识别号：913201063H3760578G', x, y + 130, 400),
  ];
  const taxi = (x: number, y: number) => [line('深圳市出租汽车专用发票', x, y, 300), line('发票联', x + 100, y + 40, 100), line('单价：2.70元', x, y + 80, 200), line('里程：4.3KM', x, y + 120, 200)];

  it('a paper VAT invoice touching a taxi receipt on one white: two titles, two documents', () => {
    const image = canvas(1400, 500, WHITE);
    // the receipt's rows 60 px right of the invoice's date, within the link reach (70 px)
    const vat = paperVat(100, 100), receipt = taxi(940, 100);
    expect(texts(findRegions(image, [...vat, ...receipt]))).toEqual(expect.arrayContaining([vat.map((l) => l.text).sort(), receipt.map((l) => l.text).sort()]));
  });

  it('an invoice\'s title torn off its body by a wide gap is still a piece of it, not a document', () => {
    const image = canvas(1000, 800, WHITE);
    // the title and 国家税务总局 5 line heights above the invoice's labelled head
    const title = [line('浙江增值税电子普通发票', 350, 100, 300), line('国家税务总局', 420, 140, 160)];
    const body = [
      line('发票代码：033001900111', 100, 250, 260),
      line('发票号码：12345678', 380, 250, 260),
      line('开票日期：2023年05月08日', 380, 290, 260),
      line('购买方名称：某某科技有限公司', 100, 330, 400),
      line('纳税人识别号：91330100MA2XXXXXX', 100, 370, 400),
    ];
    expect(texts(findRegions(image, [...title, ...body]))).toEqual([[...title, ...body].map((l) => l.text).sort()]);
  });
});
