import { describe, expect, it } from 'vitest';
import { isPlateNumber, isVin } from '../../../../src/ocr/documents/mixed/validators';

/*
 * The validators remember their answers by text (mixed/validators.ts): asked again, after
 * thousands of other texts (which empty their memory), they answer as the first time.
 */

describe('remembered validators', () => {
  it('answer a text asked again as the first time, also once their memory was emptied', () => {
    const texts = ['京A·12345', 'A12345', '粤BD12345', 'LSVAU218XN2183294', 'LSVAU2181N2183294', 'VIN:LSVAU218XN2183294'];
    const first = texts.map((t) => [isPlateNumber(t), isVin(t)]);
    expect(first).toEqual([[true, false], [false, false], [true, false], [false, true], [false, false], [false, true]]);
    expect(texts.map((t) => [isPlateNumber(t), isVin(t)])).toEqual(first);
    for (let i = 0; i < 10_000; i++) isPlateNumber(`京A${i}`), isVin(`L${i}`);
    expect(texts.map((t) => [isPlateNumber(t), isVin(t)])).toEqual(first);
  });
});
