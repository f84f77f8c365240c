import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';

const dir = new URL('../../../src/ocr/documents/', import.meta.url);

/* Every registered kind is what its key says, serves a point with a schema, and has a test. */
describe('document registry', () => {
  it.each(Object.entries(extractors))('%s is complete', (key, extractor) => {
    expect(extractor.kind).toBe(key);
    expect(existsSync(new URL(`../../../src/protocol/points/${extractor.point}.ts`, import.meta.url))).toBe(true);
    expect(existsSync(new URL(`./${key}.test.ts`, import.meta.url))).toBe(true);
  });

  it('registers every extractor file on disk under its file name', async () => {
    // documents/<kind>.ts is one extractor; index.ts is the registry, extractor.ts its types
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'extractor.ts');
    expect(files.map((f) => f.slice(0, -3)).sort()).toEqual(Object.keys(extractors).sort());
    for (const f of files) {
      const mod = (await import(new URL(f, dir).href)) as { default: unknown };
      expect(mod.default, f).toBe(extractors[f.slice(0, -3) as keyof typeof extractors]);
    }
    // an extractor defined anywhere else (a helper folder) would be one nobody registered
    const elsewhere = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => /\.ts$/.test(f) && (f.includes('/') || f.includes('\\')))
      .filter((f) => readFileSync(new URL(f, dir), 'utf8').includes('defineExtractor('));
    expect(elsewhere).toEqual([]);
  });
});
