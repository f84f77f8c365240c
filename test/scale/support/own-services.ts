import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../gateway/fetch/server';

/*
 * A Redis and a PostgreSQL of the test's own, on spare ports, for the fault tests: stopping them
 * disturbs nothing else on the machine. The Debian binaries are used (redis-server;
 * /usr/lib/postgresql/<version>/bin). initdb and postgres refuse to run as root, so as root they
 * run as the postgres user (runuser), with the data directory in a temporary directory it owns.
 * Missing binaries skip the fault tests with a message; in CI (CI=true) they are required.
 */

const inCi = process.env.CI === 'true';

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

const isRoot = process.getuid?.() === 0;
const PG_BIN = pgBin();

/** Whether both binaries are here (and, as root, a postgres user to run PostgreSQL as). */
export function ownServicesAvailable(): boolean {
  const missing: string[] = [];
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  if (!PG_BIN) missing.push('PostgreSQL (/usr/lib/postgresql/*/bin/initdb)');
  else if (isRoot && spawnSync('runuser', ['-u', 'postgres', '--', 'true']).status !== 0) missing.push('a postgres user for runuser');
  if (missing.length === 0) return true;
  if (inCi) throw new Error(`the fault tests need ${missing.join(' and ')} in CI`);
  console.warn(`[skip] ${missing.join(' and ')} not found: the fault tests with their own Redis and PostgreSQL are skipped`);
  return false;
}

async function until(probe: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s`);
}

export interface OwnRedis {
  url: string;
  /** SIGKILL (its data goes with it: no persistence), as when its machine dies */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  const self: OwnRedis = {
    url,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until(async () => {
        const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        r.on('error', () => {});
        try {
          await r.connect();
          return (await r.ping()) === 'PONG';
        } finally {
          r.disconnect();
        }
      }, 'redis-server');
    },
    async kill() {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
  };
  await self.start();
  return self;
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** fast shutdown: sessions are ended, new connections refused */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops it and deletes its data */
  destroy(): Promise<void>;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  // as root: run as postgres, which owns the directory
  const run = (bin: string, args: string[]) =>
    isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN!, bin), ...args], { stdio: 'pipe' }) : execFileSync(path.join(PG_BIN!, bin), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // no fsync: a test database, thrown away afterwards
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const self: OwnPostgres = {
    url,
    async start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
      await until(async () => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        await c.connect();
        await c.end();
        return true;
      }, 'postgres');
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      try {
        await self.stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  return self;
}
