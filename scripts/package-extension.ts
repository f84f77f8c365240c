import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';

/*
 * `npm run package`: a release build of the extension in dist/, checked, zipped for the Chrome
 * Web Store as recognition-extension-<version>.zip. The zip is reproducible: entries sorted, one
 * fixed timestamp, so the same sources give the same bytes.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a release manifest must not carry; returns the problems found. */
export function releaseProblems(manifest: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (manifest.host_permissions) problems.push('host_permissions present (the e2e build?); the gateway origin is requested at run time');
  if (manifest.content_scripts) problems.push('content_scripts declared; scripts are injected on demand');
  if (JSON.stringify(manifest.web_accessible_resources ?? []).includes('.iife.js')) problems.push('injected scripts listed as web accessible');
  if (manifest.manifest_version !== 3) problems.push('not Manifest V3');
  return problems;
}

function files(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => fs.statSync(path.join(dir, f)).isFile() && !f.endsWith('.map') && !f.startsWith('.vite/'))
    .sort();
}

/** The directory as a zip: sorted entries, fixed times, deflated. */
export function zipDirectory(dir: string): Uint8Array {
  const mtime = new Date('2024-01-01T00:00:00Z');
  const entries = Object.fromEntries(files(dir).map((f) => [f, [fs.readFileSync(path.join(dir, f)), { mtime, level: 9 }] as const]));
  return zipSync(entries as never);
}

function main() {
  const vite = path.join(root, 'node_modules/.bin/vite');
  const built = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const dist = path.join(root, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.json'), 'utf8'));
  const problems = releaseProblems(manifest);
  if (problems.length > 0) {
    process.stderr.write(`not packaged:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
  const out = path.join(root, `recognition-extension-${manifest.version}.zip`);
  const zip = zipDirectory(dist);
  fs.writeFileSync(out, zip);
  process.stdout.write(`${path.relative(process.cwd(), out)} (${(zip.length / 1024).toFixed(0)} KB, ${files(dist).length} files)\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
