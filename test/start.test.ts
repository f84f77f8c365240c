import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from './support/admin';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('npm start runs the gateway on embedded storage, prints the demo credentials once, and stops on SIGTERM', async () => {
  const env = { ...process.env, PORT: '0', DATABASE_URL: path.join(dir, 'gateway.db'), RECOGNITION_WORKERS: '0' };
  const first = await runStart(env, async (output, url) => {
    const appKey = /appKey\s+([0-9a-f]{32})/.exec(output)?.[1];
    const token = /token\s+([0-9a-f]{32})/.exec(output)?.[1];
    expect(appKey).toBeDefined();
    expect(token).toBeDefined();
    const item = await (await fetch(`${url}/2141-4?appKey=${appKey}&out_code=demo-extension`)).json();
    expect(item.gateway_res_body.item).toMatchObject({ access_token: token, permission_list: '2582-*,1917-*,' });
    const docs = await fetch(`${url}/docs`);
    expect(docs.status).toBe(200);
  });
  expect(first.output).toContain('gateway stopped');
  expect(fs.existsSync(path.join(repoRoot, 'dist/manifest.json'))).toBe(true);

  const second = await runStart(env, async (output) => {
    expect(output).not.toMatch(/appKey\s+[0-9a-f]{32}/);
  });
  expect(second.output).toContain('gateway stopped');
}, 180_000);

async function runStart(env: NodeJS.ProcessEnv, check: (output: string, url: string) => Promise<void>) {
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /"url":"(http:[^"]+)"/.exec(output);
        if (m && (/First run/.test(output) || /gateway listening/.test(output))) {
          clearInterval(timer);
          // the demo block is printed right after the listening line; give it a moment
          setTimeout(() => resolve(m[1]!), 300);
        }
      }, 100);
      void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
    });
    await check(output, url);
  } finally {
    // npm runs the script in a child: signal the whole process group, as a terminal's Ctrl-C does
    process.kill(-child.pid!, 'SIGTERM');
  }
  await exited;
  // the gateway's own last log line: it shut down cleanly rather than being killed
  await new Promise((r) => setTimeout(r, 200));
  return { output };
}
