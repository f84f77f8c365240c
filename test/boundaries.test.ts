import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/admin';

/*
 * The import directions of STYLE.md, read from the sources: protocol ← ocr ← gateway and
 * protocol ← extension. protocol imports nothing of ours, ocr never imports gateway or extension
 * code, the extension never imports gateway or ocr code. Every kind of reference counts: static
 * and dynamic imports, `import type`, re-exports, and files a part opens by URL (worker threads,
 * data files). TypeScript's own scanner finds the imports, so comments and strings that merely
 * look like imports are not taken for them.
 */

type Part = 'protocol' | 'ocr' | 'gateway' | 'extension';

/** What each part may import of the others (itself always). */
const allowed: Record<Part, readonly Part[]> = {
  protocol: [],
  ocr: ['protocol'],
  gateway: ['protocol', 'ocr'],
  extension: ['protocol'],
};

/** Outside src/: the extension's own static files (STYLE.md: public/ holds its icons and _locales). */
const outside: Record<Part, readonly string[]> = { protocol: [], ocr: [], gateway: [], extension: ['public/'] };

const src = path.join(repoRoot, 'src');
const parts = Object.keys(allowed) as Part[];

interface Reference {
  /** as written in the file */
  specifier: string;
  /** the file or folder it names, relative to the repository */
  target: string;
}

/** The part of src/ a path (relative to the repository) lies in, if any. */
function partOf(rel: string): Part | 'elsewhere in src' | undefined {
  const [top, part] = rel.split('/');
  if (top !== 'src') return undefined;
  return (parts as string[]).includes(part!) ? (part as Part) : 'elsewhere in src';
}

/** Relative references of one file: imports and re-exports of every kind, and `new URL('…', import.meta.url)`. */
function referencesOf(file: string, text: string): Reference[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const specifiers = importedFiles.map((f) => f.fileName);
  for (const m of text.matchAll(/new URL\(\s*(['"`])([^'"`]+)\1\s*,\s*import\.meta\.url\s*\)/g)) specifiers.push(m[2]!);
  // pool.ts and rec-helpers.ts pick './x.ts' or './x.js' in a ternary inside new URL(…)
  for (const m of text.matchAll(/new URL\(\s*[^,()]*\?\s*(['"])([^'"]+)\1\s*:\s*(['"])([^'"]+)\3\s*,\s*import\.meta\.url\s*\)/g)) specifiers.push(m[2]!, m[4]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((specifier) => ({ specifier, target: path.relative(repoRoot, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/') }));
}

/** Every reference from one part into a part it may not use, as "file → specifier (target)". */
function violations(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    const from = partOf(rel);
    if (from === undefined || from === 'elsewhere in src') continue;
    for (const ref of referencesOf(file, text)) {
      const to = partOf(ref.target);
      if (to === from) continue;
      if (to !== undefined && to !== 'elsewhere in src' && allowed[from].includes(to)) continue;
      if (to === undefined && outside[from].some((dir) => ref.target.startsWith(dir))) continue;
      found.push(`${rel} → ${ref.specifier} (${ref.target})`);
    }
  }
  return found;
}

const sources = (fs.readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.(ts|tsx|mts)$/.test(f))
  .map((f) => path.join(src, f))
  .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

describe('import boundaries between the parts of src/', () => {
  it('finds the parts and their imports (the scan sees what it must judge)', () => {
    for (const part of parts) expect(sources.some((s) => partOf(path.relative(repoRoot, s.file)) === part), part).toBe(true);
    const pool = sources.find((s) => s.file.endsWith(path.join('ocr', 'runtime', 'pool.ts')))!;
    expect(referencesOf(pool.file, pool.text).map((r) => r.target)).toContain('src/ocr/runtime/pool-thread.ts');
    const point = sources.find((s) => s.file.endsWith(path.join('gateway', 'recognition', 'point.ts')))!;
    expect(referencesOf(point.file, point.text).map((r) => r.target)).toContain('src/ocr/documents/index');
  });

  it('protocol imports nothing of ours, ocr never imports gateway or extension, the extension never imports gateway or ocr', () => {
    expect(violations(sources)).toEqual([]);
  });

  it('catches each kind of reference across a boundary, and only those', () => {
    const at = (rel: string, text: string) => ({ file: path.join(repoRoot, rel), text });
    const bad = [
      at('src/protocol/x.ts', "import { codes } from '../gateway/errors';"),
      at('src/protocol/y.ts', "export { a } from '../ocr/order';"),
      at('src/ocr/x.ts', "import type { Config } from '../gateway/config';"),
      at('src/ocr/runtime/y.ts', "const m = await import('../../gateway/app');"),
      at('src/ocr/z.ts', "new Worker(new URL('../gateway/main.ts', import.meta.url));"),
      at('src/extension/lib/x.ts', "import { extractors } from '../../ocr/documents/index';"),
      at('src/extension/popup/y.tsx', "import '../../gateway/http/probes';"),
      at('src/protocol/z.ts', "import { x } from '../../bench/support/dataset';"),
      at('src/ocr/w.ts', "import zh from '../../public/_locales/zh_CN/messages.json';"),
    ];
    expect(violations(bad)).toHaveLength(bad.length);
    const fine = [
      at('src/ocr/x.ts', "import { codes } from '../protocol/codes';\n// import { a } from '../gateway/app'"),
      at('src/gateway/x.ts', "import type { DocumentKind } from '../ocr/documents/index';\nimport { z } from 'zod';"),
      at('src/extension/lib/x.ts', "const s = \"from '../../gateway/app'\";\nimport { pointSpecs } from '../../protocol/points/index';"),
      at('src/protocol/x.ts', "import { z } from 'zod';\nimport { a } from './envelope';"),
      at('src/extension/lib/y.ts', "import zh from '../../../public/_locales/zh_CN/messages.json';"),
    ];
    expect(violations(fine)).toEqual([]);
  });
});
