import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';

/* Every registered kind is what its key says, serves a point with a schema, and has a test. */
describe('document registry', () => {
  it.each(Object.entries(extractors))('%s is complete', (key, extractor) => {
    expect(extractor.kind).toBe(key);
    expect(existsSync(new URL(`../../../src/protocol/points/${extractor.point}.ts`, import.meta.url))).toBe(true);
    expect(existsSync(new URL(`./${key}.test.ts`, import.meta.url))).toBe(true);
  });
});
