import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { releaseProblems, zipDirectory } from '../../scripts/package-extension';
import { manifestFor } from './support/manifest';

describe('npm run package', () => {
  it('zips a directory reproducibly, leaving out source maps', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkg-test-'));
    fs.mkdirSync(path.join(dir, 'icons'));
    fs.writeFileSync(path.join(dir, 'manifest.json'), '{"manifest_version":3}');
    fs.writeFileSync(path.join(dir, 'icons/a.png'), Buffer.from([1, 2, 3]));
    fs.writeFileSync(path.join(dir, 'x.js.map'), '{}');
    const zip = zipDirectory(dir);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['icons/a.png', 'manifest.json']);
    expect(Buffer.from(unzipSync(zip)['icons/a.png']!)).toEqual(Buffer.from([1, 2, 3]));
    fs.utimesSync(path.join(dir, 'manifest.json'), new Date(), new Date(2020, 1, 1));
    expect(Buffer.from(zipDirectory(dir)).equals(Buffer.from(zip))).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });

  it('refuses manifests that are not release manifests', async () => {
    expect(releaseProblems(await manifestFor('production'))).toEqual([]);
    expect(releaseProblems(await manifestFor('e2e'))).toEqual([expect.stringMatching(/^host_permissions present/)]);
    expect(releaseProblems(await manifestFor('firefox'), 'firefox')).toEqual([]);
    expect(releaseProblems(await manifestFor('firefox-e2e'), 'firefox')).toEqual([expect.stringMatching(/^host_permissions present/)]);
    // a Chrome build zipped for addons.mozilla.org: no id, no data statement, a service worker
    expect(releaseProblems(await manifestFor('production'), 'firefox')).toHaveLength(3);
    expect(releaseProblems({ manifest_version: 3, web_accessible_resources: [{ resources: ['src/extension/content/fill-form.iife.js'] }] })).toHaveLength(1);
  });
});
