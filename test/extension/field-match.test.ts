// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { compact, describe as describeInput, fillableElements, matchScore, planFill, words } from '../../src/extension/lib/field-match';
import { adaptValue, applyValue, parseDate } from '../../src/extension/lib/fill-value';

const vat = [
  { key: 'InvoiceCode', label: '发票代码', value: '011002100111' },
  { key: 'InvoiceNo', label: '发票号码', value: '12345678' },
  { key: 'InvoiceDate', label: '开票日期', value: '2023年05月08日' },
  { key: 'InvoiceAmount', label: '价税合计（小写）', value: '59.55' },
  { key: 'SumAmount', label: '价税合计（大写）', value: '伍拾玖圆伍角伍分' },
  { key: 'PayeeName', label: '销售方名称', value: '北京示例餐饮有限公司' },
  { key: 'PayerName', label: '购买方名称', value: '上海示例科技有限公司' },
  { key: 'Checker', label: '复核', value: '' },
];

/** Which field went into which element (by the element's id or name). */
function planned(html: string, fields = vat) {
  document.body.innerHTML = html;
  const els = fillableElements(document);
  const plan = planFill(fields, els);
  return {
    at: Object.fromEntries(plan.assignments.map((a) => [a.key, els[a.index]!.id || els[a.index]!.getAttribute('name')])),
    unmatched: plan.unmatched,
  };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('normalising', () => {
  it('folds width, case and punctuation; splits camelCase and snake_case', () => {
    expect(compact('发票代码：')).toBe('发票代码');
    expect(compact('Ｉｎｖｏｉｃｅ－No.')).toBe('invoiceno');
    expect(words('invoiceNo_2')).toEqual(['invoice', 'no', '2']);
  });

  it('matches Latin synonyms on whole words only', () => {
    expect(matchScore('Total amount', 'to')).toBe(0);
    expect(matchScore('Ship to', 'to')).toBeGreaterThan(0.5);
    expect(matchScore('invoiceNo', 'invoice no')).toBe(1);
    expect(matchScore('invoiceno', 'invoice no')).toBe(1);
  });

  it('scores a closer Chinese label higher than a longer one containing the word', () => {
    expect(matchScore('价税合计', '价税合计')).toBe(1);
    expect(matchScore('价税合计（大写）', '价税合计')).toBeLessThan(matchScore('价税合计（大写）', '价税合计大写'));
  });
});

describe('describing inputs', () => {
  it('reads label[for], wrapping labels, aria-label(ledby), placeholder, name, id, title and the text before', () => {
    document.body.innerHTML = `
      <span id="l1">发票号码</span>
      <label for="a">开票日期</label><input id="a" name="kprq" placeholder="选择日期" title="日期">
      <label>购买方 <input id="b" aria-labelledby="l1" aria-label="buyer"></label>
      <table><tr><td>校验码</td><td><input id="c"></td></tr></table>`;
    const [a, b, c] = fillableElements(document);
    expect(describeInput(a!)).toEqual(
      expect.arrayContaining([
        { source: 'label', text: '开票日期' },
        { source: 'placeholder', text: '选择日期' },
        { source: 'name', text: 'kprq' },
        { source: 'title', text: '日期' },
      ]),
    );
    expect(describeInput(b!)).toEqual(
      expect.arrayContaining([
        { source: 'label', text: '购买方' },
        { source: 'aria', text: '发票号码' },
        { source: 'aria', text: 'buyer' },
      ]),
    );
    expect(describeInput(c!)).toContainEqual({ source: 'nearby', text: '校验码' });
  });

  it('leaves out what cannot be typed into', () => {
    document.body.innerHTML = `<input id="ok"><input disabled><input readonly><input type="hidden"><input type="checkbox">
      <input type="submit"><textarea id="t"></textarea><select id="s"></select>`;
    expect(fillableElements(document).map((e) => e.id)).toEqual(['ok', 't', 's']);
  });
});

describe('planFill', () => {
  it('fills a Chinese reimbursement form by its labels', () => {
    const { at, unmatched } = planned(`
      <form>
        <label for="code">发票代码</label><input id="code">
        <label for="no">发票号码</label><input id="no">
        <label for="date">开票日期</label><input id="date" type="date">
        <label for="total">价税合计（小写）</label><input id="total" type="number">
        <label for="words">价税合计（大写）</label><input id="words">
        <label for="seller">销售方名称</label><input id="seller">
        <label for="note">备注</label><textarea id="note"></textarea>
      </form>`);
    expect(at).toEqual({ InvoiceCode: 'code', InvoiceNo: 'no', InvoiceDate: 'date', InvoiceAmount: 'total', SumAmount: 'words', PayeeName: 'seller' });
    // empty values are never planned; the buyer has no input here
    expect(unmatched).toEqual(['PayerName']);
  });

  it('fills an English form by placeholders and input names', () => {
    const { at } = planned(`
      <input name="invoiceNumber" placeholder="Invoice number">
      <input name="invoice_code">
      <input name="billing_date" placeholder="Invoice date">
      <input name="totalAmount" placeholder="Total amount">
      <input name="vendor" placeholder="Vendor">`);
    expect(at).toEqual({
      InvoiceNo: 'invoiceNumber',
      InvoiceCode: 'invoice_code',
      InvoiceDate: 'billing_date',
      InvoiceAmount: 'totalAmount',
      PayeeName: 'vendor',
    });
  });

  it('fills a table layout by the text in the cell before, and pinyin input names', () => {
    const { at } = planned(`<table>
      <tr><td>发票代码：</td><td><input name="fpdm"></td><td>发票号码：</td><td><input name="x2"></td></tr>
      <tr><td>购买方</td><td><input name="x3"></td><td>销售方</td><td><input name="x4"></td></tr></table>`);
    expect(at).toMatchObject({ InvoiceCode: 'fpdm', InvoiceNo: 'x2', PayerName: 'x3', PayeeName: 'x4' });
  });

  it('gives each input to the field it names best, whatever the document order', () => {
    const { at } = planned(`
      <label>价税合计（大写）<input id="words"></label>
      <label>价税合计<input id="figures"></label>`);
    expect(at).toMatchObject({ SumAmount: 'words', InvoiceAmount: 'figures' });
  });

  it('guesses nothing for inputs that say nothing', () => {
    const { at, unmatched } = planned('<input name="field1"><input name="field2">');
    expect(at).toEqual({});
    expect(unmatched).toHaveLength(7);
  });

  it('does not put the destination into "total" (a Latin synonym inside a longer word)', () => {
    const fields = [{ key: 'Destination', label: '到达站', value: '上海虹桥' }];
    expect(planned('<input name="total">', fields).at).toEqual({});
    expect(planned('<input name="to" placeholder="To">', fields).at).toEqual({ Destination: 'to' });
  });
});

describe('filling values', () => {
  it('parses Chinese, dashed and compact dates', () => {
    expect(parseDate('2023年05月08日')).toEqual({ date: '2023-05-08' });
    expect(parseDate('2023年9月3日18:10')).toEqual({ date: '2023-09-03', time: '18:10' });
    expect(parseDate('20150601')).toEqual({ date: '2015-06-01' });
    expect(parseDate('长期')).toBeUndefined();
  });

  it('adapts the value to the element type, or refuses it', () => {
    document.body.innerHTML = `<input id="d" type="date"><input id="dt" type="datetime-local"><input id="n" type="number">
      <select id="s"><option value="">--</option><option value="2">二等座</option><option value="1">一等座</option></select>`;
    const el = (id: string) => document.getElementById(id) as HTMLInputElement;
    expect(adaptValue(el('d'), '2023年05月08日')).toBe('2023-05-08');
    expect(adaptValue(el('dt'), '2023年09月23日18:10')).toBe('2023-09-23T18:10');
    expect(adaptValue(el('n'), '¥1,059.55')).toBe('1059.55');
    expect(adaptValue(el('n'), '13车16B号')).toBeUndefined();
    expect(adaptValue(document.getElementById('s') as unknown as HTMLSelectElement, '二等座')).toBe('2');
  });

  it('fires input and change so framework-driven forms see the value', () => {
    document.body.innerHTML = '<form><input id="a"></form>';
    const seen: string[] = [];
    document.querySelector('form')!.addEventListener('input', (e) => seen.push(`input:${(e.target as HTMLInputElement).value}`));
    document.querySelector('form')!.addEventListener('change', (e) => seen.push(`change:${(e.target as HTMLInputElement).value}`));
    expect(applyValue(document.getElementById('a') as HTMLInputElement, '12345678')).toBe(true);
    expect(seen).toEqual(['input:12345678', 'change:12345678']);
  });
});
