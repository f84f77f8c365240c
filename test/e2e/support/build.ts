import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The extension as the browser tests load it: `vite build --mode e2e` (Chromium) or
 * `--mode firefox-e2e` (Firefox; `firefox` for the release that web-ext lints) into a temporary
 * directory keyed by the mode and a hash of its sources, so the test files of one run (and reruns
 * without changes) share one build per mode. Built into a fresh directory and renamed into place, so parallel test files never see a
 * half-written build.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const inputs = ['src/extension', 'src/protocol', 'public', 'manifest.config.ts', 'vite.config.ts', 'package-lock.json'];

function hashSources(mode: string): string {
  const h = crypto.createHash('sha256').update(mode);
  const visit = (p: string) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const e of fs.readdirSync(full).sort()) visit(path.join(p, e));
    } else {
      h.update(p).update(fs.readFileSync(full));
    }
  };
  inputs.forEach(visit);
  return h.digest('hex').slice(0, 16);
}

export function buildExtension(mode: 'e2e' | 'firefox-e2e' | 'firefox' = 'e2e'): string {
  const dir = path.join(os.tmpdir(), `recognition-ext-${mode}-${hashSources(mode)}`);
  if (fs.existsSync(path.join(dir, 'manifest.json'))) return dir;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'recognition-ext-build-'));
  const res = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--mode', mode, '--outDir', tmp, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`extension build failed:\n${res.stdout}\n${res.stderr}`);
  try {
    fs.renameSync(tmp, dir);
  } catch {
    // another test file finished the same build first; use that one
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The extension as built from another commit (the benchmarks' baselines, e.g. FILL_BASELINE):
 * its sources unpacked beside ours with our node_modules, built the same way into its own directory.
 */
export function buildExtensionAt(ref: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recognition-ext-baseline-'));
  execFileSync('bash', ['-c', `git -C "${root}" archive "${ref}" | tar -x -C "${dir}"`]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const out = path.join(dir, 'dist-e2e');
  const res = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--mode', 'e2e', '--outDir', out, '--logLevel', 'error'], { cwd: dir, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build of ${ref} failed:\n${res.stderr}`);
  return out;
}
