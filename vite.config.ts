import fs from 'node:fs';
import path from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { type Plugin, defineConfig } from 'vite';
import manifest, { buildTarget, outDirs } from './manifest.config';

/*
 * Builds the extension: for Chrome into dist/ (`npm run build`; `npm start` runs it when dist/ is
 * stale), for Firefox into dist-firefox/ (`npm run build:firefox`, mode `firefox`), from the same
 * sources and manifest.config.ts. `--mode e2e` / `--mode firefox-e2e` build the variants the
 * browser tests load. The gateway is not built here: it runs from source with tsx.
 */

/**
 * CRXJS lists every `?script` file in web_accessible_resources for all http(s) pages. Ours are
 * injected with chrome.scripting.executeScript({ files }), which needs no such entry, and listing
 * them would let any page probe for the extension. The entries are removed after the build.
 */
function noWebAccessibleScripts(): Plugin {
  let outDir = 'dist';
  return {
    name: 'no-web-accessible-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const file = path.join(outDir, 'manifest.json');
        const m = JSON.parse(fs.readFileSync(file, 'utf8'));
        const injected = (r: string) => /^src\/extension\/content\/.+\.iife\.js$/.test(r);
        const kept = (m.web_accessible_resources ?? [])
          .map((w: { resources: string[] }) => ({ ...w, resources: w.resources.filter((r) => !injected(r)) }))
          .filter((w: { resources: string[] }) => w.resources.length > 0);
        if (kept.length > 0) m.web_accessible_resources = kept;
        else delete m.web_accessible_resources;
        fs.writeFileSync(file, `${JSON.stringify(m, null, 2)}\n`);
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const { browser } = buildTarget(mode);
  return {
    plugins: [preact(), crx({ manifest, browser }), noWebAccessibleScripts()],
    build: {
      outDir: outDirs[browser],
      emptyOutDir: true,
      // the manifests' minimums: Chrome 127 (chrome.action.openPopup for every extension), Firefox 128 ESR
      target: browser === 'chrome' ? 'chrome127' : 'firefox128',
      // CRXJS builds the HTML pages the manifest names; Firefox's sidebar_action is not among them
      ...(browser === 'firefox' ? { rollupOptions: { input: { sidebar: 'src/extension/sidepanel/index.html' } } } : {}),
    },
    server: { port: 5174, strictPort: true, hmr: { port: 5174 } },
  };
});
