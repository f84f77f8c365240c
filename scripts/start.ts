import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * `npm start`: builds the extension into dist/ when it is missing or older than its sources, then
 * runs the gateway on embedded storage (unless DATABASE_URL says otherwise) with the first-run demo.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src/extension', 'src/protocol', 'public', 'manifest.config.ts', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function extensionIsStale(): boolean {
  const built = path.join(root, 'dist/manifest.json');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

if (process.env.SKIP_EXTENSION_BUILD !== 'true' && extensionIsStale()) {
  process.stderr.write('building the extension into dist/ ...\n');
  const vite = path.join(root, 'node_modules/.bin/vite');
  const res = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) {
    process.stderr.write('the extension build failed; the gateway starts anyway (see the output above)\n');
  }
}

const { main } = await import('../src/gateway/main');
await main({ demo: process.env.FIRST_RUN_DEMO !== 'false' });
