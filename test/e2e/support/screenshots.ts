import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/*
 * Screenshots for the README (docs/screenshots/). Written when missing, or on every run with
 * SCREENSHOTS=1, so ordinary test runs do not rewrite committed images.
 */

const dir = path.resolve(import.meta.dirname, '../../../docs/screenshots');

export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const file = path.join(dir, `${name}.png`);
  if (fs.existsSync(file) && process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: file, animations: 'disabled' });
}
