import { describe, expect, it } from 'vitest';
import { extractors } from '../../../src/ocr/documents/index';
import { handlers } from '../../../src/gateway/points/index';
import { pointIds } from '../../../src/protocol/points/index';

/*
 * The recognition points find their engine kind by name in src/ocr/documents/index.ts. A kind
 * registered under another name than its point asks for would leave the point answering "not
 * available yet" for ever; these checks make that a failing test instead.
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
