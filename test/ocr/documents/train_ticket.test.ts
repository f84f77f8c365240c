import { describe, expect, it } from 'vitest';
import { trainGroundTruth } from '../../../bench/documents/train_ticket';
import { parseDate, parseIdName, parseLevel, parsePrice, parseSeat } from '../../../src/ocr/documents/train_ticket/fields';
import { runTask } from '../../../src/ocr/runtime/run-task';
import { trainTicketData } from '../../../src/protocol/points/2582-24';
import { renderDocument } from '../../support/synth/index';
import { renderTaxiCase } from '../../support/synth/documents/taxi-invoice';
import { renderTrainTicket, type TicketStyle, type TicketVariant } from '../../support/synth/documents/train-ticket';
import { corpusFile, corpusManifest, hasCorpus, hasFont } from '../fixtures';

/*
 * 2582-24 golden tests: the corpus's three tickets against their ground truth (mapped from
 * chineseocr's names), synthetic blue, red and 12306-screenshot tickets in every variant
 * (the bench runs 30), the field patterns with their repairs, and the error cases.
 */

type Data = ReturnType<typeof trainTicketData.parse>;
const run = async (bytes: Uint8Array) => {
  const result = await runTask({ kind: 'train_ticket', bytes, options: {} });
  return { ...result, data: trainTicketData.strict().parse(result.data) as Data };
};

describe('ticket field patterns', () => {
  it('reads the travel date and time as printed, without 开 and with its misreadings', () => {
    expect(parseDate('2015年09月02日20：08开')).toEqual({ date: '2015年09月02日', time: '20:08' });
    expect(parseDate('2017年12月26日16:33升')).toEqual({ date: '2017年12月26日', time: '16:33' });
    expect(parseDate('2023-09-23（周六）')).toEqual({ date: '2023年09月23日', time: '' });
    expect(parseDate('2023年13月40日08:00开')).toBeNull();
  });

  it('reads seats, prices with ¥ read as Y, classes and the name after the ID number', () => {
    expect(parseSeat('06车076号')).toBe('06车076号');
    expect(parseSeat('13车 16b号')).toBe('13车16B号');
    expect(parseSeat('10车015号下铺')).toBe('10车015号下铺');
    expect(parseSeat('05车无座')).toBe('05车无座');
    expect(parsePrice('Y15.5元')).toBe(15.5);
    expect(parsePrice('￥309.0元')).toBe(309);
    expect(parsePrice('限乘当日当次车')).toBeNull();
    expect(parseLevel('¥43.5元 网 新空调硬座')).toBe('新空调硬座');
    expect(parseLevel('二等座')).toBe('二等座');
    expect(parseIdName('4409811991****7566陈诗欣')).toEqual({ name: '陈诗欣' });
    expect(parseIdName('3622011988****041X 易双智')).toEqual({ name: '易双智' });
  });
});

describe.skipIf(!hasCorpus)('corpus', () => {
  const entries = hasCorpus ? corpusManifest().filter((e) => e.type === 'train_ticket' && e.ground_truth) : [];
  for (const entry of entries) {
    it(`reads ${entry.file}`, async () => {
      const { data, notThisDocument } = await run(corpusFile(entry.file));
      // paper tickets and screenshots carry no invoice number or date
      expect(data).toEqual({ ...trainGroundTruth(entry.ground_truth as Record<string, string>), InvoiceNum: '', InvoiceDate: '' });
      expect(notThisDocument).toBeUndefined();
    });
  }
});

describe.skipIf(!hasFont)('synthetic tickets', () => {
  const plan: [number, TicketStyle, TicketVariant][] = [
    [101, 'blue', 'clean'], [102, 'red', 'clean'], [103, 'screenshot', 'clean'], [104, 'blue', 'photo'],
    [105, 'red', 'photo'], [106, 'screenshot', 'jpeg'], [107, 'blue', 'turned'], [108, 'red', 'jpeg'],
  ];

  it('reads at least 95% of the fields of blue, red and screenshot tickets in every variant', async () => {
    let right = 0, total = 0;
    for (const [seed, style, variant] of plan) {
      const c = await renderTrainTicket(seed, style, variant);
      const { data, notThisDocument } = await run(c.bytes);
      const wrong = Object.entries(c.expected).filter(([k, v]) => data[k as keyof Data] !== v);
      expect(wrong.length, `${c.name}: ${JSON.stringify(wrong)} read ${JSON.stringify(data)}`).toBeLessThanOrEqual(1);
      expect(notThisDocument).toBeUndefined();
      right += 8 - wrong.length;
      total += 8;
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  }, 600_000);

  it('leaves Name empty on a ticket that prints none', async () => {
    // seed 102 draws a red ticket from before real-name tickets
    const c = await renderTrainTicket(102, 'red', 'clean');
    expect(c.values.name).toBe('');
    expect((await run(c.bytes)).data.Name).toBe('');
  });
});

describe('not a train ticket', () => {
  it('answers a blank image with empty fields and not-this-document', async () => {
    const sharp = (await import('sharp')).default;
    const blank = new Uint8Array(await sharp({ create: { width: 800, height: 500, channels: 3, background: '#fff' } }).png().toBuffer());
    const { data, notThisDocument } = await run(blank);
    expect(data).toEqual({ Name: '', Date: '', Seat: '', Number: '', Price: 0, DepartureStation: '', Level: '', Destination: '', InvoiceNum: '', InvoiceDate: '' });
    expect(notThisDocument).toMatch(/not a train ticket/);
  });

  it.skipIf(!hasFont)('answers a letter and a taxi invoice with not-this-document and invents no route', async () => {
    const letter = await renderDocument({ seed: 51, variant: 'clean', rows: ['会议通知', '会议定于2023年09月23日上午九点在三楼会议室召开。', '请各部门于本月底前提交年度工作总结。'] });
    const fromLetter = await run(letter.bytes);
    expect(fromLetter.notThisDocument).toMatch(/not a train ticket/);
    expect(fromLetter.data.Number).toBe('');
    const taxi = await renderTaxiCase(52, 'scan');
    const fromTaxi = await run(taxi.bytes);
    expect(fromTaxi.notThisDocument).toMatch(/not a train ticket/);
    expect([fromTaxi.data.DepartureStation, fromTaxi.data.Destination, fromTaxi.data.Seat]).toEqual(['', '', '']);
  });
});
