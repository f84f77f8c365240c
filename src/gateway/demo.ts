import type { Services } from './services';

export interface DemoCredentials {
  appid: number;
  appKey: string;
  secret: string;
  token: string;
  outCode: string;
}

/**
 * On a store with no application yet, creates a demo application and a demo token for the
 * extension, so a first `npm start` can be tried at once. Returns undefined when applications exist.
 */
export async function createDemoOnFirstRun(services: Services): Promise<DemoCredentials | undefined> {
  if ((await services.applications.count()) > 0) return undefined;
  const app = await services.applications.create('demo');
  const outCode = 'demo-extension';
  const sub = await services.subAuths.create(app.appid, {
    outCode,
    permissions: ['2582-*', '1917-*'],
    ipWhiteList: [],
    rate: 10,
    concurrency: 4,
    endTime: Date.now() + 30 * 24 * 3600 * 1000,
    remark: 'created by the first npm start for the browser extension',
  });
  if (sub === 'exists') return undefined;
  return { ...app, token: sub.accessToken, outCode };
}

export function describeDemo(d: DemoCredentials, baseUrl: string): string {
  return `
┌ First run: a demo application and token were created (shown once; keep them) ───────────
│ appid   ${d.appid}
│ appKey  ${d.appKey}
│ secret  ${d.secret}
│ token   ${d.token}   (out_code ${d.outCode}, 2582-* and 1917-*, 30 days, 10 calls/s)
│
│ Try it:
│   curl -s '${baseUrl}/2141-4?appKey=${d.appKey}&out_code=${d.outCode}'
│   curl -s -H 'gateway-access-token: ${d.token}' '${baseUrl}/1917-1?code=100089'
│ Extension: chrome://extensions → Developer mode → Load unpacked → the dist/ folder,
│   then in its options set the gateway ${baseUrl} and the token above.
│ API reference: ${baseUrl}/docs · more applications: npm run --silent admin -- app create --name NAME
└──────────────────────────────────────────────────────────────────────────────────────────
`;
}
