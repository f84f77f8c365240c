import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '@webext-core/fake-browser';
import { restrictStorageToTrustedContexts } from '../../src/extension/background/credentials';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

/*
 * storage.local.setAccessLevel is Chrome-only: Firefox has `chrome.storage.local` without it, and
 * the background must not call what is not there.
 */

describe('restrictStorageToTrustedContexts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('closes storage.local to content scripts where the browser can (Chrome)', async () => {
    const setAccessLevel = vi.fn(async () => {});
    vi.stubGlobal('chrome', { storage: { local: { setAccessLevel } } });
    expect(await restrictStorageToTrustedContexts()).toBe(true);
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('calls nothing where the method is missing (Firefox) or chrome.* is absent', async () => {
    vi.stubGlobal('chrome', { storage: { local: { get: vi.fn() } } });
    expect(await restrictStorageToTrustedContexts()).toBe(false);
    vi.stubGlobal('chrome', undefined);
    expect(await restrictStorageToTrustedContexts()).toBe(false);
  });
});
