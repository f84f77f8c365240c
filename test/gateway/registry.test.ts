import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers } from '../../src/gateway/points/index';
import { codeName, codes } from '../../src/protocol/codes';
import { pointIds, pointSpecs } from '../../src/protocol/points/index';
import { repoRoot } from '../support/admin';

/*
 * The registries are explicit; these checks keep them complete: every point of the contract has a
 * protocol file named after it, a handler built from that same spec, and a test file named after it.
 * They start from the files on disk too: a point file that no registry holds is caught.
 */

const pointFiles = (dir: string, suffix = '.ts') =>
  fs
    .readdirSync(path.join(repoRoot, dir))
    .filter((f) => f.endsWith(suffix) && /^\d+-\d+$/.test(f.slice(0, -suffix.length)))
    .map((f) => f.slice(0, -suffix.length));

describe('access point registry', () => {
  it.each(pointIds)('%s has its protocol file, a handler on the same spec, and a test', (id) => {
    expect(pointSpecs[id].id).toBe(id);
    expect(fs.existsSync(path.join(repoRoot, 'src/protocol/points', `${id}.ts`))).toBe(true);
    expect(handlers[id].spec).toBe(pointSpecs[id]);
    expect(fs.existsSync(path.join(repoRoot, 'src/gateway/points', `${id}.ts`)), `src/gateway/points/${id}.ts`).toBe(true);
    expect(fs.existsSync(path.join(repoRoot, 'test/gateway/points', `${id}.test.ts`)), `test/gateway/points/${id}.test.ts`).toBe(true);
  });

  it('registers every point file on disk: the protocol file is the spec, the gateway file the handler', async () => {
    const specs = pointFiles('src/protocol/points');
    expect(specs.sort()).toEqual([...pointIds].sort());
    for (const id of specs) {
      const mod = (await import(path.join(repoRoot, 'src/protocol/points', `${id}.ts`))) as { default: unknown };
      expect(mod.default, `src/protocol/points/${id}.ts`).toBe(pointSpecs[id as (typeof pointIds)[number]]);
    }
    const gateway = pointFiles('src/gateway/points');
    expect(gateway.sort()).toEqual([...pointIds].sort());
    for (const id of gateway) {
      const mod = (await import(path.join(repoRoot, 'src/gateway/points', `${id}.ts`))) as { default: unknown };
      expect(mod.default, `src/gateway/points/${id}.ts`).toBe(handlers[id as (typeof pointIds)[number]]);
    }
    // a test named after a point that does not exist tests nothing the contract has
    expect(pointFiles('test/gateway/points', '.test.ts').filter((id) => !(pointIds as readonly string[]).includes(id))).toEqual([]);
  });

  it('has no handler for a point outside the contract', () => {
    expect(Object.keys(handlers).sort()).toEqual([...pointIds].sort());
    const files = fs.readdirSync(path.join(repoRoot, 'src/gateway/points')).filter((f) => /^\d+-\d+\.ts$/.test(f));
    for (const f of files) expect(pointIds).toContain(f.replace(/\.ts$/, ''));
  });

  it('documents every code of the catalog in docs/api.md, with its HTTP status (codes.test.ts holds the catalog to DESIGN.md)', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| (-?\d+) \| (\d{3})[^|]*\|/gm)].map((m) => [Number(m[1]), Number(m[2])] as const),
    );
    for (const [name, c] of Object.entries(codes)) expect(rows.get(c.code), `${name} (${c.code})`).toBe(c.http);
    // and nothing documented that the gateway never answers
    expect([...rows.keys()].filter((code) => codeName(code) === undefined)).toEqual([]);
  });
});
