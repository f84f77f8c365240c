import { describe, expect, it } from 'vitest';
import { invoiceDate } from '../../../../src/ocr/documents/vat_invoice/assemble';
import { capitalPieceSays, capitalRun, capitalToCents, centsToCapital } from '../../../../src/ocr/documents/vat_invoice/capital';
import { readHeader } from '../../../../src/ocr/documents/vat_invoice/fields';
import { finish } from '../../../../src/ocr/documents/vat_invoice/finish';
import { Page } from '../../../../src/ocr/documents/vat_invoice/page';
import type { OcrLine } from '../../../../src/ocr/pipeline';
import { readTaxpayerId, uscCheckChar } from '../../../../src/ocr/documents/vat_invoice/taxpayer';
import { capitalWords } from '../../../support/synth/documents/vat-invoice-values';
import { seeded } from '../../../support/synth/text';

/* 2582-22's field grammars: capital amounts, unified social credit codes, numbers, dates. */

describe('capital amounts, taxpayer ids, dates', () => {
  it('reads capital amounts by their grammar, the generator writes them the same way', () => {
    expect(capitalToCents('壹佰零叁圆伍角')).toBe(10350);
    expect(capitalToCents('贰仟壹佰陆拾玖元整')).toBe(216900);
    expect(capitalToCents('柒仟零壹拾捌圆捌角叁分')).toBe(701883);
    expect(capitalToCents('壹拾万零伍佰圆整')).toBe(10050000);
    expect(capitalToCents('壹拾圆零伍分')).toBe(1005);
    expect(capitalToCents('伍角')).toBe(50);
    expect(capitalToCents('(负数)壹佰圆整')).toBe(-10000);
    for (const bad of ['', '圆整', '壹佰壹佰圆', '伍分陆角', '拾拾圆']) expect(capitalToCents(bad), bad).toBeNull();
    const rnd = seeded(5);
    for (let i = 0; i < 300; i++) {
      const cents = Math.floor(rnd() * 100_000_000);
      expect(capitalToCents(capitalWords(cents, rnd() < 0.5 ? '元' : '圆', rnd() < 0.5)), String(cents)).toBe(cents);
    }
  });

  it('writes cents in capitals as the generator and the grammar do, and tells a piece of an amount from another amount', () => {
    expect(centsToCapital(10350)).toBe('壹佰零叁圆伍角');
    expect(centsToCapital(10050000)).toBe('壹拾万零伍佰圆整');
    expect(centsToCapital(1005)).toBe('壹拾圆零伍分');
    expect(centsToCapital(50)).toBe('伍角');
    expect(centsToCapital(10_000_050_000)).toBe('壹亿零伍佰圆整');
    expect(centsToCapital(-10000)).toBe('负壹佰圆整');
    const rnd = seeded(7);
    for (let i = 0; i < 300; i++) {
      const cents = Math.floor(rnd() * 100_000_000);
      expect(centsToCapital(cents), String(cents)).toBe(capitalWords(cents));
      expect(capitalToCents(centsToCapital(cents))).toBe(cents);
    }
    // a capital line's end or start lost, as read on photographed sheets (bench seeds 9 to 12)
    expect(capitalPieceSays('捌万壹仟陆佰贰', 8162744, 8152744)).toBe(true);
    expect(capitalPieceSays('捌万壹仟陆佰贰', 8152744, 8162744)).toBe(false);
    expect(capitalPieceSays('捌万壹仟陆佰贰', 8162744, null)).toBe(true);
    expect(capitalPieceSays('万柒仟陆佰叁拾伍圆伍角陆分', 1763556, 1753556)).toBe(true);
    expect(capitalPieceSays('柒仟零壹拾捌元捌角', 701883, 701783)).toBe(true);
    // a piece of both says nothing; nor one that does not write every digit where they differ
    expect(capitalPieceSays('伍万肆仟捌佰', 5485306, 5485305)).toBe(false);
    expect(capitalPieceSays('陆佰叁拾伍圆伍角陆分', 1663556, 1753556)).toBe(false);
    expect(capitalPieceSays('贰拾伍圆整', 1232500, 1334500)).toBe(false);
    expect(capitalPieceSays('贰拾伍圆整', 1232500, 1234500)).toBe(true);
    expect(capitalPieceSays('贰万叁佰贰拾伍', 2032500, 2042500)).toBe(false);
    // a zero is written once for its run, at the first zero's place
    expect(capitalPieceSays('贰万零叁佰', 2032500, 2132500)).toBe(true);
    expect(capitalPieceSays('叁佰贰拾伍圆', 2032500, 2132500)).toBe(false);
    // one digit alone stands in too many amounts to tell them apart
    expect(capitalPieceSays('陆佰', 8162744, null)).toBe(false);
  });

  it('maps OCR confusions inside a capital amount only (叁→参, 佰→伯, 圆→园)', () => {
    expect(capitalRun('⊗参伯园整').run).toBe('叁佰圆整');
    expect(capitalRun('价税合计 ⊗壹佰壹拾贰圆贰角整 (小写)')).toEqual({ run: '壹佰壹拾贰圆贰角整', start: 6, end: 15 });
  });

  it('checks unified social credit codes and repairs only toward a valid one', () => {
    for (const id of ['91120222079642398Y', '91440300708436854B', '92440300L08175019R', '91120118MA06APGQXE', '91410100MA44HUD80N']) {
      expect(readTaxpayerId(id)).toEqual({ value: id, valid: true });
    }
    // O and I are not in the code's alphabet; the region code (positions 3–8) is digits
    expect(readTaxpayerId('9144030O7O8436854B').value).toBe('91440300708436854B');
    expect(readTaxpayerId('914403OO708436854B').value).toBe('91440300708436854B');
    // old 15-digit ids have no check
    expect(readTaxpayerId('410305123456789')).toEqual({ value: '410305123456789', valid: true });
    // the check character chooses among look-alikes (B/8, 4/A) when exactly one reading passes
    expect(readTaxpayerId('91440300708436B54B')).toEqual({ value: '91440300708436854B', valid: true });
    expect(readTaxpayerId('9144030070843685AB')).toEqual({ value: '91440300708436854B', valid: true });
    // issue 16: a seller id read with a letter O and one character too many
    const id = '91370212MA3C5NQ20';
    const valid = id + uscCheckChar(id);
    expect(readTaxpayerId(`${valid.slice(0, 4)}O${valid.slice(5)}5`)).toEqual({ value: valid, valid: true });
    // nothing one swap away passes: kept as read and reported
    expect(readTaxpayerId('91440300708436854C')).toEqual({ value: '91440300708436854C', valid: false });
  });

  it('issue 16: the check character chooses among each look-alike pair (O/0, I/1, Z/2, S/5, B/8), in the check character too', () => {
    const cases: [string, string][] = [
      ['9I440300708436854B', '91440300708436854B'], // I for 1
      ['91120Z22079642398Y', '91120222079642398Y'], // Z for 2
      ['914403007084368S4B', '91440300708436854B'], // S for 5
      ['9144O300708436854B', '91440300708436854B'], // O for 0
      ['91120118MA06APGQXE'.replace('Q', 'O'), '91120118MA06APGQXE'], // O for Q: no O in the alphabet, 0 fails, its look-alike Q passes
      ['914403007084368548', '91440300708436854B'], // 8 for the check character B
      ['91410100MA44HUDB0N', '91410100MA44HUD80N'], // B for 8 among the organisation code
    ];
    for (const [read, right] of cases) expect(readTaxpayerId(read), read).toEqual({ value: right, valid: true });
    // one character too many after a valid id is dropped; in the middle it is found by the check
    expect(readTaxpayerId('91440300708436854B7')).toEqual({ value: '91440300708436854B', valid: true });
    expect(readTaxpayerId('914403007084368454B')).toEqual({ value: '91440300708436854B', valid: true });
  });

  it('issue 16: invoice numbers of 8 or 20 digits, codes of 10 or 12, check codes of 20; any other length is kept and said', () => {
    const remarks = (content: Record<string, string>) => {
      const out: string[] = [];
      finish({ content, boxes: {}, items: [] }, { source: 'text', qr: [] }, { remark: (t) => out.push(t), notThisDocument: () => {} });
      return out;
    };
    expect(remarks({ InvoiceCode: '032001600511', InvoiceNo: '31471858', AntiFakeCode: '01897109054748898321' })).toEqual([]);
    expect(remarks({ InvoiceNo: '23512000000011765589' })).toEqual([]);
    expect(remarks({ InvoiceCode: '032001600511', InvoiceNo: '314718581' })).toEqual(['InvoiceNo 314718581 has 9 digits (8 expected)']);
    // with a code the invoice is old-style: its number is 8 digits, never 20
    expect(remarks({ InvoiceCode: '032001600511', InvoiceNo: '23512000000011765589' })).toEqual(['InvoiceNo 23512000000011765589 has 20 digits (8 expected)']);
    expect(remarks({ InvoiceNo: '2351200000001176558' })).toEqual(['InvoiceNo 2351200000001176558 has 19 digits (8 or 20 expected)']);
    expect(remarks({ InvoiceCode: '03200160051', AntiFakeCode: '0189710905474889832' })).toEqual([
      'InvoiceCode 03200160051 has 11 digits (10 or 12 expected)',
      'AntiFakeCode 0189710905474889832 has 19 digits (20 expected)',
    ]);
  });

  it('issue 18: the total in figures misread or lost is the one the capital amount and amount plus tax agree on, on an image only', () => {
    const read = (content: Record<string, string>, source: 'image' | 'text' = 'image') => {
      const out: string[] = [];
      const data = finish({ content, boxes: {}, items: [] }, { source, qr: [] }, { remark: (t) => out.push(t), notThisDocument: () => {} });
      return { total: data.Content.InvoiceAmount, remarks: out };
    };
    const parts = { WithoutTaxAmount: '6472.69', TaxAmount: '194.18', SumAmount: '陆仟陆佰陆拾陆圆捌角柒分' };
    expect(read({ ...parts, InvoiceAmount: '6665.87' })).toEqual({ total: '6666.87', remarks: ['InvoiceAmount read as 6665.87: the capital amount and WithoutTaxAmount + TaxAmount both say 6666.87'] });
    expect(read({ ...parts, InvoiceAmount: '' }).total).toBe('6666.87');
    expect(read({ ...parts, InvoiceAmount: '6666.87' })).toEqual({ total: '6666.87', remarks: [] });
    // one reading against another has no single answer: kept as read, and said
    expect(read({ ...parts, TaxAmount: '', InvoiceAmount: '6665.87' }).total).toBe('6665.87');
    // the tax misread too, in another place: place by place two readings agree, on the capital's 6666.87
    expect(read({ ...parts, TaxAmount: '194.17', InvoiceAmount: '6665.87' }).total).toBe('6666.87');
    // the tax misread in the place the total was, to a third digit: no two readings agree there
    expect(read({ ...parts, TaxAmount: '192.18', InvoiceAmount: '6665.87' }).total).toBe('6665.87');
    // a file's text is what the file says
    expect(read({ ...parts, InvoiceAmount: '6665.87' }, 'text').total).toBe('6665.87');
    // a capital amount whose 分 was lost at the line's end still says every unit it states
    const cut = { WithoutTaxAmount: '15789.04', TaxAmount: '947.34', SumAmount: '壹万陆仟柒佰叁拾陆圆叁角' };
    expect(read({ ...cut, InvoiceAmount: '15736.38' }).total).toBe('16736.38');
    // figures the capital bears out as far as it goes are kept: amount plus tax may be what was misread
    expect(read({ ...cut, InvoiceAmount: '16736.35' }).total).toBe('16736.35');
    // a capital amount ended by 整 states its 分: it disagrees with amount plus tax, so nothing is settled
    expect(read({ ...cut, SumAmount: '壹万陆仟柒佰叁拾陆圆叁角整', InvoiceAmount: '15736.38' }).total).toBe('15736.38');
  });

  it('issue 18: a capital amount read in part settles the total when it is a piece of amount plus tax and not of the total as read', () => {
    const read = (content: Record<string, string>, source: 'image' | 'text' = 'image') => {
      const out: string[] = [];
      const data = finish({ content, boxes: {}, items: [] }, { source, qr: [] }, { remark: (t) => out.push(t), notThisDocument: () => {} });
      return { total: data.Content.InvoiceAmount, remarks: out };
    };
    // bench seed 12, sheet 12012: the total's 6 read 5, the capital's line end lost
    const sheet = { WithoutTaxAmount: '72236.67', TaxAmount: '9390.77', SumAmount: '捌万壹仟陆佰贰' };
    expect(read({ ...sheet, InvoiceAmount: '81527.44' })).toEqual({
      total: '81627.44',
      remarks: [
        'InvoiceAmount read as 81527.44: the capital amount read in part (捌万壹仟陆佰贰) and WithoutTaxAmount + TaxAmount both say 81627.44',
        'SumAmount 捌万壹仟陆佰贰 is not a well-formed capital amount',
      ],
    });
    expect(read({ ...sheet, InvoiceAmount: '' }).total).toBe('81627.44');
    expect(read({ ...sheet, InvoiceAmount: '81527.44' }, 'text').total).toBe('81527.44');
    // a piece the total as read bears out as well (its digits lost where they differ) settles nothing
    // (bench seed 11, sheet 11011: 54853.05 for 54853.06)
    expect(read({ WithoutTaxAmount: '50323.91', TaxAmount: '4529.15', SumAmount: '伍万肆仟捌佰', InvoiceAmount: '54853.05' }).total).toBe('54853.05');
    // the amount before tax misread too (bench seed 9, sheet 9005: 15637.32 for 16637.32): a piece of
    // neither, or one of the parts' that says nothing of a digit where they and the total differ
    const both = { WithoutTaxAmount: '15637.32', TaxAmount: '998.24', InvoiceAmount: '17535.56' };
    expect(read({ ...both, SumAmount: '万柒仟陆佰叁拾伍圆伍角陆分' }).total).toBe('17535.56');
    expect(read({ ...both, SumAmount: '陆佰叁拾伍圆伍角陆分' }).total).toBe('17535.56');
    // the figures that add up are kept whatever piece was read
    expect(read({ ...sheet, InvoiceAmount: '81627.44', SumAmount: '捌万壹仟伍佰' }).total).toBe('81627.44');
  });

  it('writes dates as 2023年05月08日 whatever the print', () => {
    expect(invoiceDate('2019 05 08')).toBe('2019年05月08日');
    expect(invoiceDate('2021 年 09 月06日')).toBe('2021年09月06日');
    expect(invoiceDate('22021年12月02日')).toBe('2021年12月02日');
    expect(invoiceDate('2019年13月40日')).toBe('');
  });

  it('issue 18: a header value\'s first digit read by both the label\'s box and the value\'s is read once', () => {
    const line = (text: string, cx: number, cy: number, w: number, h: number): OcrLine => ({
      text, confidence: 1, box: { cx, cy, w, h, angle: 0 },
      quad: [{ x: cx - w / 2, y: cy - h / 2 }, { x: cx + w / 2, y: cy - h / 2 }, { x: cx + w / 2, y: cy + h / 2 }, { x: cx - w / 2, y: cy + h / 2 }],
      rect: { left: Math.round(cx - w / 2), top: Math.round(cy - h / 2), width: Math.round(w), height: Math.round(h) },
    });
    const number = (lines: OcrLine[]) => readHeader(new Page([line('发票代码：033002300111', 913.8, 37.2, 182, 21.3), ...lines]), Infinity).number.text;
    // an electronic invoice's header as read (bench seed 27): the boxes overlap by the 2
    expect(number([line('发票号码：2', 864, 70.8, 80.5, 18.7), line('20761935', 933.2, 69.8, 73.4, 18.6)])).toBe('20761935');
    // the value's box beginning before the label's ends
    expect(number([line('发票号码：2', 862.7, 69.6, 82.3, 18.7), line('26147607', 930.8, 69.1, 72, 16.4)])).toBe('26147607');
    // boxes apart: each piece is print of its own
    expect(number([line('发票号码：2', 864, 70.8, 80.5, 18.7), line('0761935', 945, 69.8, 60, 18.6)])).toBe('20761935');
    expect(number([line('发票号码：20761935', 890, 70.8, 160, 18.7)])).toBe('20761935');
  });
});
