import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type TestGateway, startTestGateway } from '../../support/gateway';
import { buildExtension } from './build';
import { type LoadedExtension, launchWithExtension } from './chromium';
import { configure } from './extension';
import { type TestSite, startSite } from './pages';

/*
 * What every headless e2e file needs, set up once per file: the extension built and loaded in
 * Chromium, a real gateway with postal data and a real token for 2582-* and 1917-*, configured
 * in the extension, and a loopback site for the pages under test.
 */

export const corpus = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const postalCsv = path.resolve(import.meta.dirname, '../fixtures/postal.csv');

export interface Harness {
  gw: TestGateway;
  site: TestSite;
  ext: LoadedExtension;
  appid: number;
  token: string;
  /** closes every page but the first, between tests */
  closeExtraPages(): Promise<void>;
}

export function useHarness(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    const dir = buildExtension();
    // the site is on 127.0.0.1: the gateway may fetch its images by URL, as it would a public host
    h.gw = await startTestGateway({ POSTAL_CSV: postalCsv, IMAGE_FETCH_ALLOW: '127.0.0.1', RECOGNITION_WORKERS: '1' });
    h.appid = (await h.gw.createApp('e2e')).appid;
    h.token = await h.gw.createToken(h.appid, { permissions: ['2582-*', '1917-*'] });
    h.site = await startSite();
    h.ext = await launchWithExtension(dir);
    await configure(h.ext, h.gw.url, h.token);
    h.closeExtraPages = async () => {
      for (const p of h.ext.context.pages().slice(1)) await p.close();
    };
  });
  afterAll(async () => {
    await h.ext?.close();
    await h.site?.close();
    await h.gw?.stop();
  });
  return h;
}
