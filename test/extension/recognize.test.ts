import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { type FakeBrowser, installFakeBrowser } from './support/fake-browser';
import { mixedSheetData, vatData, vinData } from './fixtures/data';
import './support/injected-files';
import { freshHistoryDb } from './support/idb';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { recognize, resumePending } = await import('../../src/extension/background/recognize');
const { setToken } = await import('../../src/extension/background/credentials');
const { listHistory } = await import('../../src/extension/background/history');
const { putEntry } = await import('../../src/extension/lib/history-db');

/*
 * The recognition flow with a scripted gateway (the fetch the background uses) and a fake browser:
 * input choice and fall-backs, async polling, what lands in the history, badge and notification.
 */

type Answer = { code?: number; error?: string; body?: unknown; status?: number };
const env = (a: Answer) => ({ gateway_res_code: a.code ?? 0, gateway_res_error: a.error ?? '', gateway_res_id: 'id', gateway_res_body: a.body ?? {} });

let calls: { point: string; params: URLSearchParams }[];
function scriptGateway(...answers: Answer[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ point: new URL(url).pathname.slice(1), params: new URLSearchParams(String(init.body)) });
      const a = answers.shift();
      if (!a) throw new Error('unexpected gateway call');
      return new Response(JSON.stringify(env(a)), { status: a.status ?? 200 });
    }),
  );
}

const vinOk = { body: { ret_code: 0, remark: '', RequestId: 'req-1', Data: vinData } };
const image = (srcUrl: string) => ({ kind: 'image' as const, srcUrl, pageUrl: 'https://shop.example/item', tabId: 5, frameId: 0, windowId: 1 });

let c: FakeBrowser;
beforeEach(async () => {
  c = installFakeBrowser();
  await freshHistoryDb();
  await setToken('tok-123456');
});

describe('recognize', () => {
  it('sends the image URL, stores the validated Data, marks the badge and notifies', async () => {
    scriptGateway(vinOk);
    const entry = await recognize({ docId: 'vin', source: image('https://img.example.com/vin.jpg') });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.point).toBe('2582-18');
    expect(Object.fromEntries(calls[0]!.params)).toEqual({ ImageURL: 'https://img.example.com/vin.jpg', ds_id: 'local' });
    expect(entry).toMatchObject({ status: 'ok', data: vinData, requestId: 'req-1', source: { via: 'url', srcUrl: 'https://img.example.com/vin.jpg' } });
    expect((await listHistory())[0]).toMatchObject({ id: entry!.id, status: 'ok' });
    expect(await c.action.getBadgeText({ tabId: 5 })).toBe('✓');
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes[0]!.title).toBe('车辆 VIN 码 识别完成');
    expect(notes[0]!.message).toContain('SAL1A2A40SA606662');
    expect(c.action.openPopup).toHaveBeenCalledWith({ windowId: 1 });
  });

  it('still records, notifies and opens the popup when the tab was closed meanwhile (no badge to set)', async () => {
    scriptGateway(vinOk);
    const gone = async (...args: unknown[]) => {
      if ((args[0] as { tabId?: number }).tabId === 5) throw new Error('No tab with id: 5.');
    };
    const spies = [vi.spyOn(c.action, 'setBadgeBackgroundColor').mockImplementation(gone), vi.spyOn(c.action, 'setBadgeText').mockImplementation(gone)];
    const entry = await recognize({ docId: 'vin', source: image('https://img.example.com/vin.jpg') });
    for (const spy of spies) spy.mockRestore();
    expect(entry).toMatchObject({ status: 'ok', data: vinData });
    expect((await listHistory())[0]).toMatchObject({ status: 'ok' });
    expect(Object.values(c.notifications.getAllCreateOptions())).toHaveLength(1);
    expect(c.action.openPopup).toHaveBeenCalledWith({ windowId: 1 });
  });

  it('reads the bytes in the page when the gateway cannot fetch the URL (-1102)', async () => {
    scriptGateway({ code: -1102, error: '输入无法获取或解码 (input could not be fetched or decoded): address not allowed', status: 400 }, vinOk);
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown; args?: unknown[] }) =>
      opts.func ? [{ result: { kind: 'bytes', dataUrl: 'data:image/png;base64,iVBORw0KGgo=', via: 'fetch' } }] : [{}],
    );
    const entry = await recognize({ docId: 'vin', source: image('http://192.168.1.10/vin.jpg') });
    expect(calls.map((x) => x.params.get('ImageURL'))).toEqual(['http://192.168.1.10/vin.jpg', 'data:image/png;base64,iVBORw0KGgo=']);
    expect(c.scripting.executeScript).toHaveBeenCalledWith({ target: { tabId: 5, frameIds: [0] }, files: ['/read-image.js'] });
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'bytes' } });
  });

  it('reads an image on a host the gateway cannot reach (loopback, gateway elsewhere) in the page, without trying its URL', async () => {
    await c.storage.local.set({ settings: { gatewayUrl: 'https://gw.example.com', version: 2 } });
    scriptGateway(vinOk);
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) =>
      opts.func ? [{ result: { kind: 'bytes', dataUrl: 'data:image/png;base64,iVBORw0KGgo=', via: 'fetch' } }] : [{}],
    );
    const badge = vi.spyOn(c.action, 'setBadgeText');
    const entry = await recognize({ docId: 'vin', source: image('http://127.0.0.1:5000/vin.jpg') });
    expect(calls.map((x) => x.params.get('ImageURL'))).toEqual(['data:image/png;base64,iVBORw0KGgo=']);
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'bytes', srcUrl: 'http://127.0.0.1:5000/vin.jpg' } });
    // the longer way shows its steps on the badge: busy, reading in the page, sending, done
    expect(badge.mock.calls.map(([d]) => (d as { text: string }).text)).toEqual(['…', '1/2', '2/2', '✓']);
  });

  it('an unreachable host whose page cannot be read: the URL is still tried, and a refusal shows the page reason as before', async () => {
    await c.storage.local.set({ settings: { gatewayUrl: 'https://gw.example.com', version: 2 } });
    scriptGateway({ code: -1102, error: '输入无法获取或解码 (input could not be fetched or decoded): address not allowed', status: 400 });
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) => (opts.func ? [{ result: { kind: 'failed', reasons: ['fetch: HTTP 403'] } }] : [{}]));
    const entry = await recognize({ docId: 'vin', source: image('http://oa/vin.jpg') });
    expect(calls.map((x) => x.params.get('ImageURL'))).toEqual(['http://oa/vin.jpg']);
    expect(entry).toMatchObject({ status: 'error', error: { key: 'err_image_unreadable', detail: 'fetch: HTTP 403' } });
  });

  it('a host the gateway may reach if allowed (beside a gateway on loopback): the page reads meanwhile, without scrolling, and the URL wins when fetched', async () => {
    scriptGateway(vinOk);
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) =>
      opts.func ? [{ result: { kind: 'bytes', dataUrl: 'data:image/png;base64,iVBORw0KGgo=', via: 'fetch' } }] : [{}],
    );
    const entry = await recognize({ docId: 'vin', source: image('http://127.0.0.1:5000/vin.jpg') });
    expect(calls.map((x) => x.params.get('ImageURL'))).toEqual(['http://127.0.0.1:5000/vin.jpg']);
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'url' } });
    const read = c.scripting.executeScript.mock.calls.find((call: unknown[]) => (call[0] as { func?: unknown }).func)?.[0] as { args: unknown[] };
    expect(read.args[1]).toMatchObject({ srcUrl: 'http://127.0.0.1:5000/vin.jpg', place: false });
  });

  it('reads blob: images in the page without trying the URL first', async () => {
    scriptGateway(vinOk);
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) =>
      opts.func ? [{ result: { kind: 'bytes', dataUrl: 'data:image/jpeg;base64,/9j/4AAQ', via: 'canvas' } }] : [{}],
    );
    const entry = await recognize({ docId: 'vin', source: image('blob:https://shop.example/3f2a') });
    expect(calls).toHaveLength(1);
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'bytes', srcUrl: '' } });
  });

  it('explains a page that cannot be read, and keeps the gateway reason out of the way', async () => {
    scriptGateway();
    c.scripting.executeScript.mockRejectedValue(new Error('Cannot access contents of the page. Extension manifest must request permission'));
    const entry = await recognize({ docId: 'vin', source: image('blob:https://shop.example/x') });
    expect(entry).toMatchObject({ status: 'error', error: { key: 'err_restricted_page' } });
    expect(await c.action.getBadgeText({ tabId: 5 })).toBe('!');
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes[0]!.title).toBe('识别失败（车辆 VIN 码）');
    expect(notes[0]!.message).toMatch(/^浏览器不允许扩展在此页面上运行/);
  });

  it('does not fall back on errors the page cannot fix (expired token)', async () => {
    scriptGateway({ code: -1012, error: '子授权 token 已过期或无效 (sub-authorization token expired or invalid): the token expired; extend it with 2141-3', status: 401 });
    const entry = await recognize({ docId: 'vin', source: image('https://img.example.com/vin.jpg') });
    expect(c.scripting.executeScript).not.toHaveBeenCalled();
    expect(entry).toMatchObject({ status: 'error', error: { key: 'err_TOKEN_INVALID', detail: 'the token expired; extend it with 2141-3' } });
    expect(c.action.openPopup).not.toHaveBeenCalled();
  });

  it('asks for a token, or for the host permission, before calling anything', async () => {
    scriptGateway();
    await setToken('');
    expect(await recognize({ docId: 'vin', source: image('https://a/b.jpg') })).toMatchObject({ error: { key: 'err_no_token' } });
    await setToken('tok');
    c.permissions.contains.mockResolvedValue(false);
    expect(await recognize({ docId: 'vin', source: image('https://a/b.jpg') })).toMatchObject({
      error: { key: 'err_host_permission', subs: ['127.0.0.1:8080'] },
    });
    expect(calls).toHaveLength(0);
  });

  it('sends PDF links asynchronously and polls 2582-16 until the job is done', async () => {
    const job = (Status: string, Result = '') => ({ body: { ret_code: 0, remark: '', RequestId: 'j1', Data: { Status, Result, JobId: 'j1' } } });
    scriptGateway({ body: { ret_code: 0, remark: '', RequestId: 'j1' } }, job('QUEUING'), job('PROCESS_SUCCESS', JSON.stringify(vatData)));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let done = false;
    const pending = recognize({ docId: 'vat', source: { ...image('https://inv.example.com/a.pdf'), kind: 'pdf' } }).finally(() => (done = true));
    // the poll waits on (fake) timers, the history on IndexedDB's (real) tasks: advance until done
    try {
      while (!done) {
        await vi.advanceTimersByTimeAsync(500);
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      vi.useRealTimers();
    }
    const entry = await pending;
    expect(calls.map((x) => x.point)).toEqual(['2582-22', '2582-16', '2582-16']);
    expect(Object.fromEntries(calls[0]!.params)).toMatchObject({ FileURL: 'https://inv.example.com/a.pdf', FileType: 'pdf', Async: 'true' });
    expect(Object.fromEntries(calls[1]!.params)).toEqual({ JobId: 'j1', ds_id: 'local' });
    expect(entry).toMatchObject({ status: 'ok', jobId: 'j1', jobStatus: 'PROCESS_SUCCESS', data: vatData });
    expect(c.runtime.getPlatformInfo).toHaveBeenCalled(); // the worker was kept awake between polls
  });

  it('sends an OFD link with FileType ofd, asynchronously', async () => {
    const job = (Status: string, Result = '') => ({ body: { ret_code: 0, remark: '', RequestId: 'j3', Data: { Status, Result, JobId: 'j3' } } });
    scriptGateway({ body: { ret_code: 0, remark: '', RequestId: 'j3' } }, job('PROCESS_SUCCESS', JSON.stringify(vatData)));
    const entry = await recognize({ docId: 'vat', source: { ...image('https://inv.example.com/fp.ofd'), kind: 'ofd' } });
    expect(Object.fromEntries(calls[0]!.params)).toMatchObject({ FileURL: 'https://inv.example.com/fp.ofd', FileType: 'ofd', Async: 'true' });
    expect(entry).toMatchObject({ status: 'ok', data: vatData });
  });

  it('a link whose address says nothing: the gateway refuses the guess, the bytes read in the page decide (OFD)', async () => {
    const job = (Status: string, Result = '') => ({ body: { ret_code: 0, remark: '', RequestId: 'j9', Data: { Status, Result, JobId: 'j9' } } });
    const ofd = `data:application/octet-stream;base64,${Buffer.from('PK\x03\x04 OFD package').toString('base64')}`;
    scriptGateway(
      { code: -1102, error: '输入无法获取或解码 (input could not be fetched or decoded): FileType pdf but the bytes are an OFD', status: 400 },
      { body: { ret_code: 0, remark: '', RequestId: 'j9' } },
      job('PROCESS_SUCCESS', JSON.stringify(vatData)),
    );
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) => (opts.func ? [{ result: { kind: 'bytes', dataUrl: ofd, via: 'fetch' } }] : [{}]));
    const entry = await recognize({ docId: 'vat', source: { ...image('https://mail.example/dl?f=123'), kind: 'pdf' } });
    expect(calls.map((x) => [x.params.get('FileType'), x.params.get('FileURL')?.slice(0, 20) ?? null])).toEqual([
      ['pdf', 'https://mail.example'],
      ['ofd', 'data:application/oct'],
      [null, null],
    ]);
    expect(entry).toMatchObject({ status: 'ok', source: { via: 'bytes' } });
  });

  it('a link to something that is no document (a web page) says so without sending it', async () => {
    scriptGateway({ code: -1102, error: '输入无法获取或解码 (input could not be fetched or decoded): not a PDF', status: 400 });
    const page = `data:text/html;base64,${Buffer.from('<!DOCTYPE html><html>登录</html>').toString('base64')}`;
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown }) => (opts.func ? [{ result: { kind: 'bytes', dataUrl: page, via: 'fetch' } }] : [{}]));
    const entry = await recognize({ docId: 'vat', source: { ...image('https://shop.example/login'), kind: 'pdf' } });
    expect(calls).toHaveLength(1);
    expect(entry).toMatchObject({ status: 'error', error: { key: 'err_file_unknown_type' } });
  });

  it('auto-copy: the main value is copied in the page that was right-clicked, and marked copied', async () => {
    scriptGateway(vinOk);
    await c.storage.local.set({ settings: { autoCopy: true, version: 2 } });
    c.scripting.executeScript.mockImplementation(async (opts: { func?: unknown; args?: unknown[] }) => (opts.func ? [{ result: true }] : [{}]));
    const entry = await recognize({ docId: 'vin', source: image('https://img.example.com/vin.jpg') });
    expect(c.scripting.executeScript).toHaveBeenCalledWith({ target: { tabId: 5, frameIds: [0] }, files: ['/copy-text.js'] });
    const call = c.scripting.executeScript.mock.calls.find((x: { func?: unknown }[]) => x[0]!.func);
    expect(call![0].args).toEqual(['__recognitionCopyText', { text: 'SAL1A2A40SA606662' }]);
    expect(entry).toMatchObject({ status: 'ok', autoCopied: true });
  });

  it('自动识别: calls 2582-25, stores each document found as its own entry, and tells how many in one notification', async () => {
    scriptGateway({ body: { ret_code: 0, remark: '', RequestId: 'req-m', Data: mixedSheetData } });
    // auto-copy on: of four documents none is "the" value, so nothing is copied
    await c.storage.local.set({ settings: { autoCopy: true, version: 3 } });
    const entry = await recognize({ docId: 'auto', source: image('https://img.example.com/sheet.jpg') });
    expect(calls.map((x) => [x.point, Object.fromEntries(x.params)])).toEqual([['2582-25', { ImageURL: 'https://img.example.com/sheet.jpg', ds_id: 'local' }]]);
    expect(entry).toMatchObject({ docId: 'taxi', status: 'ok', sheet: { index: 0, count: 4 } });
    const list = await listHistory();
    expect(list.map((e) => [e.docId, e.sheet?.index, e.requestId, e.source.srcUrl])).toEqual([
      ['text', 3, 'req-m', 'https://img.example.com/sheet.jpg'],
      ['taxi', 2, 'req-m', 'https://img.example.com/sheet.jpg'],
      ['train', 1, 'req-m', 'https://img.example.com/sheet.jpg'],
      ['taxi', 0, 'req-m', 'https://img.example.com/sheet.jpg'],
    ]);
    expect(c.scripting.executeScript).not.toHaveBeenCalled();
    expect(await c.action.getBadgeText({ tabId: 5 })).toBe('✓');
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: '自动识别：找到 4 张', message: expect.stringMatching(/^出租车发票、火车票、出租车发票、通用文字\n/) });
  });

  it('自动识别 that finds nothing fails in words, with the ! badge', async () => {
    scriptGateway({ body: { ret_code: 0, remark: '', RequestId: 'req-0', Data: { Documents: [] } } });
    const entry = await recognize({ docId: 'auto', source: image('https://img.example.com/blank.jpg') });
    expect(entry).toMatchObject({ docId: 'auto', status: 'error', error: { key: 'err_no_document' } });
    expect(await c.action.getBadgeText({ tabId: 5 })).toBe('!');
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes[0]).toMatchObject({ title: '识别失败（自动识别）', message: '图中没有找到票据、证件或文字' });
  });

  it('resubmits an image asynchronously when the synchronous call runs past 5 s (-3)', async () => {
    const job = (Status: string, Result = '') => ({ body: { ret_code: 0, remark: '', RequestId: 'j2', Data: { Status, Result, JobId: 'j2' } } });
    scriptGateway(
      { code: -3, error: '识别或读取超时 (recognition or upstream read time-out): recognition took longer than 5 s', status: 504 },
      { body: { ret_code: 0, remark: '', RequestId: 'j2' } },
      job('PROCESS_SUCCESS', JSON.stringify(vinData)),
    );
    const entry = await recognize({ docId: 'vin', source: image('https://img.example.com/big.jpg') });
    expect(calls.map((x) => [x.point, x.params.get('Async')])).toEqual([
      ['2582-18', null],
      ['2582-18', 'true'],
      ['2582-16', null],
    ]);
    expect(entry).toMatchObject({ status: 'ok', jobId: 'j2', data: vinData });
  });

  it('resumes polling the job of an entry a previous worker left pending, and notifies its result', async () => {
    const job = (Status: string, Result = '') => ({ body: { ret_code: 0, remark: '', RequestId: 'j3', Data: { Status, Result, JobId: 'j3' } } });
    scriptGateway(job('PROCESS_SUCCESS', JSON.stringify(vinData)));
    await putEntry({ id: 'job', at: Date.now() - 60_000, docId: 'vin', status: 'pending', jobId: 'j3', source: { via: 'url', pageUrl: '', srcUrl: '' } });
    await resumePending();
    expect(calls.map((x) => [x.point, x.params.get('JobId')])).toEqual([['2582-16', 'j3']]);
    expect((await listHistory())[0]).toMatchObject({ id: 'job', status: 'ok', data: vinData, requestId: 'j3' });
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes.map((n) => n.title)).toEqual(['车辆 VIN 码 识别完成']);
  });

  it('marks entries left pending by a previous worker as interrupted', async () => {
    await putEntry({ id: 'old', at: Date.now() - 60_000, docId: 'plate', status: 'pending', source: { via: 'url', pageUrl: '', srcUrl: '' } });
    // a file of a batch is not lost with the worker: its bytes are stored, it goes back to the queue
    await putEntry({ id: 'file', at: Date.now() - 60_000, docId: 'vat', status: 'pending', source: { via: 'file', pageUrl: '', srcUrl: '', fileName: 'a.pdf' } });
    await resumePending();
    const byId = Object.fromEntries((await listHistory()).map((e) => [e.id, e]));
    expect(byId.old).toMatchObject({ status: 'error', error: { key: 'err_interrupted' } });
    expect(byId.file).toMatchObject({ status: 'pending' });
  });
});
