import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers } from '../../src/gateway/points/index';
import { pointIds, pointSpecs } from '../../src/protocol/points/index';
import { repoRoot } from '../support/admin';

/*
 * The registries are explicit; these checks keep them complete: every point of the contract has a
 * protocol file named after it, a handler built from that same spec, and a test file named after it.
 */

describe('access point registry', () => {
  it.each(pointIds)('%s has its protocol file, a handler on the same spec, and a test', (id) => {
    expect(pointSpecs[id].id).toBe(id);
    expect(fs.existsSync(path.join(repoRoot, 'src/protocol/points', `${id}.ts`))).toBe(true);
    expect(handlers[id].spec).toBe(pointSpecs[id]);
    const implemented = fs.existsSync(path.join(repoRoot, 'src/gateway/points', `${id}.ts`));
    if (implemented) expect(fs.existsSync(path.join(repoRoot, 'test/gateway/points', `${id}.test.ts`)), `test/gateway/points/${id}.test.ts`).toBe(true);
  });

  it('has no handler for a point outside the contract', () => {
    expect(Object.keys(handlers).sort()).toEqual([...pointIds].sort());
    const files = fs.readdirSync(path.join(repoRoot, 'src/gateway/points')).filter((f) => /^\d+-\d+\.ts$/.test(f));
    for (const f of files) expect(pointIds).toContain(f.replace(/\.ts$/, ''));
  });

  it('documents every code of the catalog in docs/api.md', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
    for (const code of [0, -1, -3, -6, -7, -1002, -1003, -1004, -1005, -1006, -1009, -1010, -1012, -1013, -1014, -1100, -1101, -1102]) {
      expect(doc, `code ${code}`).toMatch(new RegExp(`\\| ${code} \\|`));
    }
  });
});
