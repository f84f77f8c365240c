import { beforeEach, describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import type { Handlers } from '../../src/extension/lib/messaging';
import { createRouter, send, senderIs } from '../../src/extension/lib/messaging';
import { defaults } from '../../src/extension/lib/settings';
import { contentSender, installFakeBrowser, pageSender } from './support/fake-browser';
import type { Runtime } from '../../src/extension/lib/browser';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const view = { settings: defaults, token: { set: true, tail: 'abcd' }, hostPermission: true };

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unexpected = vi.fn(async () => ({ ok: false as const, error: { key: 'err_extension_failed' as const, subs: ['unexpected'] } }));
  return new Proxy(overrides as Handlers, { get: (target, key: string) => (target as any)[key] ?? unexpected });
}

/** Calls the router the way Chrome does and returns what it answered. */
function dispatch(listener: ReturnType<typeof createRouter>, message: unknown, sender: Runtime.MessageSender) {
  return new Promise((resolve) => {
    expect(listener(message, sender, resolve)).toBe(true);
  });
}

describe('router', () => {
  beforeEach(() => void installFakeBrowser());

  it('answers a valid message from the popup with the validated value', async () => {
    const listener = createRouter(handlersWith({ 'settings.get': async () => ({ ok: true, value: view }) }));
    await expect(dispatch(listener, { type: 'settings.get', body: {} }, pageSender())).resolves.toEqual({ ok: true, value: view });
  });

  it('refuses page messages from a web page, another extension or an injected script', async () => {
    const handler = vi.fn(async () => ({ ok: true as const, value: view }));
    const listener = createRouter(handlersWith({ 'settings.get': handler }));
    const msg = { type: 'settings.get', body: {} };
    for (const sender of [
      contentSender(),
      { ...pageSender(), id: 'another-extension' },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/' },
    ]) {
      const res = (await dispatch(listener, msg, sender)) as { ok: boolean; error: { key: string } };
      expect(res.ok).toBe(false);
      expect(res.error.key).toBe('err_invalid_message');
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses content messages from extension pages (the capture report comes only from a tab)', async () => {
    const handler = vi.fn(async () => ({ ok: true as const, value: {} }));
    const listener = createRouter(handlersWith({ 'capture.selected': handler }));
    const body = { nonce: 'n'.repeat(32), rect: { x: 1, y: 2, width: 30, height: 40 }, devicePixelRatio: 2 };
    expect(await dispatch(listener, { type: 'capture.selected', body }, pageSender())).toMatchObject({ ok: false });
    expect(handler).not.toHaveBeenCalled();
    expect(await dispatch(listener, { type: 'capture.selected', body }, contentSender())).toEqual({ ok: true, value: {} });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('refuses unknown types and malformed bodies before any handler runs', async () => {
    const handler = vi.fn();
    const listener = createRouter(handlersWith({ 'postal.byCode': handler }));
    for (const msg of [
      { type: 'token.read', body: {} },
      { type: 'postal.byCode', body: { code: '12345', page: 1 } },
      { type: 'postal.byCode', body: { code: '100089', page: 0 } },
      { type: 'postal.byCode', body: { code: '100089', page: 1, extra: 1 } },
      'settings.get',
      null,
    ]) {
      expect(await dispatch(listener, msg, pageSender())).toMatchObject({ ok: false, error: { key: 'err_invalid_message' } });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a throwing handler into an error value, and checks its own answers', async () => {
    const listener = createRouter(
      handlersWith({
        'batch.cancel': async () => {
          throw new Error('disk on fire');
        },
        'settings.get': async () => ({ ok: true, value: { settings: defaults } as any }),
      }),
    );
    expect(await dispatch(listener, { type: 'batch.cancel', body: {} }, pageSender())).toEqual({
      ok: false,
      error: { key: 'err_extension_failed', subs: ['disk on fire'] },
    });
    expect(await dispatch(listener, { type: 'settings.get', body: {} }, pageSender())).toMatchObject({
      ok: false,
      error: { key: 'err_invalid_message', subs: ['settings.get: bad answer'] },
    });
  });
});

describe('send', () => {
  beforeEach(() => void installFakeBrowser());

  it('does not send a request its own schema refuses', async () => {
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const res = await send('postal.byCode', { code: 'abc', page: 1 });
    expect(res).toMatchObject({ ok: false, error: { key: 'err_invalid_message' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('validates the answer', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce({ ok: true, value: { count: -1 } } as never);
    expect(await send('batch.retry', { ids: [] })).toMatchObject({ ok: false, error: { key: 'err_invalid_message' } });
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce({ ok: true, value: { count: 2 } } as never);
    expect(await send('batch.retry', { ids: [] })).toEqual({ ok: true, value: { count: 2 } });
  });

  it('goes through the router end to end', async () => {
    fakeBrowser.runtime.onMessage.addListener(createRouter(handlersWith({ 'batch.cancel': async () => ({ ok: true, value: { count: 0 } }) })) as any);
    // fake-browser sends an empty sender: the router must refuse it as not coming from our pages
    expect(await send('batch.cancel', {})).toMatchObject({ ok: false, error: { key: 'err_invalid_message' } });
  });
});

describe('senderIs', () => {
  beforeEach(() => void installFakeBrowser());

  it('tells our pages from our injected scripts', () => {
    expect(senderIs('page', pageSender('src/extension/options/index.html'))).toBe(true);
    expect(senderIs('content', pageSender())).toBe(false);
    expect(senderIs('content', contentSender())).toBe(true);
    expect(senderIs('content', { ...contentSender(), tab: undefined })).toBe(false);
    expect(senderIs('page', {})).toBe(false);
  });
});
