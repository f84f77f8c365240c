import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registerChineseFont } from '../support/synth/index';

/*
 * Where the OCR tests find real images. The corpus lives beside the repository
 * (../shared/corpus) and is never copied into it; a fresh clone has none, so the tests
 * that need it skip and say why.
 */

export const corpusDir = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const hasCorpus = existsSync(`${corpusDir}manifest.json`);
if (!hasCorpus) console.log(`[ocr tests] corpus not found at ${corpusDir}: corpus tests are skipped`);

export const hasFont = registerChineseFont();
if (!hasFont) console.log('[ocr tests] no Simplified Chinese font (@embedpdf/fonts-sc or fonts-wqy-zenhei): synthetic tests are skipped');

export function corpusFile(path: string): Uint8Array {
  return new Uint8Array(readFileSync(`${corpusDir}${path}`));
}

export interface CorpusEntry {
  file: string;
  type: string;
  ground_truth: Record<string, unknown> | null;
}

export function corpusManifest(): CorpusEntry[] {
  return JSON.parse(readFileSync(`${corpusDir}manifest.json`, 'utf8')) as CorpusEntry[];
}
