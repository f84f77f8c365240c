import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './support/admin';

it('type-checks the whole project (tsc --noEmit, strict)', () => {
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', repoRoot], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(res.stdout + res.stderr).toBe('');
  expect(res.status).toBe(0);
}, 200_000);
