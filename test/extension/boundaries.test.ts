import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestFor } from './support/manifest';

/*
 * The extension's architecture rules, checked on the sources: it talks to the gateway only through
 * src/protocol and HTTP, and the token is read in one place.
 */

const root = path.resolve(import.meta.dirname, '../../src/extension');
const files = (fs.readdirSync(root, { recursive: true }) as string[])
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => ({ rel: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(root, f), 'utf8') }));
const importsOf = (text: string) => [...text.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);

describe('extension boundaries', () => {
  it('never imports gateway or OCR code', () => {
    for (const f of files) {
      for (const spec of importsOf(f.text)) expect(spec, f.rel).not.toMatch(/\/(gateway|ocr)\//);
    }
  });

  it('reads the token only in background/credentials.ts, imported only by the background', () => {
    for (const f of files) {
      if (f.rel !== 'background/credentials.ts') expect(f.text, f.rel).not.toMatch(/['"]credentials['"]/);
      if (importsOf(f.text).some((s) => s.endsWith('/credentials'))) expect(f.rel, 'imports credentials').toMatch(/^background\//);
    }
  });

  it('pages and injected scripts never touch the extension storage (the token lives there)', () => {
    for (const f of files.filter((f) => /^(popup|options|content)\//.test(f.rel))) {
      expect(f.text, f.rel).not.toMatch(/\b(chrome|browser)\.storage\b/);
    }
  });

  it('calls extension APIs through webextension-polyfill, imported in lib/browser.ts only', () => {
    // Chrome-only APIs the polyfill's typings lack stay on chrome.*, each with its reason beside it
    const onChrome: Record<string, string[]> = {
      // storage.local.setAccessLevel, looked up before it is called (Firefox has none)
      'background/credentials.ts': ['chrome.storage'],
      // Chrome's side panel; Firefox builds have sidebarAction instead, so every use is guarded here
      'lib/side-panel.ts': ['chrome.sidePanel', 'chrome.sidePanel'],
    };
    for (const f of files) {
      if (importsOf(f.text).includes('webextension-polyfill')) expect(f.rel, 'imports the polyfill').toBe('lib/browser.ts');
      const code = f.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const calls = [...code.matchAll(/\bchrome\.[\w.]+/g)].map((m) => m[0]);
      expect(calls, f.rel).toEqual(onChrome[f.rel] ?? []);
    }
  });

  it('declares no content script, no host permission in the release, and host access as optional', async () => {
    const release = await manifestFor('production');
    expect(release).not.toHaveProperty('content_scripts');
    expect(release).not.toHaveProperty('host_permissions');
    expect(release.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(release.permissions).toEqual(['contextMenus', 'storage', 'activeTab', 'scripting', 'notifications', 'sidePanel']);
    // shortcuts need no permission; each grants activeTab for its tab, like a menu click
    expect(Object.keys(release.commands ?? {})).toEqual(['capture-region', 'capture-again', 'open-side-panel']);
    expect(release.side_panel).toEqual({ default_path: 'src/extension/sidepanel/index.html' });
    const e2e = await manifestFor('e2e');
    expect(e2e.host_permissions).toEqual(['http://127.0.0.1/*']);
  });

  it('builds the Firefox manifest from the same definition: event page, sidebar, gecko settings, host access at run time', async () => {
    const chrome = await manifestFor('production');
    const firefox = await manifestFor('firefox');
    expect(firefox.background).toEqual({ scripts: ['src/extension/background/index.ts'], type: 'module' });
    expect(firefox).not.toHaveProperty('side_panel');
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    expect(firefox.sidebar_action).toMatchObject({ default_panel: (chrome.side_panel as { default_path: string }).default_path, open_at_install: false });
    const gecko = (firefox.browser_specific_settings as { gecko: { id: string; strict_min_version: string; data_collection_permissions: unknown } }).gecko;
    expect(gecko.id).toMatch(/^[\w.-]+@[\w.-]+$/);
    expect(Number.parseFloat(gecko.strict_min_version)).toBeGreaterThanOrEqual(128);
    expect(gecko.data_collection_permissions).toEqual({ required: ['none'] });
    // Firefox has no sidePanel permission; everything else is the same, host access included
    expect(firefox.permissions).toEqual((chrome.permissions as string[]).filter((p) => p !== 'sidePanel'));
    expect(firefox).not.toHaveProperty('host_permissions');
    expect(firefox.optional_host_permissions).toEqual(chrome.optional_host_permissions);
    expect(firefox.commands).toEqual(chrome.commands);
    expect((await manifestFor('firefox-e2e')).host_permissions).toEqual(['http://127.0.0.1/*']);
  });
});
