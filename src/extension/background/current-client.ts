import { appErr } from '../lib/errors';
import type { Outcome } from '../../protocol/messages';
import type { Settings } from '../../protocol/settings';
import { getToken } from './credentials';
import { type GatewayClient, gatewayClient } from './gateway';
import { hasHostPermission, loadSettings } from './settings-store';

/**
 * A gateway client for the current settings, or the reason there is none yet: no token, or the
 * host permission for the gateway's origin was not granted (options page, at run time).
 */
export async function currentClient(): Promise<Outcome<{ client: GatewayClient; settings: Settings }>> {
  const settings = await loadSettings();
  const token = await getToken();
  if (!token) return { ok: false, error: appErr('err_no_token') };
  if (!(await hasHostPermission(settings.gatewayUrl))) {
    return { ok: false, error: appErr('err_host_permission', new URL(settings.gatewayUrl).host) };
  }
  return { ok: true, value: { client: gatewayClient(settings.gatewayUrl, token), settings } };
}
