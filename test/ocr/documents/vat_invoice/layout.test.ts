import { describe, expect, it } from 'vitest';
import { assemble } from '../../../../src/ocr/documents/vat_invoice/assemble';
import { checkedRate, gluedCells } from '../../../../src/ocr/documents/vat_invoice/items';
import type { OcrLine } from '../../../../src/ocr/pipeline';

/* 2582-22's assembly on lines as OCR returns them: regressions from real invoices, named after the issue. */

/** An OCR line at (x, y), w × h, turned `angle` degrees about its top-left corner. */
function line(text: string, x: number, y: number, w: number, h: number, angle = 0): OcrLine {
  const rad = (angle * Math.PI) / 180, c = Math.cos(rad), s = Math.sin(rad);
  const at = (dx: number, dy: number) => ({ x: x + dx * c - dy * s, y: y + dx * s + dy * c });
  const quad = [at(0, 0), at(w, 0), at(w, h), at(0, h)] as OcrLine['quad'];
  const xs = quad.map((p) => p.x), ys = quad.map((p) => p.y);
  const centre = at(w / 2, h / 2);
  return {
    text, confidence: 0.99, quad,
    box: { cx: centre.x, cy: centre.y, w, h, angle },
    rect: { left: Math.min(...xs), top: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
  };
}
const quiet = { remark: () => {}, notThisDocument: () => {} };
/** The buyer block and the anchors around it, as an OCR of a grid invoice returns them. */
const gridInvoice = (nameLines: OcrLine[]) => [
  line('深圳增值税普通发票', 350, 30, 300, 36),
  line('开票日期：2019年03月19日', 700, 100, 240, 20),
  ...nameLines,
  line('纳税人识别号：', 70, 170, 90, 20),
  line('91440300708436854B', 180, 170, 180, 20),
  line('密', 550, 150, 18, 18),
  line('货物或应税劳务、服务名称', 50, 250, 160, 20),
  line('税额', 800, 250, 40, 20),
  line('价税合计(大写)', 60, 420, 100, 20),
  line('壹佰壹拾贰圆贰角整', 260, 420, 140, 20),
  line('(小写)¥112.20', 650, 420, 110, 20),
];
/** The signature row at the foot of the invoice: 收款人, 复核, 开票人 and the names after them. */
const signatureRow = (payee: string, checker: string, clerk: string) => [
  line('收款人：', 58, 703, 62, 24),
  line(payee, 130, 704, 19 * payee.length, 22),
  line('复核：', 359, 704, 45, 22),
  line(checker, 413, 703, 19 * checker.length, 24),
  line('开票人：', 618, 703, 80, 24),
  line(clerk, 689, 703, 19 * clerk.length, 24),
];

/** A fully digital invoice's party blocks side by side, with what a capture may add beside them. */
const digitalInvoice = (sellerName: OcrLine[]) => [
  line('电子发票（普通发票）', 400, 40, 300, 36),
  line('开票日期：2025年01月06日', 880, 100, 240, 20),
  line('购买方信息', 30, 180, 20, 100, 90),
  line('名称：统信软件技术有限公司', 80, 190, 260, 20),
  line('统一社会信用代码/纳税人识别号：', 80, 250, 240, 20),
  line('91110302MA01NP925M', 330, 250, 180, 20),
  line('销售方信息', 600, 180, 20, 100, 90),
  ...sellerName,
  line('统一社会信用代码/纳税人识别号：', 650, 250, 240, 20),
  line('92420100MA4JMP6D4P', 900, 250, 180, 20),
  line('项目名称', 100, 300, 80, 20),
  line('价税合计（大写）', 100, 560, 140, 20),
  line('贰佰陆拾肆圆整', 300, 560, 120, 20),
];

/**
 * A paper invoice (江苏增值税普通发票) pasted small on a desk photo and read from its crop, as
 * 2582-25 read it (bench seed 8, sheet 8010; 15 px lines under the camera's noise): [text, left,
 * top, width, height]. Of its labels 开票日期, 校验码, 税额, 开户行及账号 and the block titles 购买方
 * and 销售方 came back 票口期, 校验4442…, 我额, 万开户行及账片 and 方户行及账, 购名称 and 销名称.
 */
const SHEET_PAPER_INVOICE: [string, number, number, number, number][] = [
  ['032001984304', 70, 35, 130, 21],
  ['江苏增值税普通发票', 269, 24, 207, 28],
  ['No 30469714', 530, 31, 118, 21],
  ['320019304', 662, 29, 64, 13],
  ['304697.4', 662, 42, 48, 13],
  ['国家税务总局', 340, 58, 65, 18],
  ['票口期', 547, 74, 49, 16],
  ['201年05月23日', 605, 76, 82, 15],
  ['校验444210137322721118555', 83, 88, 157, 15],
  ['购名称', 23, 112, 77, 18],
  ['买', 27, 137, 19, 14],
  ['纳税人识别号：', 42, 128, 73, 15],
  ['地址、电话：', 41, 144, 71, 16],
  ['南尔新力建筑工程有限公司', 130, 113, 125, 15],
  ['923201067463692850', 130, 130, 131, 15],
  ['南京市鼓楼区长江路1/4号095.11266418', 130, 147, 193, 16],
  ['密', 415, 112, 14, 11],
  ['码', 416, 137, 14, 12],
  ['9044.3.*<<45->2762+12+9', 435, 111, 169, 17],
  ['39232908357/-2+*70/8*0', 437, 129, 169, 17],
  ['//98643/3531<85-/+4<->121', 438, 148, 165, 16],
  ['万开户行及账片', 26, 163, 93, 15],
  ['中国衣业银行成京高新支行：5147220398030573948', 128, 165, 239, 16],
  ['区', 414, 163, 18, 12],
  ['314337161</25/407*5890', 438, 165, 174, 18],
  ['货物或应税劳务、服务名称', 28, 186, 127, 17],
  ['输服务”货运费', 32, 207, 91, 15],
  ['现代服务咨询服务费', 33, 223, 103, 16],
  ['规格号', 211, 186, 45, 15],
  ['单位', 296, 187, 27, 12],
  ['数', 332, 185, 32, 13],
  ['16.', 384, 223, 13, 12],
  ['295.3.98', 445, 206, 42, 14],
  ['3879.51', 445, 222, 40, 15],
  ['金', 487, 186, 31, 12],
  ['11815.9213%', 541, 206, 78, 15],
  ['61272.16', 541, 222, 54, 14],
  ['336', 587, 222, 31, 14],
  ['我额', 668, 184, 30, 14],
  ['1536.07', 685, 205, 41, 14],
  ['7965.38', 686, 222, 42, 14],
  ['合', 80, 316, 20, 13],
  ['计', 144, 317, 14, 11],
  ['￥73088.08', 529, 314, 59, 15],
  ['￥9501.45', 675, 313, 52, 16],
  ['价税合计（大写）', 64, 339, 83, 16],
  ['捌万贰仟位佰韧合动元伍角参分', 209, 339, 189, 17],
  ['（小写）', 522, 338, 45, 16],
  ['￥82589.53', 558, 338, 74, 15],
  ['销名称', 24, 362, 82, 19],
  ['天津宏达商业保理有限公司', 130, 363, 127, 15],
  ['备', 415, 368, 14, 13],
  ['纳税人识别号：', 43, 379, 73, 15],
  ['9112022221020807XH', 131, 380, 133, 15],
  ['方户行及账：', 26, 412, 92, 18],
  ['地址、电话：', 42, 397, 72, 16],
  ['天津市武法区新华路932号04773156611', 131, 398, 191, 16],
  ['中国银行天注科技支行16888969229176615', 131, 415, 214, 16],
  ['注', 416, 406, 14, 13],
  ['收款人：买杰', 30, 443, 68, 16],
  ['复核：', 217, 443, 63, 15],
  ['开票人：李态', 387, 442, 66, 15],
  ['销信方草）', 549, 442, 55, 16],
  ['发职专用章', 616, 442, 59, 16],
];

describe('layout regressions (lines as OCR returns them)', () => {
  it('issue 16: a web page’s label beside the seller’s name (下载次数：1) is not part of the name', () => {
    const data = assemble(digitalInvoice([line('名称:武汉东湖新技术开发区柴房老味餐饮店', 650, 190, 380, 20), line('下载次数：1', 1130, 207, 100, 19)]), quiet);
    expect(data.Content.PayeeName).toBe('武汉东湖新技术开发区柴房老味餐饮店');
    expect(data.Content.PayeeRegisterNo).toBe('92420100MA4JMP6D4P');
  });

  it('issue 16: taxpayer ids read with a letter O and a trailing extra character are repaired in the reading', () => {
    const lines = digitalInvoice([line('名称:武汉东湖新技术开发区柴房老味餐饮店', 650, 190, 380, 20)]).map((l) =>
      l.text === '92420100MA4JMP6D4P' ? line('924201OOMA4JMP6D4P5', 900, 250, 190, 20) : l.text === '91110302MA01NP925M' ? line('9111O302MA01NP925M', 330, 250, 180, 20) : l,
    );
    const remarks: string[] = [];
    const data = assemble(lines, { remark: (t) => remarks.push(t), notThisDocument: () => {} });
    expect([data.Content.PayerRegisterNo, data.Content.PayeeRegisterNo]).toEqual(['91110302MA01NP925M', '92420100MA4JMP6D4P']);
    expect(remarks.join('; ')).not.toMatch(/RegisterNo/);
    // an id no single misreading explains stays as read and is said
    const wrong = digitalInvoice([line('名称:武汉东湖新技术开发区柴房老味餐饮店', 650, 190, 380, 20)]).map((l) => (l.text === '92420100MA4JMP6D4P' ? line('92420100MA4JMP6D4C', 900, 250, 180, 20) : l));
    const said: string[] = [];
    expect(assemble(wrong, { remark: (t) => said.push(t), notThisDocument: () => {} }).Content.PayeeRegisterNo).toBe('92420100MA4JMP6D4C');
    expect(said).toContain('PayeeRegisterNo 92420100MA4JMP6D4C fails the unified social credit code check');
  });

  it('issue 16: the same label read glued onto the name in one line is cut off', () => {
    const data = assemble(digitalInvoice([line('名称:武汉东湖新技术开发区柴房老味餐饮店下载次数：1', 650, 190, 520, 20)]), quiet);
    expect(data.Content.PayeeName).toBe('武汉东湖新技术开发区柴房老味餐饮店');
    const other = assemble(digitalInvoice([line('名称:青岛嘉仕汇酒店管理有限公司查验次数：2', 650, 190, 520, 20)]), quiet);
    expect(other.Content.PayeeName).toBe('青岛嘉仕汇酒店管理有限公司');
  });

  it('issue 16: an amount read glued to its rate (3352.509%) or to its tax, a category that lost its first star, a rate misread: goods cells all the same', () => {
    const heads = [
      line('货物或应税劳务、服务名称', 47, 245, 163, 20), line('规格型号', 285, 244, 59, 23), line('单位', 392, 243, 34, 24), line('数量', 449, 243, 38, 23),
      line('单价', 533, 244, 36, 21), line('金额', 647, 243, 39, 23), line('税率', 781, 245, 32, 21), line('税额', 881, 245, 37, 21),
    ];
    const rows = [
      line('纸制品*笔记本', 44, 266, 94, 21), line('本', 388, 264, 21, 23), line('9', 506, 267, 15, 19), line('372.50', 589, 266, 47, 21), line('3352.509%', 714, 266, 89, 20), line('301.73', 902, 266, 49, 21),
      line('*办公用品*打印纸', 43, 286, 110, 22), line('箱', 387, 285, 22, 24), line('3', 506, 288, 15, 18), line('1646.34', 582, 287, 54, 19), line('4939.029%444.51', 714, 287, 236, 19),
    ];
    // the grid invoice's own two heads give way to the full row of heads
    const around = gridInvoice([line('名称：成都东方电子商务有限公司', 70, 142, 260, 20)]).filter((l) => !['货物或应税劳务、服务名称', '税额'].includes(l.text));
    const data = assemble([...around, ...heads, ...rows], quiet);
    expect(data.Items).toEqual([
      { Name: '*纸制品*笔记本', Spec: '', Unit: '本', Quantity: '9', UnitPrice: '372.50', Amount: '3352.50', TaxRate: '9%', Tax: '301.73' },
      { Name: '*办公用品*打印纸', Spec: '', Unit: '箱', Quantity: '3', UnitPrice: '1646.34', Amount: '4939.02', TaxRate: '9%', Tax: '444.51' },
    ]);
    // a rate no invoice prints is the one whose tax on the amount is the line's tax
    const goods = (TaxRate: string, Amount: string, Tax: string) => ({ Name: '', Spec: '', Unit: '', Quantity: '', UnitPrice: '', Amount, TaxRate, Tax });
    expect(checkedRate(goods('53%', '78127.65', '2343.83'))).toBe('3%');
    expect(checkedRate(goods('%6', '71604.00', '6444.36'))).toBe('9%');
    expect(checkedRate(goods('13%', '100.00', '6.00'))).toBe('13%'); // as printed: the remark-free value stays
    expect(checkedRate(goods('免税', '100.00', '***'))).toBe('免税');
    expect(checkedRate(goods('53%', '100.00', '7.77'))).toBe('53%'); // no rate fits: kept as read
    // a unit price of many decimals is one number, not two cells
    expect(gluedCells('13.2743362832')).toEqual([]);
    expect(gluedCells('3352.509%301.73')).toEqual([7, 9]);
  });

  it('a name wrapped onto the next row, starting under its start, stays whole', () => {
    const data = assemble(digitalInvoice([line('名称:中国移动通信集团广东有限公司阳江', 650, 190, 380, 20), line('分公司', 692, 212, 60, 20)]), quiet);
    expect(data.Content.PayeeName).toBe('中国移动通信集团广东有限公司阳江分公司');
  });

  it('issue: 称 of 名称 lost by OCR, the name label read as 名 alone', () => {
    const data = assemble(gridInvoice([line('名', 73, 148, 20, 20), line('深圳宏达贸易有限公司', 180, 148, 140, 20)]), quiet);
    expect(data.Content.PayerName).toBe('深圳宏达贸易有限公司');
    expect(data.Content.PayerRegisterNo).toBe('91440300708436854B');
  });

  it('issue: 名 and 称：… read apart are one label, not the two blocks of a fully digital invoice', () => {
    const data = assemble(gridInvoice([line('名', 73, 148, 20, 20), line('称：个人', 150, 148, 60, 20)]), quiet);
    expect(data.Content.PayerName).toBe('个人');
    expect(data.Content.PayerRegisterNo).toBe('91440300708436854B');
    expect(data.Content.InvoiceAmount).toBe('112.20');
  });

  it('issue: a seal line half a row above the signature row, far right, hid the signatures', () => {
    const lines = gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]);
    lines.push(line('发票专用章', 979, 690, 84, 25), ...signatureRow('王芳', '徐梦华', '李志强'), line('销售方：（章）', 879, 703, 84, 24));
    const { Content } = assemble(lines, quiet);
    expect([Content.Payee, Content.Checker, Content.Clerk]).toEqual(['王芳', '徐梦华', '李志强']);
  });

  it('issue: a mark read before a signature (`#周芳`, a photographed invoice) is not part of the name', () => {
    const lines = gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]);
    lines.push(...signatureRow('.王芳', 'Anna Li', '#周芳'));
    const { Content } = assemble(lines, quiet);
    expect([Content.Payee, Content.Checker, Content.Clerk]).toEqual(['王芳', 'Anna Li', '周芳']);
  });

  it('issue: a long vertical imprint in the margin does not tilt the page frame', () => {
    const lines = gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]);
    lines.push(line('税总函[2018]340号中钞光华印制有限公司', 20, 100, 450, 30, 90));
    const data = assemble(lines, quiet);
    expect(data.Content.PayerName).toBe('深圳宏达贸易有限公司');
    expect(data.Content.SumAmount).toBe('壹佰壹拾贰圆贰角整');
  });
  it('issue 18: small print on a sheet: 发票号码 read with a character lost (发票码, 发共号), 价税合计 misread (个税台计) beside its （大写）', () => {
    const header = (label: string) => [...gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]), line(label, 700, 60, 200, 20), line('发票代码：044031900111', 700, 36, 220, 20)];
    for (const label of ['发票码：60704742', '发共号：60704742', '发票号码：60704742']) expect(assemble(header(label), quiet).Content.InvoiceNo, label).toBe('60704742');
    // an 8-digit value after another field's label is not the number
    expect(assemble(header('机器编号：60704742'), quiet).Content.InvoiceNo).toBe('');
    const misread = gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]).map((l) => (l.text === '价税合计(大写)' ? line('个税台计（大写）', 60, 420, 100, 20) : l));
    const { Content } = assemble(misread, quiet);
    expect([Content.SumAmount, Content.InvoiceAmount]).toEqual(['壹佰壹拾贰圆贰角整', '112.20']);
    // 合 read 台 and 写 read 号 in both labels of the row (a sheet of eight, seed 8)
    const both = gridInvoice([line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)]).map((l) =>
      l.text === '价税合计(大写)' ? line('价税台计（大号）', 60, 420, 100, 20) : l.text.includes('小写') ? line('小号）¥112.20', 650, 420, 110, 20) : l,
    );
    expect([assemble(both, quiet).Content.SumAmount, assemble(both, quiet).Content.InvoiceAmount]).toEqual(['壹佰壹拾贰圆贰角整', '112.20']);
  });
  it('issue 18: 陆 read as 际 or 阳 in a capital amount, which then settles a total in figures misread', () => {
    const name = [line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)];
    const capital = (text: string, total: string) => gridInvoice(name).map((l) => (l.text === '壹佰壹拾贰圆贰角整' ? line(text, 260, 420, 140, 20) : l.text.includes('小写') ? line(total, 650, 420, 110, 20) : l));
    expect(assemble(capital('壹佰壹拾际圆贰角整', '(小写)¥116.20'), quiet).Content.SumAmount).toBe('壹佰壹拾陆圆贰角整');
    // as on a sheet of eight (seed 2): 13530.40 + 405.91 and 壹万叁仟玖佰叁拾阳圆参角壹分 say 13936.31, the figures 13935.31
    const sum = [line('合', 60, 390, 20, 20), line('计', 150, 390, 20, 20), line('¥13530.40', 650, 390, 90, 20), line('¥405.91', 800, 390, 70, 20)];
    const { Content } = assemble([...capital('壹万叁仟玖佰叁拾阳圆参角壹分', '(小写)¥13935.31'), ...sum], quiet, { source: 'image', qr: [] });
    expect([Content.SumAmount, Content.InvoiceAmount]).toEqual(['壹万叁仟玖佰叁拾陆圆叁角壹分', '13936.31']);
  });
  it('issue 18: figures, capital and amount plus tax each misread in a digit: the total place by place where two agree', () => {
    const name = [line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)];
    // as on a sheet of seven (seed 9): 17535.56, a capital without its 壹万, and 15637.32 + 998.24 for 17635.56
    const read = (capital: string, total: string, amount: string) => {
      const lines = gridInvoice(name).map((l) => (l.text === '壹佰壹拾贰圆贰角整' ? line(capital, 260, 420, 140, 20) : l.text.includes('小写') ? line(total, 650, 420, 110, 20) : l));
      const sum = [line('合', 60, 390, 20, 20), line('计', 150, 390, 20, 20), line(amount, 650, 390, 90, 20), line('¥998.24', 800, 390, 70, 20)];
      return assemble([...lines, ...sum], quiet, { source: 'image', qr: [] }).Content.InvoiceAmount;
    };
    expect(read('柒仟陆佰叁拾伍圆伍角陆分', '(小写)¥17535.56', '¥15637.32')).toBe('17635.56');
    expect(read('壹万柒仟陆佰叁拾伍圆伍角陆分', '(小写)¥17535.56', '¥15637.32')).toBe('17635.56');
    // the capital's piece lacks the thousands, where figures (17…) and amount plus tax (16…) differ: no answer
    expect(read('陆佰叁拾伍圆伍角陆分', '(小写)¥17535.56', '¥15637.32')).toBe('17535.56');
    // where figures and capital differ amount plus tax must side with the capital: 16535.56 sides with neither at the hundreds
    expect(read('柒仟陆佰叁拾伍圆伍角陆分', '(小写)¥17535.56', '¥15537.32')).toBe('17535.56');
    // the figures the capital bears out are kept, amount plus tax misread or not
    expect(read('壹万柒仟伍佰叁拾伍圆伍角陆分', '(小写)¥17535.56', '¥15637.32')).toBe('17535.56');
  });
  it('issue 18: the total in figures read with a letter for a 0 (129447.8D) is read when amount plus tax bears it out', () => {
    const name = [line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)];
    const read = (total: string, tax: string) => {
      const lines = gridInvoice(name).map((l) => (l.text.includes('小写') ? line(total, 650, 420, 110, 20) : l));
      const sum = [line('合', 60, 390, 20, 20), line('计', 150, 390, 20, 20), line('¥100.00', 650, 390, 90, 20), line(tax, 800, 390, 70, 20)];
      return assemble([...lines, ...sum], quiet).Content.InvoiceAmount;
    };
    expect(read('(小写)¥112.2D', '¥12.20')).toBe('112.20');
    expect(read('(小写)¥1O2.20', '¥2.20')).toBe('102.20');
    // a sum that does not bear it out leaves it unread: the letter has no single answer then
    expect(read('(小写)¥112.2D', '¥12.30')).toBe('');
  });
  it('issue 18: 价税合计（大写） lost in small print, its row found by its （小写） (a sheet of six, 15 px print)', () => {
    const name = [line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)];
    const lost = gridInvoice(name).filter((l) => l.text !== '价税合计(大写)');
    const { Content } = assemble(lost, quiet);
    expect([Content.SumAmount, Content.InvoiceAmount]).toEqual(['壹佰壹拾贰圆贰角整', '112.20']);
    // the row's first item may be the label misread past knowing: the capital is the run of capital characters
    const garbled = gridInvoice(name).map((l) => (l.text === '价税合计(大写)' ? line('介祝台汁', 60, 420, 100, 20) : l));
    expect(assemble(garbled, quiet).Content.SumAmount).toBe('壹佰壹拾贰圆贰角整');
    // the 合计 row's amounts are no total
    const noSmall = lost.filter((l) => !l.text.includes('小写'));
    expect(assemble([...noSmall, line('¥100.00', 650, 380, 80, 20), line('¥12.20', 800, 380, 70, 20)], quiet).Content.InvoiceAmount).toBe('');
  });
  it('issue 18: the 合计 row set tight above 价税合计, whose figures were lost, gives no total (an upside-down invoice on a sheet)', () => {
    const name = [line('名称：深圳宏达贸易有限公司', 73, 148, 220, 20)];
    const lostFigures = gridInvoice(name).filter((l) => !l.text.includes('小写'));
    // the 合计 row's amount in a loose box reaching within a row's slack of the label
    const { Content } = assemble([...lostFigures, line('金额', 660, 250, 40, 20), line('¥100.00', 650, 392, 80, 34)], quiet);
    expect([Content.WithoutTaxAmount, Content.InvoiceAmount]).toEqual(['100.00', '']);
    // its own figures read, the total is theirs
    expect(assemble([...gridInvoice(name), line('¥100.00', 650, 392, 80, 34)], quiet).Content.InvoiceAmount).toBe('112.20');
  });
  it('issue 18: a paper invoice whose labels small print cut short (开户行及账片, 购名称) is still one, and read', () => {
    const lines = SHEET_PAPER_INVOICE.map(([text, x, y, w, h]) => line(text, x, y, w, h));
    let refused = '';
    const { Content } = assemble(lines, { remark: () => {}, notThisDocument: (why: string) => (refused = why) });
    expect(refused).toBe('');
    expect([Content.InvoiceNo, Content.InvoiceAmount, Content.PayeeName]).toEqual(['30469714', '82589.53', '天津宏达商业保理有限公司']);
    // a company's invoicing details (开票资料), photographed to ask for an invoice, print those labels whole and are none
    const details = [line('名称：杭州金桥电子商务有限公司', 20, 20, 300, 20), line('纳税人识别号：91330106LE0996550R', 20, 50, 300, 20), line('地址、电话：杭州市西湖区南路353号', 20, 80, 300, 20), line('开户行及账号：交通银行杭州支行6729725066518357', 20, 110, 400, 20)];
    let none = '';
    assemble(details, { remark: () => {}, notThisDocument: (why: string) => (none = why) });
    expect(none).not.toBe('');
  });
});
