import fs from 'node:fs';
import path from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { type Plugin, defineConfig } from 'vite';
import manifest from './manifest.config';

/*
 * Builds the Chrome extension into dist/ (`npm run build`; `npm start` runs it when dist/ is
 * stale). `--mode e2e` builds the variant the browser tests load (see manifest.config.ts).
 * The gateway is not built here: it runs from source with tsx.
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

export default defineConfig({
  plugins: [preact(), crx({ manifest }), noWebAccessibleScripts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chrome 127 is the manifest's minimum (chrome.action.openPopup for every extension)
    target: 'chrome127',
  },
  server: { port: 5174, strictPort: true, hmr: { port: 5174 } },
});
