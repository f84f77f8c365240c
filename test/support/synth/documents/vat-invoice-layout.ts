import type { SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY, FAMILY_BOLD } from '../fonts';
import { pick, type Random } from '../text';
import type { VatValues } from './vat-invoice-values';

/*
 * The two VAT invoice layouts drawn in page points (the PDF's own units; images scale the
 * context): the grid of paper and electronic normal invoices (header, buyer block with the
 * cipher column, goods table with 合计, 价税合计, seller block with 备注, signatures) and the
 * fully digital invoice (buyer and seller side by side, 20-digit number, 开票人 only).
 */

export const PAGE = { width: 600, height: 400 };

const FRAME = '#9a4a2a';
const INK = ['#101010', '#1a2a6a', '#202020'];

type Ctx = SKRSContext2D;

/**
 * Where the printer put the values relative to the pre-printed form: paper invoices go through
 * dot-matrix printers whose print lands a few points off, often half a row low or high.
 */
let printOffset = { dx: 0, dy: 0 };

/** Form text (FRAME colour) stays where the form has it; everything printed shifts by printOffset. */
function text(ctx: Ctx, s: string, x: number, y: number, size: number, color: string, bold = false): void {
  ctx.font = `${size}px ${bold ? FAMILY_BOLD : FAMILY}`;
  ctx.fillStyle = color;
  const printed = color !== FRAME && color !== SEAL;
  ctx.fillText(s, x + (printed ? printOffset.dx : 0), y + (printed ? printOffset.dy : 0));
}

const SEAL = 'rgba(220,30,30,0.75)';

/** An oval seal: ring, arched title, a line across (the seller's id on 发票专用章). */
function seal(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, ring: string, middle: string, bottom: string): void {
  ctx.save();
  ctx.strokeStyle = SEAL;
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  ctx.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
  [...ring].forEach((c, i, all) => {
    const a = Math.PI * (1.15 + (0.7 * i) / Math.max(1, all.length - 1));
    ctx.save();
    ctx.translate(cx + Math.cos(a) * rx * 0.78, cy + Math.sin(a) * ry * 0.78);
    ctx.rotate(a + Math.PI / 2);
    text(ctx, c, -3.5, 3.5, 7, SEAL);
    ctx.restore();
  });
  ctx.font = `6.5px ${FAMILY}`;
  text(ctx, middle, cx - ctx.measureText(middle).width / 2, cy + 2, 6.5, SEAL);
  ctx.font = `8px ${FAMILY}`;
  text(ctx, bottom, cx - ctx.measureText(bottom).width / 2, cy + ry * 0.62, 8, SEAL);
  ctx.restore();
}

function line(ctx: Ctx, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** Characters one above the other (the 购买方 / 密码区 / 备注 column heads). */
function column(ctx: Ctx, chars: string, x: number, top: number, bottom: number, size: number): void {
  const step = (bottom - top) / chars.length;
  [...chars].forEach((c, i) => text(ctx, c, x, top + step * (i + 0.5) + size * 0.35, size, FRAME));
}

const cipher = (rnd: Random) => Array.from({ length: 27 }, () => pick(rnd, [...'0123456789+-*/<>'])).join('');

function goodsTable(ctx: Ctx, v: VatValues, ink: string, top: number, bottom: number, heads: string[]): void {
  const xs = [25, 170, 235, 270, 320, 390, 470, 515];
  const rights = [0, 0, 0, 315, 385, 465, 0, 575];
  heads.forEach((h, i) => text(ctx, h, xs[i]! + (i === 7 ? 20 : 4), top + 12, 8, FRAME));
  v.goods.forEach((g, r) => {
    const y = top + 27 + r * 13;
    const cells = [g.name, '', g.unit, String(g.quantity), g.price, g.amount, g.rate, g.tax];
    cells.forEach((c, i) => {
      if (c === '') return;
      ctx.font = `8px ${FAMILY}`;
      const x = rights[i] ? rights[i]! - ctx.measureText(c).width : xs[i]! + 4;
      text(ctx, c, x, y, 8, ink);
    });
  });
  text(ctx, '合', 70, bottom - 6, 9, FRAME);
  text(ctx, '计', 120, bottom - 6, 9, FRAME);
  ctx.font = `9px ${FAMILY}`;
  const amount = `¥${v.withoutTax}`, tax = `¥${v.tax}`;
  text(ctx, amount, 465 - ctx.measureText(amount).width, bottom - 6, 9, ink);
  text(ctx, tax, 575 - ctx.measureText(tax).width, bottom - 6, 9, ink);
}

function grandTotal(ctx: Ctx, v: VatValues, ink: string, y: number): void {
  text(ctx, '价税合计(大写)', 60, y, 9, FRAME);
  text(ctx, '⊗', 175, y, 10, ink);
  text(ctx, v.capital, 190, y, 9, ink);
  text(ctx, '(小写)', 420, y, 9, FRAME);
  text(ctx, `¥${v.total}`, 452, y, 10, ink);
}

function partyBlock(ctx: Ctx, party: VatValues['buyer'], ink: string, top: number, title: string): void {
  column(ctx, title, 27, top, top + 60, 9);
  const labels = ['名        称:', '纳税人识别号:', '地 址、电 话:', '开户行及账号:'];
  const values = [party.name, party.registerNo, party.address, party.bank];
  labels.forEach((l, i) => {
    const y = top + 12 + i * 14;
    text(ctx, l, 45, y, 8, FRAME);
    if (values[i]) text(ctx, values[i]!, 108, y + (i === 1 ? 1 : 0), i === 1 ? 10 : 8, ink);
  });
}

export function drawClassic(ctx: Ctx, v: VatValues, rnd: Random): void {
  const ink = pick(rnd, INK);
  const paper = v.layout === 'special' || v.layout === 'normal';
  printOffset = paper ? { dx: -4 + rnd() * 12, dy: -4 + rnd() * 8 } : { dx: 0, dy: 0 };
  ctx.strokeStyle = FRAME;
  ctx.lineWidth = 0.8;
  ctx.font = `18px ${FAMILY_BOLD}`;
  const title = v.title;
  const titleX = 300 - ctx.measureText(title).width / 2;
  text(ctx, title, titleX, 38, 18, FRAME, true);
  line(ctx, titleX, 46, titleX + ctx.measureText(title).width, 46);
  line(ctx, titleX, 49, titleX + ctx.measureText(title).width, 49);
  if (v.layout === 'electronic') {
    text(ctx, `机器编号: ${v.machine}`, 25, 78, 8, FRAME);
    const rows = [['发票代码:', v.code], ['发票号码:', v.number], ['开票日期:', v.date], ['校 验 码:', v.check.replace(/(\d{5})(?=\d)/g, '$1 ')]];
    rows.forEach(([l, value], i) => {
      text(ctx, l!, 430, 22 + i * 17, 8, FRAME);
      text(ctx, value!, 470, 22 + i * 17, 8, ink);
    });
  } else {
    text(ctx, v.code, 60, 40, 15, ink);
    text(ctx, 'No', 425, 40, 14, FRAME);
    text(ctx, v.number, 448, 40, 15, '#1a2a9a');
    text(ctx, v.code, 528, 32, 7, ink);
    text(ctx, v.number, 528, 42, 7, ink);
    text(ctx, '开票日期:', 440, 70, 8, FRAME);
    text(ctx, v.date, 485, 70, 8, ink);
    if (v.layout === 'special') text(ctx, `机器编号 ${v.machine}`, 25, 78, 8, FRAME);
    else text(ctx, `校验码 ${v.check.replace(/(\d{5})(?=\d)/g, '$1 ')}`, 70, 78, 8, ink);
  }
  ctx.strokeRect(20, 85, 560, 290);
  // buyer block and cipher column
  line(ctx, 20, 145, 580, 145);
  line(ctx, 40, 85, 40, 145);
  line(ctx, 330, 85, 330, 145);
  line(ctx, 345, 85, 345, 145);
  partyBlock(ctx, v.buyer, ink, 85, '购买方');
  column(ctx, '密码区', 334, 85, 145, 8);
  for (let i = 0; i < 4; i++) text(ctx, cipher(rnd), 352, 99 + i * 14, 9, ink);
  // goods, 合计, 价税合计
  goodsTable(ctx, v, ink, 145, 265, ['货物或应税劳务、服务名称', '规格型号', '单位', '数 量', '单 价', '金 额', '税率', '税 额']);
  line(ctx, 20, 265, 580, 265);
  line(ctx, 20, 283, 580, 283);
  grandTotal(ctx, v, ink, 278);
  // seller block and remarks
  line(ctx, 40, 283, 40, 343);
  line(ctx, 330, 283, 330, 343);
  line(ctx, 345, 283, 345, 343);
  partyBlock(ctx, v.seller, ink, 283, '销售方');
  column(ctx, '备注', 334, 283, 343, 8);
  line(ctx, 20, 343, 580, 343);
  text(ctx, '收款人:', 30, 360, 8, FRAME);
  text(ctx, v.payee, 62, 360, 8, ink);
  text(ctx, '复核:', 180, 360, 8, FRAME);
  text(ctx, v.checker, 204, 360, 8, ink);
  text(ctx, '开票人:', 310, 360, 8, FRAME);
  text(ctx, v.clerk, 342, 360, 8, ink);
  text(ctx, '销售方:(章)', 440, 360, 8, FRAME);
  // the tax bureau's seal over the title, the seller's over 备注 and the signature row
  seal(ctx, 300, 40, 40, 26, '全国统一发票监制章', `${v.province}`, '国家税务总局');
  seal(ctx, 480 + rnd() * 40, 335 + rnd() * 10, 42, 27, v.seller.name.slice(0, 12), v.seller.registerNo, '发票专用章');
  printOffset = { dx: 0, dy: 0 };
}

export function drawDigital(ctx: Ctx, v: VatValues, rnd: Random): void {
  const ink = pick(rnd, INK);
  ctx.strokeStyle = FRAME;
  ctx.lineWidth = 0.8;
  void rnd(); // drawn here once: seeds keep the pictures they had
  const title = v.title;
  ctx.font = `17px ${FAMILY_BOLD}`;
  const width = ctx.measureText(title).width;
  text(ctx, title, 300 - width / 2, 38, 17, FRAME, true);
  line(ctx, 300 - width / 2, 46, 300 + width / 2, 46);
  text(ctx, '发票号码:', 420, 28, 8, FRAME);
  text(ctx, v.number, 460, 28, 8, ink);
  text(ctx, '开票日期:', 420, 45, 8, FRAME);
  text(ctx, v.date, 460, 45, 8, ink);
  ctx.strokeRect(20, 60, 560, 300);
  line(ctx, 300, 60, 300, 130);
  line(ctx, 40, 60, 40, 130);
  line(ctx, 320, 60, 320, 130);
  line(ctx, 20, 130, 580, 130);
  const sides: [string, VatValues['buyer'], number][] = [['购买方信息', v.buyer, 20], ['销售方信息', v.seller, 300]];
  for (const [title, party, x] of sides) {
    column(ctx, title, x + 6, 60, 130, 8);
    text(ctx, '名称:', x + 26, 85, 8, FRAME);
    text(ctx, party.name, x + 50, 85, 8, ink);
    text(ctx, '统一社会信用代码/纳税人识别号:', x + 26, 112, 8, FRAME);
    const labelWidth = ctx.measureText('统一社会信用代码/纳税人识别号:').width;
    if (party.registerNo) text(ctx, party.registerNo, x + 28 + labelWidth, 112, 8, ink);
  }
  goodsTable(ctx, v, ink, 130, 270, ['项目名称', '规格型号', '单位', '数 量', '单 价', '金 额', '税率/征收率', '税 额']);
  line(ctx, 20, 270, 580, 270);
  line(ctx, 20, 290, 580, 290);
  grandTotal(ctx, v, ink, 284);
  text(ctx, '备', 27, 315, 8, FRAME);
  text(ctx, '注', 27, 335, 8, FRAME);
  line(ctx, 40, 290, 40, 360);
  text(ctx, '开票人:', 40, 380, 8, FRAME);
  text(ctx, v.clerk, 72, 380, 8, ink);
  seal(ctx, 470 + rnd() * 60, 325, 42, 27, v.seller.name.slice(0, 12), v.seller.registerNo, '发票专用章');
}
