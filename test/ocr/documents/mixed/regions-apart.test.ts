import { describe, expect, it } from 'vitest';
import { besideForm, type RuledFrame } from '../../../../src/ocr/documents/mixed/frames';
import { findRegions } from '../../../../src/ocr/documents/mixed/regions';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { canvas, DESK, fill, line, note, type Rgb, texts, WHITE } from './drawn';

/*
 * Where 2582-25 keeps two documents apart and where it holds one together, on drawn papers and
 * placed lines (no models): a strip of desk between two papers of one white, ink on one paper,
 * a piece overhanging its document's column, invoices' titles.
 */
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

  /** a VAT invoice's header: its title and number block, narrower than its form, at u 400–920 */
  const vatHead = (x: number, y: number) => [
    line('江苏增值税电子普通发票', x + 100, y, 300),
    line('发票代码：032002300111', x, y + 50, 260),
    line('发票号码：59878168', x + 300, y + 50, 220),
    line('开票日期：2023年06月22日', x + 300, y + 90, 220),
  ];

  it('an invoice\'s buyer box, less than half in the column of the header above it, joins it: it bears the invoice\'s cues', () => {
    const image = canvas(1000, 500, WHITE);
    // 4 line heights below the header (beyond the link reach); 160 of its 410 px along in the header's column
    const box = [line('购名称：个人', 150, 290, 200), line('纳税人识别号：91440300MA5XXXXX', 150, 330, 410), line('地址电话：深圳市福田区', 150, 370, 300)];
    const head = vatHead(400, 100);
    expect(texts(findRegions(image, [...head, ...box]))).toEqual([[...head, ...box].map((l) => l.text).sort()]);
  });

  it('a piece in one invoice\'s column and overhanging another\'s joins the one whose column holds it, though the other is nearer', () => {
    const image = canvas(1200, 800, WHITE);
    const upper = [line('发票号码：12345678', 100, 100, 500), line('购买方名称：某某科技有限公司', 100, 140, 500), line('纳税人识别号：91330100MA2XXXXXX', 100, 180, 500)];
    // its seller's box, 4.5 line heights below it; 3 above the lower invoice, 130 of its 380 px in the lower's column
    const seller = [line('销售方名称：杭州某某贸易有限公司', 200, 290, 380), line('开户行及账号：工商银行杭州支行', 200, 330, 380)];
    const lower = vatHead(450, 410);
    const regions = texts(findRegions(image, [...upper, ...seller, ...lower]));
    expect(regions).toEqual(expect.arrayContaining([[...upper, ...seller].map((l) => l.text).sort(), lower.map((l) => l.text).sort()]));
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

  it('a paper invoice\'s body, no anchor and not yet certain of its type, wider than its title kept apart, joins the title: it bears the type\'s cues', () => {
    const image = canvas(1100, 600, WHITE);
    // the title over the middle of the body, less than a third of its width
    const title = [line('江苏增值税普通发票', 430, 100, 240), line('国家税务总局', 470, 140, 160)];
    // its number after No and its code unlabelled; 开票日期, 校验码 and 货物或应税劳务 weigh 2.5 of the 3 a type needs
    const body = [
      line('032002392004', 100, 250, 180),
      line('No 65429428', 720, 250, 180),
      line('开票日期：2023年06月21日', 640, 290, 260),
      line('校验码30110310165307582497', 100, 290, 300),
      line('名称：南京瑞件科技有限公司', 100, 330, 400),
      line('<75135-2/87*337-5<>054<4', 560, 330, 300),
      line('地址、电话：南京市鼓楼区科技园路946号', 100, 370, 400),
      line('21-/4335>690//<1>6-6/-+01-1', 560, 370, 300),
      line('货物或应税劳务、服务名称', 100, 410, 300),
    ];
    expect(texts(findRegions(image, [...title, ...body]))).toEqual([[...title, ...body].map((l) => l.text).sort()]);
    // a note as wide under the title bears none of its cues: a document of its own
    const memo = [line('会议纪要', 400, 250, 120), line('时间：2021年4月16日上午九时在三楼第二会议室', 100, 290, 800), line('议题：季度报销流程调整及差旅标准', 100, 330, 800)];
    expect(findRegions(image, [...title, ...memo])).toHaveLength(2);
  });

  it('a body told by its anchors alone, its labels misread (no type), takes in its title: the title bears the type', () => {
    const image = canvas(1600, 800, WHITE);
    const title = [line('浙江增值税电子普通发票', 350, 100, 300), line('国家税务总局', 420, 140, 160)];
    const body = [
      line('发票代码：033001900111', 100, 250, 260),
      line('发票号码：74260161', 380, 250, 260),
      line('厂票口期：2019年11月07日', 380, 290, 260),
      line('名称：杭州瑞仕文化传播有限公司', 100, 330, 400),
      line('纳税人记别号：91330106826143980N', 100, 370, 400),
    ];
    // a taxi receipt far to the right: two documents, so the title is no scrap of one
    const receipt = taxi(1150, 100);
    expect(texts(findRegions(image, [...title, ...body, ...receipt]))).toEqual(expect.arrayContaining([[...title, ...body].map((l) => l.text).sort()]));
  });
});

describe('2582-25 regions: one page of text blocks', () => {
  const PURPLE: Rgb = [120, 40, 160];
  /** an advert's title and the line under it on its purple, a slogan between them on a white band */
  const title = [line('正品促销', 60, 50, 300, 76), line('强力去污符合国标', 60, 165, 300, 25)];
  const slogan = [line('大桶装更划算', 100, 117, 200, 24)];

  it('blocks of text of no type that interleave are one page: the whole image, general text', () => {
    const image = canvas(500, 260, PURPLE);
    fill(image, { x: 0, y: 95, w: 500, h: 45 }, WHITE);
    const regions = findRegions(image, [...title, ...slogan]);
    expect(regions).toHaveLength(1);
    expect(regions[0]).toMatchObject({ whole: true, page: true });
  });

  it('notes side by side, their text apart, stay documents of their own', () => {
    const image = canvas(1200, 400, DESK);
    fill(image, { x: 40, y: 40, w: 500, h: 300 }, WHITE);
    fill(image, { x: 660, y: 40, w: 500, h: 300 }, WHITE);
    expect(findRegions(image, [...note(100, 100), ...note(720, 100)])).toHaveLength(2);
  });
});

describe('2582-25 regions: print beside a ruled form', () => {
  const INK: Rgb = [70, 60, 60];
  /** a ruled form 700 × 400 px at (100, 150): five rows of three cells, each cell's text 20 px high */
  const form = (image: ReturnType<typeof canvas>) => {
    for (let r = 0; r <= 5; r++) fill(image, { x: 100, y: 150 + 80 * r, w: 702, h: 2 }, INK);
    for (const x of [100, 300, 550, 800]) fill(image, { x, y: 150, w: 2, h: 402 }, INK);
    const cells = [['名称：', '杭州瑞佳贸易有限公司', '密码区'], ['纳税人识别号：', '91330106P28584636A', '*9*9><87<<238*2*'], ['地址、电话：', '杭州市西湖区解放路115号', '3<4<-73<017+1819'], ['开户行及账号：', '招商银行杭州高新支行', '税额￥440.62'], ['价税合计（大写）', '柒仟柒佰捌拾肆元肆角', '（小写）￥7784.40']];
    return cells.flatMap((row, r) => row.map((t, c) => line(t, [115, 315, 565][c]!, 190 + 80 * r, [170, 220, 220][c]!)));
  };
  /** a note whose rows stand beside the form's right column, 40 px right of its rule: within the link reach of its cells */
  const memo = [line('会议纪要', 840, 190, 160), line('时间：2021年4月16日', 840, 230, 420), line('地点：三楼第二会议室', 840, 270, 420), line('议题：季度报销流程调整', 840, 310, 420)];

  it('a note beside a ruled form on one white is a document of its own: a form\'s print lies in its column', () => {
    const image = canvas(1300, 700, WHITE);
    const cells = form(image);
    expect(texts(findRegions(image, [...cells, ...memo]))).toEqual(expect.arrayContaining([memo.map((l) => l.text).sort()]));
  });

  it('the form\'s title and header above its rules, in its column, are its own', () => {
    const image = canvas(1300, 700, WHITE);
    const cells = form(image);
    const head = [line('浙江增值税普通发票', 300, 60, 260), line('开票日期：2023年05月08日', 560, 110, 240)];
    expect(texts(findRegions(image, [...head, ...cells]))).toEqual([[...head, ...cells].map((l) => l.text).sort()]);
  });
});

describe('2582-25 regions: which ruled frame is a form\'s whole width', () => {
  const INK: Rgb = [70, 60, 60];
  const cells = Array.from({ length: 12 }, (_, k) => line(`单元${k}`, 120 + 180 * (k % 3), 190 + 80 * Math.floor(k / 3), 120));
  const frame: RuledFrame = { lines: cells, skew: 0, corners: [{ x: 100, y: 150 }, { x: 640, y: 150 }, { x: 640, y: 470 }, { x: 100, y: 470 }] };
  const beside = line('名称：杭州瑞佳贸易有限公司', 700, 190, 300);
  const box = (image: ReturnType<typeof canvas>) => {
    for (const y of [150, 470]) fill(image, { x: 100, y: y - 1, w: 540, h: 3 }, INK);
    for (const x of [100, 640]) fill(image, { x: x - 1, y: 150, w: 3, h: 320 }, INK);
  };

  it('a box whose top and bottom rules run on past its side is one of a form\'s boxes: the print beyond it is the form\'s', () => {
    const image = canvas(1100, 600, WHITE);
    box(image);
    expect(besideForm(image, [frame], cells, beside, [beside])).toBe(true);
    // a box of a few lines is a box of a form (a label column, a totals cell), not the form
    const few = { ...frame, lines: cells.slice(0, 3) };
    expect(besideForm(image, [few], few.lines, beside, [beside])).toBe(false);
    // the form's rules run on to its other columns
    for (const y of [150, 470]) fill(image, { x: 640, y: y - 1, w: 420, h: 3 }, INK);
    expect(besideForm(image, [frame], cells, beside, [beside])).toBe(false);
  });

  it('a form turned a quarter has its header beside its rules as the image stands: that is above it as it reads', () => {
    const image = canvas(1100, 600, WHITE);
    box(image);
    // the same lines running down the image: the line at the right of the frame is above or below the form's text
    const turn = (l: OcrLine): OcrLine => ({ ...l, box: { ...l.box, angle: 90 } });
    const [down, across] = [cells.map(turn), turn(beside)];
    expect(besideForm(image, [{ ...frame, lines: down }], down, across, [across])).toBe(false);
  });
});

describe('2582-25 regions: two documents of one type touching', () => {
  const PINK: Rgb = [238, 222, 222];
  /**
   * A card ticket's lines (20 px print): its left half (seat class, seat, train) and right half
   * (fine print, fare, date) 60 px apart along their rows, the right half's foot below it (masked
   * id, 12306, wishes, the ticket office's line)
   */
  const ticket = (y: number, [from, train, seat, fare, serial, id]: string[]) => [
    line('二等座', 40, y, 90),
    line(seat!, 40, y + 40, 150),
    line(train!, 40, y + 80, 100),
    line('限乘当日当次车', 250, y, 200),
    line(fare!, 250, y + 40, 120),
    line('2023年02月20日10:31开', 250, y + 80, 300),
    line(id!, 250, y + 130, 300),
    line('买票请到12306发货请到95306', 250, y + 162, 330),
    line('中国铁路祝您旅途愉快', 270, y + 194, 280),
    line(`11799022050727${serial}${from}售`, 250, y + 226, 340),
  ];
  const first = () => ticket(60, ['芜湖', 'G3642', '04车04F号', '￥439.0元', 'C847334', '2662641977****0525冯伟']);
  const second = () => ticket(304, ['大连北', 'Z75', '08车047号上铺', '￥544.5元', 'H630693', '1885691957****4221梁芳']);

  it('issue 18: two tickets one above the other, the first\'s foot 8 px from the second\'s fine print, come back two with their own lines', () => {
    // one colour of paper: the right halves and feet link into one group (nothing refuses it)
    // before the halves link along their rows, and then the first's seat keeps the second's left
    // half out; that group prints the fine print, fare and the office's line twice, a ticket apart
    // (bench seed 30)
    const image = canvas(700, 640, PINK);
    expect(texts(findRegions(image, [...first(), ...second()])).sort()).toEqual([first().map((l) => l.text).sort(), second().map((l) => l.text).sort()].sort());
  });
});
