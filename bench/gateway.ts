import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applicationsRepo } from '../src/gateway/store/applications';
import { openStorage } from '../src/gateway/store/db';
import { importPostalFile } from '../src/gateway/postal/import';
import { postalRepo } from '../src/gateway/store/postal';
import { subAuthsRepo } from '../src/gateway/store/sub-auths';
import { type Measured, type Scenario, measure, table } from './support/load';
import { repoRoot, startProcess } from './support/processes';

/*
 * npm run bench:gateway — requests/s and latency of the gateway's hot paths against a bare fastify
 * route (the ceiling), in one run on this machine. Each server runs in its own process; autocannon
 * drives them one after the other at the same concurrency, each as fast as it answers. Then the
 * postal points again at 80% of the rate each just sustained, for the latency a caller sees when
 * the gateway is busy but not overloaded (at 100% every extra request only waits in a queue).
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 */

/** The share of its maximum rate a postal point is driven at for its latency. */
const SUSTAINED_SHARE = 0.8;

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-'));
const dbPath = path.join(dir, 'gateway.db');
const storage = await openStorage(dbPath);
const app = await applicationsRepo(storage.db).create('bench');
const subs = subAuthsRepo(storage.db);
const longLived = Date.now() + 86400_000;
await subs.create(app.appid, { outCode: 'bench', permissions: ['1917-*', '2582-*'], ipWhiteList: [], rate: 0, concurrency: 0, endTime: longLived, remark: '' });
// rate limiting on, with a budget the bench never reaches, so the limiter runs on every call
const limited = await subs.create(app.appid, {
  outCode: 'bench-limited',
  permissions: ['1917-*', '2582-*'],
  ipWhiteList: ['127.0.0.0/8'],
  rate: 1_000_000,
  concurrency: 100_000,
  endTime: longLived,
  remark: '',
});
// the shared data set (40,621 streets) when it is beside the repository, else the test fixture
const sharedCsv = path.resolve(repoRoot, '../shared/postal/cn-postal-streets.csv');
const postalCsv = fs.existsSync(sharedCsv) ? sharedCsv : path.join(repoRoot, 'test/fixtures/postal/sample.csv');
const postal = await importPostalFile(postalRepo(storage), postalCsv);
process.stderr.write(`postal data: ${postal.rows} rows from ${postalCsv}\n`);
await storage.close();
if (limited === 'exists') throw new Error('unexpected');

const bare = await startProcess('bench/support/bare-server.ts', { PORT: '0' }, /listening (\d+)/);
const gateway = await startProcess(
  'src/gateway/main.ts',
  { DATABASE_URL: dbPath, PORT: '0', LOG_LEVEL: 'info', RECOGNITION_WORKERS: '0', FIRST_RUN_DEMO: 'false' },
  /"url":"(http:[^"]+)"/,
);

const token = { 'gateway-access-token': limited.accessToken };
const scenarios: Scenario[] = [
  { name: 'bare fastify route (ceiling)', url: `${bare.url}/bare`, pid: bare.proc.pid },
  { name: 'appKey 2141-4 query one', url: `${gateway.url}/2141-4?appKey=${app.appKey}&out_code=bench` },
  // the issue's "token call to a cheap point": one row, so the answer is as small as the bare one's
  { name: 'token 1917-1 one row, rate limit on', url: `${gateway.url}/1917-1?code=100089&maxResult=1`, headers: token },
  { name: 'token 1917-1 20 rows, rate limit on', url: `${gateway.url}/1917-1?code=100089`, headers: token },
  {
    name: 'token 1917-2, rate limit on',
    url: `${gateway.url}/1917-2?province=${encodeURIComponent('北京')}&area=${encodeURIComponent('海淀')}`,
    headers: token,
  },
  { name: 'appKey 1917-1, page 2 of 200120', url: `${gateway.url}/1917-1?appKey=${app.appKey}&code=200120&page=2` },
  { name: 'appKey 1917-2 朝阳区 (ambiguous)', url: `${gateway.url}/1917-2?appKey=${app.appKey}&area=${encodeURIComponent('朝阳区')}` },
  {
    name: 'appKey 1917-2 广西省 (suffix fallback)',
    url: `${gateway.url}/1917-2?appKey=${app.appKey}&province=${encodeURIComponent('广西省')}&maxResult=50`,
  },
  { name: 'appKey 1917-1 100871 (not found)', url: `${gateway.url}/1917-1?appKey=${app.appKey}&code=100871` },
];

for (const s of scenarios) s.pid ??= gateway.proc.pid;

const results: Measured[] = [];
const sustained: Measured[] = [];
try {
  for (const s of scenarios) {
    process.stderr.write(`measuring ${s.name} (${seconds} s, ${connections} connections) ...\n`);
    results.push(await measure(s, { connections, seconds }));
  }
  for (const name of ['token 1917-1 one row, rate limit on', 'appKey 1917-1, page 2 of 200120', 'appKey 1917-2 朝阳区 (ambiguous)']) {
    const s = scenarios.find((x) => x.name === name)!;
    const rate = Math.round(results.find((r) => r.name === name)!.rps * SUSTAINED_SHARE);
    const paced = { ...s, name: `${name}, paced at ${rate} req/s` };
    process.stderr.write(`measuring ${paced.name} (${seconds} s, ${connections} connections) ...\n`);
    sustained.push(await measure(paced, { connections, seconds, rate }));
  }
} finally {
  await gateway.stop();
  await bare.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\nbench:gateway on ${os.cpus().length} cores, node ${process.version}, ${connections} connections, ${seconds} s each\n`);
console.log(table(results));
console.log(`\npostal points at ${SUSTAINED_SHARE * 100}% of the rate each sustained above (latency from when each request was due)\n`);
console.log(table(sustained, false));
const rps = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!.rps;
const ceiling = rps('bare');
const tokenPath = rps('token 1917-1 one row');
const postalPath = rps('appKey 1917-1, page 2');
console.log(`\ntoken path (cheap point): ${((tokenPath / ceiling) * 100).toFixed(0)}% of the ceiling (goal ≥ 60%)`);
console.log(`1917-1 (appKey, page 2 of 200120): ${((postalPath / ceiling) * 100).toFixed(0)}% of the ceiling (goal ≥ 50%)`);
const worstP99 = Math.max(...sustained.map((r) => r.p99));
console.log(`postal p99 at ${SUSTAINED_SHARE * 100}% of the sustained rate: at most ${worstP99} ms (goal < 10 ms)`);
