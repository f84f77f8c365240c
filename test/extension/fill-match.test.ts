// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describe as describeBox, fillableElements, indexedRow } from '../../src/extension/lib/fill/describe';
import { type FillDocument, type FillField, boxesOf, planFill } from '../../src/extension/lib/fill/plan';
import { scanDocument } from '../../src/extension/lib/fill/scan';
import { matchScore, withoutPrompt } from '../../src/extension/lib/fill/score';
import { compact, words } from '../../src/extension/lib/fill/text';
import { fieldWords } from '../../src/extension/lib/fill/words';

/*
 * Which box a field goes into: the texts that say what a box is, the words of the table
 * (lib/fill/words.ts), words that depend on the boxes around, detail rows. Pages are parsed in
 * happy-dom (no layout: every box counts as visible); the browser tests run real pages.
 */

const vat: FillField[] = [
  { key: 'InvoiceCode', label: '发票代码', value: '011002100111' },
  { key: 'InvoiceNo', label: '发票号码', value: '12345678' },
  { key: 'InvoiceDate', label: '开票日期', value: '2023年05月08日' },
  { key: 'AntiFakeCode', label: '校验码', value: '12345678901234567890' },
  { key: 'WithoutTaxAmount', label: '合计金额（不含税）', value: '52.70' },
  { key: 'TaxAmount', label: '合计税额', value: '6.85' },
  { key: 'InvoiceAmount', label: '价税合计（小写）', value: '59.55' },
  { key: 'SumAmount', label: '价税合计（大写）', value: '伍拾玖圆伍角伍分' },
  { key: 'PayeeName', label: '销售方名称', value: '北京示例餐饮有限公司' },
  { key: 'Checker', label: '复核', value: '' },
];
const train: FillField[] = [
  { key: 'Number', label: '车次', value: 'G1234' },
  { key: 'Date', label: '乘车日期', value: '2023年09月23日18:10' },
  { key: 'Price', label: '票价', value: '553.5' },
  { key: 'Name', label: '乘车人', value: '张三' },
];
const taxi: FillField[] = [
  { key: 'InvoiceNo', label: '发票号码', value: '30826471' },
  { key: 'Date', label: '日期', value: '2024年01月02日' },
  { key: 'Amount', label: '金额', value: '38.00' },
];
const doc = (fields: FillField[], kind?: string): FillDocument => ({ title: kind ?? 'doc', ...(kind ? { kind } : {}), fields });

/** Plans `docs` into a page and answers data-t (or name, or id) → value per box, and the misses. */
function fill(html: string, docs: FillDocument[]) {
  const page = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const { scan, elements } = scanDocument(page, () => true);
  const plan = planFill(docs, boxesOf([{ ...scan, scanId: 's', frameId: 0 }]));
  const name = (i: number) => elements[i]!.dataset.t ?? elements[i]!.getAttribute('name') ?? elements[i]!.id;
  return {
    at: Object.fromEntries(plan.pairs.map((p) => [name(p.to.index), p.value])),
    missing: Object.fromEntries(plan.missing.map((m) => [m.key, m.reason])),
  };
}

describe('texts', () => {
  it('folds width, case and punctuation; splits camelCase, snake_case and digits', () => {
    expect(compact('*发票代码：')).toBe('发票代码');
    expect(compact('Ｉｎｖｏｉｃｅ－No.')).toBe('invoiceno');
    expect(words('invoiceNo_2')).toEqual(['invoice', 'no', '2']);
    expect(words('fphm1')).toEqual(['fphm', '1']);
  });

  it('matches Latin words whole: "to" is not in "total"', () => {
    expect(matchScore('Total amount', 'to')).toBe(0);
    expect(matchScore('Ship to', 'to')).toBeGreaterThan(0.5);
    expect(matchScore('invoiceNo', 'invoice no')).toBe(1);
  });

  it('scores a label that is the word above one that contains it', () => {
    expect(matchScore('价税合计', '价税合计')).toBe(1);
    expect(matchScore('价税合计（大写）', '价税合计')).toBeLessThan(matchScore('价税合计（大写）', '价税合计大写'));
  });

  it('reads a placeholder past its prompt', () => {
    expect(withoutPrompt('请输入发票号码')).toBe('发票号码');
    expect(withoutPrompt('Please enter invoice number')).toBe('invoice number');
    expect(withoutPrompt('选择日期')).toBe('日期');
  });
});

describe('what says what a box is', () => {
  const boxes = (html: string) => {
    document.body.innerHTML = html;
    return fillableElements(document).map((el) => describeBox(el));
  };

  it('labels, aria, placeholder, name, id and title', () => {
    const [a, b] = boxes(`<span id="l1">发票号码</span>
      <label for="a">开票日期</label><input id="a" name="kprq" placeholder="选择日期" title="日期">
      <label>购买方 <input id="b" aria-labelledby="l1" aria-label="buyer"></label>`);
    expect(a).toEqual(
      expect.arrayContaining([
        { source: 'label', text: '开票日期' },
        { source: 'placeholder', text: '选择日期' },
        { source: 'name', text: 'kprq' },
        { source: 'title', text: '日期' },
      ]),
    );
    expect(b).toEqual(expect.arrayContaining([{ source: 'label', text: '购买方' }, { source: 'aria', text: '发票号码' }, { source: 'aria', text: 'buyer' }]));
  });

  it('the label element of UI libraries: Element, Ant Design, layui, Bootstrap, iView', () => {
    const all = boxes(`
      <div class="el-form-item"><label class="el-form-item__label">发票代码</label><div class="el-form-item__content"><div class="el-input"><input></div></div></div>
      <div class="ant-form-item"><div class="ant-row"><div class="ant-col ant-form-item-label"><label title="发票号码">发票号码</label></div>
        <div class="ant-col"><div class="ant-form-item-control-input"><input class="ant-input"></div></div></div></div>
      <div class="layui-form-item"><div class="layui-inline"><label class="layui-form-label">开票日期</label><div class="layui-input-inline"><input></div></div>
        <div class="layui-inline"><label class="layui-form-label">校验码</label><div class="layui-input-inline"><input></div></div></div>
      <div class="row mb-3"><label class="col-form-label">价税合计</label><div class="col"><div class="input-group"><span class="input-group-text">¥</span><input></div></div></div>
      <div class="ivu-form-item"><label class="ivu-form-item-label">销售方</label><div class="ivu-form-item-content"><input></div></div>`);
    expect(all.map((d) => d.find((x) => x.source === 'item')?.text)).toEqual(['发票代码', '发票号码', '开票日期', '校验码', '价税合计', '销售方']);
  });

  it('the text just before the box: a table cell, a sibling, a loose text; never a unit after it', () => {
    const all = boxes(`<table><tr><td>*发票代码：</td><td><input></td><td>发票号码</td><td><input> 号</td></tr></table>
      <div><span>开票日期</span><div><input></div></div>金额 <input> 元`);
    expect(all.map((d) => d.find((x) => x.source === 'nearby')?.text)).toEqual(['*发票代码：', '发票号码', '开票日期', '金额']);
  });

  it('the column header above a detail row, also from a header table of its own (Element, layui)', () => {
    const page = new DOMParser().parseFromString(
      `<table><thead><tr><th>序号</th><th colspan="2">发票</th><th>金额</th></tr></thead><tbody><tr><td>1</td><td><input></td><td><input></td><td><input></td></tr></tbody></table>
       <div class="el-table"><div class="el-table__header-wrapper"><table><thead><tr><th>发票号码</th><th>税额</th></tr></thead></table></div>
       <div class="el-table__body-wrapper"><table><tbody><tr><td><input></td><td><input></td></tr><tr><td><input></td><td><input></td></tr></tbody></table></div></div>`,
      'text/html',
    );
    const { scan } = scanDocument(page, () => true);
    expect(scan.inputs.map((i) => [i.descriptors.find((d) => d.source === 'column')?.text, i.row?.index])).toEqual([
      ['发票', 0],
      ['发票', 0],
      ['金额', 0],
      ['发票号码', 0],
      ['税额', 0],
      ['发票号码', 1],
      ['税额', 1],
    ]);
  });

  it('rows of a list named by index, and the field part of the name', () => {
    expect(indexedRow('mx[0].je')).toEqual({ list: 'mx', index: 0, field: 'je' });
    expect(indexedRow('mx[1][jshj]')).toEqual({ list: 'mx', index: 1, field: 'jshj' });
    expect(indexedRow('items.2.amount')).toEqual({ list: 'items', index: 2, field: 'amount' });
    expect(indexedRow('fphm')).toBeUndefined();
  });
});

describe('planning', () => {
  it('a form by its labels; empty values are never planned', () => {
    const { at, missing } = fill(
      `<label>发票代码 <input data-t="code"></label><label>发票号码 <input data-t="no"></label>
       <label>开票日期 <input data-t="date" type="date"></label><label>价税合计（小写） <input data-t="total" type="number"></label>
       <label>价税合计（大写） <input data-t="words"></label><label>销售方名称 <input data-t="seller"></label><label>备注 <textarea data-t="note"></textarea></label>`,
      [doc(vat)],
    );
    expect(at).toEqual({ code: '011002100111', no: '12345678', date: '2023-05-08', total: '59.55', words: '伍拾玖圆伍角伍分', seller: '北京示例餐饮有限公司' });
    expect(missing).toEqual({ AntiFakeCode: 'no_input', WithoutTaxAmount: 'no_input', TaxAmount: 'no_input' });
  });

  it('金额 means the amount before tax beside a 税额 box, and what was paid on its own', () => {
    expect(fill('<label>金额 <input data-t="a"></label><label>税额 <input data-t="t"></label>', [doc(vat)]).at).toEqual({ a: '52.70', t: '6.85' });
    expect(fill('<label>金额 <input data-t="a"></label><label>价税合计 <input data-t="p"></label>', [doc(vat)]).at).toEqual({ a: '52.70', p: '59.55' });
    expect(fill('<label>金额 <input data-t="a"></label><label>备注 <input></label>', [doc(vat)]).at).toEqual({ a: '59.55' });
    expect(fill('<label>发票金额 <input data-t="a"></label><label>税额 <input data-t="t"></label>', [doc(vat)]).at).toEqual({ a: '59.55', t: '6.85' });
    // a taxi invoice has no amount before tax: its total goes to 价税合计 when there is one
    expect(fill('<label>金额 <input data-t="a"></label><label>税额 <input></label><label>价税合计 <input data-t="p"></label>', [doc(taxi, 'taxi')]).at).toEqual({ p: '38.00' });
  });

  it('never puts the figures where the words are asked for, or a total where the amount before tax is', () => {
    expect(fill('<label>价税合计（大写） <input data-t="w"></label><label>金额（不含税） <input data-t="n"></label>', [doc(vat)]).at).toEqual({
      w: '伍拾玖圆伍角伍分',
      n: '52.70',
    });
  });

  it('the earlier word of the table wins: a ticket price goes to 价税合计 before 金额', () => {
    expect(fill('<label>金额 <input data-t="a"></label><label>价税合计 <input data-t="p"></label>', [doc(train, 'train')]).at).toEqual({ p: '553.5' });
  });

  it('a box another field names clearly better is not taken: sellerName is no passenger name', () => {
    expect(fill('<input name="sellerName"><input name="passengerName">', [doc(train, 'train')]).at).toEqual({ passengerName: '张三' });
    expect(fill('<input name="sellerName">', [doc(train, 'train')]).at).toEqual({});
  });

  it('a claim date is no invoice date; a train date is no invoice date either, a taxi ride date is', () => {
    expect(fill('<label>申请日期 <input data-t="a"></label>', [doc(vat)]).at).toEqual({});
    expect(fill('<label>开票日期 <input data-t="d"></label>', [doc(train, 'train')]).at).toEqual({});
    expect(fill('<label>开票日期 <input data-t="d"></label>', [doc(taxi, 'taxi')]).at).toEqual({ d: '2024-01-02' });
    expect(fill('<label>日期 <input data-t="d"></label>', [doc(train, 'train')]).at).toEqual({ d: '2023-09-23' });
  });

  it('a date with a time fills a date box and a time box', () => {
    expect(fill('<label>乘车日期 <input data-t="d" type="date"></label><label>发车时间 <input data-t="t" type="time"></label>', [doc(train, 'train')]).at).toEqual({
      d: '2023-09-23',
      t: '18:10',
    });
  });

  it('guesses nothing for boxes that say nothing', () => {
    const { at, missing } = fill('<input name="field1"><input name="field2">', [doc(vat)]);
    expect(at).toEqual({});
    expect(Object.keys(missing)).toHaveLength(9);
  });

  it('pinyin initials in names, detail lines by index', () => {
    const { at } = fill('<input name="fphm"><input name="kprq"><input name="mx[0].je"><input name="mx[0].se"><input name="mx[0].jshj">', [doc(vat)]);
    expect(at).toEqual({ fphm: '12345678', kprq: '2023-05-08', 'mx[0].je': '52.70', 'mx[0].se': '6.85', 'mx[0].jshj': '59.55' });
  });

  const table = (rows: string[]) =>
    `<label>报销人 <input data-t="who" value="李雷"></label><label>发票代码 <input data-t="headCode"></label>
     <table><thead><tr><th>发票号码</th><th>价税合计</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const row = (r: number, filled = false) => `<tr><td><input data-t="r${r}.no"${filled ? ' value="99999999"' : ''}></td><td><input data-t="r${r}.total"></td></tr>`;

  it('documents go into the empty rows of a detail table, in order; the rest of the first into the form', () => {
    const { at, missing } = fill(table([row(1, true), row(2), row(3)]), [doc(vat), doc(taxi, 'taxi')]);
    expect(at).toEqual({ 'r2.no': '12345678', 'r2.total': '59.55', headCode: '011002100111', 'r3.no': '30826471', 'r3.total': '38.00' });
    expect(missing.Date).toBe('no_input');
  });

  it('says when a detail table has no empty row left, and when the form was taken by an earlier document', () => {
    expect(fill(table([row(1, true)]), [doc(vat)]).missing.InvoiceNo).toBe('no_row');
    expect(fill('<label>发票号码 <input></label>', [doc(vat), doc(taxi, 'taxi')]).missing.InvoiceNo).toBe('no_place');
  });

  it('the table of words is the only place to teach it a new label', () => {
    const page = '<label>票据编码 <input data-t="x"></label>';
    expect(fill(page, [doc(vat)]).at).toEqual({});
    const before = fieldWords.InvoiceNo!.zh;
    try {
      fieldWords.InvoiceNo = { ...fieldWords.InvoiceNo!, zh: [...before, '票据编码'] };
      expect(fill(page, [doc(vat)]).at).toEqual({ x: '12345678' });
    } finally {
      fieldWords.InvoiceNo = { ...fieldWords.InvoiceNo!, zh: before };
    }
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});
