import type { Handlers } from '../lib/messaging';
import type { SettingsView } from '../../protocol/messages';
import { onSelected, startCapture } from './capture';
import { currentClient } from './current-client';
import { testConnection } from './connection-test';
import { setToken, tokenInfo } from './credentials';
import { clearHistory, updateHistory } from './history';
import { deleteEntries } from '../lib/history-db';
import { cancelQueued, pump, retryFiles } from './batch';
import { buildMenus } from './menus';
import { relayClear, relayPickStep } from './pick-relay';
import { byCode, byRegion } from './postal';
import { hasHostPermission, loadSettings, saveSettings } from './settings-store';

/** What the background answers to each message type (protocol/messages.ts); the router checks senders. */

async function settingsView(): Promise<SettingsView> {
  const [settings, token] = await Promise.all([loadSettings(), tokenInfo()]);
  return { settings, token, hostPermission: await hasHostPermission(settings.gatewayUrl) };
}

const done = { ok: true as const, value: {} };

export const handlers: Handlers = {
  'settings.get': async () => ({ ok: true, value: await settingsView() }),
  'settings.save': async ({ patch, token }) => {
    const before = await loadSettings();
    const after = await saveSettings(patch);
    if (token !== undefined) await setToken(token);
    if (after.language !== before.language) await buildMenus();
    return { ok: true, value: await settingsView() };
  },
  'connection.test': async () => {
    const conn = await currentClient();
    if (!conn.ok) return conn;
    return { ok: true, value: await testConnection(conn.value.client) };
  },
  'history.clear': async () => {
    await clearHistory();
    return done;
  },
  'history.delete': async ({ ids }) => {
    await deleteEntries(ids);
    return done;
  },
  'batch.start': async () => {
    void pump();
    return done;
  },
  'batch.retry': async ({ ids }) => ({ ok: true, value: { count: await retryFiles(ids) } }),
  'batch.cancel': async () => ({ ok: true, value: { count: await cancelQueued() } }),
  'history.markCopied': async ({ id }) => {
    await updateHistory(id, { autoCopied: true });
    return done;
  },
  'postal.byCode': byCode,
  'postal.byRegion': byRegion,
  'capture.start': ({ docId, tabId, windowId }) => startCapture(docId, tabId, windowId),
  'capture.selected': onSelected,
  'fill.pickStep': relayPickStep,
  'fill.clear': relayClear,
};
