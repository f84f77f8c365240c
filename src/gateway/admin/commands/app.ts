import { type AdminCommand, AdminError, requireInt, requireString } from '../command';

export const appCreate: AdminCommand = {
  usage: 'app create --name NAME',
  options: { name: { type: 'string' } },
  async run(services, args) {
    return { ...(await services.applications.create(requireString(args, 'name'))) };
  },
};

export const appList: AdminCommand = {
  usage: 'app list',
  options: {},
  async run(services) {
    return { applications: await services.applications.list() };
  },
};

function setDisabled(disabled: boolean): AdminCommand {
  return {
    usage: `app ${disabled ? 'disable' : 'enable'} --appid N`,
    options: { appid: { type: 'string' } },
    async run(services, args) {
      const appid = requireInt(args, 'appid');
      if (!(await services.applications.setDisabled(appid, disabled))) throw new AdminError(`no application ${appid}`);
      return { appid, disabled };
    },
  };
}
export const appDisable = setDisabled(true);
export const appEnable = setDisabled(false);

export const appRotateSecret: AdminCommand = {
  usage: 'app rotate-secret --appid N',
  options: { appid: { type: 'string' } },
  async run(services, args) {
    const appid = requireInt(args, 'appid');
    const secret = await services.applications.rotateSecret(appid);
    if (!secret) throw new AdminError(`no application ${appid}`);
    return { appid, secret };
  },
};

export const appRotateKey: AdminCommand = {
  usage: 'app rotate-key --appid N',
  options: { appid: { type: 'string' } },
  async run(services, args) {
    const appid = requireInt(args, 'appid');
    const appKey = await services.applications.rotateAppKey(appid);
    if (!appKey) throw new AdminError(`no application ${appid}`);
    return { appid, appKey };
  },
};

/**
 * `app set --appid N --legacy-signature on|off`: whether the application still accepts the
 * ShowAPI-compatible md5/hmac signatures (DESIGN.md §2, docs/api.md states their weaknesses).
 */
export const appSet: AdminCommand = {
  usage: 'app set --appid N --legacy-signature on|off',
  options: { appid: { type: 'string' }, 'legacy-signature': { type: 'string' } },
  async run(services, args) {
    const appid = requireInt(args, 'appid');
    const value = requireString(args, 'legacy-signature');
    if (value !== 'on' && value !== 'off') throw new AdminError('--legacy-signature must be on or off');
    if (!(await services.applications.setLegacySignature(appid, value === 'on'))) throw new AdminError(`no application ${appid}`);
    return { appid, legacySignature: value === 'on' };
  },
};
