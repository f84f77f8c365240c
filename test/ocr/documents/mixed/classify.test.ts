import { describe, expect, it } from 'vitest';
import { classify } from '../../../../src/ocr/documents/mixed/classify';
import type { RegionView } from '../../../../src/ocr/documents/mixed/types';
import { isPlateNumber, isVin } from '../../../../src/ocr/documents/mixed/validators';

/*
 * The 2582-25 classification table, type by type, on the text each document prints (as the
 * recogniser reads it: spaces gone, some labels split). A region fitting no type is general,
 * never forced into one; the nearest type's cues alone do not make it that type.
 */

const view = (lines: string[], qr: string[] = [], size = { w: 20, h: 20 }): RegionView => {
  const clean = lines.map((l) => l.replace(/\s+/g, ''));
  return { lines: clean, text: clean.join('\n'), qr, size };
};
const typeOf = (lines: string[], qr: string[] = [], size?: { w: number; h: number }) => classify(view(lines, qr, size));

describe('2582-25 classification', () => {
  it('train tickets: paper, red and blue, and the railway e-ticket', () => {
    const paper = typeOf(['G012753', '西安站', 'K9435', '成都南站', '2014年07月03日14:09开', '16车004号下铺', '¥160.5元', '新空调软卧', '限乘当日当次车', '买票请到12306发货请到95306']);
    expect(paper.type).toBe('train_ticket');
    expect(paper.confidence).toBeGreaterThan(0.8);
    expect(typeOf(['检票:A12', '北京南站', 'G101', '上海虹桥站', '07车12F号', '二等座', '3201231988****1234']).type).toBe('train_ticket');
    expect(typeOf(['电子发票（铁路电子客票）', '发票号码：22119130671000000049', 'G7101', '南京站', '上海虹桥站']).type).toBe('train_ticket');
  });

  it('VAT invoices by their title and labels, and by the VAT QR code alone', () => {
    const lines = ['浙江增值税电子普通发票', '发票代码：033001900111', '发票号码：12345678', '开票日期：2023年05月08日', '校验码：12345678901234567890', '购买方', '名称：某公司', '纳税人识别号：91330100MA2XXXXXX', '价税合计（大写）', '伍拾贰圆柒角', '销售方'];
    const vat = typeOf(lines);
    expect(vat.type).toBe('vat_invoice');
    expect(vat.confidence).toBeGreaterThan(0.8);
    // a photo where only numbers were read: the QR payload still says what it is
    expect(typeOf(['12345678', '2023年05月08日'], ['01,10,033001900111,12345678,46.64,20230508,12345678901234567890,ABCD']).type).toBe('vat_invoice');
    // a buyer's box torn off its invoice, its 购买方 misread: the items' column and bank labels are the invoice's alone
    expect(typeOf(['购名称', '地址电话：', '方兴户行及账号', '货物或应税劳务、服务名称']).evidence[0]).toMatchObject({ type: 'vat_invoice', cues: ['goods and bank labels'] });
  });

  it('taxi invoices by 出租 or the meter labels, not by the invoice header they share with VAT', () => {
    expect(typeOf(['深圳市出租汽车专用发票', '发票代码144032270119', '发票号码21095475', '车号BQ1234', '上车08:10', '下车08:31', '单价2.70元', '里程7.62KM', '等候00:01:05', '金额¥38.00元']).type).toBe('taxi_invoice');
    // the title torn off: the meter's labels are enough
    expect(typeOf(['车号BQ1234', '上车08:10', '下车08:31', '单价2.70元', '里程7.62KM', '等候00:01:05']).type).toBe('taxi_invoice');
    expect(typeOf(['发票代码144032270119', '发票号码21095475']).type).toBe('general');
  });

  it('plates by the GA 36-2018 grammar, on a small region', () => {
    expect(isPlateNumber('京A·12345')).toBe(true);
    expect(isPlateNumber('粤BD12345')).toBe(true);
    expect(isPlateNumber('鄂F8888警')).toBe(true);
    expect(isPlateNumber('A12345')).toBe(false);
    expect(isPlateNumber('京A1234')).toBe(false);
    expect(typeOf(['皖AYL375'], [], { w: 5, h: 1.5 }).type).toBe('plate');
    expect(typeOf(['浙B·8N2Q7'], [], { w: 5, h: 1.5 }).type).toBe('plate');
  });

  it('a two-row plate read as two lines, and a plate read in part, on a plate-sized region', () => {
    expect(typeOf(['渝·D', '00796'], [], { w: 3, h: 2.5 }).type).toBe('plate');
    // a character missed, or the end cut off: the plate extractor gets to look (and decides)
    expect(typeOf(['京', 'A5331'], [], { w: 3, h: 2.5 }).type).toBe('plate');
    expect(typeOf(['皖A·993'], [], { w: 2, h: 1 }).type).toBe('plate');
    // the start of a plate in a page of text is no plate
    expect(typeOf(['皖A·993', '会议纪要', '时间：2021年4月16日', '地点：三楼第二会议室'], [], { w: 20, h: 8 }).type).toBe('general');
    expect(typeOf(['A12345'], [], { w: 3, h: 1 }).type).toBe('general');
  });

  it('driver licences, face and back', () => {
    const face = classify(view(['中华人民共和国机动车驾驶证', 'DrivingLicenseofthePeople\'sRepublicofChina', '证号150402199902223122', '姓名谢乐桃', '性别女', '住址内蒙古自治区赤峰市33号', '初次领证日期2015-06-18', '准驾车型C1', '有效期限2015-06-18至2021-06-18']));
    expect(face.type).toBe('driver_license');
    expect(face.rule!.options!(view(['驾驶证', '准驾车型C1', '初次领证日期']))).toEqual({ side: 'face' });
    expect(face.rule!.options!(view(['中华人民共和国机动车驾驶证副页', '档案编号370100123456', '记录']))).toEqual({ side: 'back' });
  });

  it('vehicle licences, face and back, though they print a VIN', () => {
    const face = ['中华人民共和国机动车行驶证', '号牌号码京A12345', '车辆类型小型轿车', '所有人张三', '使用性质非营运', '品牌型号大众汽车牌', '车辆识别代号LSVAU218XN2183294', '发动机号码123456', '注册日期2018-05-06'];
    const r = classify(view(face));
    expect(r.type).toBe('vehicle_license');
    expect(r.rule!.options!(view(face))).toEqual({ side: 'face' });
    const back = ['号牌号码京A12345', '核定载人数5人', '总质量1800kg', '整备质量1400kg', '外廓尺寸4600×1800×1500mm', '检验记录检验有效期至2024年05月'];
    expect(typeOf(back).type).toBe('vehicle_license');
    expect(classify(view(back)).rule!.options!(view(back))).toEqual({ side: 'back' });
  });

  it('VINs by their ISO 3779 check digit', () => {
    expect(isVin('LSVAU218XN2183294')).toBe(true);
    expect(isVin('LSVAU2181N2183294')).toBe(false);
    expect(isVin('SAL1A2A40SA606662')).toBe(true);
    expect(typeOf(['VIN:LSVAU218XN2183294'], [], { w: 12, h: 2 }).type).toBe('vin');
    // 17 characters with a wrong check digit are not enough on their own
    expect(typeOf(['LSVAU2181N2183294'], [], { w: 12, h: 2 }).type).toBe('general');
  });

  it('tables: a grid of short cells', () => {
    const cells = ['序号', '姓名', '部门', '金额', '1', '张三', '财务', '120.00', '2', '李四', '销售', '88.50', '3', '王五', '行政', '45.00', '合计', '253.50'];
    expect(typeOf(cells).type).toBe('table');
  });

  it('tables: a ruled region that is nothing else, whatever its cells; a ruled invoice stays an invoice, as sure as unruled', () => {
    // long cells of a ruled form: no grid of short lines, the rules say it is a table
    const form = ['Vehicle department 用车部门', '合合信息', 'Transport time 用车时间', '2020年5月20日', 'Contact address 联系地址', '上海静安区市北·云立方A座'];
    expect(typeOf(form).type).toBe('general');
    expect(classify({ ...view(form), ruled: true }).type).toBe('table');
    // a VAT invoice is a ruled form too: its own cues decide, and the rules take no share of its confidence
    const vat = ['增值税专用发票', '发票号码：12345678', '购买方', '价税合计（大写）', '销售方', '纳税人识别号：91330100MA2XXXXXX'];
    const plain = classify(view(vat)), ruled = classify({ ...view(vat), ruled: true });
    expect(ruled.type).toBe('vat_invoice');
    expect(ruled.confidence).toBe(plain.confidence);
  });

  it('text that is none of the types is general, with a confidence of its own', () => {
    const note = classify(view(['会议纪要', '时间：2021年4月16日', '地点：三楼第二会议室', '议题：季度报销流程调整，请各部门于月底前提交材料。']));
    expect(note.type).toBe('general');
    expect(note.rule).toBeUndefined();
    expect(note.confidence).toBeGreaterThan(0.5);
    // one weak cue of a type (a seat class word in prose) does not make a ticket
    expect(typeOf(['出差规定：高铁一律乘坐二等座，飞机乘坐经济舱，住宿标准按级别执行，超标部分自理。']).type).toBe('general');
  });
});
