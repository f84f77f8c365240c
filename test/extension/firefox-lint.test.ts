import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildExtension } from '../e2e/support/build';

/*
 * The Firefox release build (`npm run build:firefox`) against addons.mozilla.org's own rules:
 * Mozilla's `web-ext lint` must report no error. Warnings are allowed (see docs/extension.md for
 * the ones the build has and why), and printed so a new kind is noticed.
 */

const webExt = path.resolve(import.meta.dirname, '../../node_modules/.bin/web-ext');

interface Finding {
  code: string;
  message: string;
  description?: string;
  file?: string;
}

describe('Firefox build', () => {
  it('passes web-ext lint with no errors', { timeout: 180_000 }, () => {
    const dir = buildExtension('firefox');
    const res = spawnSync(webExt, ['lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery'], {
      encoding: 'utf8',
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
    const report = JSON.parse(res.stdout) as { errors: Finding[]; warnings: Finding[]; summary: { errors: number; warnings: number } };
    const kinds = [...new Set(report.warnings.map((w) => `${w.code} (${w.file ?? 'manifest'})`))];
    if (kinds.length > 0) console.info(`web-ext lint warnings: ${kinds.join(', ')}`);
    expect(report.errors.map((e) => `${e.code} ${e.file ?? ''}: ${e.description ?? e.message}`)).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });
});
