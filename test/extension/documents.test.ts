import { describe, expect, it } from 'vitest';
import { pointIds, pointSpecs } from '../../src/protocol/points/index';
import { docIds, documents } from '../../src/extension/lib/documents/index';
import { layoutTable } from '../../src/extension/lib/documents/table';
import { translator } from '../../src/extension/lib/i18n';
import * as fx from './fixtures/data';

const zh = translator('zh_CN');
const en = translator('en');

const samples = {
  auto: fx.mixedSheetData,
  plate: fx.plateData,
  vin: fx.vinData,
  train: fx.trainData,
  vat: fx.vatData,
  taxi: fx.taxiData,
  driver_face: fx.driverData,
  driver_back: fx.driverData,
  vehicle_face: fx.vehicleData,
  vehicle_back: fx.vehicleData,
  text: fx.textData,
  table: fx.tableData,
} as const;

const viewOf = (id: keyof typeof samples, t = zh) => {
  const doc = documents[id];
  return doc.view(doc.data.parse(samples[id]), t);
};
const fieldMap = (id: keyof typeof samples, t = zh) => Object.fromEntries(viewOf(id, t).fields.map((f) => [f.label, f.value]));

describe('document registry', () => {
  it('has one entry per document id, and covers every recognition point but the job reader', () => {
    expect(Object.keys(documents).sort()).toEqual([...docIds].sort());
    const recognition = pointIds.filter((id) => id.startsWith('2582-') && id !== '2582-16');
    expect(new Set(Object.values(documents).map((d) => d.point))).toEqual(new Set(recognition));
  });

  it.each(docIds)('%s: builds a request its point accepts', (id) => {
    const doc = documents[id];
    const params = { ...doc.request('https://img.example.com/a.jpg', 'image'), ds_id: 'local' };
    expect(pointSpecs[doc.point].request.safeParse(params).success).toBe(true);
  });

  it('asks 2582-22 for a PDF with FileType pdf and for an image with an image type', () => {
    expect(documents.vat.request('https://x/a.pdf', 'pdf')).toEqual({ FileURL: 'https://x/a.pdf', FileType: 'pdf' });
    expect(documents.vat.request('data:image/png;base64,AA', 'image')).toMatchObject({ FileType: 'jpg' });
  });

  it.each(docIds)('%s: the fixture is what the protocol describes', (id) => {
    expect(documents[id].data.safeParse(samples[id]).success).toBe(true);
  });
});

describe('views', () => {
  it('plates: each plate as a group, main value the first plate number', () => {
    const v = viewOf('plate');
    expect(v.fields.filter((f) => f.key === 'PlateNumber').map((f) => [f.group, f.value])).toEqual([
      ['第 1 个', '皖AYL375'],
      ['第 2 个', '沪AF71017'],
    ]);
    expect(documents.plate.mainValue!(fx.plateData)).toBe('皖AYL375');
    expect(documents.plate.mainValue!({ Plates: [] })).toBeUndefined();
  });

  it('VIN: one field and the main value; nothing when none was found', () => {
    expect(fieldMap('vin')).toEqual({ 'VIN 码': 'SAL1A2A40SA606662' });
    expect(documents.vin.view({ VinCode: '' }, zh).fields).toEqual([]);
    expect(documents.vin.mainValue!(fx.vinData)).toBe('SAL1A2A40SA606662');
  });

  it('train tickets: Chinese labels by default, English on request', () => {
    expect(fieldMap('train')).toMatchObject({ 车次: 'G1234', 出发站: '北京南', 到达站: '上海虹桥', 乘车时间: '2023年09月23日18:10', 票价: '553.5' });
    expect(fieldMap('train', en)).toMatchObject({ 'Train number': 'G1234', From: '北京南', Price: '553.5' });
  });

  it('VAT invoices: all 19 content fields, codes first, the title last; the goods lines as a table', () => {
    const v = viewOf('vat');
    expect(v.fields).toHaveLength(20);
    expect(v.fields.slice(0, 3).map((f) => f.key)).toEqual(['InvoiceCode', 'InvoiceNo', 'InvoiceDate']);
    expect(v.fields.at(-1)).toMatchObject({ key: 'InvoiceType', label: '发票类型', value: '北京增值税电子普通发票' });
    expect(v.tables).toHaveLength(1);
    expect(v.tables[0]!.grid).toEqual([
      ['项目名称', '规格型号', '单位', '数量', '单价', '金额', '税率', '税额'],
      ['*餐饮服务*餐费', '', '次', '1', '52.70', '52.70', '13%', '6.85'],
    ]);
    expect(fieldMap('vat')).toMatchObject({ '价税合计（小写）': '59.55', '价税合计（大写）': '伍拾玖圆伍角伍分', 购买方纳税人识别号: '91310115MA1K000000' });
  });

  it('taxi invoices: keyed items get their label, the others a number', () => {
    const v = viewOf('taxi');
    expect(v.fields.map((f) => [f.key, f.label])).toEqual([
      ['InvoiceCode', '发票代码'],
      ['InvoiceNo', '发票号码'],
      ['PlateNumber', '车号'],
      ['Date', '日期'],
      ['Amount', '金额'],
      ['Item6', '项目 6'],
    ]);
  });

  it('driver licenses: NoResult is shown as not read; the back page gives the file number', () => {
    expect(fieldMap('driver_face')).toMatchObject({ 姓名: '', 证号: '110101199001011234', 准驾车型: 'C1', 初次领证日期: '20150601' });
    expect(fieldMap('driver_back')).toEqual({ 档案编号: '110100123456' });
    expect(documents.driver_face.request('https://x/a.jpg', 'image')).toMatchObject({ Side: 'face' });
    expect(documents.driver_back.request('https://x/a.jpg', 'image')).toMatchObject({ Side: 'back' });
  });

  it('vehicle licenses: ten fields per page', () => {
    expect(viewOf('vehicle_face').fields).toHaveLength(10);
    expect(viewOf('vehicle_back').fields).toHaveLength(10);
    expect(fieldMap('vehicle_face')).toMatchObject({ 号牌号码: '京A12345', 车辆识别代号: 'LSVAU2180N2123456' });
    expect(documents.vehicle_face.mainValue!(fx.vehicleData)).toBe('京A12345');
  });

  it('general text: the lines in reading order', () => {
    expect(viewOf('text').lines).toEqual(['识别网关', '支持车牌和发票', 'Hello', 'world']);
  });

  it('tables: HTML layout with spans and a full grid for TSV', () => {
    const [table] = viewOf('table').tables;
    expect(table!.head).toBe('2023 年销售表');
    expect(table!.rows[0]).toEqual([
      { text: '地区', rowSpan: 2, colSpan: 1 },
      { text: '上半年', rowSpan: 1, colSpan: 2 },
    ]);
    expect(table!.grid).toEqual([
      ['地区', '上半年', ''],
      ['', '一季度', '二季度'],
      ['华东', '1,200', '1,350 (预估)'],
    ]);
  });

  it('tables: inclusive end indexes (span 0) are read as span 1', () => {
    const c = (r: number, col: number) => ({ Texts: ['x'], StartRow: r, StartColumn: col, EndRow: r, EndColumn: col, Width: 1, Height: 1 });
    expect(layoutTable([{ TableColumns: [c(0, 0), c(0, 1)] }]).grid).toEqual([['x', 'x']]);
  });
});
