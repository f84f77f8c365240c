import { browser } from '../lib/browser';

/*
 * The sub-authorization token. It lives only in storage.local, under its own key, and this
 * module is the only code that reads it (a test checks no other module imports it): the popup and
 * the options page learn only whether a token is set and its last four characters, and injected
 * scripts never see it. The background also restricts storage.local to trusted contexts.
 */

const KEY = 'credentials';

export async function getToken(): Promise<string | undefined> {
  const stored = (await browser.storage.local.get(KEY))[KEY] as { token?: unknown } | undefined;
  return typeof stored?.token === 'string' && stored.token !== '' ? stored.token : undefined;
}

/** Saves a token; an empty string removes it. */
export async function setToken(token: string): Promise<void> {
  if (token === '') await browser.storage.local.remove(KEY);
  else await browser.storage.local.set({ [KEY]: { token } });
}

/** What the pages may see: whether a token is set, and its tail to tell two tokens apart. */
export async function tokenInfo(): Promise<{ set: boolean; tail: string }> {
  const token = await getToken();
  return { set: token !== undefined, tail: token ? token.slice(-4) : '' };
}

/**
 * Content scripts can read storage.local by default; ours never need it, so the background
 * closes it to them (Chrome 102+ for session, later versions for local). Firefox has no access
 * levels (its content scripts keep storage.local; session is closed to them anyway): there the
 * call is not made, and the token is still only read here.
 */
export async function restrictStorageToTrustedContexts(): Promise<boolean> {
  // Chrome-only and missing from the polyfill's typings, so on chrome.*, looked up before use
  const local = typeof chrome === 'undefined' ? undefined : chrome.storage?.local;
  if (typeof local?.setAccessLevel !== 'function') return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    return false;
  }
}
