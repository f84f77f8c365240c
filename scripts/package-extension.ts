import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { type TargetBrowser, outDirs } from '../manifest.config';

/*
 * `npm run package`: a release build of the extension in dist/, checked, zipped for the Chrome
 * Web Store as recognition-extension-<version>.zip. `npm run package:firefox` (argument `firefox`):
 * the Firefox build in dist-firefox/, zipped for addons.mozilla.org as
 * recognition-extension-firefox-<version>.zip. The zip is reproducible: entries sorted, one fixed
 * timestamp, so the same sources give the same bytes.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a release manifest must not carry, or must carry for its store; returns the problems found. */
export function releaseProblems(manifest: Record<string, unknown>, browser: TargetBrowser = 'chrome'): string[] {
  const problems: string[] = [];
  if (browser === 'firefox') problems.push(...firefoxProblems(manifest));
  if (manifest.host_permissions) problems.push('host_permissions present (the e2e build?); the gateway origin is requested at run time');
  if (manifest.content_scripts) problems.push('content_scripts declared; scripts are injected on demand');
  if (JSON.stringify(manifest.web_accessible_resources ?? []).includes('.iife.js')) problems.push('injected scripts listed as web accessible');
  if (manifest.manifest_version !== 3) problems.push('not Manifest V3');
  return problems;
}

/** addons.mozilla.org refuses a submission without an id and a data collection statement. */
function firefoxProblems(manifest: Record<string, unknown>): string[] {
  const gecko = (manifest.browser_specific_settings as { gecko?: { id?: string; data_collection_permissions?: { required?: unknown } } } | undefined)?.gecko;
  const problems: string[] = [];
  if (!gecko?.id) problems.push('no browser_specific_settings.gecko.id');
  if (!Array.isArray(gecko?.data_collection_permissions?.required)) problems.push('no gecko.data_collection_permissions');
  if (!(manifest.background as { scripts?: unknown } | undefined)?.scripts) problems.push('no background.scripts (a Chrome build?)');
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
  const browser: TargetBrowser = process.argv[2] === 'firefox' ? 'firefox' : 'chrome';
  const vite = path.join(root, 'node_modules/.bin/vite');
  const mode = browser === 'firefox' ? ['--mode', 'firefox'] : [];
  const built = spawnSync(vite, ['build', ...mode, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const dist = path.join(root, outDirs[browser]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.json'), 'utf8'));
  const problems = releaseProblems(manifest, browser);
  if (problems.length > 0) {
    process.stderr.write(`not packaged:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
  const name = browser === 'firefox' ? 'recognition-extension-firefox' : 'recognition-extension';
  const out = path.join(root, `${name}-${manifest.version}.zip`);
  const zip = zipDirectory(dist);
  fs.writeFileSync(out, zip);
  process.stdout.write(`${path.relative(process.cwd(), out)} (${(zip.length / 1024).toFixed(0)} KB, ${files(dist).length} files)\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
