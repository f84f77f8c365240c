import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import { type FakeBrowser, contentSender, installFakeBrowser } from './support/fake-browser';
import './support/injected-files';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const recognize = vi.fn(async () => undefined);
vi.mock('../../src/extension/background/recognize', () => ({ recognize }));
const { startCapture, takeSession, onSelected } = await import('../../src/extension/background/capture');

let c: FakeBrowser;
beforeEach(() => {
  c = installFakeBrowser();
  c.scripting.executeScript.mockImplementation(async (o: { func?: unknown }) => [{ result: o.func ? true : undefined }]);
});

/** Starts a capture on tab 7 and returns the nonce the overlay was given. */
async function started(): Promise<string> {
  expect(await startCapture('text', 7, 1)).toEqual({ ok: true, value: {} });
  const call = c.scripting.executeScript.mock.calls.filter(([o]) => o.func).at(-1)![0] as { args: [string, { nonce: string; hint: string }] };
  expect(call.args[1].hint).toBe('通用文字 · 拖动鼠标框选要识别的区域，Esc 取消');
  return call.args[1].nonce;
}

describe('region capture sessions', () => {
  it('injects the overlay into the tab with a fresh nonce', async () => {
    const nonce = await started();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(c.scripting.executeScript).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [0] }, files: ['/select-region.js'] });
    expect(await started()).not.toBe(nonce);
  });

  it('accepts the report once, from that tab, with that nonce', async () => {
    const nonce = await started();
    expect(await takeSession('f'.repeat(32), contentSender(7))).toMatchObject({ ok: false });
    // a wrong nonce does not use the session up; a right one does
    expect(await takeSession(nonce, contentSender(7))).toMatchObject({ ok: true, value: { docId: 'text', tabId: 7 } });
    expect(await takeSession(nonce, contentSender(7))).toMatchObject({ ok: false });
  });

  it('refuses a report from another tab or a subframe, and one that comes too late', async () => {
    let nonce = await started();
    expect(await takeSession(nonce, contentSender(8))).toMatchObject({ ok: false, error: { subs: ['capture from another tab or frame'] } });
    nonce = await started();
    expect(await takeSession(nonce, contentSender(7, 'https://example.com/', 3))).toMatchObject({ ok: false });
    nonce = await started();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 6 * 60_000);
    expect(await takeSession(nonce, contentSender(7))).toMatchObject({ ok: false, error: { subs: ['capture session expired'] } });
    vi.restoreAllMocks();
  });

  it('says when the browser refuses the capture, and recognizes nothing', async () => {
    const nonce = await started();
    const res = await onSelected({ nonce, rect: { x: 0, y: 0, width: 50, height: 20 }, devicePixelRatio: 1 }, contentSender(7));
    expect(res).toMatchObject({ ok: false, error: { key: 'err_capture_failed', subs: ['no capture in unit tests'] } });
    expect(recognize).not.toHaveBeenCalled();
    // the overlay does not read the answer: the notification is what the user sees
    const notes = Object.values(c.notifications.getAllCreateOptions()) as { title: string; message: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('识别失败（通用文字）');
    expect(notes[0]!.message).toContain('no capture in unit tests');
  });
});
