import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Worker, chromium } from 'playwright-core';

/*
 * Debian's Chromium driven by playwright-core with the extension loaded (TOOLING.md). Locally the
 * browser tests skip when /usr/bin/chromium is missing; in CI (CI=true) its absence is a failure.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const requireChromium = process.env.CI === 'true';

/** Why the browser tests do not run here, or undefined when they do. */
export function skipReason(): string | undefined {
  if (hasChromium || requireChromium) return undefined;
  return `browser tests skipped: ${CHROMIUM} not found (apt-get install -y chromium xvfb xdotool xauth)`;
}

/**
 * A fontconfig file that adds the Simplified Chinese faces of @embedpdf/fonts-sc to the system
 * fonts, so screenshots show Chinese text rather than boxes on machines without CJK fonts.
 */
function fontConfig(): string {
  const fonts = path.resolve(import.meta.dirname, '../../../node_modules/@embedpdf/fonts-sc/fonts');
  const file = path.join(os.tmpdir(), 'recognition-e2e-fonts.conf');
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${fonts}</dir>
<alias><family>sans-serif</family><prefer><family>Noto Sans Hans</family></prefer></alias></fontconfig>\n`,
  );
  return file;
}

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  id: string;
  url(p: string): string;
  close(): Promise<void>;
}

/**
 * Chromium with the extension in `extDir`, on a fresh profile that goes with close(), or on
 * `opts.profile`, which is kept (a second launch on it is a browser start with the settings kept).
 */
export async function launchWithExtension(extDir: string, opts: { headed?: boolean; env?: Record<string, string>; profile?: string } = {}): Promise<LoadedExtension> {
  const profile = opts.profile ?? fs.mkdtempSync(path.join(os.tmpdir(), 'recognition-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    viewport: { width: 1000, height: 720 },
    env: { ...process.env, FONTCONFIG_FILE: fontConfig(), ...opts.env } as Record<string, string>,
    args: [
      ...(opts.headed ? [] : ['--headless=new']),
      `--disable-extensions-except=${extDir}`,
      `--load-extension=${extDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--lang=zh-CN',
      // no translate bubble over the pages under test (they are Chinese, the browser may not be)
      '--disable-features=Translate',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const id = new URL(worker.url()).host;
  return {
    context,
    worker,
    id,
    url: (p) => `chrome-extension://${id}/${p.replace(/^\//, '')}`,
    async close() {
      await context.close();
      if (!opts.profile) fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
