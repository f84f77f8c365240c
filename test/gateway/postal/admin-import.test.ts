import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPostalFile } from '../../../src/gateway/postal/import';
import { type Storage, openStorage } from '../../../src/gateway/store/db';
import { postalRepo } from '../../../src/gateway/store/postal';
import { type Backend, storageBackends } from '../../support/services';
import { FIXTURE_CSV, FIXTURE_ROWS, ROOT } from './support';

/*
 * `npm run --silent admin -- postal import FILE.csv` as an operator runs it: one process per
 * command (node with the tsx loader, as `npm run admin` does, but without npm and tsx's own wrapper
 * process, so a kill reaches the importing process itself).
 */

const backends = await storageBackends();
const MAIN = path.join(ROOT, 'src/gateway/admin/main.ts');

function admin(backend: Backend, ...args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: backend.url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function run(backend: Backend, ...args: string[]) {
  const child = admin(backend, ...args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, stdout, stderr };
}

describe.each(backends)('admin postal import on $name', (backend) => {
  let storage: Storage;
  let dir: string;
  beforeAll(async () => {
    if (!backend.available) return;
    storage = await openStorage(backend.url);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postal-admin-'));
  });
  afterAll(async () => {
    await storage?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await backend.cleanup();
  });

  describe.skipIf(!backend.available)('', () => {
    it('prints exactly {"rows":N,"skipped":M} on stdout, the bad rows with line numbers on stderr, and exits 0', async () => {
      const file = path.join(dir, 'bad.csv');
      const lines = fs.readFileSync(FIXTURE_CSV, 'utf8').trimEnd().split('\n');
      lines.splice(3, 0, '北京市,北京市,东城区,景山街道,10001'); // line 4
      lines.splice(6, 0, ',北京市,东城区,交道口街道,100010'); // line 7
      lines.push('吉林省,长春市'); // last line
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      const r = await run(backend, 'postal', 'import', file);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`{"rows":${FIXTURE_ROWS},"skipped":3}\n`);
      const reported = r.stderr.split('\n').filter((l) => l.startsWith('line '));
      expect(reported).toEqual([
        'line 4: skipped, code "10001" is not six digits',
        'line 7: skipped, province is empty',
        `line ${lines.length}: skipped, code is missing`,
      ]);
      const stats = await run(backend, 'postal', 'stats');
      expect(JSON.parse(stats.stdout)).toMatchObject({ rows: FIXTURE_ROWS, skipped: 3, source: file });
    });

    it('refuses a file with no valid row: exit 1, one {"error"} object, the data set unchanged', async () => {
      await importPostalFile(postalRepo(storage), FIXTURE_CSV);
      const file = path.join(dir, 'gbk.csv');
      fs.writeFileSync(file, Buffer.from('province,code\n\xb1\xb1\xbe\xa9\xca\xd0,100010\n', 'latin1'));
      const r = await run(backend, 'postal', 'import', file);
      expect(r.code).toBe(1);
      expect(Object.keys(JSON.parse(r.stdout))).toEqual(['error']);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('line 2: skipped, province is not valid UTF-8');
      expect((await postalRepo(storage).stats()).rows).toBe(FIXTURE_ROWS);
      expect((await run(backend, 'postal', 'import')).code).not.toBe(0);
    });

    it('serialises concurrent imports: the result is one data set, never both mixed', async () => {
      const files = [
        ['a.csv', '澳门特别行政区,999078', 4_000],
        ['b.csv', '香港特别行政区,999077', 6_000],
      ] as const;
      for (const [name, row, n] of files) fs.writeFileSync(path.join(dir, name), `province,code\n${`${row}\n`.repeat(n)}`);
      const [a, b] = await Promise.all(files.map(([name]) => run(backend, 'postal', 'import', path.join(dir, name))));
      expect([a!.code, b!.code], a!.stderr + b!.stderr).toEqual([0, 0]);
      const s = await postalRepo(storage).stats();
      expect([4_000, 6_000]).toContain(s.rows);
      expect(s.codes).toBe(1);
    });

    it('leaves the previous data intact when the import process is killed half-way through the file', async () => {
      await importPostalFile(postalRepo(storage), FIXTURE_CSV);
      const before = await postalRepo(storage).stats();
      // a FIFO: the import reads what the test writes, and stalls mid-import when the writing stops
      const fifo = path.join(dir, `kill-${Date.now()}.csv`);
      execFileSync('mkfifo', [fifo]);
      const child = admin(backend, 'postal', 'import', fifo);
      const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
      let stderr = '';
      const staged = new Promise<void>((resolve) =>
        child.stderr!.on('data', (d) => {
          stderr += d;
          if (/^10000 rows read$/m.test(stderr)) resolve();
        }),
      );
      const writer = fs.createWriteStream(fifo);
      writer.on('error', () => {}); // EPIPE once the reader is killed
      writer.write(`province,city,area,county,code\n${'澳门特别行政区,澳门特别行政区,花地玛堂区,,999078\n'.repeat(15_000)}`);
      // the import has staged 10,000 rows and waits for more that never come
      const early = await Promise.race([staged.then(() => false), exited.then(() => true)]);
      if (early) throw new Error(`the import ended early: ${stderr}`);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      writer.destroy();

      const after = postalRepo(storage);
      expect(await after.stats()).toEqual(before);
      expect((await after.byCode('999078', { page: 1, maxResult: 1 })).total).toBe(0);
      // nothing is left locked: the next import goes through
      const again = await run(backend, 'postal', 'import', FIXTURE_CSV);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual({ rows: FIXTURE_ROWS, skipped: 0 });
    });
  });
});
