import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { admin, adminWhileServing, repoRoot } from '../../support/admin';
import { call, startTestGateway } from '../../support/gateway';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-admin-'));
const env = { DATABASE_URL: path.join(dir, 'gateway.db') };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('app create prints exactly one JSON object {appid, appKey, secret} through npm run --silent', () => {
  const res = spawnSync('npm', ['run', '--silent', 'admin', '--', 'app', 'create', '--name', '前台系统'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(res.status).toBe(0);
  const lines = res.stdout.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const created = JSON.parse(lines[0]!);
  expect(Object.keys(created).sort()).toEqual(['appKey', 'appid', 'secret']);
  expect(created.appKey).toMatch(/^[0-9a-f]{32}$/);
});

it('app list, disable, enable, rotate-secret and rotate-key manage applications', async () => {
  const created = admin(['app', 'create', '--name', 'ops'], env).json;
  const list = admin(['app', 'list'], env).json;
  expect(list.applications.map((a: { name: string }) => a.name)).toContain('ops');
  expect(JSON.stringify(list)).not.toContain(created.secret);

  const gw = await startTestGateway({ DATABASE_URL: env.DATABASE_URL }, { keepStore: true });
  try {
    expect((await call(gw.url, '2141-5', { query: { appKey: created.appKey } })).json.gateway_res_code).toBe(0);
    expect((await adminWhileServing(['app', 'disable', '--appid', String(created.appid)], env)).json).toEqual({ appid: created.appid, disabled: true });
    expect((await call(gw.url, '2141-5', { query: { appKey: created.appKey } })).json.gateway_res_code).toBe(-1010);
    await adminWhileServing(['app', 'enable', '--appid', String(created.appid)], env);
    const rotated = (await adminWhileServing(['app', 'rotate-key', '--appid', String(created.appid)], env)).json;
    expect((await call(gw.url, '2141-5', { query: { appKey: created.appKey } })).json.gateway_res_code).toBe(-1010);
    expect((await call(gw.url, '2141-5', { query: { appKey: rotated.appKey } })).json.gateway_res_code).toBe(0);
    const secret = (await adminWhileServing(['app', 'rotate-secret', '--appid', String(created.appid)], env)).json;
    expect(secret.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(secret.secret).not.toBe(created.secret);
  } finally {
    await gw.stop();
  }
});

it('audit list shows recorded calls with appid, out_code, point, code, latency and client IP', async () => {
  const created = admin(['app', 'create', '--name', 'audited'], env).json;
  const gw = await startTestGateway({ DATABASE_URL: env.DATABASE_URL }, { keepStore: true });
  try {
    const token = await gw.createToken(created.appid, { outCode: 'till-3', permissions: ['1917-1'] });
    await call(gw.url, '1917-2', { query: { province: '北京' }, headers: { 'gateway-access-token': token } });
    await call(gw.url, '2141-5', { query: { appKey: created.appKey } });
  } finally {
    await gw.stop();
  }
  const rows = admin(['audit', 'list', '--appid', String(created.appid)], env).json.rows;
  expect(rows, JSON.stringify(rows)).toHaveLength(2);
  expect(rows[0]).toMatchObject({ appid: created.appid, point: '2141-5', code: 0, mode: 'appkey', client_ip: '127.0.0.1' });
  expect(rows[1]).toMatchObject({ out_code: 'till-3', point: '1917-2', code: -1014, mode: 'token' });
  expect(rows[1].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(typeof rows[1].latency_ms).toBe('number');
});

it('reports misuse as one JSON error object with a non-zero exit and usage on stderr', () => {
  for (const args of [['app', 'disable'], ['app', 'disable', '--appid', '99999'], ['nope'], ['app', 'create', '--bogus', 'x']]) {
    const r = admin(args, env);
    expect(r.status, args.join(' ')).not.toBe(0);
    expect(r.lines, args.join(' ')).toHaveLength(1);
    expect(r.json.error).toBeTruthy();
    expect(r.stderr).toContain('usage');
  }
});

it('app set --legacy-signature turns the ShowAPI-compatible signatures on and off, and app list shows it', async () => {
  const created = admin(['app', 'create', '--name', 'legacy-client'], env).json;
  const listed = () => admin(['app', 'list'], env).json.applications.find((a: { appid: number }) => a.appid === created.appid);
  expect(listed().legacySignature).toBe(false);
  expect(admin(['app', 'set', '--appid', String(created.appid), '--legacy-signature', 'on'], env).json).toEqual({ appid: created.appid, legacySignature: true });
  expect(listed().legacySignature).toBe(true);
  expect(admin(['app', 'set', '--appid', String(created.appid), '--legacy-signature', 'off'], env).json.legacySignature).toBe(false);
  expect(admin(['app', 'set', '--appid', String(created.appid), '--legacy-signature', 'maybe'], env).json.error).toContain('on or off');
  expect(admin(['app', 'set', '--appid', '999999', '--legacy-signature', 'on'], env).json.error).toContain('no application');
});
