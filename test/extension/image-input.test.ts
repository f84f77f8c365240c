import { describe, expect, it, vi } from 'vitest';
// first: the polyfill's stand-in must exist before any extension module loads (vi.mock is hoisted)
import { fakeBrowser } from '@webext-core/fake-browser';
import './support/injected-files';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

const { directAttempt, shouldReadInPage } = await import('../../src/extension/background/image-input');
const { toCapturePixels } = await import('../../src/extension/background/crop');
const { dataUrlBytes } = await import('../../src/extension/lib/encode');

const src = (srcUrl: string) => ({ kind: 'image' as const, srcUrl, pageUrl: 'https://p/' });

describe('choosing the input', () => {
  it('tries http(s) addresses and small data: URLs directly, and leaves blob: to the page', () => {
    expect(directAttempt(src('https://a/b.jpg'), 3_000_000)).toEqual({ url: 'https://a/b.jpg', via: 'url' });
    expect(directAttempt(src('data:image/png;base64,AAAA'), 3_000_000)).toEqual({ url: 'data:image/png;base64,AAAA', via: 'bytes' });
    expect(directAttempt(src(`data:image/png;base64,${'A'.repeat(400)}`), 100)).toBeUndefined();
    expect(directAttempt(src('blob:https://a/1'), 3_000_000)).toBeUndefined();
    expect(directAttempt({ kind: 'region', dataUrl: 'data:x', pageUrl: '' }, 1)).toEqual({ url: 'data:x', via: 'region' });
  });

  it('reads the page after unreachable, too large, or refused-by-protocol URLs only', () => {
    const url = { url: 'https://a/b.jpg', via: 'url' as const };
    expect(shouldReadInPage(url, { key: 'err_INPUT_UNREADABLE', subs: [], code: -1102 })).toBe(true);
    expect(shouldReadInPage(url, { key: 'err_INPUT_TOO_LARGE', subs: [], code: -1101 })).toBe(true);
    expect(shouldReadInPage(url, { key: 'err_PARAM_INVALID', subs: [] })).toBe(true);
    expect(shouldReadInPage(url, { key: 'err_PARAM_INVALID', subs: [], code: -1100 })).toBe(false);
    expect(shouldReadInPage(url, { key: 'err_TOKEN_INVALID', subs: [], code: -1012 })).toBe(false);
    expect(shouldReadInPage(url, { key: 'err_TIMEOUT', subs: [], code: -3 })).toBe(false);
    expect(shouldReadInPage({ url: 'data:', via: 'bytes' }, { key: 'err_INPUT_UNREADABLE', subs: [], code: -1102 })).toBe(false);
  });
});

describe('sizes and crops', () => {
  it('counts the decoded bytes of a base64 data: URL', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(dataUrlBytes('data:text/plain,hello')).toBe(5);
  });

  it('turns a viewport rectangle into device pixels inside the capture', () => {
    expect(toCapturePixels({ x: 10, y: 20, width: 100, height: 50 }, 2, 1600, 1200)).toEqual({ x: 20, y: 40, width: 200, height: 100 });
    expect(toCapturePixels({ x: -5, y: 0, width: 1000, height: 50 }, 1, 800, 600)).toEqual({ x: 0, y: 0, width: 800, height: 50 });
  });
});
