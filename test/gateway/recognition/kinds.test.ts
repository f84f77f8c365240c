import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';
import { handlers } from '../../../src/gateway/points/index';
import { pointIds } from '../../../src/protocol/points/index';

/*
 * Each recognition point asks for one engine kind (a key of src/ocr/documents/index.ts, checked
 * by the compiler) and each extractor names the point whose Data it returns: the two must agree,
 * or a point would answer with another document's fields.
 */

const recognitionPoints = pointIds.filter((id) => id.startsWith('2582-') && id !== '2582-16');

describe('recognition points and the engine kinds', () => {
  it.each(recognitionPoints)('%s names an engine kind', (id) => {
    expect((handlers[id] as { kind?: unknown }).kind).toMatch(/^[a-z_]+$/);
  });

  it.each(Object.entries(extractors))('kind %s is the one its point asks for', (kind, extractor) => {
    expect(recognitionPoints).toContain(extractor.point);
    expect((handlers[extractor.point as (typeof pointIds)[number]] as { kind?: unknown }).kind).toBe(kind);
  });
});
