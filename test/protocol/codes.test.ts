import { describe, expect, it } from 'vitest';
import { codeName, codes } from '../../src/protocol/codes';

describe('code catalog', () => {
  it('has unique numbers and an HTTP status for every code', () => {
    const numbers = Object.values(codes).map((c) => c.code);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const c of Object.values(codes)) expect(c.http).toBeGreaterThanOrEqual(200);
  });

  it('holds every code DESIGN.md lists, with the HTTP status of its class', () => {
    const expected: [number, number][] = [
      [0, 200], [-1, 500], [-3, 504], [-6, 404], [-7, 503], [-1002, 401], [-1003, 401], [-1004, 401],
      [-1005, 401], [-1006, 403], [-1009, 429], [-1010, 401], [-1012, 401], [-1013, 403], [-1014, 403],
      [-1100, 400], [-1101, 413], [-1102, 400],
    ];
    for (const [code, http] of expected) {
      const name = codeName(code);
      expect(name, `code ${code}`).toBeDefined();
      expect(codes[name!].http, `http of ${code}`).toBe(http);
      if (code !== 0) expect(codes[name!].message).not.toBe('');
    }
    expect(Object.keys(codes)).toHaveLength(expected.length);
  });
});
